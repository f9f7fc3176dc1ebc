package commands

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/render"
)

// /computer analysis: after a game has ended, the final VP margin each
// position promised, segment by segment, estimated from play-outs of the
// whole position (ai.Analyse), and the three segments where that moved
// most, with the rolls in them. Like the story (/stats game) it is for
// finished games only: the play-outs see every unit, so while a game runs
// the curve would tell what the fog of war hides (14.1). Anyone in the
// game's place may read it, as anyone may read the story.

func (b *Bot) registerComputerAnalysis(r *Router) {
	r.AddSub("computer", &Command{Name: "analysis", Slow: true,
		Description: i18n.T("After a game: the expected final VP margin after each segment, and its three biggest swings",
			"終了したゲームの分析: 各セグメント後の最終 VP 差の期待値と、大きく動いた3か所"),
		Options: []Option{{Name: "game", Description: i18n.T("an ended game of this channel, by number (default: its newest)", "このチャンネルの終了したゲームの番号 (既定は最新)"),
			Type: Integer, MinInt: 1, MaxInt: 1 << 30}},
		Handler: b.computerAnalysis}, b.computerHintCommand())
}

func (b *Bot) computerAnalysis(ctx context.Context, req *Request) *Response {
	var id int64
	if req.Has("game") {
		n, err := strconv.ParseInt(req.Opt("game"), 10, 64)
		if err != nil || n < 1 {
			return Private(fmt.Sprintf(req.T("game: is a game's number, e.g. game:12; %q is not one.", "game: はゲームの番号です (例 game:12)。「%s」は番号ではありません。"), req.Opt("game")))
		}
		id = n
	}
	g, err := b.games.ReplayGame(ctx, games.Where{Guild: req.Guild, Channel: req.Channel}, id)
	switch {
	case errors.Is(err, games.ErrNoGame):
		return Private(req.T("There is no game in this channel: give /computer analysis in the channel or thread of a finished game.",
			"このチャンネルにゲームがありません。終了したゲームのチャンネルかスレッドで /computer analysis としてください。"))
	case err != nil:
		return Fail(req, err)
	case g.Running():
		return Private(req.T("This game is still being played: its analysis comes when it ends, since the play-outs see every unit and would show what the fog of war hides (14.1).",
			"このゲームはまだ進行中です。分析のプレイアウトは全ユニットを見るため戦場の霧 (14.1) で隠れているものを明かしてしまいます。分析はゲーム終了後に示します。"))
	case g.Status == "abandoned":
		return Private(req.T("This game was abandoned unfinished: it has no analysis.", "このゲームは途中で放棄されたため、分析はありません。"))
	case g.Sandbox:
		return Private(req.T("A game from a position has no analysis from its start.", "局面から始めたゲームには開始からの分析がありません。"))
	}
	a, err := b.analysisOf(ctx, g)
	if errors.Is(err, games.ErrAnalysisRunning) {
		return Private(analysisRunningText(g, err, req.Lang))
	}
	if err != nil {
		return Fail(req, err)
	}
	a = adjudicatedAnalysis(g, a)
	m := Message{Text: analysisText(b, g, a, req.Lang)}
	if png, err := render.AnalysisChartPNG(analysisChart(g, a, req.Lang)); err == nil {
		m.Files = append(m.Files, File{Name: fmt.Sprintf("game-%d-analysis.png", g.ID), ContentType: "image/png", Data: png})
	}
	return &Response{Messages: []Message{m}}
}

// analysisRunningText tells the asker that g's analysis is still being
// made, and how far it is (points made of all, kept across a restart),
// or that it waits for another game's analysis, so that he sees it move.
func analysisRunningText(g *games.Game, err error, lang i18n.Lang) string {
	var run *games.AnalysisRunning
	progress := ""
	switch {
	case errors.As(err, &run) && run.Queued:
		progress = i18n.T("It waits for another game's analysis to finish (one is made at a time); ",
			"他のゲームの分析が終わるのを待っています (分析は1件ずつ行います)。").In(lang)
	case errors.As(err, &run) && run.Total > 0:
		progress = fmt.Sprintf(i18n.T("%d of %d positions played out; ", "%d / %d 局面のプレイアウト完了。").In(lang), run.Done, run.Total)
	}
	return fmt.Sprintf(i18n.T("The analysis of game #%d is still running (a whole game takes a few minutes of one core, longer on a busy machine). %sask again later: it goes on meanwhile, and what is done is kept, even across a restart.",
		"ゲーム #%d の分析はまだ計算中です (1ゲーム全体で1コア数分、混んでいるマシンではさらにかかります)。%s計算は続いており、済んだ分は再起動をはさんでも保存されますので、後でもう一度実行してください。").In(lang), g.ID, progress)
}

