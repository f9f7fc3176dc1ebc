package game

import (
	"slices"
	"sort"
	"strings"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/scenario"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// group is the reinforcement nationality of a counter (11.1: Bavarians
// arrive as German reinforcements).
func group(n units.Nation) units.Nation {
	if n == units.BY {
		return units.DE
	}
	return n
}

// startReinforcements computes this phase's reinforcements (11.1, the
// reinforcement table).
func (s *State) startReinforcements(evs *[]Event) {
	s.Dues = nil
	s.Opt.SeaDE = 0 // 16.35: landings of this phase count toward the first impulse (R37)
	if s.Option(OptWorkersUnite) {
		return // 18.3: no reinforcements for either side
	}
	for _, e := range scenario.Due(s.rules.Reinforcements, s.Turn, s.Player) {
		if s.Option(OptNorthSea) && s.Turn == 4 && s.Player == units.German {
			continue // 18.2(7): no German reinforcements on Aug IV
		}
		if e.Type == "naval" && !s.Option(RuleNavalGunfire) {
			continue // 16.0: without 16.4 there is no naval gunfire marker
		}
		if e.Type == "naval" {
			s.NavalGunfire += e.DE
			*evs = append(*evs, ev(EvNaval, s.Player, tr("The British naval gunfire marker is available (16.4).", "英軍艦砲射撃マーカーを得ました (16.4)。")))
			continue
		}
		s.Dues = append(s.Dues, Due{Nation: e.Nation, Type: e.Type, DE: e.DE})
	}
	s.goeben(evs) // 18.1(13)
	s.austrians() // 18.1(13), MOVES #91
	if s.britishOnAugI() && s.Player == units.Allied && s.Turn == 1 {
		// 18.1(12): the BEF's setup units enter as Aug I reinforcements.
		for _, d := range []Due{{Nation: units.GB, Type: units.HQ, DE: 1}, {Nation: units.GB, Type: units.Active, DE: 4}, {Nation: units.GB, Type: units.Cavalry, DE: 1}} {
			s.Dues = append(s.Dues, d)
		}
	}
	if s.Option(OptWestOffensive) && s.Player == units.German && s.Turn == 3 {
		s.Dues = append(s.Dues, Due{Nation: units.DE, Type: units.HQ, DE: 1}) // 18.1(2): HQ 8. Armee on Aug III
	}
	if s.Option(OptBEFSupportsBelgium) && s.Player == units.Allied && s.Turn == 3 {
		// 18.2(8): the BEF's first units land in French or Belgian ports.
		for _, d := range []Due{{units.GB, units.HQ, 1, true}, {units.GB, units.Active, 4, true}, {units.GB, units.Cavalry, 1, true}} {
			s.Dues = append(s.Dues, d)
		}
	}
	if s.Option(OptBelgiumRavished) && s.Player == units.Allied {
		switch s.Turn {
		case 3, 5, 7, 9, 11, 13, 15: // Aug III, Sep I, Sep III, Oct I, Oct III, Nov I, Nov III
			s.Dues = append(s.Dues, Due{Nation: units.BE, Type: AnyType, DE: 1})
		}
	}
	if len(s.Dues) > 0 {
		*evs = append(*evs, ev(EvDue, s.Player, tr("Reinforcements due (11.1): %s.", "増援 (11.1): %s。", s.duesText())))
	}
}

func (s *State) duesText() i18n.Text {
	var en, ja []string
	for _, d := range s.Dues {
		n := d.Name()
		en, ja = append(en, n.EN), append(ja, n.JA)
	}
	return i18n.T(strings.Join(en, "; "), strings.Join(ja, "、"))
}

// Name is a due for players, in the words of the reinforcement table
// (11.1): "German reserve, 7 division-equivalents", "独軍予備 師団相当 7 個".
func (d Due) Name() i18n.Text {
	n, t := d.Nation.Name(), d.Type.Name()
	if d.Type == units.HQ {
		hqs := i18n.T("HQ", "HQ")
		if d.DE != 1 {
			hqs = i18n.T("HQs", "HQ")
		}
		return i18n.Sprintf(i18n.T("%d %s %s", "%[2]s%[3]s %[1]d 個"), d.DE, n, hqs)
	}
	de := i18n.T("division-equivalents", "師団相当")
	if d.DE == 1 {
		de = i18n.T("division-equivalent", "師団相当")
	}
	return i18n.Sprintf(i18n.T("%s %s, %d %s", "%[1]s%[2]s %[4]s %[3]d 個"), n, t, d.DE, de)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// eligible reports whether a counter may enter as this due (11.1): a
// counter not in play, of the due's nationality group and type, no bigger
// than what is left (a corps for two divisions); eliminated units return,
// except Austro-Hungarians and Italians.
func (s *State) eligible(c *units.Counter, d Due) bool {
	if group(c.Nation) != d.Nation || c.DE > d.DE || (c.Type != d.Type && !(d.Type == AnyType && c.Size == units.Division) && !(d.Type == ReserveOrLandwehr && c.Size == units.Division && (c.Type == units.Reserve || c.Type == units.Landwehr))) {
		return false
	}
	switch s.Units[c.Index].Box {
	case Pool:
		return s.available(c)
	case Eliminated:
		return (c.Nation != units.AH || s.ahReplaceable(c)) && c.Nation != units.IT
	}
	return false
}

// logisticsNation is whose logistics hexes a nation's reinforcements use.
func logisticsNation(n units.Nation) board.Nation {
	switch n {
	case units.FR:
		return board.French
	case units.GB:
		return board.British
	case units.BE:
		return board.Belgian
	}
	return board.German
}

// AnyType is a due of any division type (18.2(5): "one Belgian division of
// any type").
const AnyType units.Type = "any"

// antwerp is the rules' two hexes of Antwerp (15.23).
var antwerp = []hex.Hex{{Col: 35, Row: 17}, {Col: 36, Row: 16}}

// entryFor is where a due's units may enter: 18.2(5)'s Belgian divisions
// only in Antwerp, free of German units and their zones of control (lost
// otherwise); every other due by EntryHexes.
func (s *State) entryFor(d Due) ([]hex.Hex, bool) {
	if d.Ports {
		return s.landingPorts(), false
	}
	if d.Type != AnyType {
		return s.EntryHexes(d.Nation)
	}
	ezoc, enemy := s.zocAndOccupied(units.German)
	var out []hex.Hex
	for _, h := range antwerp {
		if s.rules.Map.OnMap(h) && !ezoc.has(h) && !enemy.has(h) {
			out = append(out, h)
		}
	}
	return out, false
}

// EntryHexes are where a nation's reinforcements may enter now (11.1): its
// logistics hexes not enemy-occupied, not in an EZOC and not in a destroyed
// fortress; if there is none, the map edge: the Germans' eastern edge of
// Germany, the French and British western or southern edge of France
// (edge is then true: such units may not reorganise, move or attack this
// turn).
func (s *State) EntryHexes(n units.Nation) (hexes []hex.Hex, edge bool) {
	side := n.Side()
	ezoc, enemy := s.zocAndOccupied(side.Other())
	ln := logisticsNation(n)
	for _, x := range s.allHexes() {
		if ezoc.has(x.At) || enemy.has(x.At) || s.Neutral(x.Country) || x.Terrain == board.Sea {
			continue
		}
		if x.Fortress > 0 && s.IsDestroyed(x.At) {
			continue
		}
		for _, l := range x.Logistic {
			if l == ln {
				hexes = append(hexes, x.At)
				break
			}
		}
	}
	if len(hexes) > 0 {
		return hexes, false
	}
	for _, x := range s.allHexes() {
		if ezoc.has(x.At) || enemy.has(x.At) || x.Terrain == board.Sea {
			continue
		}
		switch {
		case group(n) == units.DE && s.Own(units.German, x.At) && s.EastEdge(x.At):
		case (n == units.FR || n == units.GB) && x.Country == board.France && (s.WestEdge(x.At) || s.SouthEdge(x.At)):
		default:
			continue
		}
		hexes = append(hexes, x.At)
	}
	return hexes, len(hexes) > 0
}

func (s *State) dueFor(c *units.Counter) int {
	for i, d := range s.Dues {
		if s.eligible(c, d) {
			return i
		}
	}
	return -1
}

func (s *State) applyReinforce(o Order) (*State, []Event, error) {
	if s.Step != Reinforcement {
		return nil, nil, refuse("reinforce-wrong-step", s.Phase())
	}
	c, err := s.oneUnit(o)
	if err != nil {
		return nil, nil, err
	}
	if len(o.Hexes) != 1 {
		return nil, nil, refuse("reinforce-no-hex", c.ID)
	}
	if c.Side() != s.Player {
		return nil, nil, refuse("reinforce-not-your-unit", c.ID, c.Side().Name(), s.Player.Name())
	}
	i := s.dueFor(c)
	if i < 0 {
		if len(s.Dues) == 0 {
			return nil, nil, refuse("reinforce-none-due")
		}
		switch box := s.Units[c.Index].Box; {
		case box == OnMap:
			return nil, nil, refuse("reinforce-on-map", c.ID)
		case box == Eliminated && ((c.Nation == units.AH && !s.ahReplaceable(c)) || c.Nation == units.IT):
			return nil, nil, refuse("reinforce-never-return", c.ID)
		case c.Role == units.Reinf && s.arrives(c) > s.Turn:
			return nil, nil, refuse("reinforce-too-early", c.ID, turnName(c.Arrives()))
		}
		return nil, nil, refuse("reinforce-not-due",
			c.ID, c.Nation.Name(), c.Type.Name(), c.DE, s.duesText())
	}
	h := o.Hexes[0]
	hexes, edge := s.entryFor(s.Dues[i])
	ok := false
	for _, x := range hexes {
		ok = ok || x == h
	}
	// Another due the counter also fits may allow this hex (18.2(8) ports).
	for j, d := range s.Dues {
		if ok || j == i || !s.eligible(c, d) {
			continue
		}
		if hs, e := s.entryFor(d); slices.Contains(hs, h) {
			i, hexes, edge, ok = j, hs, e, true
		}
	}
	if !ok && s.landingReinforcement(c, s.Dues[i], h, edge) == nil {
		return s.landReinforcement(c, i, h, edge) // 16.3, 18.2(8) (movement_sea.go)
	}
	if !ok {
		if err := s.landingReinforcement(c, s.Dues[i], h, edge); err != errNoLanding {
			return nil, nil, err
		}
		if len(hexes) == 0 {
			return nil, nil, refuse("reinforce-no-entry-hex", c.ID)
		}
		where := i18n.T("a logistics hex of its nation not enemy-occupied nor in an enemy zone of control", "自国の兵站ヘクスで、敵に占拠されておらず EZOC 内でもないヘクス")
		if s.Dues[i].Ports {
			where = i18n.T("a French or Belgian port free of German units and their zones of control (18.2(8))", "独軍ユニットもその ZOC もない仏またはベルギーの港湾 (18.2(8))")
		}
		if edge {
			where = i18n.T("a map-edge hex (no logistics hex is usable)", "盤端のヘクス (使える兵站ヘクスがないため)")
		}
		return nil, nil, refuse("reinforce-wrong-hex", c.ID, h, where, hexes[0])
	}
	if why := s.mayEnter(c, h, byReinforcement); why != whyNone {
		return nil, nil, cannotEnter(c.ID, h, why)
	}
	n := s.reinforceAt(c, i, h, edge)
	e := reinforcedEvent(c, h, edge)
	if !slices.Contains(s.Overstacked(c.Side()), h) && slices.Contains(n.Overstacked(c.Side()), h) {
		e.Text = overstackedEntry(e.Text, h, n.roomyEntry(c, s.unbarred(c, hexes), h))
	}
	return n, []Event{e}, nil
}

// roomyEntry is an entry hex other than h where c would stand within the
// stacking limit (7.0), or hex.None.
func (s *State) roomyEntry(c *units.Counter, hexes []hex.Hex, h hex.Hex) hex.Hex {
	for _, x := range hexes {
		if x != h && s.stackDE(x, c.Side())+c.DE <= StackLimit {
			return x
		}
	}
	return hex.None
}

// overstackedEntry adds to a reinforcement's event that it over-stacked
// its hex (7.0), and what to do about it: the stack is checked when the
// movement segment ends, so the hex must be cleared by then. room is an
// entry hex that had room (none: no entry hex had).
func overstackedEntry(t i18n.Text, h, room hex.Hex) i18n.Text {
	if room != hex.None {
		return tr("%s %s is over the stacking limit now (7.0), though %s had room: move units out of %s, or remove them, before the movement segment ends.",
			"%s%s はスタック制限超過です (7.0。%s には余裕がありました)。移動セグメント終了までに %s からユニットを移動させるか除去してください。", t, h, room, h)
	}
	return tr("%s No entry hex had room, so %s is over the stacking limit now (7.0): move units out of %s, or remove them, before the movement segment ends.",
		"%s余裕のある登場ヘクスがないため、%s はスタック制限超過です (7.0)。移動セグメント終了までに %s からユニットを移動させるか除去してください。", t, h, h)
}

// unbarred are the hexes of hs unit c may be in (mayEnter): a nation's entry
// hexes narrowed to the unit's.
func (s *State) unbarred(c *units.Counter, hs []hex.Hex) []hex.Hex {
	return slices.DeleteFunc(slices.Clone(hs), func(h hex.Hex) bool { return s.mayEnter(c, h, byReinforcement) != whyNone })
}

func reinforcedEvent(c *units.Counter, h hex.Hex, edge bool) Event {
	e := ev(EvReinforced, c.Side(), tr("%s entered as a reinforcement in %s (11.1).", "%s が増援として %s に登場 (11.1)。", c.ID, h))
	if edge {
		e.Text = tr("%s entered at the map edge in %s and may not reorganise, move or attack this turn (11.1).", "%s が盤端 %s に登場。今ターンは再編成・移動・攻撃不可 (11.1)。", c.ID, h)
	}
	e.Units, e.Hexes = []string{c.ID}, []hex.Hex{h}
	return e
}

func (s *State) reinforceAt(c *units.Counter, due int, h hex.Hex, edge bool) *State {
	n := s.clone()
	n.Units[c.Index] = Unit{Box: OnMap, At: h, Edge: edge}
	n.Dues[due].DE -= c.DE
	if n.Dues[due].DE <= 0 {
		n.Dues = append(n.Dues[:due], n.Dues[due+1:]...)
	}
	return n
}

// ArrivesNow reports whether c is a named reinforcement of this turn
// (11.1): the counters /units lists first in the reinforcement phase.
func (s *State) ArrivesNow(c *units.Counter) bool {
	return c.Role == units.Reinf && s.arrives(c) == s.Turn && s.Units[c.Index].Box == Pool
}

// candidates lists the counters that may fill a due, best first: named
// reinforcements of this turn, then earlier ones, spares, broken-down and
// other free counters, and last the eliminated; bigger first.
func (s *State) candidates(d Due) []*units.Counter {
	var out []*units.Counter
	for _, c := range s.rules.Counters.All() {
		if s.eligible(c, d) {
			out = append(out, c)
		}
	}
	rank := func(c *units.Counter) int {
		switch {
		case s.Units[c.Index].Box == Eliminated:
			return 5
		case c.Role == units.Reinf && s.arrives(c) == s.Turn:
			return 0
		case c.Role == units.Reinf:
			return 1
		case c.Role == units.Spare:
			return 2
		}
		return 3
	}
	type ranked struct {
		c    *units.Counter
		rank int // each counter ranked once, not at every comparison
	}
	rs := make([]ranked, len(out))
	for i, c := range out {
		rs[i] = ranked{c, rank(c)}
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].rank != rs[j].rank {
			return rs[i].rank < rs[j].rank
		}
		return rs[i].c.DE > rs[j].c.DE
	})
	for i := range rs {
		out[i] = rs[i].c
	}
	return out
}

