package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/i18n"
)

// command answers a slash command. Fast commands run at once and are
// answered directly if they finish within DeferAfter; Slow commands, those
// with a file to fetch, and fast ones that overrun are deferred first (the
// user sees "thinking…") and answered when done.
func (a *Adapter) command(i *discordgo.Interaction) {
	d, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || d.Name == "" {
		a.refuse(i, tr(i, "This interaction carried no command, so there is nothing to run. Try the command again from Discord's / menu.",
			"このインタラクションにはコマンドが含まれていません。Discord の / メニューからもう一度実行してください。"))
		return
	}
	in, problem := a.request(i, d)
	if problem != "" {
		a.refuse(i, problem)
		return
	}
	if o := missingText(in.cmd, in.req); o != nil {
		a.askText(i, in.req, o)
		return
	}
	a.run(i, in)
}

// input is a request ready to run, with the files still to fetch.
type input struct {
	req     *commands.Request
	cmd     *commands.Command // nil: unknown command, the router says so
	files   map[string]*discordgo.MessageAttachment
	focused string // autocomplete: the option being typed
}

func (a *Adapter) run(i *discordgo.Interaction, in *input) {
	done := make(chan *commands.Response, 1)
	slow := in.cmd != nil && in.cmd.Slow
	if slow {
		if !a.takeSlow(in.req.User.ID) {
			a.refuse(i, i18n.Sprintf(i18n.T(
				"You already have %d slow commands (maps, exports) under way; wait for their answers, then try again.",
				"時間のかかるコマンド (地図、エクスポート) を既に %d 件実行中です。結果を待ってからもう一度お試しください。"), a.cfg.MaxSlowPerUser).In(in.req.Lang))
			return
		}
		defer a.giveSlow(in.req.User.ID)
	}
	// A deferral's visibility is fixed before the command has run, so it
	// is decided from the command and its options (commands/privacy.go),
	// never guessed from an earlier answer; and before the command's
	// goroutine starts, which owns the request from then on.
	private := a.router.Private(in.req)
	go func() {
		defer func() {
			if p := recover(); p != nil { // the router recovers handlers; this guards the rest
				a.log.Error("command panicked outside its handler", "path", in.req.Path, "panic", p)
				done <- commands.Private(in.req.T("Something went wrong inside the bot; please tell the bot's operator.", "ボット内部でエラーが発生しました。運営者に連絡してください。"))
			}
		}()
		if slow {
			select {
			case a.slow <- struct{}{}:
				defer func() { <-a.slow }()
			case <-a.ctx.Done():
				done <- commands.Private(in.req.T("The bot is shutting down; please try again in a moment.", "ボットを停止中です。少し後でもう一度お試しください。"))
				return
			}
		}
		if msg := a.fetch(in); msg != "" {
			done <- commands.Private(msg)
			return
		}
		done <- a.router.Run(a.ctx, in.req)
	}()
	deferred := slow || len(in.files) > 0
	if pressedUpdate(i, in) {
		a.runUpdate(i, in, done, deferred)
		return
	}
	if !deferred {
		if resp, ok := a.answerInTime(done); ok {
			a.deliver(i, in.req, resp, nil)
			return
		}
		a.log.Warn("command overran the direct-answer budget; deferring", "path", in.req.Path, "budget", a.cfg.DeferAfter)
	}
	a.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: flags(private), AllowedMentions: none}})
	a.deliver(i, in.req, <-done, &private)
}

// answerInTime waits at most DeferAfter for the command's answer, so that
// one that comes in time is the interaction's direct answer; ok is false
// when it did not come (the interaction is then deferred: Discord wants
// an acknowledgement within three seconds).
func (a *Adapter) answerInTime(done <-chan *commands.Response) (resp *commands.Response, ok bool) {
	t := time.NewTimer(a.cfg.DeferAfter)
	defer t.Stop()
	select {
	case resp = <-done:
		return resp, true
	case <-t.C:
		return nil, false
	}
}

