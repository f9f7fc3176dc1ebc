package game

import (
	"sort"

	"rtrbot/engine/tables"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Random events (5.0): from GT 2 the Allies roll two dice read as 11-66 in
// the event phase and the row of the events table applies. Events may
// happen more than once unless the table says otherwise.

// EventState is what the random events leave in force (5.0).
type EventState struct {
	// Panic: the side's units are all out of command in its second impulse
	// this turn (events 21, 22).
	Panic [2]bool
	// Surge: the side rolls for extra reserve/Landwehr divisions in its
	// reinforcement phase this turn (events 23, 24).
	Surge [2]bool
	// Colonial: this turn's Allied reinforcements lose 2 attack (event 25).
	Colonial bool
	// Italy is 0 before event 26 took effect, 1 on the turn it did (the
	// Italians arrive), 2 afterwards.
	Italy int
}

// ReserveOrLandwehr is a due of reserve or Landwehr divisions in any
// combination (events 23, 24).
const ReserveOrLandwehr units.Type = "reserve-or-landwehr"

// randomEvent is the event phase (3.0 A, 5.0).
func (s *State) randomEvent(evs *[]Event) {
	// The turn's event effects of the last turn are over.
	s.Sight.Intel, s.Events.Panic, s.Events.Surge, s.Events.Colonial = [2]bool{}, [2]bool{}, [2]bool{}, false
	if s.Events.Italy == 1 {
		s.Events.Italy = 2
	}
	tens := s.roll(units.Allied, i18n.T("the random event (tens)", "ランダムイベント (十の位)"), evs)
	ones := s.roll(units.Allied, i18n.T("the random event (units)", "ランダムイベント (一の位)"), evs)
	reading := 10*tens + ones
	s.applyEvent(reading, evs)
}

// violated reports whether the Germans have violated Belgian or Dutch
// neutrality (event 26): they do at the start unless 18.1(5) keeps
// Belgium neutral; 18.1(7) invades the Netherlands.
func (s *State) violated() bool {
	return !s.Option(OptNoBelgium) || s.Option(OptInvadeNetherlands)
}

// applyEvent applies the events table row of a reading 11..66.
func (s *State) applyEvent(reading int, evs *[]Event) {
	tri := func(b bool) tables.Tri {
		if b {
			return tables.Yes
		}
		return tables.No
	}
	res, err := Tables().Event(reading, tables.EventConditions{Month: tables.Month(8 + s.Turn.Month()), Violated: tri(s.violated()), RussiaSettled: tri(s.Russia.Settled)})
	if err != nil {
		return
	}
	row := res.Row
	if res.Applies == tables.No || (row.ID == "italy" && s.Events.Italy > 0) {
		// Autumn weather in August, Italy after a violation (or a second
		// time, docs/rulings.md C11), the Russian Front once settled.
		*evs = append(*evs, Event{Kind: EvRandom, Side: units.Allied, N: reading, Units: []string{row.ID},
			Text: tr("Random event %d: %s, which counts as no event now (5.0).", "ランダムイベント %d: %s。現在は「イベントなし」とみなします (5.0)。", reading, row.Name)})
		return
	}
	*evs = append(*evs, Event{Kind: EvRandom, Side: units.Allied, N: reading, Units: []string{row.ID},
		Text: tr("Random event %d: %s — %s", "ランダムイベント %d: %s — %s", reading, row.Name, row.Text)})
	switch row.ID {
	case "bad-weather", "autumn-weather":
		s.BadWeather = true
	case "german-counterintelligence":
		s.Sight.Intel[units.German] = true
	case "allied-counterintelligence":
		s.Sight.Intel[units.Allied] = true
	case "german-panic":
		s.Events.Panic[units.German] = true
	case "allied-panic":
		s.Events.Panic[units.Allied] = true
	case "german-surge":
		s.Events.Surge[units.German] = true
	case "french-surge":
		s.Events.Surge[units.Allied] = true
	case "colonial-situation":
		s.Events.Colonial = true
	case "italy":
		s.Events.Italy = 1
	case "entrenchment":
		s.Entrenching = true
	case "russian-front":
		s.russianFront(evs)
	}
}

// eventCounter reports whether a counter that enters by a random event may
// come into play (the Italians once event 26 has happened).
func (s *State) eventCounter(c *units.Counter) bool {
	return c.Nation == units.IT && s.Events.Italy > 0
}

// eventReinforcements adds what the events do to this reinforcement phase:
// the surges (23, 24), the colonial situation (25), Italy (26) and the
// units back from the Russian Front (14.3).
func (s *State) eventReinforcements(evs *[]Event) {
	if s.Option(OptWorkersUnite) {
		return
	}
	p := s.Player
	if s.Events.Surge[p] {
		s.Events.Surge[p] = false
		nation := units.DE
		what := i18n.T("Deutschland über alles! (event 23)", "世界に冠たるドイツ! (イベント 23)")
		if p == units.Allied {
			nation = units.FR
			what = i18n.T("la patrie en danger (event 24)", "祖国は危機にあり! (イベント 24)")
		}
		d := s.roll(p, what, evs)
		s.Dues = append(s.Dues, Due{Nation: nation, Type: ReserveOrLandwehr, DE: d})
		*evs = append(*evs, Event{Kind: EvDue, Side: p, N: d, Text: tr("%s: %d more %s reserve or Landwehr divisions this turn (5.0).", "%[1]s: 今ターン%[3]s予備または後備師団を %[2]d 個追加 (5.0)。", what, d, nation.Name())})
	}
	if p == units.Allied && s.Events.Colonial {
		s.Events.Colonial = false
		if cut := s.cutDues(nil, 2); cut != "" {
			*evs = append(*evs, Event{Kind: EvDue, Side: p, Text: tr("Colonial situation (event 25): this turn's Allied reinforcements lose %s.", "植民地の状況 (イベント 25): 今ターンの連合軍増援から %s を減少。", cut)})
		}
	}
	if p == units.Allied && s.Events.Italy > 0 {
		if cut := s.cutDues([]units.Nation{units.FR}, 2); cut != "" {
			*evs = append(*evs, Event{Kind: EvDue, Side: p, Text: tr("Italy at war (event 26): the French reinforcements lose %s.", "伊参戦 (イベント 26): 仏軍増援から %s を減少。", cut)})
		}
	}
	if p == units.German && s.Events.Italy == 1 {
		for _, d := range []Due{{Nation: units.IT, Type: units.HQ, DE: 1}, {Nation: units.IT, Type: units.Active, DE: 5}, {Nation: units.IT, Type: units.Cavalry, DE: 2}} {
			s.Dues = append(s.Dues, d)
		}
		*evs = append(*evs, Event{Kind: EvDue, Side: p, Text: tr("Italy joins the Central Powers (event 26): an HQ, two active corps, an active division and two cavalry divisions arrive.", "伊が独陣営で参戦 (イベント 26): HQ、現役軍団 x2、現役師団 x1、騎兵師団 x2 が登場。")})
	}
	if p == units.German && s.Russia.Return > 0 {
		s.russiaReturn(evs)
	}
}

// cutDues takes division-equivalents worth at least attack strength from
// this phase's dues of the nations given (all when nil), weakest divisions
// first (docs/rulings.md C12), and says what went.
func (s *State) cutDues(nations []units.Nation, attack int) string {
	removed := 0
	var what []string
	for removed < attack {
		best, bestAtt := -1, 0
		for k, d := range s.Dues {
			if d.DE <= 0 || d.Type == units.HQ || (nations != nil && !nationIn(d.Nation, nations)) {
				continue
			}
			a := s.divisionAttack(d)
			if a > 0 && (best < 0 || a < bestAtt) {
				best, bestAtt = k, a
			}
		}
		if best < 0 {
			break
		}
		s.Dues[best].DE--
		removed += bestAtt
		what = append(what, string(s.Dues[best].Nation)+" "+string(s.Dues[best].Type))
	}
	kept := s.Dues[:0]
	for _, d := range s.Dues {
		if d.DE > 0 {
			kept = append(kept, d)
		}
	}
	s.Dues = kept
	return joinIDs(what)
}

func nationIn(n units.Nation, list []units.Nation) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// divisionAttack is the attack strength of one division of a due.
func (s *State) divisionAttack(d Due) int {
	best := 0
	for _, c := range s.rules.Counters.All() {
		if group(c.Nation) != d.Nation || c.Size != units.Division {
			continue
		}
		if c.Type == d.Type || (d.Type == ReserveOrLandwehr && (c.Type == units.Reserve || c.Type == units.Landwehr)) || d.Type == AnyType {
			if best == 0 || c.Attack < best {
				best = c.Attack
			}
		}
	}
	return best
}

// panicCommand: with a headquarters panic (events 21, 22) every unit of
// the side is out of command in its second impulse.
func (s *State) panicCommand(evs *[]Event) {
	if !s.Events.Panic[s.Player] {
		return
	}
	var out []string
	for i := range s.Units {
		if s.Units[i].Box == OnMap && s.Counter(i).Side() == s.Player && !s.Units[i].OutOfCommand {
			s.Units[i].OutOfCommand = true
			out = append(out, s.Counter(i).ID)
		}
	}
	sort.Strings(out)
	*evs = append(*evs, Event{Kind: EvCommand, Side: s.Player, N: len(out), Units: out,
		Text: tr("Panic at headquarters (events 21, 22): every %s unit is out of command this second impulse.", "総司令部の恐慌 (イベント 21, 22): 今ターンの第2インパルスは全%sユニットが指揮不通。", s.Player.Name())})
}
