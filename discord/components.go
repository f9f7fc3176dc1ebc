package discord

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/bwmarrin/discordgo"

	"rtrbot/commands"
)

// Buttons (message components) and the pinned status message of a game.
//
// A button carries its command in its custom_id, the way a modal does
// (buttonPrefix, then the path and options as a URL query): pressing it
// runs that command as the one who pressed it, through the same router,
// checks and privacy as typing it. Nothing is remembered between the post
// and the press, so buttons survive restarts, and a button of another
// player's message can do no more than its presser could type. A button
// made for a game also carries its binding ("b": the game, side and
// segment, commands.Button.Bound), which the games service checks under
// the game's lock: a press that no longer matches does nothing.

const buttonPrefix = "rtrbot!"

// PermissionPinMessages is Discord's Pin Messages permission (1<<51), split
// from Manage Messages in 2025; discordgo v0.29 has no constant for it.
// The bot pins each game's status message with it (docs/discord.md).
const PermissionPinMessages int64 = 1 << 51

// customID encodes a button's command; "" when it does not fit Discord's
// 100 characters (the button is then left out: the text says the command).
func customID(b commands.Button) string {
	v := url.Values{"p": {b.Path}}
	for k, o := range b.Options {
		v.Set("x."+k, o)
	}
	if b.Bound != "" {
		v.Set("b", b.Bound) // what it was made for: checked when pressed
	}
	id := buttonPrefix + v.Encode()
	if len(id) > 100 {
		return ""
	}
	return id
}

// components lays buttons out in rows of five, at most five rows.
func components(bs []commands.Button) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row discordgo.ActionsRow
	for _, b := range bs {
		id := customID(b)
		if id == "" || len(rows) == 5 {
			continue
		}
		style := discordgo.SecondaryButton
		switch b.Style {
		case commands.Primary:
			style = discordgo.PrimaryButton
		case commands.Danger:
			style = discordgo.DangerButton
		}
		label := b.Label
		if len([]rune(label)) > 80 {
			label = string([]rune(label)[:79]) + "…"
		}
		row.Components = append(row.Components, discordgo.Button{Label: label, Style: style, CustomID: id})
		if len(row.Components) == 5 {
			rows = append(rows, row)
			row = discordgo.ActionsRow{}
		}
	}
	if len(row.Components) > 0 && len(rows) < 5 {
		rows = append(rows, row)
	}
	return rows
}

// component answers a button press: the command it carries, run as the
// presser.
func (a *Adapter) component(i *discordgo.Interaction) {
	d, ok := i.Data.(discordgo.MessageComponentInteractionData)
	if !ok {
		d.CustomID = ""
	}
	if in, v := a.carried(i, d.CustomID, buttonPrefix, tr(i, "This button does not belong to any command of the bot.", "このボタンはボットのコマンドのものではありません。")); in != nil {
		in.req.Bound = v.Get("b")
		a.run(i, in)
	}
}

// carried is the request a button's or a form's custom_id carries (its
// prefix, then the command's path and options as a URL query), as the one
// who pressed or sent it; nil when the id is not the bot's (refused with
// notOurs) or the request cannot be made (refused with the reason).
func (a *Adapter) carried(i *discordgo.Interaction, id, prefix, notOurs string) (*input, url.Values) {
	v, err := url.ParseQuery(strings.TrimPrefix(id, prefix))
	if !strings.HasPrefix(id, prefix) || err != nil || v.Get("p") == "" {
		a.refuse(i, notOurs)
		return nil, nil
	}
	in, problem := a.request(i, discordgo.ApplicationCommandInteractionData{Name: v.Get("p")})
	if problem != "" {
		a.refuse(i, problem)
		return nil, nil
	}
	for k := range v {
		if name, ok := strings.CutPrefix(k, "x."); ok {
			in.req.Options[name] = v.Get(k)
		}
	}
	return in, v
}

// none lets a message name players without notifying them: an edit of the
// status message must never ping (and on Discord an edit does not).
var none = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}

// pinKey names a status message in the adapter's memory.
func pinKey(channel, marker string) string { return channel + "\x00" + marker }