// applyAutoReinforce brings on every due reinforcement: the best candidate
// counters, each in the entry hex holding the fewest own units.
func (s *State) applyAutoReinforce() (*State, []Event, error) {
	if s.Step != Reinforcement {
		return nil, nil, refuse("reinforce-wrong-step", s.Phase())
	}
	n := s
	var evs []Event
	for guard := 0; guard < 200 && len(n.Dues) > 0; guard++ {
		placed := false
		for i, d := range n.Dues {
			cands := n.candidates(d)
			if len(cands) == 0 {
				continue
			}
			c := cands[0]
			hexes, edge := n.entryFor(d)
			hexes = n.unbarred(c, hexes)
			if len(hexes) == 0 {
				continue
			}
			// The hex holding the fewest own division-equivalents where
			// the unit does not put the stack over the limit (7.0), if
			// there is one; else the one holding the fewest: the default
			// placement never over-stacks where it need not.
			sorted := slices.Clone(hexes)
			held := make(map[hex.Hex]int, len(sorted)) // stackDE of each hex, in one pass
			for _, h := range sorted {
				held[h] = 0
			}
			for j, u := range n.Units {
				if _, ok := held[u.At]; ok && u.Box == OnMap && n.Counter(j).Side() == c.Side() {
					held[u.At] += n.Counter(j).DE
				}
			}
			sort.SliceStable(sorted, func(a, b int) bool { return held[sorted[a]] < held[sorted[b]] })
			best := sorted[0]
			var placedState *State
			for _, h := range sorted {
				try := n.reinforceAt(c, i, h, edge)
				if !slices.Contains(try.Overstacked(c.Side()), h) {
					best, placedState = h, try
					break
				}
			}
			e := reinforcedEvent(c, best, edge)
			if placedState == nil {
				placedState = n.reinforceAt(c, i, best, edge)
				e.Text = overstackedEntry(e.Text, best, hex.None)
			}
			n = placedState
			evs = append(evs, e)
			placed = true
			break
		}
		if !placed {
			break
		}
	}
	if n == s {
		n = s.clone()
	}
	return n, evs, nil
}

