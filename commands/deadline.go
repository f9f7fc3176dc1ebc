package commands

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"rtrbot/db"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// Asynchronous play (issue 8, point 7): a game may give each segment a
// deadline (/game deadline hours:N then:remind|end). A reminder goes to the
// game's thread when a quarter of the time is left; when the deadline
// passes the bot reminds again (and sets the next deadline), or ends the
// segment for the side to move with no further orders. Deadlines live in
// the database, so they survive restarts; Tick, driven by a clock the
// caller gives, does the work, and RunDeadlines calls it on a timer.

var timeZero time.Time

func (t *table) deadlineCommand() *Command {
	return &Command{
		Name: "deadline", Description: i18n.T("Referee: a deadline for every segment, and what happens when it passes", "審判: 各セグメントの期限と、期限切れ時の動作"),
		Options: []Option{
			{Name: "hours", Description: i18n.T("hours per segment; 0 for none", "1セグメントの時間 (なしは 0)"), Type: Integer, Required: true, MinInt: 0, MaxInt: 24 * 30},
			{Name: "then", Description: i18n.T("when it passes: remind (again) or end (the segment, no further orders)", "期限切れ時: remind (再通知) か end (セグメント終了)"), Type: String,
				Choices: []Choice{{Name: i18n.T("remind", "再通知"), Value: "remind"}, {Name: i18n.T("end the segment", "セグメント終了"), Value: "end"}}},
		},
		Handler: func(ctx context.Context, req *Request) *Response { return t.setDeadline(ctx, req) },
	}
}

func (t *table) setDeadline(ctx context.Context, req *Request) *Response {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, fail := t.find(ctx, req)
	if fail != nil {
		return fail
	}
	if r := t.refereeOnly(req, g, req.T("set the deadline", "期限の設定")); r != nil {
		return r
	}
	if g.ID == 0 {
		return Private(req.T("Deadlines need a stored game (the bot runs without its database, or this is a sandbox).", "期限には保存されたゲームが必要です (データベースなし、またはサンドボックス)。"))
	}
	hours, _ := strconv.Atoi(req.Opt("hours"))
	action := req.Opt("then")
	if action == "" {
		action = "remind"
	}
	at := timeZero
	if hours > 0 {
		at = req.Now.Add(time.Duration(hours) * time.Hour)
	}
	if err := t.update(ctx, g, func(tx *db.GameTx) error {
		if err := tx.SetDeadlinePolicy(hours, action); err != nil {
			return err
		}
		if err := tx.SetMeta("reminded", ""); err != nil {
			return err
		}
		return tx.SetDeadline(at)
	}); err != nil {
		return Fail(req, err)
	}
	g.SegmentHours, g.DeadlineAction, g.Deadline = hours, action, at
	if hours == 0 {
		return Reply(req.T("No deadline now: segments take as long as the players need.", "期限を解除しました。"))
	}
	what := req.T("the players are reminded again", "再度通知します")
	if action == "end" {
		what = req.T("the segment ends with no further orders", "その時点でセグメントを終了します")
	}
	return Reply(fmt.Sprintf(req.T("Each segment now has %d hours; this one ends <t:%d:f>. A reminder comes when a quarter of the time is left; when it passes, %s.",
		"各セグメントの期限は %d 時間です。現在のセグメントの期限は <t:%d:f>。残り4分の1で通知し、期限を過ぎると%s。"), hours, at.Unix(), what))
}

// Tick does what deadlines demand at now: reminders, and the deadlines
// that passed. It returns the messages posted (each with its Target) and
// posts them through chat when chat is not nil. Call it after a restart
// and on a timer (RunDeadlines).
func (b *Bot) Tick(ctx context.Context, now time.Time, chat Chat) []Message {
	t := b.games
	if t == nil || b.Store == nil {
		return nil
	}
	games, err := b.Store.ListGames(ctx, db.Filter{Status: db.Active})
	if err != nil {
		b.Log.Error("deadlines: listing games", "err", err)
		return nil
	}
	var out []Message
	for _, l := range games {
		if l.Problem != nil || l.Deadline.IsZero() || l.SegmentHours <= 0 {
			continue
		}
		out = append(out, t.tick(ctx, now, l.Game)...)
	}
	if chat != nil {
		for _, m := range out {
			if err := chat.Post(ctx, m.Target, m); err != nil {
				b.Log.Error("deadlines: posting", "channel", m.Target, "err", err)
			}
		}
	}
	return out
}

func bilingual(en, ja string, args ...any) string {
	return fmt.Sprintf(en, args...) + "\n" + fmt.Sprintf(ja, args...)
}

