package commands

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"rtrbot/db"
	"rtrbot/i18n"
	"rtrbot/quiet"
)

// Quiet hours: /me quiet:22-07 tz:Europe/Paris. During a user's quiet
// hours the bot does not ping them: a public post that mentions them
// names them without the ping, and the ping (with a line saying where)
// is held and posted when their hours end, once. Deadline reminders are
// posts that mention the side's players, so they are held the same way.
// The hours are the user's own, kept across games and servers.

// quietStorage is what quiet hours need of the database.
type quietStorage interface {
	SetQuiet(ctx context.Context, q db.Quiet) error
	QuietOf(ctx context.Context, users []string) (map[string]db.Quiet, error)
	Hold(ctx context.Context, h db.Held) error
	TakeDue(ctx context.Context, now time.Time) ([]db.Held, error)
}

func (b *Bot) registerMe(r *Router) {
	r.Add(&Command{Name: "me", Description: i18n.T("Your own settings: quiet hours when the bot holds its pings to you; with no option, what is set",
		"自分の設定: ボットが通知を控える時間帯。オプションなしで現在の設定を表示"),
		Options: []Option{
			{Name: "quiet", Description: i18n.T("from-to in your local time, e.g. 22-07; off to remove", "現地時刻の開始-終了 (例 22-07)。off で解除"), Type: String},
			{Name: "tz", Description: i18n.T("your time zone, e.g. Europe/Paris, Asia/Tokyo (default UTC)", "タイムゾーン (例 Europe/Paris、Asia/Tokyo。既定 UTC)"), Type: String},
		},
		Handler: b.me})
}

func (b *Bot) me(ctx context.Context, req *Request) *Response {
	if b.Store == nil {
		return Private(req.T("Quiet hours need the bot's database.", "通知を控える時間帯にはボットのデータベースが必要です。"))
	}
	if !req.Has("quiet") {
		if req.Has("tz") {
			return Private(req.T("tz: goes with quiet: (to change only the zone, give your hours again): /me quiet:22-07 tz:Europe/Paris.", "tz: は quiet: と一緒に指定してください (タイムゾーンだけ変えるときも時間帯を再指定): /me quiet:22-07 tz:Europe/Paris。"))
		}
		qs, err := b.Store.QuietOf(ctx, []string{req.User.ID})
		if err != nil {
			return Fail(req, err)
		}
		q, ok := qs[req.User.ID]
		if !ok {
			return Private(req.T("You have no quiet hours: the bot pings you at any hour. /me quiet:22-07 tz:Europe/Paris sets some.",
				"通知を控える時間帯は未設定です (いつでも通知します)。/me quiet:22-07 tz:Europe/Paris で設定できます。"))
		}
		return Private(fmt.Sprintf(req.T("Your quiet hours: %s (%s). Pings to you are held until they end.", "通知を控える時間帯: %s (%s)。その間のあなたへの通知は終了時まで保留します。"), q.Span, q.Zone))
	}
	h, on, err := quiet.Parse(req.Opt("quiet"), req.Opt("tz"))
	if err != nil {
		return Fail(req, err)
	}
	if !on {
		if err := b.Store.SetQuiet(ctx, db.Quiet{User: req.User.ID}); err != nil {
			return Fail(req, err)
		}
		return Private(req.T("Quiet hours off: the bot pings you at any hour.", "通知を控える時間帯を解除しました (いつでも通知します)。"))
	}
	if err := b.Store.SetQuiet(ctx, db.Quiet{User: req.User.ID, Name: req.User.Name, Span: h.Span(), Zone: h.Zone.String()}); err != nil {
		return Fail(req, err)
	}
	return Private(fmt.Sprintf(req.T("Quiet hours set: %s. Pings to you in those hours are held and come when they end.",
		"通知を控える時間帯を設定しました: %s。その間のあなたへの通知は保留し、終了時に届けます。"), h.String()))
}

var mentionRE = regexp.MustCompile(`<@!?(\d+)>`)

// holdQuiet takes the pings of users in their quiet hours out of public
// messages: each such mention becomes the user's name, and one held ping
// a user a channel waits for the hours' end (TakeDue in Tick).
// The asker (awake: they just gave a command) is pinged as usual.
func (b *Bot) holdQuiet(ctx context.Context, now time.Time, here, asker string, msgs []Message) []Message {
	if b.Store == nil {
		return msgs
	}
	for i, m := range msgs {
		if m.Ephemeral || !mentionRE.MatchString(m.Text) {
			continue
		}
		var ids []string
		for _, x := range mentionRE.FindAllStringSubmatch(m.Text, -1) {
			if x[1] != asker {
				ids = append(ids, x[1])
			}
		}
		qs, err := b.Store.QuietOf(ctx, ids)
		if err != nil || len(qs) == 0 {
			continue
		}
		for id, q := range qs {
			h, on, err := quiet.Parse(q.Span, q.Zone)
			if err != nil || !on || !h.In(now) {
				continue
			}
			name := q.Name
			if name == "" {
				name = id
			}
			msgs[i].Text = regexp.MustCompile(`<@!?`+id+`>`).ReplaceAllString(msgs[i].Text, "@"+Inert(name))
			first, _, _ := strings.Cut(msgs[i].Text, "\n")
			where := m.Target
			if where == "" {
				where = here
			}
			held := db.Held{User: id, Channel: where, At: h.End(now),
				Text: fmt.Sprintf("<@%s> "+b.posted("(held during your quiet hours) %s", "(通知を控える時間帯のため保留) %s", first), id)}
			if err := b.Store.Hold(ctx, held); err != nil {
				b.Log.Error("quiet hours: holding a ping", "user", id, "err", err)
			}
		}
	}
	return msgs
}

// heldDue are the pings whose quiet hours are over.
func (b *Bot) heldDue(ctx context.Context, now time.Time) []Message {
	if b.Store == nil {
		return nil
	}
	due, err := b.Store.TakeDue(ctx, now)
	if err != nil {
		b.Log.Error("quiet hours: the held pings", "err", err)
		return nil
	}
	var out []Message
	for _, h := range due {
		out = append(out, Message{Target: h.Channel, Text: h.Text})
	}
	return out
}

// holdQuietPings makes every command's answers go through holdQuiet.
func (b *Bot) holdQuietPings(r *Router) {
	var wrap func(c *Command)
	wrap = func(c *Command) {
		for _, s := range c.Sub {
			wrap(s)
		}
		if c.Handler == nil {
			return
		}
		h := c.Handler
		c.Handler = func(ctx context.Context, req *Request) *Response {
			resp := h(ctx, req)
			if resp != nil {
				resp.Messages = b.holdQuiet(ctx, req.Now, req.Channel, req.User.ID, resp.Messages)
			}
			return resp
		}
	}
	for _, c := range r.Commands() {
		wrap(c)
	}
}
