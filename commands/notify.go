package commands

import (
	"time"

	"fmt"
	"strings"

	"rtrbot/engine/game"
	"rtrbot/engine/scenario"
	"rtrbot/engine/units"
	"rtrbot/games"
	"rtrbot/i18n"
	"rtrbot/render"
	"rtrbot/render/fromgame"
)

// Notification discipline. A game's thread is read by people
// who play over days: it must not flood, and a notification must mean
// "this is for you". What the end of a segment posts:
//
//   - always: the game's status message, pinned at the top of its thread,
//     edited in place (an edit notifies no one);
//   - a new post with the public map when the player turn passes to the
//     other side (the map that ends a game turn serves the pass to the
//     Germans too) or the game ends, mentioning only the players now to
//     move; again after the event phase only if the event changed the map;
//   - for the combats of a segment, a line each with its result and a crop
//     of the fight, without a whole map;
//   - a short text account for other segments in which something public
//     happened; nothing at all after a segment in which nothing did;
//   - in a side's private thread, its own map when its player turn begins.
//
// A table that wants more sets /game settings maps:segment: a public map
// after every segment, as before. Owed decisions (retreats) are told at
// once to their side (owedRetreats), apart from all this.

// statusMarker begins a game's status message: the adapter finds the
// message to edit by it, so it names the game and never changes.
func statusMarker(id int64) string { return fmt.Sprintf("📌 rtrbot #%d", id) }

// minorKinds are public events that say where the game stands rather
// than what happened on the board: the status message shows them, a post
// is never made for them alone.
var minorKinds = map[game.EventKind]bool{
	game.EvTurn: true, game.EvMarkersOff: true, game.EvEventPhase: true, game.EvSetupDone: true,
	game.EvStep: true, game.EvRoll: true, game.EvCommand: true, game.EvDue: true, game.EvWithdrawDone: true,
}

// boardKinds change what the public map shows.
var boardKinds = map[game.EventKind]bool{
	game.EvEliminated: true, game.EvFortress: true, game.EvAbandoned: true, game.EvWithdrawn: true,
	game.EvReinforced: true, game.EvRetreated: true, game.EvBrokenDown: true, game.EvSplit: true,
	game.EvMerged: true, game.EvEntrenched: true, game.EvMobile: true, game.EvRemoved: true,
}

// segmentNews sums up what a segment's end tells the public.
type segmentNews struct {
	// Happened is true when something public happened: a stack entered
	// or left a hex, or an event other than bookkeeping.
	Happened bool
	// BoardChanged is true when the public map is not the one before.
	BoardChanged bool
	// Passed is true when the game now waits for the other side (the
	// player turn passed, the Allies roll the event, a new game turn's
	// Germans begin) or ended: the moment to notify, and only then.
	Passed bool
	// TurnEnded is true when a game turn ended (a new one began) and
	// Begins when the setup is over: each gets the public map.
	TurnEnded, Begins bool
	Combats           []game.Event
	GameOver          bool
}

// mover is the side the game waits for, a retreat owed aside (a retreat
// is an owed decision, told apart: owedRetreats).
func mover(v game.View) units.Side {
	if len(v.Retreats) > 0 {
		return v.Player
	}
	return v.ToMove
}

func newsOf(p games.SegmentReport) segmentNews {
	var n segmentNews
	for _, side := range []units.Side{units.German, units.Allied} {
		before, after := stackHexes(p.Before, side), stackHexes(p.After, side)
		if len(diffHexes(after, before)) > 0 || len(diffHexes(before, after)) > 0 {
			n.Happened, n.BoardChanged = true, true
		}
	}
	for _, e := range p.Public {
		if !minorKinds[e.Kind] {
			n.Happened = true
		}
		if boardKinds[e.Kind] || e.Kind == game.EvCombat {
			n.BoardChanged = true
		}
		if e.Kind == game.EvCombat && len(e.Hexes) > 0 {
			n.Combats = append(n.Combats, e)
		}
	}
	n.GameOver = p.After.Over
	n.TurnEnded = p.Before.Turn != p.After.Turn
	n.Begins = p.Before.Step == game.SetupStep && p.After.Step != game.SetupStep
	n.Passed = mover(p.Before) != mover(p.After) || n.GameOver
	if n.GameOver {
		n.Happened = true
	}
	return n
}

// withMap says whether a segment's post carries the whole public map: at
// the end of a game turn, when the game begins or ends, when the game
// passes to the other side (but the pass to the Germans after the event
// phase, whose map is the one that ended the game turn, unless the event
// changed it), and after every segment when the table asked for that.
func (n segmentNews) withMap(p games.SegmentReport) bool {
	switch {
	case p.EveryMap, n.TurnEnded, n.Begins, n.GameOver:
		return true
	case p.Before.Step == game.EventStep:
		return n.BoardChanged
	}
	return n.Passed
}