func (t *table) tick(ctx context.Context, now time.Time, row *db.Game) []Message {
	t.mu.Lock()
	g, err := t.lookup(ctx, row.Guild, row.Channel)
	if err != nil || g == nil || g.Meta["paused"] != "" || g.Status != db.Active {
		t.mu.Unlock()
		return nil
	}
	dl, hours := row.Deadline, row.SegmentHours
	side := g.State.ToMove()
	who := g.mention(side)
	if who == "" {
		who = side.Name().EN
	}
	lead := time.Duration(hours) * time.Hour / 4
	if now.Before(dl) {
		defer t.mu.Unlock()
		if now.Before(dl.Add(-lead)) || g.Meta["reminded"] == dl.UTC().Format(time.RFC3339) {
			return nil
		}
		if err := t.update(ctx, g, func(tx *db.GameTx) error { return tx.SetMeta("reminded", dl.UTC().Format(time.RFC3339)) }); err != nil {
			return nil
		}
		g.Meta = cloneMeta(g.Meta)
		g.Meta["reminded"] = dl.UTC().Format(time.RFC3339)
		return []Message{{Target: g.Channel, Text: bilingual("⏰ %s: the %s segment ends <t:%d:R>.", "⏰ %s: %s の期限は <t:%d:R> です。",
			who, g.State.Step.Name().EN, dl.Unix())}}
	}
	if row.DeadlineAction == "end" {
		t.mu.Unlock()
		req := &Request{Path: "end", Options: map[string]string{}, User: User{ID: "deadline", Name: "deadline"}, Guild: g.Guild, Channel: g.Channel, Now: now}
		r := t.run(req, []pending{{Order: game.Order{Verb: game.End}, Referee: true}}, false)
		var out []Message
		ended := len(r.Messages) > 1 // the segment's account follows the answer
		if ended {
			out = append(out, Message{Target: g.Channel, Text: fmt.Sprintf("⌛ The deadline passed: the %s segment was ended with no further orders.", side.Name().EN) + "\n" +
				fmt.Sprintf("⌛ 期限切れのため、%sのセグメントをこれ以上の命令なしで終了しました。", side.Name().JA)})
			for _, m := range r.Messages[1:] {
				out = append(out, m)
			}
			return out
		}
		// The segment cannot end yet (e.g. a retreat to choose): remind.
		t.mu.Lock()
		defer t.mu.Unlock()
		next := now.Add(time.Duration(hours) * time.Hour)
		if err := t.update(ctx, g, func(tx *db.GameTx) error { return tx.SetDeadline(next) }); err != nil {
			t.b.Log.Error("deadlines: setting the next one", "game", g.ID, "err", err)
			return nil // tried again at the next tick
		}
		g.Deadline = next
		// Why is the side's own business (it may name its units): it goes
		// to the side's private thread; the game's thread hears only that.
		out = []Message{{Target: g.Channel, Text: bilingual("⌛ %s: the deadline passed but the segment cannot end yet; the side has been told why. The next deadline is <t:%d:f>.",
			"⌛ %s: 期限切れですが、まだセグメントを終了できません (理由は手番側に通知済み)。次の期限は <t:%d:f>。", who, next.Unix())}}
		if th := g.Meta["thread:"+side.String()]; th != "" {
			out = append(out, Message{Target: th, Text: "⌛ " + r.Messages[0].Text})
		}
		return out
	}
	defer t.mu.Unlock()
	next := now.Add(time.Duration(hours) * time.Hour)
	if err := t.update(ctx, g, func(tx *db.GameTx) error {
		if err := tx.SetMeta("reminded", ""); err != nil {
			return err
		}
		return tx.SetDeadline(next)
	}); err != nil {
		return nil
	}
	g.Deadline = next
	return []Message{{Target: g.Channel, Text: bilingual("⌛ %s: the deadline for the %s segment has passed. Please give your orders and /end; the next deadline is <t:%d:f>.",
		"⌛ %s: %s の期限が過ぎました。命令を出して /end してください。次の期限は <t:%d:f>。", who, g.State.Step.Name().EN, next.Unix())}}
}

// RunDeadlines calls Tick at once (deadlines that passed while the bot was
// down) and then every interval until ctx ends; the Discord adapter starts
// it with its Chat.
func (b *Bot) RunDeadlines(ctx context.Context, every time.Duration, chat Chat) {
	b.Tick(ctx, b.Now(), chat)
	tk := time.NewTicker(every)
	defer tk.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tk.C:
			b.Tick(ctx, b.Now(), chat)
		}
	}
}
