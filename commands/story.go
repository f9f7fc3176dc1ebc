package commands

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/story"
)

// The story of a finished game (package story): a chart of both sides' VP
// by turn, the losses, the fortresses that fell and each side's dice
// against fair dice. It is posted when a game ends and given by /stats
// game after. Only after the end: while a game runs, its losses and dice
// would tell what the fog of war hides (14.1).

func (b *Bot) statsGameCommand() *Command {
	return &Command{Name: "game", Description: i18n.T("The story of this channel's finished game: VP by turn, losses, fortresses, dice luck",
		"このチャンネルの終了したゲームの記録: ターンごとの VP、損害、要塞、ダイス運"),
		Handler: func(ctx context.Context, req *Request) *Response {
			g, err := b.games.ReplayGame(ctx, games.Where{Guild: req.Guild, Channel: req.Channel}, 0)
			switch {
			case errors.Is(err, games.ErrNoGame):
				return Private(req.T("There is no game in this channel: give /stats game in the channel or thread of a finished game.",
					"このチャンネルにゲームがありません。終了したゲームのチャンネルかスレッドで /stats game としてください。"))
			case err != nil:
				return Fail(req, err)
			case g.Running():
				return Private(req.T("This game is still being played: its story (losses, dice) is told when it ends, since until then it would show what the fog of war hides (14.1).",
					"このゲームはまだ進行中です。損害やダイスは戦場の霧 (14.1) で隠れているものを明かしてしまうため、記録はゲーム終了後に示します。"))
			case g.Status == "abandoned":
				return Private(req.T("This game was abandoned unfinished: it has no story to tell.", "このゲームは途中で放棄されたため、記録はありません。"))
			}
			st, err := storyOf(g)
			if err != nil {
				return Fail(req, err)
			}
			return &Response{Messages: []Message{b.storyMessage(g, st, req.Lang)}}
		}}
}

// storyOf replays a finished game from its start and tells its story.
func storyOf(g *games.Game) (story.Story, error) {
	if g.Sandbox {
		return story.Story{}, i18n.Errorf("A game from a position has no story from its start.", "局面から始めたゲームには開始からの記録がありません。")
	}
	start, err := game.NewKey(g.State.Rules(), g.Key, g.Options)
	if err != nil {
		return story.Story{}, err
	}
	return story.Of(start, g.Orders)
}

// storyMessage is a finished game's story in lang, with its chart.
func (b *Bot) storyMessage(g *games.Game, st story.Story, lang i18n.Lang) Message {
	m := Message{Text: storyText(b, g, st, lang)}
	if png, err := render.VPChartPNG(vpChart(g, st, lang)); err == nil {
		m.Files = append(m.Files, File{Name: fmt.Sprintf("game-%d-vp.png", g.ID), ContentType: "image/png", Data: png})
	}
	return m
}

// turnLabel is a turn as the reader writes it.
func turnLabel(st story.TurnVP, lang i18n.Lang) string {
	if lang == i18n.JA {
		return st.Turn.Japanese()
	}
	return st.Turn.String()
}

func vpChart(g *games.Game, st story.Story, lang i18n.Lang) render.VPChart {
	c := render.VPChart{Title: fmt.Sprintf(i18n.T("Game #%d: VP at the end of each turn", "ゲーム #%d: 各ターン終了時の VP").In(lang), g.ID), YLabel: "VP"}
	var ger, all []int
	for _, t := range st.ByTurn {
		c.Turns = append(c.Turns, turnLabel(t, lang))
		ger, all = append(ger, t.VP[units.German]), append(all, t.VP[units.Allied])
	}
	c.Series = []render.VPSeries{{Name: units.German.Name().In(lang), Colour: render.ChartGerman, Values: ger},
		{Name: units.Allied.Name().In(lang), Colour: render.ChartAllied, Values: all}}
	c.Note = endingText(g, lang)
	return c
}

// endingText is how the game ended, in a few words: a resignation, an
// adjudication, a referee's abandonment, or the VP of 15.1.
func endingText(g *games.Game, lang i18n.Lang) string {
	if s, err := units.ParseSide(g.Meta[games.MetaResigned]); err == nil {
		return fmt.Sprintf(i18n.T("the %s side resigned", "%s側の投了").In(lang), s.Name().In(lang))
	}
	if a, ok := g.Adjudicated(); ok {
		res := a.Level.Name().In(lang)
		if a.Level != game.Draw {
			res = fmt.Sprintf(i18n.T("%s %s", "%sの%s").In(lang), a.Winner.Name().In(lang), a.Level.Name().In(lang))
		}
		return fmt.Sprintf(i18n.T("adjudicated: %s (15.1; median VP difference %+d)", "判定: %s (15.1、VP 差の中央値 %+d)").In(lang), res, a.Margin)
	}
	if g.Status == games.Abandoned {
		return i18n.T("abandoned by a referee, unfinished: no result", "審判により放棄 (未決着、勝敗なし)").In(lang)
	}
	w, lv, _ := game.Outcome(g.State.VP)
	if lv == game.Draw {
		return fmt.Sprintf(i18n.T("%s (15.1)", "%s (15.1)").In(lang), lv.Name().In(lang))
	}
	return fmt.Sprintf(i18n.T("%s %s (15.1)", "%sの%s (15.1)").In(lang), w.Name().In(lang), lv.Name().In(lang))
}