// duesLeft refuses to end the reinforcement phase while a due could still
// enter (11.1: no delaying reinforcements).
func (s *State) duesLeft() error {
	for _, d := range s.Dues {
		cands := s.candidates(d)
		if len(cands) == 0 {
			continue
		}
		if hexes, _ := s.entryFor(d); len(s.unbarred(cands[0], hexes)) > 0 {
			return refuse("reinforce-delayed", s.duesText(), cands[0].ID)
		}
	}
	return nil
}

// landingPorts are the French and Belgian ports (Belgian ones not while
// Belgium is neutral) free of German units and their zones of control
// (18.2(8)).
func (s *State) landingPorts() []hex.Hex {
	ezoc, enemy := s.zocAndOccupied(units.German)
	var out []hex.Hex
	for _, x := range s.allHexes() {
		if !x.Port || ezoc.has(x.At) || enemy.has(x.At) || s.Neutral(x.Country) {
			continue
		}
		if x.Country == board.France || x.Country == board.Belgium {
			out = append(out, x.At)
		}
	}
	return out
}

// britishOnAugI reports whether 18.1(12) brings the British starting forces
// on as Aug I reinforcements: only when they would have started on the map,
// so not with 18.2(6), 18.2(7) or 18.2(8), whose own text says where they
// are (docs/rulings.md R34).
func (s *State) britishOnAugI() bool {
	return s.Option(OptPreMobilisation) && !s.Option(OptBEFAtHome) && !s.Option(OptNorthSea) && !s.Option(OptBEFSupportsBelgium)
}

