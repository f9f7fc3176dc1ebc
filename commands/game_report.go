package commands

import (
	"fmt"
	"sort"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/turn"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
)

// account is the public account of a segment: which hexes each side's
// stacks entered and left (what anyone watching the board sees), the
// combats with odds, die and result, losses, the random events and VP.
// It is made from public views and public events only.
func account(p games.SegmentReport, l i18n.Lang, next bool, mention string) string {
	var b strings.Builder
	fmt.Fprintf(&b, i18n.T("**Segment ended: %s**\n", "**セグメント終了: %s**\n").In(l), p.Ended.In(l))
	if p.Practice != "" {
		b.WriteString(practiceNote(p.Practice).In(l) + "\n")
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		before, after := stackHexes(p.Before, side), stackHexes(p.After, side)
		entered, left := diffHexes(after, before), diffHexes(before, after)
		if len(entered) > 0 {
			fmt.Fprintf(&b, i18n.T("%s stacks now stand in %s.\n", "%sのスタックが %s に入りました。\n").In(l), side.Name().In(l), joinHexes(entered, 30))
		}
		if len(left) > 0 {
			fmt.Fprintf(&b, i18n.T("%s stacks left %s.\n", "%sのスタックが %s から去りました。\n").In(l), side.Name().In(l), joinHexes(left, 30))
		}
	}
	var shown int
	for _, e := range p.Public {
		switch e.Kind {
		case game.EvTurn, game.EvMarkersOff, game.EvEventPhase, game.EvSetupDone, game.EvStep:
			continue // the status line says where the game stands
		}
		if shown == 40 {
			fmt.Fprintf(&b, i18n.T("… and %d more.\n", "… ほか %d 件。\n").In(l), len(p.Public)-shown)
			break
		}
		b.WriteString(e.Text.In(l) + "\n")
		shown++
	}
	if shown == 0 && b.Len() > 0 && !strings.Contains(b.String(), "\n") {
		b.WriteString(i18n.T("Nothing the public can see happened.\n", "公開情報に変化はありません。\n").In(l))
	}
	fmt.Fprintf(&b, i18n.T("VP: German %d, Allied %d.\n", "VP: 独軍 %d、連合軍 %d。\n").In(l), p.After.VP[0], p.After.VP[1])
	if p.After.Over {
		fmt.Fprintf(&b, i18n.T("The game is over. Seed (now revealed; docs/dice.md shows how anyone checks every roll with it): %s; commitment %s.\n",
			"ゲーム終了。シード (公開。全ダイスの検証方法は docs/dice.md): %s、コミットメント %s。\n").In(l), p.After.Key, p.After.Commitment)
		return strings.TrimRight(b.String(), "\n")
	}
	if !next {
		return strings.TrimRight(b.String(), "\n")
	}
	fmt.Fprintf(&b, i18n.T("▶ Next: %s, %s — %s player", "▶ 次: %s %s — %s").In(l), turnName(p.After, l), p.After.Step.Name().In(l), p.After.ToMove.Name().In(l))
	if mention != "" {
		b.WriteString(" " + mention)
	}
	if !p.Deadline.IsZero() {
		fmt.Fprintf(&b, i18n.T(", by <t:%d:f>", "、期限 <t:%d:f>").In(l), p.Deadline.Unix())
	}
	return b.String()
}

// turnText is a game turn as each language writes it: "Aug III", "8月III".
func turnText(t turn.Turn) i18n.Text { return i18n.T(t.String(), t.Japanese()) }

func turnName(v game.View, l i18n.Lang) string {
	if l == i18n.JA {
		return v.Turn.Japanese()
	}
	return v.Turn.String()
}

func stackHexes(v game.View, side units.Side) map[hex.Hex]bool {
	out := map[hex.Hex]bool{}
	for _, st := range v.Stacks {
		if st.Side == side {
			out[st.At] = true
		}
	}
	return out
}

func diffHexes(a, b map[hex.Hex]bool) []hex.Hex {
	var out []hex.Hex
	for h := range a {
		if !b[h] {
			out = append(out, h)
		}
	}
	sort.Slice(out, func(i, j int) bool { return hex.Less(out[i], out[j]) })
	return out
}
