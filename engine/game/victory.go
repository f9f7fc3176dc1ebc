package game

import (
	"slices"
	"sort"
	"sync"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Victory (15.0): VP as they happen (15.22: eliminations in combat.go,
// fortresses, Paris, the Rhine), at the end (15.23: cities held or last
// entered, French in Germany, Belgians in Belgium) and the level (15.1).

// VictoryState is what victory keeps between orders (15.22, 15.23).
type VictoryState struct {
	// Paris and Rhine: the one-time VP of 15.22 have been scored.
	Paris, Rhine bool
	// Held is, for each city hex that scores at the end (15.23), the side
	// whose units hold it or last entered it.
	Held []Hold
	// Scored: the end-of-game VP (15.23) have been added.
	Scored bool
}

// Hold says which side last entered a city hex (15.23).
type Hold struct {
	At   hex.Hex
	Side units.Side
}

// setHolder records that side entered city hex h; it reports a change.
func (x *VictoryState) setHolder(h hex.Hex, side units.Side) bool {
	for i, k := range x.Held {
		if k.At == h {
			if k.Side == side {
				return false
			}
			x.Held[i].Side = side
			return true
		}
	}
	x.Held = append(x.Held, Hold{h, side})
	sort.Slice(x.Held, func(i, j int) bool { return hex.Less(x.Held[i].At, x.Held[j].At) })
	return true
}

// paris are the three Paris hexes of 15.22/15.23.
var paris = []hex.Hex{{Col: 18, Row: 4}, {Col: 18, Row: 5}, {Col: 19, Row: 5}}

// Level is a victory level (15.1).
type Level int

const (
	Draw Level = iota
	Marginal
	Strategic
	Decisive
)

// levelNames name the victory levels of 15.1 for players.
var levelNames = map[Level]i18n.Text{
	Marginal:  i18n.T("limited victory", "限定的勝利"),
	Strategic: i18n.T("strategic victory", "戦略的勝利"),
	Decisive:  i18n.T("decisive victory", "決定的勝利"),
}

// Name is the victory level for players (no level: a draw).
func (l Level) Name() i18n.Text { return i18n.Named(levelNames, l, i18n.T("draw", "引分け")) }

func (l Level) String() string { return l.Name().EN }

// Outcome is the victory level of a VP difference (15.1): 0-50 a draw,
// 51-100 limited, 101-150 strategic, 151 and more decisive, for the side
// with more VP.
func Outcome(vp [2]int) (winner units.Side, level Level, margin int) {
	d := vp[units.German] - vp[units.Allied]
	winner = units.German
	if d < 0 {
		winner, d = units.Allied, -d
	}
	switch {
	case d >= 151:
		level = Decisive
	case d >= 101:
		level = Strategic
	case d >= 51:
		level = Marginal
	}
	return winner, level, d
}

// scoringHexes are the hexes worth VP to either side at the end (15.23),
// looked up after every order and computed once per Rules.
type scoringHexes struct {
	once  sync.Once
	marks marks
}

// scoringHex reports whether h is worth VP to either side at the end.
func (s *State) scoringHex(h hex.Hex) bool {
	r := s.rules
	r.scoring.once.Do(func() {
		r.scoring.marks = r.Map.Memo(scoringKey{}, func() any { return s.buildScoring() }).(marks)
	})
	return r.scoring.marks.has(h)
}

// scoringKey keeps the scoring hexes with the map (board.Map.Memo): they
// depend on the map alone, and are shared by every game's Rules.
type scoringKey struct{}

// buildScoring marks the hexes worth VP to either side at the end.
func (s *State) buildScoring() marks {
	// The hexes 15.23 names score for their side; any other hex scores
	// only if it is a city (board.CityVP), so the map's lookup, which
	// compares hex names, is asked only of cities.
	m, vp := s.newMarks(), s.rules.Map.CityVP
	for _, v := range board.VictoryHexes() {
		if _, on := s.hexAt(v.At); on && v.VP > 0 {
			m.set(v.At)
		}
	}
	for _, x := range s.allHexes() {
		if x.City && !m.has(x.At) && (vp(x.At, board.Germans) > 0 || vp(x.At, board.Allies) > 0) {
			m.set(x.At)
		}
	}
	return m
}

// afterOrder does what follows every order: the bookkeeping of segments,
// the event hooks of the phase just entered, the VP of 15.22 for Paris and
// the Rhine, the cities entered (15.23), and the end of the game.
func (n *State) afterOrder(prev *State, evs *[]Event) {
	newStep := prev.Step != n.Step || prev.Player != n.Player || prev.Turn != n.Turn
	if newStep {
		n.Combat.Attacked, n.Sight.Revealed, n.Sight.Recon = nil, nil, nil
		switch n.Step {
		case Reinforcement:
			n.eventReinforcements(evs)
		case Command:
			n.panicCommand(evs)
		}
	}
	n.trackEntries(*evs, evs)
	if n.Step == GameOver && !n.Victory.Scored {
		n.finalScore(evs)
	}
}

// trackEntries records the hexes units entered by this order's events and
// where units stand now: the city hexes of 15.23, Paris (15.22, +10 to the
// Germans the first time) and French crossings of the Rhine from west to
// east (15.22, +10 to the Allies the first time).
func (s *State) trackEntries(these []Event, evs *[]Event) {
	enter := func(side units.Side, h hex.Hex) {
		if s.scoringHex(h) {
			s.Victory.setHolder(h, side)
		}
		if side == units.German && !s.Victory.Paris && slices.Contains(paris, h) {
			s.Victory.Paris = true
			s.addVP(units.German, 10, i18n.T("first entry into Paris (15.22)", "Paris に初進入 (15.22)"), evs)
		}
	}
	for _, e := range these {
		switch e.Kind {
		case EvMoved, EvRetreated:
			for k, h := range e.Hexes {
				enter(e.Side, h)
				if k > 0 && !s.Victory.Rhine && e.Side == units.Allied && s.frenchIn(e.Units) {
					a := e.Hexes[k-1]
					if s.rules.Map.Hexside(a, h).River == "Rhine" && h.Row > a.Row {
						s.Victory.Rhine = true
						s.addVP(units.Allied, 10, i18n.T("French units first cross the Rhine from west to east (15.22)", "仏軍が Rhine 河を西岸から東岸へ初渡河 (15.22)"), evs)
					}
				}
			}
		}
	}
	for i, u := range s.Units {
		if u.Box == OnMap {
			enter(s.Counter(i).Side(), u.At)
		}
	}
}

func (s *State) frenchIn(ids []string) bool {
	for _, id := range ids {
		if c, ok := s.Lookup(id); ok && c.Nation == units.FR {
			return true
		}
	}
	return false
}

// EndVP is what 15.23 gives each side now: cities held or last entered,
// 5 to the Allies for French units in command in German territory outside
// cities, 5 for Belgian units in command in Belgium.
func (s *State) EndVP() (vp [2]int, notes []i18n.Text) {
	for _, k := range s.Victory.Held {
		p := board.Germans
		if k.Side == units.Allied {
			p = board.Allies
		}
		if v := s.rules.Map.CityVP(k.At, p); v > 0 {
			if (k.Side == units.German && s.Option(OptGermanVictory)) || (k.Side == units.Allied && s.Option(OptAlliedVictory)) {
				v *= 2 // 18.1(15), 18.2(15): city VP at the end doubled
			}
			vp[k.Side] += v
			x, _ := s.hexAt(k.At)
			notes = append(notes, tr("%s %s: +%d", "%s %s: +%d", k.Side.Name(), placeName(x), v))
		}
	}
	in := s.InCommand(units.Allied)
	french, belgian := false, false
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box != OnMap || !in[i] {
			continue
		}
		x, _ := s.hexAt(u.At)
		if c.Nation == units.FR && !x.City && x.Country.GermanTerritory(s.Option(OptNoLuxembourg)) {
			french = true
		}
		if c.Nation == units.BE && x.Country == board.Belgium {
			belgian = true
		}
	}
	if french {
		vp[units.Allied] += 5
		notes = append(notes, i18n.T("Allies: French units in command in Germany: +5", "連合軍: 独領内の指揮下の仏軍: +5"))
	}
	if belgian {
		vp[units.Allied] += 5
		notes = append(notes, i18n.T("Allies: Belgian units in command in Belgium: +5", "連合軍: ベルギー領内の指揮下のベルギー軍: +5"))
	}
	return vp, notes
}

// finalScore adds the VP of 15.23, states the victory level (15.1) and
// reveals the seed (dice.go).
func (s *State) finalScore(evs *[]Event) {
	s.Victory.Scored = true
	vp, notes := s.EndVP()
	for _, note := range notes {
		_ = note
	}
	for side := units.German; side <= units.Allied; side++ {
		if vp[side] > 0 {
			s.addVP(side, vp[side], i18n.T("cities and territory at the end (15.23)", "終了時の都市と領土 (15.23)"), evs)
		}
	}
	w, l, d := Outcome(s.VP)
	text := tr("Final VP: Germans %d, Allies %d: %s (difference %d, 15.1).", "最終 VP: 独軍 %d、連合軍 %d: %s (差 %d, 15.1)。", s.VP[0], s.VP[1], l.Name(), d)
	if l != Draw {
		text = tr("Final VP: Germans %d, Allies %d: %s %s (difference %d, 15.1).", "最終 VP: 独軍 %d、連合軍 %d: %sの%s (差 %d, 15.1)。", s.VP[0], s.VP[1], w.Name(), l.Name(), d)
	}
	*evs = append(*evs, Event{Kind: EvVictory, Side: w, N: int(l), Text: text})
	*evs = append(*evs, Event{Kind: EvSeed, Side: w, Units: []string{s.KeyText()},
		Text: tr("The game's dice seed was %s (commitment %s); docs/dice.md shows how to recompute every roll (%s).", "このゲームのダイスのシードは %s でした (コミットメント %s)。全 %sのダイスの再計算方法は docs/dice.md を参照。", s.KeyText(), s.Commitment(), i18n.Count(int(s.Dice.Rolls), "roll", "rolls", "回"))})
}

func itoa64(n uint64) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa64(n/10) + string(rune('0'+n%10))
}

// Result is the game's victory level now (15.1): at the end, the final one.
func (s *State) Result() (winner units.Side, level Level, margin int) { return Outcome(s.VP) }