// goeben applies 18.1(13) to the Allied reinforcement phase whose table
// dues have just been computed: on Aug III the German roll (1-2 nothing;
// 3-4 the French active and dismounted cavalry dues move to Aug IV; 5-6
// they are lost), on Aug IV the dues moved there.
func (s *State) goeben(evs *[]Event) {
	if !s.Option(OptGoeben) || s.Player != units.Allied {
		return
	}
	delayed := func(d Due) bool {
		return d.Nation == units.FR && (d.Type == units.Active || d.Type == units.Dismounted)
	}
	switch {
	case s.Turn == 3:
		die := s.roll(units.German, i18n.T("SMS Goeben (18.1(13))", "巡洋戦艦ゲーベン (18.1(13))"), evs)
		if die <= 2 {
			*evs = append(*evs, ev(EvDue, units.Allied, tr("SMS Goeben (18.1(13)): %d, no effect on the French reinforcements.", "巡洋戦艦ゲーベン (18.1(13)): %d、仏軍増援に影響なし。", die)))
			return
		}
		s.Dues = slices.DeleteFunc(s.Dues, delayed)
		if die <= 4 {
			s.Opt.GoebenLate = true
			*evs = append(*evs, ev(EvDue, units.Allied, tr("SMS Goeben (18.1(13)): %d, the French active units and dismounted cavalry of Aug III arrive on Aug IV.", "巡洋戦艦ゲーベン (18.1(13)): %d、8月III の仏軍現役ユニットと下馬騎兵師団は 8月IV に登場。", die)))
			return
		}
		*evs = append(*evs, ev(EvDue, units.Allied, tr("SMS Goeben (18.1(13)): %d, the French active units and dismounted cavalry of Aug III never arrive.", "巡洋戦艦ゲーベン (18.1(13)): %d、8月III の仏軍現役ユニットと下馬騎兵師団は登場しない。", die)))
	case s.Turn == 4 && s.Opt.GoebenLate:
		s.Opt.GoebenLate = false
		for _, e := range scenario.Due(s.rules.Reinforcements, 3, units.Allied) {
			if d := (Due{Nation: e.Nation, Type: e.Type, DE: e.DE}); delayed(d) {
				s.Dues = append(s.Dues, d)
			}
		}
	}
}

