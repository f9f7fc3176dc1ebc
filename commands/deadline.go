package commands

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"rtrbot/games"
	"rtrbot/i18n"
)

// Asynchronous play: a game may give each segment a deadline (/game
// deadline hours:N then:remind|end). A reminder goes to the game's thread
// when a quarter of the time is left; when the deadline passes the bot
// reminds again (and sets the next deadline), or ends the segment for the
// side to move with no further orders. The games service keeps the
// deadlines and decides (games.Service.Tick); Tick here posts what it did,
// and RunDeadlines calls it on a timer.

func (b *Bot) registerDeadline(r *Router) {
	r.AddSub("game", &Command{
		Name: "deadline", Description: i18n.T("Referee: a deadline for every segment, and what happens when it passes", "審判: 各セグメントの期限と、期限切れ時の動作"),
		Options: []Option{
			{Name: "hours", Description: i18n.T("hours per segment; 0 for none", "1セグメントの時間 (なしは 0)"), Type: Integer, Required: true, MinInt: 0, MaxInt: 24 * 30},
			{Name: "then", Description: i18n.T("when it passes: remind (again) or end (the segment, no further orders)",
				"期限切れ時: remind (再通知) か end (セグメント終了)"), Type: String,
				Choices: []Choice{{Name: i18n.T("remind", "再通知"), Value: "remind"}, {Name: i18n.T("end the segment", "セグメント終了"), Value: "end"}}},
		},
		Handler: b.setDeadline,
	})
}

func (b *Bot) setDeadline(ctx context.Context, req *Request) *Response {
	hours, _ := strconv.Atoi(req.Opt("hours"))
	g, err := b.games.SetDeadline(ctx, req.Actor(), where(req), hours, req.Opt("then"), req.Now)
	if err != nil {
		return gameFail(req, err)
	}
	r := b.deadlineSet(req, g, hours)
	// The game's pinned status says the deadline too: it is edited at once.
	if m, ok := statusNow(req, g); ok {
		r.Add(m)
	}
	return r
}

// deadlineSet says what a deadline's change did.
func (b *Bot) deadlineSet(req *Request, g *games.Game, hours int) *Response {
	if hours == 0 {
		return Reply(req.T("No deadline now: segments take as long as the players need.", "期限を解除しました。"))
	}
	if g.Deadline.IsZero() {
		return Reply(fmt.Sprintf(req.T("Each segment has %s from the next segment on: you play in this game, so the segment your opponent is playing now keeps its clock (none).",
			"次のセグメントから各セグメントの期限は %sです。あなたはこのゲームのプレイヤーなので、相手が指している現在のセグメントの時計はそのまま (期限なし) です。"), i18n.Count(hours, "hour", "hours", "時間").In(req.Lang)))
	}
	what := req.T("the players are reminded again", "再度通知します")
	if g.DeadlineAction == "end" {
		what = req.T("the segment ends with no further orders", "その時点でセグメントを終了します")
	}
	return Reply(fmt.Sprintf(req.T(
		"Each segment now has %s; this one ends <t:%d:f>. A reminder comes when a quarter of the time is left; when it passes, %s.",
		"各セグメントの期限は %sです。現在のセグメントの期限は <t:%d:f>。残り4分の1で通知し、期限を過ぎると%s。"), i18n.Count(hours, "hour", "hours", "時間").In(req.Lang), g.Deadline.Unix(), what))
}

// Tick does what deadlines demand at now: reminders, and the deadlines
// that passed. It returns the messages posted (each with its Target) and
// posts them through chat when chat is not nil. Call it after a restart
// and on a timer (RunDeadlines).
func (b *Bot) Tick(ctx context.Context, now time.Time, chat Chat) []Message {
	if b.Store == nil {
		return nil
	}
	var out []Message
	for _, n := range b.games.Tick(ctx, now) {
		out = append(out, b.noticeMessages(ctx, n)...)
		out = append(out, b.botAfterNotice(ctx, now, n)...) // game_bot.go: the computer's turn, if the deadline handed it the move
	}
	out = append(out, b.tournamentTick(ctx, now)...) // tournament_clock.go
	out = b.holdQuiet(ctx, now, "", "", out)         // absence_quiet.go
	out = append(out, b.heldDue(ctx, now)...)
	if chat != nil {
		for _, m := range out {
			if err := chat.Post(ctx, m.Target, m); err != nil {
				b.Log.Error("deadlines: posting", "channel", m.Target, "err", err)
			}
		}
	}
	return out
}

