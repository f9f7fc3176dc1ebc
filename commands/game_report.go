package commands

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/render/fromgame"
)

// segmentPost is what the end of a segment tells: the public account and
// map for the game's thread, each side's own map for its private thread.
// It is built under the table's lock from views (never the whole state);
// the maps are drawn after, outside it.
type segmentPost struct {
	Game     int64
	Channel  string
	Threads  map[units.Side]string
	Ended    i18n.Text // the segment that ended
	Before   game.View // the public view when the segment began
	After    game.View // the public view now
	Public   []game.Event
	Own      [2][]game.Event // each side's own events of the segment (its trails)
	State    *game.State     // only ever passed to fromgame.For with a viewer
	Mention  string
	Deadline time.Time
	// Langs are the languages the game's players read (as they joined);
	// the public account is written in each, the asker's first.
	Langs []i18n.Lang
}

// segmentEnded captures the segment that the order just applied ended
// (g.State is the state after it; g.SegStart and g.Seg the segment's).
func (g *running) segmentEnded(now time.Time) segmentPost {
	p := segmentPost{Game: g.ID, Channel: g.Channel, State: g.State, Threads: map[units.Side]string{},
		Before: g.SegStart.ViewFor(game.PublicView), After: g.State.ViewFor(game.PublicView), Mention: g.mention(g.State.ToMove())}
	st := g.SegStart
	p.Ended = i18n.T(fmt.Sprintf("%s, %s %s", st.Turn, st.ToMove().Name().EN, st.Step.Name().EN),
		fmt.Sprintf("%s %s %s", st.Turn.Japanese(), st.ToMove().Name().JA, st.Step.Name().JA))
	for _, so := range g.Seg {
		for _, e := range so.Events {
			if publicEvent(e.Kind) {
				p.Public = append(p.Public, e)
			} else if e.Side == units.German || e.Side == units.Allied {
				p.Own[e.Side] = append(p.Own[e.Side], e)
			}
		}
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		if th := g.Meta["thread:"+side.String()]; th != "" {
			p.Threads[side] = th
		}
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.JA} {
		for k, v := range g.Meta {
			if strings.HasPrefix(k, "lang:") && v == string(l) && !slices.Contains(p.Langs, l) {
				p.Langs = append(p.Langs, l)
			}
		}
	}
	if g.SegmentHours > 0 && g.State.Step != game.GameOver {
		p.Deadline = now.Add(time.Duration(g.SegmentHours) * time.Hour)
	}
	return p
}

// account is the public account of a segment: which hexes each side's
// stacks entered and left (what anyone watching the board sees), the
// combats with odds, die and result, losses, the random events and VP.
// It is made from public views and public events only.
func (p segmentPost) account(l i18n.Lang) string {
	var b strings.Builder
	fmt.Fprintf(&b, i18n.T("**Segment ended: %s**\n", "**セグメント終了: %s**\n").In(l), p.Ended.In(l))
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
		fmt.Fprintf(&b, i18n.T("The game is over. Seed (now revealed; docs/dice.md shows how anyone checks every roll with it): %d; commitment %s.\n", "ゲーム終了。シード (公開。全ダイスの検証方法は docs/dice.md): %d、コミットメント %s。\n").In(l), p.After.Seed, p.After.Commitment)
		return strings.TrimRight(b.String(), "\n")
	}
	next := p.After.ToMove.Name().In(l)
	fmt.Fprintf(&b, i18n.T("▶ Next: %s, %s — %s player", "▶ 次: %s %s — %s").In(l), turnName(p.After, l), p.After.Step.Name().In(l), next)
	if p.Mention != "" {
		b.WriteString(" " + p.Mention)
	}
	if !p.Deadline.IsZero() {
		fmt.Fprintf(&b, i18n.T(", by <t:%d:f>", "、期限 <t:%d:f>").In(l), p.Deadline.Unix())
	}
	return b.String()
}

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

// segmentMessages turns a segment's end into messages: the public account
// with the public map for the game's thread, each side's own map for its
// private thread. Maps are drawn at most len(t.renders) at a time.
func (t *table) segmentMessages(l i18n.Lang, p segmentPost) []Message {
	// The account in the asker's language, then in the others the players
	// read: a mixed table reads it each in his own.
	text := p.account(l)
	for _, other := range p.Langs {
		if other != l {
			text += "\n\n" + p.account(other)
		}
	}
	pub := Message{Text: text, Target: p.Channel}
	if png := t.draw(l, p.State, p.Public, render.Public); png != nil {
		pub.Files = []File{{Name: "map.png", ContentType: "image/png", Data: png}}
	}
	out := []Message{pub}
	for _, side := range []units.Side{units.German, units.Allied} {
		th := p.Threads[side]
		if th == "" {
			continue
		}
		m := Message{Target: th, Text: fmt.Sprintf(i18n.T("Your side's map after %s (private view, 14.1).", "%s 後の自軍マップ (非公開, 14.1)。").In(l), p.Ended.In(l))}
		own := append(append([]game.Event(nil), p.Own[side]...), p.Public...)
		if png := t.draw(l, p.State, own, render.ViewerOf(side)); png != nil {
			m.Files = []File{{Name: "map-" + side.String() + ".png", ContentType: "image/png", Data: png}}
		}
		out = append(out, m)
	}
	return out
}

// draw renders a viewer's situation as PNG, waiting for a render slot;
// nil when maps are off or drawing fails (the account goes without it).
func (t *table) draw(l i18n.Lang, s *game.State, last []game.Event, viewer render.Viewer) []byte {
	if t.noMaps || t.b.Map == nil || s == nil {
		return nil
	}
	t.renders <- struct{}{}
	defer func() { <-t.renders }()
	r, err := t.pics.renderer(t.b.Map, l, false)
	if err != nil {
		t.b.Log.Error("segment map renderer", "err", err)
		return nil
	}
	sit := fromgame.For(s, last, viewer)
	png, err := r.DrawSituation(&sit, nil)
	if err != nil {
		t.b.Log.Error("segment map", "err", err)
		return nil
	}
	return png
}