// segmentMessages are the posts of one segment's end (the status message
// aside: statusMessage). Nothing for a segment in which nothing public
// happened, unless it passes the game to the other side.
func (b *Bot) segmentMessages(l i18n.Lang, p games.SegmentReport) []Message {
	n := newsOf(p)
	withMap := n.withMap(p)
	var out []Message
	if withMap || n.Happened || n.Passed {
		// The side now awaited is mentioned once, and only when the game
		// passed to it (not the player who just ended his own segment).
		who := ""
		if n.Passed && !n.GameOver {
			who = seatMentions(p.Seats[p.After.ToMove], l)
		}
		next := n.Passed || n.TurnEnded || n.Begins
		text := account(p, l, next, who)
		for _, other := range p.Langs {
			if other != l && b.Reader == "" { // the console has one reader
				text += "\n\n" + account(p, other, next, "")
			}
		}
		pub := Message{Text: text, Target: p.Channel}
		if withMap {
			if png := b.draw(l, p.Scenario, p.After, p.Counters, p.Public, nil); png != nil {
				pub.Files = append(pub.Files, File{Name: "map.png", ContentType: "image/png", Data: png})
			}
		}
		// A crop of each fight, at most nine beside the map (ten files a
		// message on Discord).
		for k, c := range n.Combats {
			if len(pub.Files) >= 10 {
				break
			}
			at := c.Hexes[0]
			if c.Combat != nil {
				at = c.Combat.Defender
			}
			if png := b.draw(l, p.Scenario, p.After, p.Counters, p.Public, &render.Crop{Center: at, Radius: 2}); png != nil {
				pub.Files = append(pub.Files, File{Name: fmt.Sprintf("combat-%d-%s.png", k+1, at), ContentType: "image/png", Data: png})
			}
		}
		out = append(out, pub)
	}
	for _, side := range []units.Side{units.German, units.Allied} {
		th := p.Threads[side]
		if th == "" || n.GameOver {
			continue
		}
		// A side's own map when its player turn begins: the game passed
		// to it (the event phase aside: the Allies roll in the Germans'
		// turn), or the setup is over and it moves first; or after every
		// segment, when the table asked for that.
		begins := (n.Passed || n.Begins) && mover(p.After) == side && p.After.Step != game.EventStep
		if !begins && !p.EveryMap {
			continue
		}
		langs := p.SideLangs[side]
		if len(langs) == 0 {
			langs = []i18n.Lang{l}
		}
		var caption []string
		for _, sl := range langs {
			if begins {
				caption = append(caption, fmt.Sprintf(i18n.T("Your player turn begins (%s, %s): your side's map (private view, 14.1).",
					"あなたのプレイヤーターンです (%s %s): 自軍マップ (非公開, 14.1)。").In(sl), turnName(p.After, sl), p.After.Step.Name().In(sl)))
			} else {
				caption = append(caption, fmt.Sprintf(i18n.T("Your side's map after %s (private view, 14.1).", "%s後の自軍マップ (非公開、14.1)。").In(sl), p.Ended.In(sl)))
			}
		}
		m := Message{Target: th, Text: strings.Join(caption, "\n")}
		own := append(append([]game.Event(nil), p.Own[side]...), p.Public...)
		if png := b.draw(l, p.Scenario, p.Sides[side], p.Counters, own, nil); png != nil {
			m.Files = []File{{Name: "map-" + side.String() + ".png", ContentType: "image/png", Data: png}}
		}
		out = append(out, m)
	}
	return out
}