// posted is a public post's text written for nobody in particular: in the
// one reader's language at the console (Deps.Reader), in both otherwise.
func (b *Bot) posted(en, ja string, args ...any) string {
	if b.Reader != "" {
		return i18n.Sprintf(i18n.T(en, ja), args...).In(b.Reader)
	}
	return bilingual(en, ja, args...)
}

// postLang is the language of a post written for nobody in particular:
// the console's, or "" (both) on Discord.
func (b *Bot) postLang() i18n.Lang { return b.Reader }

func bilingual(en, ja string, args ...any) string {
	t := i18n.Sprintf(i18n.T(en, ja), args...)
	return t.EN + "\n" + t.JA
}

// reportPosts are the posts of segments that nobody's order ended (a
// deadline, the computer): each segment's account, then the story of a
// game they ended, in the post language.
func (b *Bot) reportPosts(ctx context.Context, reports []games.SegmentReport) []Message {
	var out []Message
	for _, r := range reports {
		out = append(out, b.segmentMessages(b.postLang(), r)...)
	}
	return append(out, b.storiesOf(ctx, reports)...)
}

// noticeReports are a deadline notice's reportPosts and the game's status
// after them, so that the side now to act sees where it stands.
func (b *Bot) noticeReports(ctx context.Context, reports []games.SegmentReport) []Message {
	out := b.reportPosts(ctx, reports)
	if m, ok := statusMessage("", reports); ok {
		out = append(out, m)
	}
	return out
}

// noticeMessages says what a deadline did, in both languages (nobody asked:
// no asker's language to choose).
func (b *Bot) noticeMessages(ctx context.Context, n games.Notice) []Message {
	switch n.Kind {
	case games.Reminder:
		return []Message{{Target: n.Channel, Text: b.posted("⏰ %s: the %s segment ends <t:%d:R>.", "⏰ %s: %s の期限は <t:%d:R> です。",
			seatsWho(n.Seats, n.Side), n.Step.Name(), n.Deadline.Unix())}}
	case games.Ended:
		out := []Message{{Target: n.Channel, Text: bilingual("⌛ The deadline passed: the %s segment was ended with no further orders.",
			"⌛ 期限切れのため、%sのセグメントをこれ以上の命令なしで終了しました。", n.Side.Name())}}
		return append(out, b.noticeReports(ctx, n.Reports)...)
	case games.TakenOver:
		return b.takeoverMessages(ctx, n) // game_takeover.go
	case games.VacationOver:
		return []Message{{Target: n.Channel, Text: b.posted("🏖 The %s side's vacation is over; the clock runs again: %s, the %s segment now ends <t:%d:f>.",
			"🏖 %s側の休暇が終わり、時計が再び動きます。%s: %s の期限は <t:%d:f> です。", n.Side.Name(), seatsWho(n.Seats, n.Side), n.Step.Name(), n.Deadline.Unix())}}
	case games.CannotEnd:
		// Why is the side's own business (it may name its units): it goes
		// to the side's private thread; the game's thread hears only that.
		out := []Message{{Target: n.Channel, Text: b.posted(
			"⌛ %s: the deadline passed but the segment cannot end yet; the side has been told why. The next deadline is <t:%d:f>.",
			"⌛ %s: 期限切れですが、まだセグメントを終了できません (理由は手番側に通知済み)。次の期限は <t:%d:f>。", seatsWho(n.Seats, n.Side), n.Deadline.Unix())}}
		if n.Thread != "" {
			why := gameFail(&Request{}, n.Why)
			out = append(out, Message{Target: n.Thread, Text: "⌛ " + why.Messages[0].Text})
		}
		return out
	}
	return []Message{{Target: n.Channel, Text: b.posted(
		"⌛ %s: the deadline for the %s segment has passed. Please give your orders and /end; the next deadline is <t:%d:f>.",
		"⌛ %s: %s の期限が過ぎました。命令を出して /end してください。次の期限は <t:%d:f>。", seatsWho(n.Seats, n.Side), n.Step.Name(), n.Deadline.Unix())}}
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