// takeSlow counts a user's Slow command in, unless he has too many.
func (a *Adapter) takeSlow(user string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.slowBy[user] >= a.cfg.MaxSlowPerUser {
		return false
	}
	a.slowBy[user]++
	return true
}

func (a *Adapter) giveSlow(user string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.slowBy[user]--; a.slowBy[user] <= 0 {
		delete(a.slowBy, user)
	}
}

// part is one Discord message: at most 2000 characters and 10 files.
type part struct {
	text       string
	ephemeral  bool
	files      []*discordgo.File
	components []discordgo.MessageComponent
	edit       bool // may replace the pressed message (commands.Message.Edit)
}

const (
	maxContent = 2000
	maxFiles   = 10
)

// deliver sends a response: the first part answers the interaction, the
// others follow up; messages with a Target go to that channel or thread.
// deferred is nil for a direct answer, else whether the deferral was private.
func (a *Adapter) deliver(i *discordgo.Interaction, req *commands.Request, resp *commands.Response, deferred *bool) {
	parts, posts := a.answerParts(req, resp)
	if deferred != nil {
		parts = deferredFirst(req, parts, *deferred)
	}
	first := parts[0]
	ctx := discordgo.WithContext(a.ctx)
	var err error
	switch {
	case deferred == nil:
		err = a.respond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: first.text, Flags: flags(first.ephemeral), Files: first.files, Components: first.components, AllowedMentions: pingsIn(first.text)},
		})
		if err != nil {
			// Discord refused the answer as a whole, so the interaction
			// is still open: answer it with what went wrong.
			a.respond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: undelivered(req, err), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: none},
			})
			return
		}
	default:
		text := first.text
		edit := &discordgo.WebhookEdit{Content: &text, Files: first.files, AllowedMentions: pingsIn(text)}
		if len(first.components) > 0 {
			edit.Components = &first.components
		}
		if _, err = a.s.InteractionResponseEdit(i, edit, ctx); err != nil {
			a.log.Error("editing deferred answer", "id", i.ID, "err", err)
			// The asker learns privately what went wrong; a public
			// deferral becomes a note that names nothing. The rest is not
			// sent.
			why := undelivered(req, err)
			if !*deferred {
				why = req.T("The answer could not be delivered; you were told why privately.", "回答を届けられませんでした。理由は非公開でお知らせしました。")
			}
			if _, err := a.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &why, AllowedMentions: none}, ctx); err != nil {
				a.log.Error("editing deferred answer", "id", i.ID, "err", err)
				return // unedited: a follow-up would take its place and visibility
			}
			if !*deferred {
				a.followUp(i, part{ephemeral: true, text: undelivered(req, err)})
			}
			return
		}
	}
	for _, p := range parts[1:] {
		if err != nil {
			break
		}
		err = a.followUp(i, p)
	}
	if err != nil {
		a.followUp(i, part{ephemeral: true, text: undelivered(req, err)})
		return
	}
	for _, m := range posts {
		a.post(i, req, m)
	}
}

// answerParts splits a response into the parts of the interaction's
// answer, never empty, and the messages posted to other channels.
func (a *Adapter) answerParts(req *commands.Request, resp *commands.Response) (parts []part, posts []commands.Message) {
	for _, m := range resp.Messages {
		if m.Target != "" && m.Ephemeral {
			// Fail safe for hidden information: a channel post cannot be
			// private, so a private message goes to the asking user only.
			a.log.Warn("private message with a Target: answered privately instead of posting", "path", req.Path, "target", m.Target)
			m.Target = ""
		}
		if m.Target != "" {
			posts = append(posts, m)
			continue
		}
		parts = append(parts, split(m)...)
	}
	if len(parts) == 0 { // Discord needs an answer with something in it
		text := req.T("Done.", "完了しました。")
		if len(posts) > 0 {
			var where []string
			for _, p := range posts {
				where = append(where, "<#"+p.Target+">")
			}
			text = req.T("Posted in ", "投稿先: ") + strings.Join(where, " ")
		}
		parts = []part{{text: text, ephemeral: true}}
	}
	return parts, posts
}