// austrians adds the German reinforcements of 18.1(13) in its MOVES #91
// version: on Aug III the AH 2. Armee HQ, three corps and an infantry
// division (7 division-equivalents) and two cavalry divisions; an AH active
// division on every odd turn from Sep III. They enter at German logistics
// hexes (logisticsNation).
func (s *State) austrians() {
	if !s.Option(OptAustrians) || s.Player != units.German {
		return
	}
	switch {
	case s.Turn == 3:
		s.Dues = append(s.Dues, Due{Nation: units.AH, Type: units.HQ, DE: 1}, Due{Nation: units.AH, Type: units.Active, DE: 7}, Due{Nation: units.AH, Type: units.Cavalry, DE: 2})
	case s.Turn >= 7 && s.Turn%2 == 1: // Sep III, Oct I, Oct III, Nov I, Nov III
		s.Dues = append(s.Dues, Due{Nation: units.AH, Type: units.Active, DE: 1})
	}
}

// ahReplaceable: with the MOVES #91 version of 18.1(13) eliminated
// Austro-Hungarian infantry may come back as reinforcements; other AH units
// never do, nor do any without it (11.1).
func (s *State) ahReplaceable(c *units.Counter) bool {
	return c.Nation == units.AH && s.Option(OptAustrians) && (c.Type == units.Active || c.Type == units.Reserve || c.Type == units.Landwehr)
}