// upsertPinned edits in place the channel's pinned message that starts
// with m.Pin, or posts m and pins it when there is none (first time, or a
// moderator deleted or unpinned it). The message's ID is remembered; after
// a restart it is found again among the channel's pins, so no storage is
// needed. A refused pin (the bot lacks Pin Messages) costs only the pin.
func (c chat) upsertPinned(ctx context.Context, channel string, m commands.Message) error {
	text := clip(m.Text, maxContent)
	key := pinKey(channel, m.Pin)
	c.a.mu.Lock()
	id := c.a.pins[key]
	c.a.mu.Unlock()
	if id == "" {
		pins, err := c.a.s.ChannelMessagesPinned(channel, discordgo.WithContext(ctx))
		if err != nil {
			c.a.log.Warn("reading a channel's pins", "channel", channel, "err", err)
		}
		for _, p := range pins {
			if p.Author != nil && p.Author.Bot && (c.a.userID == "" || p.Author.ID == c.a.userID) && strings.HasPrefix(p.Content, m.Pin) {
				id = p.ID
				break
			}
		}
	}
	if id != "" {
		_, err := c.a.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: channel, Content: &text, AllowedMentions: none}, discordgo.WithContext(ctx))
		if err == nil {
			c.remember(key, id)
			return nil
		}
		var rest *discordgo.RESTError
		if !errors.As(err, &rest) || rest.Response == nil || rest.Response.StatusCode != http.StatusNotFound {
			return err
		}
		// Deleted under us: post a new one.
	}
	msg, err := c.a.s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: text, AllowedMentions: none}, discordgo.WithContext(ctx))
	if err != nil {
		return err
	}
	if err := c.a.s.ChannelMessagePin(channel, msg.ID, discordgo.WithContext(ctx)); err != nil {
		c.a.log.Warn("pinning a game's status message (give the bot Pin Messages)", "channel", channel, "err", err)
	}
	c.remember(key, msg.ID)
	return nil
}

func (c chat) remember(key, id string) {
	c.a.mu.Lock()
	defer c.a.mu.Unlock()
	if c.a.pins == nil {
		c.a.pins = map[string]string{}
	}
	c.a.pins[key] = id
}

// pressedUpdate says whether a press is of a command that answers by
// editing the pressed message (commands.Command.EditsPressed: a replay).
func pressedUpdate(i *discordgo.Interaction, in *input) bool {
	return i.Type == discordgo.InteractionMessageComponent && in.cmd != nil && in.cmd.EditsPressed && i.Message != nil
}

// runUpdate waits for the answer to a press of a command that edits the
// pressed message in place: directly if it comes within DeferAfter (and
// was not to be deferred), else after a deferred update (Discord shows
// no "thinking…" message, only the button's own wait).
func (a *Adapter) runUpdate(i *discordgo.Interaction, in *input, done chan *commands.Response, deferred bool) {
	if !deferred {
		if resp, ok := a.answerInTime(done); ok {
			a.update(i, in.req, resp, false)
			return
		}
	}
	a.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	a.update(i, in.req, <-done, true)
}

// update sends the answer to such a press: its first part replaces the
// pressed message (text, files and buttons) when it is an edit of the
// same visibility; anything else (a refusal, a private answer to a press
// on a public message) is sent as new messages with their own
// visibility, the pressed message left as it was. deferred: a deferred
// update was sent.
func (a *Adapter) update(i *discordgo.Interaction, req *commands.Request, resp *commands.Response, deferred bool) {
	parts, posts := a.answerParts(req, resp)
	first := parts[0]
	if !first.edit || (i.Message.Flags&discordgo.MessageFlagsEphemeral != 0) != first.ephemeral {
		if !deferred {
			a.deliver(i, req, resp, nil)
			return
		}
		for _, p := range parts {
			if err := a.followUp(i, p); err != nil {
				return
			}
		}
		for _, m := range posts {
			a.post(i, req, m)
		}
		return
	}
	text, rows := first.text, first.components
	if rows == nil {
		rows = []discordgo.MessageComponent{}
	}
	kept := []*discordgo.MessageAttachment{} // the old picture goes, the new one comes
	var err error
	if deferred {
		_, err = a.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &text, Components: &rows, Files: first.files, Attachments: &kept, AllowedMentions: none}, discordgo.WithContext(a.ctx))
	} else {
		err = a.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: text, Components: rows, Files: first.files, Attachments: &kept, AllowedMentions: none}})
	}
	if err != nil {
		a.log.Error("editing the pressed message", "id", i.ID, "err", err)
		if deferred {
			a.followUp(i, part{ephemeral: true, text: undelivered(req, err)})
		} else {
			a.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: undelivered(req, err), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: none}})
		}
		return
	}
	for _, p := range parts[1:] {
		if a.followUp(i, p) != nil {
			return
		}
	}
	for _, m := range posts {
		a.post(i, req, m)
	}
}