// deferredFirst orders the parts of a deferred answer (deferred: the
// deferral is private) so that the first is the one the deferral is
// edited into.
func deferredFirst(req *commands.Request, parts []part, deferred bool) []part {
	// The deferral already shows with its own visibility: it is
	// edited into the first part of the same visibility, and the other
	// parts follow with their own. When no part has the deferral's
	// visibility, a placeholder that tells nothing takes its place.
	// No answer is ever deleted: what Discord does with a follow-up
	// after a deleted deferral is not to be relied on.
	k := slices.IndexFunc(parts, func(p part) bool { return p.ephemeral == deferred })
	if k < 0 {
		note := req.T("Answered privately: only you see the answer.", "非公開で回答しました (あなたにだけ表示されます)。")
		if deferred {
			note = req.T("Answered publicly below.", "以下に公開で回答しました。")
		}
		parts = append([]part{{text: note, ephemeral: deferred}}, parts...)
	} else if k > 0 {
		parts = append(append([]part{parts[k]}, parts[:k]...), parts[k+1:]...)
	}
	return parts
}

// undelivered tells the user that his command ran but Discord refused
// (part of) its answer: he should not run it again blindly.
func undelivered(req *commands.Request, err error) string {
	why := err.Error()
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil && rest.Message.Message != "" {
		why = rest.Message.Message
	}
	return clip(i18n.Sprintf(i18n.T(
		"The command ran, but Discord refused its answer (%s). Check with /game status or /help before trying again, and tell the bot's operator.",
		"コマンドは実行されましたが、Discord が返答を拒否しました (%s)。再実行する前に /game status や /help で確認し、運営者に連絡してください。"), why).In(req.Lang), maxContent)
}

func (a *Adapter) followUp(i *discordgo.Interaction, p part) error {
	_, err := a.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: p.text, Flags: flags(p.ephemeral), Files: p.files, Components: p.components, AllowedMentions: pingsIn(p.text)}, discordgo.WithContext(a.ctx))
	if err != nil {
		a.log.Error("follow-up", "id", i.ID, "err", err)
	}
	return err
}

// post sends a message to a channel or thread named by ID (a game's
// thread); if that fails the user is told privately, not left guessing.
func (a *Adapter) post(i *discordgo.Interaction, req *commands.Request, m commands.Message) {
	if err := a.Chat().Post(a.ctx, m.Target, m); err != nil {
		a.log.Error("posting to channel", "channel", m.Target, "err", err)
		a.followUp(i, part{ephemeral: true, text: i18n.Sprintf(i18n.T(
			"The bot could not post to <#%s> (%v). Check that it may send messages there.",
			"<#%s> に投稿できませんでした (%v)。ボットにそこへの投稿権限があるか確認してください。"), m.Target, err).In(req.Lang)})
	}
}

// split cuts a message into Discord-sized parts, at line breaks where it
// can; files ride on the first part, ten at a time.
func split(m commands.Message) []part {
	var out []part
	for _, t := range chunks(m.Text, maxContent) {
		out = append(out, part{text: t, ephemeral: m.Ephemeral})
	}
	for k := 0; k < len(m.Files); k += maxFiles {
		end := min(k+maxFiles, len(m.Files))
		var fs []*discordgo.File
		for _, f := range m.Files[k:end] {
			fs = append(fs, &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)})
		}
		if k/maxFiles < len(out) {
			out[k/maxFiles].files = fs
		} else {
			out = append(out, part{ephemeral: m.Ephemeral, files: fs})
		}
	}
	if cs := components(m.Buttons); len(cs) > 0 && len(out) > 0 {
		out[len(out)-1].components = cs // under the last part, where the eye ends
	}
	if len(out) == 1 {
		out[0].edit = m.Edit // a message in several parts is posted anew
	}
	return out
}

// chunks splits text into pieces of at most n characters, preferring
// line breaks.
func chunks(s string, n int) []string {
	s = strings.TrimRight(s, "\n")
	var out []string
	for s != "" {
		r := []rune(s)
		if len(r) <= n {
			out = append(out, s)
			break
		}
		cut := n
		if nl := strings.LastIndex(string(r[:n]), "\n"); nl > 0 {
			cut = len([]rune(string(r[:n])[:nl]))
		}
		out = append(out, string(r[:cut]))
		s = strings.TrimLeft(string(r[cut:]), "\n")
	}
	return out
}