// analysisOf is g's analysis (games.Service.Analysis: made once, off
// every game's lock, and kept across a restart), waited for at most
// analysisWait: then the asker is told to ask again, and the analysis
// goes on for the next ask.
func (b *Bot) analysisOf(ctx context.Context, g *games.Game) (*ai.Analysis, error) {
	wait := b.analysisWait
	if wait == 0 {
		wait = analysisWaitDefault
	}
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	return b.games.Analysis(ctx, g, analysisPlayOuts)
}

// analysisWaitDefault is how long an ask waits for an analysis being
// made before it is told to ask again: a kept analysis comes at once,
// and one being made takes a few minutes of one core, so waiting longer
// than a moment only keeps the asker (at the console, a minute of
// nothing) from being told so.
const analysisWaitDefault = 2 * time.Second

// adjudicatedAnalysis is a with, for a game ended by adjudication, its
// last point the recorded result (the adjudication's median margin)
// rather than the analysis' own play-outs of the final position, and
// the last segment's swing measured to it; a itself (kept, shared) is
// not changed.
func adjudicatedAnalysis(g *games.Game, a *ai.Analysis) *ai.Analysis {
	adj, ok := g.Adjudicated()
	if !ok || len(a.Points) < 2 {
		return a
	}
	c := *a
	c.Points = append([]ai.Point(nil), a.Points...)
	last := len(c.Points) - 1
	c.Points[last].Margin = float64(adj.Margin)
	c.Points[last].Spread = math.Max(0, float64(adj.Q3-adj.Q1)/1.35) // the quartiles' spread as a deviation
	c.Final = adj.Margin
	c.Swings = append([]ai.Swing(nil), a.Swings...)
	for i := range c.Swings {
		if c.Swings[i].Point == last {
			c.Swings[i].Change = c.Points[last].Margin - c.Points[last-1].Margin
		}
	}
	sort.SliceStable(c.Swings, func(i, j int) bool { return math.Abs(c.Swings[i].Change) > math.Abs(c.Swings[j].Change) })
	return &c
}

// analysisPlayOuts are the play-outs a point (ai.AnalysisPlayOuts; the
// commands' tests take fewer, the analysis itself is tested in ai).
var analysisPlayOuts = ai.AnalysisPlayOuts

// analysisChart is the chart of a in lang: a turn's label at its first
// segment.
func analysisChart(g *games.Game, a *ai.Analysis, lang i18n.Lang) render.AnalysisChart {
	c := render.AnalysisChart{
		Title:  fmt.Sprintf(i18n.T("Game #%d: expected final margin after each segment", "ゲーム #%d: 各セグメント後の最終 VP 差の期待値").In(lang), g.ID),
		YLabel: i18n.T("German − Allied VP", "独軍 − 連合軍 VP").In(lang),
		Above:  i18n.T("Germans ahead", "独軍優勢").In(lang),
		Below:  i18n.T("Allies ahead", "連合軍優勢").In(lang),
		Note: i18n.Sprintf(i18n.T("each point: the mean of %s (campaign v. heuristic); band: their spread", "各点: プレイアウト %sの平均 (キャンペーン対ヒューリスティック)。帯: ばらつき"),
			playOutCount(a.PlayOuts)).In(lang),
	}
	last := -1
	for _, p := range a.Points {
		label := ""
		if int(p.Turn) != last {
			label, last = p.Turn.String(), int(p.Turn)
			if lang == i18n.JA {
				label = p.Turn.Japanese()
			}
		}
		c.Labels = append(c.Labels, label)
		c.Values = append(c.Values, p.Margin)
		c.Spread = append(c.Spread, p.Spread)
	}
	for _, s := range a.Swings {
		c.Swings = append(c.Swings, s.Point)
	}
	return c
}

// marginText is a margin as the reader reads it: which side it favours.
func marginText(m float64, lang i18n.Lang) string {
	switch {
	case math.Abs(m) < 0.05:
		return i18n.T("even", "互角").In(lang)
	case m > 0:
		return fmt.Sprintf(i18n.T("Germans +%.1f", "独軍 +%.1f").In(lang), m)
	}
	return fmt.Sprintf(i18n.T("Allies +%.1f", "連合軍 +%.1f").In(lang), -m)
}

