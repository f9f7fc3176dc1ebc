package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rtrbot/games"
	"rtrbot/tournament"
)

// The tournaments' round clock, run by Bot.Tick (deadline.go) on the
// bot's timer and by tests with a clock of their own: the bot games of
// running rounds that ended are recorded, then tournament.Service.Tick
// reminds the players of late tables once and applies the forfeit rule
// when a round's deadline passes (docs/tournaments.md). Nobody asked, so
// the notices are in both languages, in the tournament's channel. A
// round's limit being adjudicated (off the clock, on the games service's
// worker) holds its tournament's forfeit rule until the results are in.

func (b *Bot) tournamentTick(ctx context.Context, now time.Time) []Message {
	svc := b.tournamentService()
	var out []Message
	held := map[[2]string]bool{} // tournaments whose round's limit is being adjudicated
	if l, ok := svc.Store.(tournament.Lister); ok {
		ts, err := l.AllTournaments(ctx, "")
		if err != nil {
			b.Log.Error("tournaments: listing", "err", err)
			return nil
		}
		for _, t := range ts {
			if t.Status == tournament.StatusRunning {
				out = append(out, b.syncTournamentGames(ctx, t.Guild, t.Name)...)
				if t, err := svc.Get(ctx, t.Guild, t.Name); err == nil {
					ms, pending := b.adjudicateAtLimit(ctx, t, now) // computer_adjudicate.go
					out = append(out, ms...)
					held[[2]string{t.Guild, t.Name}] = pending
				}
			}
		}
	}
	ns, err := svc.TickHolding(ctx, now, func(t *tournament.Tournament) bool { return held[[2]string{t.Guild, t.Name}] })
	if err != nil {
		b.Log.Error("tournaments: the round clock", "err", err)
	}
	for _, n := range ns {
		out = append(out, tournamentNotice(n))
	}
	return out
}

func tablePlayers(n tournament.Notice, g tournament.Game) string {
	return games.MentionOf(g.German, n.Names[g.German]) + " – " + games.MentionOf(g.Allied, n.Names[g.Allied])
}

// tournamentNotice says what the clock did, in both languages.
func tournamentNotice(n tournament.Notice) Message {
	var sb strings.Builder
	switch n.Kind {
	case tournament.NoticeReminder:
		sb.WriteString(bilingual("⏰ %s, round %d ends <t:%d:R>: these tables have no confirmed result yet. Finish the game, or report it (/tournament report) and confirm it.",
			"⏰ %s 第%dラウンドの期限は <t:%d:R> です。次の卓の結果がまだ確定していません。対局を終えるか、結果を報告 (/tournament report) して確認してください。", n.Name, n.Round, n.Deadline.Unix()))
		for _, g := range n.Tables {
			fmt.Fprintf(&sb, "\n%d: %s", g.Table, tablePlayers(n, g))
		}
	case tournament.NoticeForfeit:
		sb.WriteString(bilingual("⌛ %s, round %d: the deadline passed. By the forfeit rule a reported result stands, and a table with none is a double forfeit.",
			"⌛ %s 第%dラウンドの期限が過ぎました。不戦規定により、報告済みの結果は確定し、報告のない卓は両者不戦敗です。", n.Name, n.Round))
		for _, g := range n.Tables {
			what := "double forfeit / 両者不戦敗"
			if g.Result != nil && !g.Result.Double {
				what = "reported result stands / 報告どおり確定"
			}
			fmt.Fprintf(&sb, "\n%d: %s: %s", g.Table, tablePlayers(n, g), what)
		}
		if len(n.Waiting) > 0 {
			sb.WriteString("\n" + bilingual("%s decides these (disputed, or a bot game still in play) with /tournament fix:",
				"%s が /tournament fix で決めます (異議あり、またはボット対局が進行中): ", games.MentionOf(n.Organiser, "organiser")))
			for _, g := range n.Waiting {
				fmt.Fprintf(&sb, "\n%d: %s", g.Table, tablePlayers(n, g))
			}
		}
	}
	return Message{Target: n.Channel, Text: sb.String()}
}