// pingsIn is the allowed_mentions of a message the bot sends: exactly the
// users the bot's text mentions (<@id>: "your move"), never @everyone, a
// role, nor anyone else. User text reaches a message inert
// (commands.Inert), so the mentions left are the bot's own.
func pingsIn(text string) *discordgo.MessageAllowedMentions {
	users := []string{}
	for _, m := range mentionRE.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(users, m[1]) && len(users) < 100 {
			users = append(users, m[1])
		}
	}
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users}
}

var mentionRE = regexp.MustCompile(`<@!?([0-9]{1,20})>`)

func flags(ephemeral bool) discordgo.MessageFlags {
	if ephemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// refuse answers at once, privately, with what is wrong.
func (a *Adapter) refuse(i *discordgo.Interaction, text string) {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		a.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}})
		return
	}
	a.respond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: clip(text, maxContent), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: none},
	})
}

// request turns an interaction into a commands.Request: the command path
// from the name and subcommand options, option values as text, the
// user's locale as the language. problem is a reply for input Discord
// should not have sent (a stale command definition, a missing file).
func (a *Adapter) request(i *discordgo.Interaction, d discordgo.ApplicationCommandInteractionData) (in *input, problem string) {
	req := &commands.Request{
		Path: d.Name, Options: map[string]string{},
		Guild: i.GuildID, Channel: i.ChannelID,
		Lang: lang(i), Now: a.cfg.Now(),
		Chat: a.Chat(),
	}
	switch {
	case i.Member != nil && i.Member.User != nil:
		req.User = actor.Actor{ID: i.Member.User.ID, Name: displayName(i.Member.User, i.Member.Nick), Roles: i.Member.Roles,
			Manager: i.Member.Permissions&(discordgo.PermissionAdministrator|discordgo.PermissionManageGuild) != 0}
	case i.User != nil:
		req.User = actor.Actor{ID: i.User.ID, Name: displayName(i.User, "")}
	default:
		return nil, tr(i, "This interaction did not say who sent it, so the bot cannot act on it.",
			"このインタラクションには送信者がないため、実行できません。")
	}
	if req.Guild == "" {
		req.Guild = "dm"
	}
	req.User.Operator = slices.Contains(a.cfg.Operators, req.User.ID)
	opts := d.Options
	for len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand || opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		req.Path += " " + opts[0].Name
		opts = opts[0].Options
	}
	in = &input{req: req, cmd: a.router.Find(req.Path), files: map[string]*discordgo.MessageAttachment{}}
	for _, o := range opts {
		if o == nil || o.Name == "" {
			return nil, req.T("An option arrived without a name; try the command again from Discord's / menu.",
				"名前のないオプションが届きました。Discord の / メニューからもう一度実行してください。")
		}
		if o.Focused {
			in.focused = o.Name
		}
		def := optionDef(in.cmd, o.Name)
		if def != nil && optionType(def.Type) != o.Type {
			return nil, i18n.Sprintf(i18n.T(
				"Option %s arrived as %s, but /%s takes %s. Discord may still show an older version of this command: wait a minute, reload Discord and try again.",
				"オプション %s が %s として届きましたが、/%s では %s です。Discord が古いコマンド定義を表示している可能性があります。少し待ってから Discord を再読み込みしてください。"),
				o.Name, typeName(o.Type, req.Lang), req.Path, typeName(optionType(def.Type), req.Lang)).In(req.Lang)
		}
		if o.Type == discordgo.ApplicationCommandOptionAttachment {
			id, _ := o.Value.(string)
			var att *discordgo.MessageAttachment
			if d.Resolved != nil {
				att = d.Resolved.Attachments[id]
			}
			if att == nil || att.URL == "" {
				return nil, i18n.Sprintf(i18n.T("The file for option %s did not arrive with the command; please attach it again.",
					"オプション %s のファイルが届きませんでした。もう一度添付してください。"), o.Name).In(req.Lang)
			}
			in.files[o.Name] = att
			req.Options[o.Name] = att.Filename
			continue
		}
		v, ok := text(o.Value)
		if !ok {
			return nil, i18n.Sprintf(i18n.T("Option %s arrived without a usable value (%v).", "オプション %s の値が使えません (%v)。"), o.Name, o.Value).In(req.Lang)
		}
		req.Options[o.Name] = v
	}
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		in.files = nil // autocomplete never fetches files
	}
	return in, ""
}