func storyText(b *Bot, g *games.Game, st story.Story, lang i18n.Lang) string {
	var sb strings.Builder
	last := st.ByTurn[len(st.ByTurn)-1]
	fmt.Fprintf(&sb, i18n.T("**The story of game #%d**: VP German %d, Allied %d: %s.\n", "**ゲーム #%d の記録**: VP 独軍 %d、連合軍 %d: %s。\n").In(lang),
		g.ID, last.VP[units.German], last.VP[units.Allied], endingText(g, lang))
	for _, side := range []units.Side{units.German, units.Allied} {
		var parts []string
		for _, t := range st.TypesLost(side) {
			parts = append(parts, fmt.Sprintf("%s %d", t.Name().In(lang), st.Losses[side][t]))
		}
		list := strings.Join(parts, i18n.T(", ", "、").In(lang))
		if list == "" {
			list = i18n.T("none", "なし").In(lang)
		}
		fmt.Fprintf(&sb, i18n.T("%s losses: %s eliminated (%s); %s broken down to take a loss.\n", "%sの損害: 除去 %s (%s)、損害のため分割した軍団 %s。\n").In(lang),
			side.Name().In(lang), i18n.Count(st.Lost(side), "unit", "units", "ユニット").In(lang), list, i18n.Count(st.BrokenDown[side], "corps", "corps", "個").In(lang))
	}
	if len(st.Fortresses) > 0 {
		var parts []string
		for _, f := range st.Fortresses {
			name := f.Hex.String()
			if x, ok := b.Map.Hex(f.Hex); ok && x.Name != "" {
				name = placeName(x, lang)
			}
			turn := f.Turn.String()
			if lang == i18n.JA {
				turn = f.Turn.Japanese()
			}
			how := i18n.Sprintf(i18n.T("%s fortress destroyed", "%sの要塞が破壊"), f.Owner.Name())
			if f.Abandoned {
				how = i18n.Sprintf(i18n.T("abandoned by the %s", "%sが放棄"), f.Owner.Name())
			}
			parts = append(parts, fmt.Sprintf(i18n.T("%s (%s, %s)", "%s (%s、%s)").In(lang), name, turn, how.In(lang)))
		}
		fmt.Fprintf(&sb, i18n.T("Fortresses fallen: %s.\n", "陥落した要塞: %s。\n").In(lang), strings.Join(parts, i18n.T("; ", "、").In(lang)))
	} else {
		sb.WriteString(i18n.T("No fortress fell.\n", "陥落した要塞はありません。\n").In(lang))
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		sb.WriteString(diceSentence(side, st.Dice[side], lang))
		sb.WriteString("\n")
	}
	return sb.String()
}

// diceSentence says plainly how a side's dice fell against fair dice.
func diceSentence(side units.Side, d story.Dice, lang i18n.Lang) string {
	n := len(d.Rolls)
	if n == 0 {
		return fmt.Sprintf(i18n.T("The %s side rolled no die for attacks, sieges or the Russian Front.", "%s側は攻撃・攻城・ロシア戦線のダイスを振りませんでした。").In(lang), side.Name().In(lang))
	}
	p := d.Percentile()
	var how i18n.Text
	switch {
	case p < 5:
		how = i18n.Sprintf(i18n.T("unlucky: fair dice do worse only about 1 game in %d", "不運: 公正なダイスでこれより悪いのは約 %d 局に1局"), int(math.Round(100/p)))
	case p < 25:
		how = i18n.T("somewhat unlucky, as often happens", "やや不運 (よくある範囲)")
	case p <= 75:
		how = i18n.T("ordinary luck", "ごく普通の運")
	case p <= 95:
		how = i18n.T("somewhat lucky, as often happens", "やや幸運 (よくある範囲)")
	default:
		how = i18n.Sprintf(i18n.T("lucky: fair dice do better only about 1 game in %d", "幸運: 公正なダイスでこれより良いのは約 %d 局に1局"), int(math.Round(100/(100-p))))
	}
	return fmt.Sprintf(i18n.T("%s dice (attacks, sieges, Russian Front, where higher is better): mean %.2f over %s (fair dice average 3.50); better than %.0f%% of fair dice rolled as often: %s.",
		"%sのダイス (攻撃・攻城・ロシア戦線。大きいほど有利): 平均 %.2f (%s。公正なダイスの平均は 3.50)。同じ回数を公正なダイスで振った場合の %.0f%% より良い出目: %s。").In(lang),
		side.Name().In(lang), d.Mean(), i18n.Count(n, "roll", "rolls", "回").In(lang), p, how.In(lang))
}

// storyAtEnd is the story posted in the game's channel when it ends, in
// the reader's language (the console's one reader) or in each of the
// players' languages; nothing when the game cannot be read back.
func (b *Bot) storyAtEnd(ctx context.Context, id int64, channel string, langs []i18n.Lang) []Message {
	if id == 0 || b.Store == nil {
		return nil
	}
	g, err := b.games.LoadStored(ctx, id)
	if err != nil || g.Running() {
		return nil
	}
	if b.Reader != "" {
		langs = []i18n.Lang{b.Reader}
	}
	st, err := storyOf(g)
	if err != nil {
		b.Log.Warn("story: a finished game's story", "game", id, "err", err)
		return nil
	}
	var out []Message
	for _, l := range langs {
		m := b.storyMessage(g, st, l)
		m.Target = channel
		out = append(out, m)
	}
	return out
}

// storiesOf are the stories of the games the reports ended (a report whose
// segment ended the game).
func (b *Bot) storiesOf(ctx context.Context, reports []games.SegmentReport) []Message {
	var out []Message
	for _, r := range reports {
		if r.After.Over {
			out = append(out, b.storyAtEnd(ctx, r.Game, r.Channel, r.Langs)...)
		}
	}
	return out
}