// swingText says whom a swing of the expected margin (German − Allied)
// favoured and by how much, the same way whichever side it was: "12.3 VP
// toward the Allies".
func swingText(change float64, lang i18n.Lang) string {
	switch {
	case math.Abs(change) < 0.05:
		return i18n.T("no change", "変化なし").In(lang)
	case change > 0:
		return fmt.Sprintf(i18n.T("%.1f VP toward the Germans", "独軍に %.1f VP 有利").In(lang), change)
	}
	return fmt.Sprintf(i18n.T("%.1f VP toward the Allies", "連合軍に %.1f VP 有利").In(lang), -change)
}

// analysisText is the analysis' answer in lang: as many of each swing's
// rolls as a message holds (2,000 characters).
func analysisText(b *Bot, g *games.Game, a *ai.Analysis, lang i18n.Lang) string {
	for rolls := 4; ; rolls-- {
		text := analysisTextWith(b, g, a, lang, rolls)
		if len([]rune(text)) <= 2000 || rolls == 0 {
			return text
		}
	}
}

func analysisTextWith(b *Bot, g *games.Game, a *ai.Analysis, lang i18n.Lang, most int) string {
	var sb strings.Builder
	first, last := a.Points[0], a.Points[len(a.Points)-1]
	if adj, ok := g.Adjudicated(); ok {
		fmt.Fprintf(&sb, i18n.T("**Analysis of game #%d**: expected final margin at the start %s; the game ended by adjudication: %s (the adjudication's median margin, %s).\n",
			"**ゲーム #%d の分析**: 最終 VP 差の期待値は開始時 %s。ゲームは判定で終了し、結果は%s (判定のプレイアウトの VP 差の中央値は%s)。\n").In(lang),
			g.ID, marginText(first.Margin, lang), adjudicationResult(adj, lang), marginText(float64(a.Final), lang))
		sb.WriteString(i18n.T("Its last point is that recorded result, not a play-out of the final position.\n",
			"最後の点はこの記録された判定結果で、最終局面のプレイアウトではありません。\n").In(lang))
	} else if g.Meta[games.MetaResigned] != "" {
		fmt.Fprintf(&sb, i18n.T("**Analysis of game #%d**: expected final margin at the start %s, at the resignation %s (the VP then: %s).\n",
			"**ゲーム #%d の分析**: 最終 VP 差の期待値は開始時 %s、投了時 %s (その時点の VP: %s)。\n").In(lang),
			g.ID, marginText(first.Margin, lang), marginText(last.Margin, lang), marginText(float64(a.Final), lang))
		sb.WriteString(i18n.T("The game ended by resignation: its last point plays the final position on to the end.\n",
			"投了で終わったゲームのため、最後の点は最終局面を最後まで指し進めた期待値です。\n").In(lang))
	} else {
		fmt.Fprintf(&sb, i18n.T("**Analysis of game #%d**: expected final margin at the start %s; the game ended %s.\n",
			"**ゲーム #%d の分析**: 最終 VP 差の期待値は開始時 %s、実際の結果は %s。\n").In(lang),
			g.ID, marginText(first.Margin, lang), marginText(float64(a.Final), lang))
	}
	if len(a.Swings) > 0 {
		sb.WriteString(i18n.T("The biggest swings:\n", "最も大きく動いた局面:\n").In(lang))
	}
	for k, s := range a.Swings {
		p := a.Points[s.Point]
		turn := p.Turn.String()
		if lang == i18n.JA {
			turn = p.Turn.Japanese()
		}
		fmt.Fprintf(&sb, i18n.T("%d. Segment %d, %s, %s %s: %s (expected margin after it: %s), %s.\n", "%d. セグメント %d、%s、%sの%s: %s (この後の期待値: %s)、%s。\n").In(lang),
			k+1, replaySegmentOf(g, a, s.Point), turn, p.Side.Name().In(lang), p.Step.Name().In(lang), swingText(s.Change, lang), marginText(p.Margin, lang),
			i18n.Count(s.Orders, "order", "orders", "件の命令").In(lang))
		if len(s.Rolls) == 0 {
			sb.WriteString(i18n.T("   No die was rolled in it.\n", "   このセグメントではダイスは振られていません。\n").In(lang))
		}
		for i, r := range s.Rolls {
			if i == most {
				fmt.Fprintf(&sb, i18n.T("   … and %d more.\n", "   …ほか %d 件。\n").In(lang), len(s.Rolls)-i)
				break
			}
			line := rollText(b, r, lang)
			if r.Turn != p.Turn || r.Step != p.Step {
				// Rolled in a later step the segment's end order began
				// (the next turn's event phase, 3.0 A): its result is in
				// this segment's change, but /replay tells it in the
				// account of the next frame; say both.
				when := r.Turn.String()
				if lang == i18n.JA {
					when = r.Turn.Japanese()
				}
				line = fmt.Sprintf(i18n.T("(rolled as it ended, in the %[2]s of %[1]s; /replay segment %[3]d) %[4]s", "(終了時、%[1]s の%[2]sで。/replay ではセグメント %[3]d) %[4]s").In(lang),
					when, r.Step.Name().In(lang), rollReplaySegment(g, a, s.Point), line)
			}
			sb.WriteString("   " + clipRunes(line, 160) + "\n")
		}
	}
	sb.WriteString(i18n.T("-# Segment numbers are /replay's: /replay segment:N shows the position after segment N.\n",
		"-# セグメント番号は /replay と同じです。/replay segment:N でセグメント N 終了時の局面を表示します。\n").In(lang))
	sb.WriteString(i18n.Sprintf(i18n.T("-# Each point is the mean final margin (German − Allied) of %s of the whole position, the German campaign against the heuristic Allies, with dice of their own; the band is their spread, and a swing well inside it may be the play-outs' own luck. A few minutes of one core for a whole game, computed once.",
		"-# 各点は局面全体のプレイアウト %s (独軍キャンペーン対連合軍ヒューリスティック、専用のダイス) の最終 VP 差 (独軍 − 連合軍) の平均です。帯はそのばらつきで、帯の幅より十分小さな変動はプレイアウト自体の運かもしれません。1ゲーム全体で1コア数分、計算は1回だけです。"), playOutCount(a.PlayOuts)).In(lang))
	return sb.String()
}