// text writes an option value as the console user would type it.
func text(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case bool:
		return strconv.FormatBool(x), true
	case float64: // JSON numbers; integers print without a decimal point
		return strconv.FormatFloat(x, 'f', -1, 64), true
	}
	return "", false
}

func optionDef(c *commands.Command, name string) *commands.Option {
	if c == nil {
		return nil
	}
	for k := range c.Options {
		if c.Options[k].Name == name {
			return &c.Options[k]
		}
	}
	return nil
}

func typeName(t discordgo.ApplicationCommandOptionType, l i18n.Lang) string {
	switch t {
	case discordgo.ApplicationCommandOptionString:
		return i18n.T("text", "テキスト").In(l)
	case discordgo.ApplicationCommandOptionInteger:
		return i18n.T("a whole number", "整数").In(l)
	case discordgo.ApplicationCommandOptionBoolean:
		return i18n.T("true/false", "真偽値").In(l)
	case discordgo.ApplicationCommandOptionAttachment:
		return i18n.T("a file", "ファイル").In(l)
	case discordgo.ApplicationCommandOptionNumber:
		return i18n.T("a number", "数値").In(l)
	}
	return i18n.Sprintf(i18n.T("type %d", "型 %d"), int(t)).In(l)
}

// It is made inert (commands.Inert): a name that is a mention, a masked
// link or markdown is echoed as text.
func displayName(u *discordgo.User, nick string) string {
	switch {
	case nick != "":
		return commands.Inert(nick)
	case u.GlobalName != "":
		return commands.Inert(u.GlobalName)
	}
	return commands.Inert(u.Username)
}

// fetch downloads the files given as attachment options, within MaxUpload.
func (a *Adapter) fetch(in *input) string {
	req := in.req
	for name, att := range in.files {
		if att.Size > 0 && int64(att.Size) > a.cfg.MaxUpload {
			return i18n.Sprintf(i18n.T("The file %s is %d bytes; the bot takes files up to %d bytes.", "ファイル %s は %d バイトです。受け付けるのは %d バイトまでです。"),
				att.Filename, att.Size, a.cfg.MaxUpload).In(req.Lang)
		}
		data, err := a.download(att.URL)
		if err != nil {
			a.log.Error("fetching attachment", "url", att.URL, "err", err)
			return i18n.Sprintf(i18n.T("The bot could not fetch the file %s: %v. Please attach it again.", "ファイル %s を取得できませんでした: %v。もう一度添付してください。"),
				att.Filename, err).In(req.Lang)
		}
		if req.Files == nil {
			req.Files = map[string][]byte{}
		}
		req.Files[name] = data
	}
	return ""
}

func (a *Adapter) download(u string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(a.ctx, 30*time.Second)
	defer cancel()
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := a.s.Client.Do(r)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %s", resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, a.cfg.MaxUpload+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > a.cfg.MaxUpload {
		return nil, fmt.Errorf("larger than %d bytes", a.cfg.MaxUpload)
	}
	return data, nil
}

// autocomplete answers at once (Discord allows no deferral here) with at
// most 25 choices; a completer that takes too long yields no choices.
func (a *Adapter) autocomplete(i *discordgo.Interaction) {
	d, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	var choices []*discordgo.ApplicationCommandOptionChoice
	if ok && d.Name != "" {
		if in, problem := a.request(i, d); problem == "" && in.focused != "" {
			choices = a.complete(in)
		}
	}
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	a.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}})
}