// statusMessage is the game's dashboard after the last of the reports
// (edited in place in the game's thread; Message.Pin): where the game
// stands, who is to move and by when, VP, options, and the public events
// of the last segment in which something happened (recent, from the
// reports of this command; older ones are in /game log).
func statusMessage(l i18n.Lang, reports []games.SegmentReport) (Message, bool) {
	if len(reports) == 0 || reports[len(reports)-1].Channel == "" {
		return Message{}, false
	}
	p := reports[len(reports)-1]
	langs := []i18n.Lang{l}
	for _, o := range p.Langs {
		if o != l {
			langs = append(langs, o)
		}
	}
	var recent []game.Event
	var ended i18n.Text
	for k := len(reports) - 1; k >= 0 && recent == nil; k-- {
		for _, e := range reports[k].Public {
			if !minorKinds[e.Kind] {
				recent = append(recent, e)
			}
		}
		ended = reports[k].Ended
	}
	var b strings.Builder
	b.WriteString(statusMarker(p.Game) + "\n")
	for i, sl := range langs {
		if i > 0 {
			b.WriteString("\n")
		}
		v := p.After
		if v.Over {
			fmt.Fprintf(&b, i18n.T("**Game over** — VP: German %d, Allied %d.\n", "**ゲーム終了** — VP: 独軍 %d、連合軍 %d。\n").In(sl), v.VP[0], v.VP[1])
		} else {
			fmt.Fprintf(&b, "**%s** — %s\n", turnName(v, sl), v.Phase().In(sl))
			who := seatNames(p.Seats[v.ToMove], sl)
			if who == "" {
				who = i18n.T("no player yet: /game join", "プレイヤー未定: /game join").In(sl)
			}
			fmt.Fprintf(&b, i18n.T("To move: %s (%s)", "手番: %s (%s)").In(sl), v.ToMove.Name().In(sl), who)
			if !p.Deadline.IsZero() {
				fmt.Fprintf(&b, i18n.T(", by <t:%d:f> (<t:%d:R>)", "、期限 <t:%d:f> (<t:%d:R>)").In(sl), p.Deadline.Unix(), p.Deadline.Unix())
			}
			b.WriteString("\n")
			if len(v.Retreats) > 0 {
				fmt.Fprintf(&b, i18n.T("Waiting for retreats (9.4): %s\n", "退却待ち (9.4): %s\n").In(sl), strings.Join(v.Retreats, " "))
			}
			fmt.Fprintf(&b, i18n.T("VP: German %d, Allied %d", "VP: 独軍 %d、連合軍 %d").In(sl), v.VP[0], v.VP[1])
			if v.BadWeather {
				b.WriteString(i18n.T(" · bad weather", " · 悪天候").In(sl))
			}
			b.WriteString("\n")
		}
		if len(p.Options) > 0 {
			fmt.Fprintf(&b, i18n.T("Options in force: %s\n", "適用中のオプション: %s\n").In(sl), strings.Join(p.Options, " "))
		}
		if len(recent) > 0 {
			fmt.Fprintf(&b, i18n.T("Last public events (%s):\n", "直近の公開イベント (%s):\n").In(sl), ended.In(sl))
			for k, e := range recent {
				if k == 6 {
					fmt.Fprintf(&b, i18n.T("… and %d more: /game log\n", "… ほか %d 件: /game log\n").In(sl), len(recent)-k)
					break
				}
				b.WriteString("· " + e.Text.In(sl) + "\n")
			}
		}
		b.WriteString(i18n.T("The whole account: /game log · the situation: /map", "全記録: /game log · 状況: /map").In(sl) + "\n")
	}
	text := strings.TrimRight(b.String(), "\n")
	if len([]rune(text)) > 1900 { // one Discord message: trim the recent events first
		text = string([]rune(text)[:1900]) + "…"
	}
	return Message{Target: p.Channel, Pin: statusMarker(p.Game), Text: text}, true
}

// draw renders a view as PNG, with the trails and combats of last, the
// whole map or a crop, waiting for a render slot; nil when maps are off
// or drawing fails (the account goes without it).
func (b *Bot) draw(l i18n.Lang, sc scenario.Scenario, v game.View, counters *units.Set, last []game.Event, crop *render.Crop) (png []byte) {
	if b.noMaps || b.Map == nil || counters == nil {
		return nil
	}
	b.waitRender()
	defer func() { <-b.renders }()
	// A drawing bug costs the picture, not the account: the post goes out
	// without its map, and the game is not at fault.
	defer func() {
		if p := recover(); p != nil {
			b.Log.Error("drawing a segment map panicked; posted without it", "panic", p)
			png = nil
		}
	}()
	r, err := b.pics.renderer(b.Map, l, crop != nil)
	if err != nil {
		b.Log.Error("segment map renderer", "err", err)
		return nil
	}
	sit := fromgame.FromView(v, counters, last)
	if sc.Last != 0 {
		fromgame.WithScenario(&sit, sc) // the turn track ends where the scenario does
	}
	png, err = b.maps.situation(b.Map, l, "situation", &sit, crop, func() ([]byte, error) { return r.DrawSituation(&sit, crop) })
	if err != nil {
		b.Log.Error("segment map", "err", err, "crop", crop != nil)
		return nil
	}
	return png
}

// statusNow is the status message of a game as it stands, for the moments
// no segment ends: a new game's thread, a player joining.
func statusNow(req *Request, g *games.Game) (Message, bool) {
	if g == nil || g.State == nil || g.SegStart == nil || g.Channel == "" {
		return Message{}, false
	}
	r := g.SegmentEnded(req.Now)
	r.Public = nil // nothing happened: the status only
	// and the segment's deadline is the one it has, not one counted from now
	r.Deadline = time.Time{}
	if g.State.Step != game.GameOver {
		r.Deadline = g.Deadline
	}
	return statusMessage(req.Lang, []games.SegmentReport{r})
}
