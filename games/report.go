package games

import (
	"slices"
	"strings"
	"time"

	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/scenario"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// SegmentReport is what the end of a segment tells: the public account
// and map for the game's thread, each side's own map for its private
// thread. It holds views and events only, never the game's state, so that
// whatever formats or draws it cannot see what a view hides
// (TestReportHoldsNoState walks its type).
type SegmentReport struct {
	Game    int64
	Channel string
	Threads map[units.Side]string
	Ended   i18n.Text // the segment that ended
	Before  game.View // the public view when the segment began
	After   game.View // the public view now
	// Sides are each side's own view now (German, Allied), for its map.
	Sides [2]game.View
	// Counters is the game's counter manifest (the printed values a
	// view's units are drawn with).
	Counters *units.Set
	Public   []game.Event
	Own      [2][]game.Event // each side's own events of the segment (its trails)
	Mention  string
	Deadline time.Time
	// Langs are the languages the game's players read (as they joined);
	// the public account is written in each, the asker's first.
	Langs []i18n.Lang
	// SideLangs are the languages each side's players read (German,
	// Allied), for the captions of their private threads.
	SideLangs [2][]i18n.Lang
	// Practice is the public dice seed of a practice game ("" otherwise):
	// every post of such a game says so.
	Practice string
	// Options are the options in force (public once revealed, 18.0).
	Options []string
	// EveryMap is the table's setting (/game settings maps:segment): a
	// public map after every segment, not only when the turn passes.
	EveryMap bool
	// Seats are the players of each side (the status message names them
	// in each reader's language, never mentions them: it never notifies).
	Seats [2][]Player
	// Scenario is the scenario played (its first and last turns for the
	// maps' turn track, 17.1): the views do not say it.
	Scenario scenario.Scenario
}

// MetaMaps is the game setting that asks for a public map after every
// segment ("segment"); anything else is the default ("turn": a map when
// the player turn passes and at the end of a game turn).
const MetaMaps = "maps"

// SegmentEnded is the report of the segment that the order just applied ended
// (g.State is the state after it; g.SegStart and g.Seg the segment's).
func (g *Game) SegmentEnded(now time.Time) SegmentReport {
	p := SegmentReport{Game: g.ID, Channel: g.Channel, Threads: map[units.Side]string{}, Practice: g.PracticeSeed(),
		Before: g.SegStart.ViewFor(game.PublicView), After: g.State.ViewFor(game.PublicView), Mention: g.Mention(g.State.ToMove()),
		Counters: g.State.Rules().Counters, Options: append([]string(nil), g.State.Options...), EveryMap: g.Meta[MetaMaps] == "segment",
		Scenario: g.State.Rules().Scenario}
	for _, side := range []units.Side{units.German, units.Allied} {
		p.Seats[side] = append([]Player(nil), g.PlayersOf(side)...)
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		p.Sides[side] = g.State.ViewFor(game.ViewerOf(side))
	}
	st := g.SegStart
	p.Ended = i18n.Sprintf(i18n.T("%s, %s %s", "%s、%sの%s"),
		i18n.T(st.Turn.String(), st.Turn.Japanese()), st.ToMove().Name(), st.Step.Name())
	// Which events the public reads is the engine's to say
	// (game.EventKind.Public); the rest is its side's own.
	for _, so := range g.Seg {
		for _, e := range so.Events {
			if e.Kind.Public() {
				p.Public = append(p.Public, e)
			} else if e.Side == units.German || e.Side == units.Allied {
				p.Own[e.Side] = append(p.Own[e.Side], e)
			}
		}
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		if th := g.Thread(side); th != "" {
			p.Threads[side] = th
		}
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.JA} {
		for k, v := range g.Meta {
			// A computer's seat reads no post: its language never adds one.
			if strings.HasPrefix(k, "lang:") && !IsBot(strings.TrimPrefix(k, "lang:")) && v == string(l) && !slices.Contains(p.Langs, l) {
				p.Langs = append(p.Langs, l)
			}
		}
		for _, side := range []units.Side{units.German, units.Allied} {
			for _, pl := range g.PlayersOf(side) {
				if !IsBot(pl.UserID) && g.Meta["lang:"+pl.UserID] == string(l) && !slices.Contains(p.SideLangs[side], l) {
					p.SideLangs[side] = append(p.SideLangs[side], l)
				}
			}
		}
	}
	if g.SegmentHours > 0 && g.State.Step != game.GameOver {
		p.Deadline = now.Add(time.Duration(g.SegmentHours) * time.Hour)
	}
	return p
}

// Reconnaissance is what the side to act saw of hex h by aerial
// reconnaissance this segment (14.12): the enemy units its own view shows
// there; looked is false when none of its HQs looked at h.
func (g *Game) Reconnaissance(h hex.Hex) (ids []string, looked bool) {
	side := g.State.Player
	for _, l := range g.State.Sight.Recon {
		looked = looked || (l.At == h && g.State.Counter(l.HQ).Side() == side)
	}
	if !looked {
		return nil, false
	}
	for _, st := range g.State.ViewFor(game.ViewerOf(side)).Stacks {
		if st.At == h && st.Side != side {
			for _, u := range st.Units {
				ids = append(ids, u.ID)
			}
		}
	}
	return ids, true
}