const completeBudget = 2 * time.Second

func (a *Adapter) complete(in *input) []*discordgo.ApplicationCommandOptionChoice {
	ctx, cancel := context.WithTimeout(a.ctx, completeBudget)
	defer cancel()
	got := make(chan []commands.Choice, 1)
	go func() { got <- a.router.Complete(ctx, in.req, in.focused) }()
	var cs []commands.Choice
	select {
	case cs = <-got:
	case <-ctx.Done():
		a.log.Warn("autocomplete too slow; answered with no choices", "path", in.req.Path, "option", in.focused)
		return nil
	}
	def := optionDef(in.cmd, in.focused)
	out := []*discordgo.ApplicationCommandOptionChoice{}
	for _, c := range cs {
		name := c.Name.In(in.req.Lang)
		if name == "" {
			name = c.Value
		}
		// Discord refuses the whole answer for one bad choice: names of
		// 1-100 characters, values of at most 100.
		if name == "" || c.Value == "" || utf8.RuneCountInString(c.Value) > maxChoiceName {
			continue
		}
		ch := &discordgo.ApplicationCommandOptionChoice{Name: clip(name, maxChoiceName), Value: c.Value}
		if def != nil && def.Type == commands.Integer {
			n, err := strconv.Atoi(c.Value)
			if err != nil {
				continue // Discord would refuse the whole answer
			}
			ch.Value = n
		}
		out = append(out, ch)
		if len(out) == maxChoices {
			break
		}
	}
	return out
}

// Free-text options (a batch of orders) do not fit Discord's one-line
// option box: when one is required and missing, the bot opens a text box
// (a modal) and runs the command when it is sent.

const modalPrefix = "rtrbot?"

func missingText(c *commands.Command, req *commands.Request) *commands.Option {
	if c == nil {
		return nil
	}
	for k := range c.Options {
		if o := &c.Options[k]; o.Text && o.Required && !req.Has(o.Name) {
			return o
		}
	}
	return nil
}

func (a *Adapter) askText(i *discordgo.Interaction, req *commands.Request, o *commands.Option) {
	v := url.Values{"p": {req.Path}, "o": {o.Name}}
	for k, x := range req.Options {
		v.Set("x."+k, x)
	}
	id := modalPrefix + v.Encode()
	if len(id) > 100 { // Discord's limit on custom IDs
		a.refuse(i, i18n.Sprintf(i18n.T("Please give the option %s: directly; the other options are too long to carry through the text box.",
			"オプション %s: を直接指定してください。他のオプションが長すぎます。"), o.Name).In(req.Lang))
		return
	}
	a.respond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{
			CustomID: id,
			Title:    clip("/"+req.Path, 45),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: o.Name, Label: clip(o.Description.In(req.Lang), 45), Placeholder: clip(o.Description.In(req.Lang), 100),
					Style: discordgo.TextInputParagraph, Required: true, MaxLength: 4000},
			}}},
		},
	})
}

func (a *Adapter) modal(i *discordgo.Interaction) {
	d, ok := i.Data.(discordgo.ModalSubmitInteractionData)
	if !ok {
		d.CustomID = ""
	}
	in, v := a.carried(i, d.CustomID, modalPrefix, tr(i, "This form does not belong to any command of the bot.", "このフォームはボットのコマンドのものではありません。"))
	if in == nil {
		return
	}
	for _, row := range d.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if t, ok := c.(*discordgo.TextInput); ok && t.CustomID == v.Get("o") {
				in.req.Options[t.CustomID] = t.Value
			}
		}
	}
	a.run(i, in)
}

func tr(i *discordgo.Interaction, en, ja string) string {
	return i18n.T(en, ja).In(lang(i))
}

// lang is the user's own Discord language; the guild's when a client
// does not say (Discord always does; compatible servers may not).
func lang(i *discordgo.Interaction) i18n.Lang {
	if i.Locale == "" && i.GuildLocale != nil {
		return i18n.FromLocale(string(*i.GuildLocale))
	}
	return i18n.FromLocale(string(i.Locale))
}