// clipRunes cuts s to at most n characters, ending in "…" if cut, so
// that the answer holds three swings within a message.
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n - 1
	// Cut before the last word that does not fit whole (a space-separated
	// text), unless that leaves less than half; Japanese, without spaces,
	// is cut between characters.
	for i := cut; i > n/2; i-- {
		if unicode.IsSpace(r[i]) {
			cut = i
			break
		}
	}
	return strings.TrimRightFunc(string(r[:cut]), func(c rune) bool { return unicode.IsSpace(c) || c == ',' || c == '、' }) + "…"
}

// rollText is one roll of a swing: an attack with its odds, die and
// result, or another roll's sentence.
func rollText(b *Bot, r ai.Roll, lang i18n.Lang) string {
	if !r.Attack {
		return r.Event.Text.In(lang)
	}
	f := r.Facts
	target := f.Defender.String()
	if x, ok := b.Map.Hex(f.Defender); ok && x.Name != "" {
		target = placeName(x, lang)
	}
	return fmt.Sprintf(i18n.T("%s attack (%s) on %s by %s at %s: die %d, %s.", "%sの攻撃 (%s) %s へ、%s、%s: ダイス %d、%s。").In(lang),
		r.Order.Side.Name().In(lang), tableName(f.Table).In(lang), target, strings.Join(r.Order.Attackers(), ", "), f.Odds.String(), f.Die, string(f.Result))
}

// adjudicationResult is an adjudication's result by 15.1 in lang: "Germans
// limited victory", "draw".
func adjudicationResult(adj ai.Adjudication, lang i18n.Lang) string {
	if adj.Level == game.Draw {
		return adj.Level.Name().In(lang)
	}
	return i18n.Sprintf(i18n.T("%s %s", "%sの%s"), adj.Winner.Name(), adj.Level.Name()).In(lang)
}

// rollReplaySegment is the /replay segment whose account tells a die that
// the end of the analysis' segment k rolled in a later step: /replay's
// frame of a segment is the position before its end order, so what that
// order began is told in the frame after.
func rollReplaySegment(g *games.Game, a *ai.Analysis, k int) int {
	n := replaySegmentOf(g, a, k)
	if replayFrameEnds(a.Points[k].Step) {
		n++
	}
	return n
}

// replaySegmentOf is the number /replay gives the segment that ends at
// a's point k: /replay makes a frame at the end of each setup, movement
// and combat segment (replayFrameEnds), so a segment of another step (an
// event or reinforcement phase) is told in the account of the frame
// after it.
func replaySegmentOf(g *games.Game, a *ai.Analysis, k int) int {
	n := 0
	for j := 1; j <= k && j < len(a.Points); j++ {
		p := a.Points[j]
		end := true // an analysis without its orders (tests): every point ends a segment
		if p.Order >= 1 && p.Order <= len(g.Orders) {
			end = g.Orders[p.Order-1].Verb == game.VerbEnd
		}
		if end && replayFrameEnds(p.Step) {
			n++
			if j == k {
				return n
			}
		}
	}
	return n + 1
}

// playOutCount is a number of play-outs in both languages ("1 play-out",
// "9 play-outs", "9 回").
func playOutCount(n int) i18n.Text { return i18n.Count(n, "play-out", "play-outs", "回") }
