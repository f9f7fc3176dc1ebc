package game

import (
	"strings"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// Range is an HQ's command range now (4.3; doubled by 18.1(10)/18.2(10),
// bad weather -1 with a minimum of 1, 5.0).
func (s *State) Range(c *units.Counter) int {
	r := c.Range
	if (c.Side() == units.German && s.Option(OptGermanLogistics)) || (c.Side() == units.Allied && s.Option(OptAlliedLogistics)) {
		r *= 2
	}
	if s.BadWeather && r > 1 {
		r--
	}
	return r
}

// logisticsOf are the logistics nations an HQ of nation n traces to
// (4.4: own nation's; Belgian HQs also British; Italian and
// Austro-Hungarian HQs German).
func logisticsOf(n units.Nation) []board.Nation {
	switch n {
	case units.DE, units.BY, units.AH, units.IT:
		return []board.Nation{board.German}
	case units.FR:
		return []board.Nation{board.French}
	case units.GB:
		return []board.Nation{board.British}
	case units.BE:
		return []board.Nation{board.Belgian, board.British}
	}
	return nil
}

// traceable reports whether command may be traced through h (4.3, 4.4):
// not through enemy units or enemy zones of control; and, the rules being
// silent, not across sea or neutral countries (docs/rulings.md).
func (s *State) traceable(h hex.Hex, ezoc, enemy marks) bool {
	x, ok := s.hexAt(h)
	return ok && x.Terrain != board.Sea && !s.Neutral(x.Country) && !ezoc.has(h) && !enemy.has(h) && !s.partisans(x)
}

// partisans: with 16.5, command is not traced into an enemy country's city
// unless own units hold it. The side is the one whose command is traced:
// the side of the player in the command phase.
func (s *State) partisans(x *board.Hex) bool {
	if !s.Option(RulePartisans) || !x.City {
		return false
	}
	owner, ok := Owner(x.Country)
	if !ok || owner == s.Player {
		return false
	}
	return len(s.UnitsAt(x.At, s.Player)) == 0
}

// supplyHexes marks the hexes from which an HQ of nation n is in command
// (4.4): a usable logistics hex of its nations (not enemy-occupied, not in
// an EZOC, not in a destroyed fortress) or a hex joined to one by rail of
// any length through hexes free of enemy units, EZOC and neutral ground.
func (s *State) supplyHexes(n units.Nation, ezoc, enemy marks) marks {
	m := s.newMarks()
	var queue []hex.Hex
	nats := logisticsOf(n)
	for _, x := range s.allHexes() {
		if !s.traceable(x.At, ezoc, enemy) || (x.Fortress > 0 && s.IsDestroyed(x.At)) {
			continue
		}
		for _, l := range x.Logistic {
			for _, want := range nats {
				if l == want && !m.has(x.At) {
					m.set(x.At)
					queue = append(queue, x.At)
				}
			}
		}
	}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		ch := s.cellAt(h)
		for d, nb := range h.Neighbors() {
			if m.has(nb) || !ch.rail[d] || !s.traceable(nb, ezoc, enemy) {
				continue
			}
			m.set(nb)
			queue = append(queue, nb)
		}
	}
	return m
}

// within finds the hexes within r of from along hexes command may pass
// (4.3): counting the far end, not the start; the start may be in an EZOC,
// but nothing beyond it.
func (s *State) within(from hex.Hex, r int, ezoc, enemy marks) map[hex.Hex]int {
	dist := map[hex.Hex]int{from: 0}
	frontier := []hex.Hex{from}
	for d := 1; d <= r; d++ {
		var next []hex.Hex
		for _, h := range frontier {
			if h != from && ezoc.has(h) {
				continue
			}
			if h == from && d > 1 {
				continue
			}
			for _, nb := range h.Neighbors() {
				if _, seen := dist[nb]; seen {
					continue
				}
				x, ok := s.hexAt(nb)
				if !ok || x.Terrain == board.Sea || s.Neutral(x.Country) || enemy.has(nb) || s.partisans(x) {
					continue
				}
				dist[nb] = d
				next = append(next, nb)
			}
		}
		frontier = next
	}
	return dist
}

// HQInCommand reports whether an HQ on the map is in command (4.4).
func (s *State) HQInCommand(c *units.Counter, ezoc, enemy marks, supply map[units.Nation]marks) bool {
	at := s.Units[c.Index].At
	sup, ok := supply[c.Nation]
	if !ok {
		sup = s.supplyHexes(c.Nation, ezoc, enemy)
		supply[c.Nation] = sup
	}
	for h := range s.within(at, s.Range(c), ezoc, enemy) {
		if sup.has(h) {
			return true
		}
	}
	return false
}

// hqServes reports whether a unit of nation n may trace to an HQ of nation
// hq (4.3: Germans, Bavarians and Austro-Hungarians to any German HQ;
// Italians to Italian HQs; Allies only to their own nation's; the Dutch
// have none).
func hqServes(hq, n units.Nation) bool {
	switch n {
	case units.DE, units.BY, units.AH:
		return hq == units.DE
	case units.NL:
		return false
	}
	return hq == n
}

// InCommand computes which of side's units on the map are in command now
// (4.0-4.4), by counter index.
func (s *State) InCommand(side units.Side) []bool {
	ezoc, enemy := s.zocAndOccupied(side.Other())
	in := make([]bool, len(s.Units))
	supply := map[units.Nation]marks{}
	type reach struct {
		nation units.Nation
		hexes  map[hex.Hex]int
	}
	var hqs []reach
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box != OnMap || c.Side() != side || c.Type != units.HQ {
			continue
		}
		if s.HQInCommand(c, ezoc, enemy, supply) {
			in[i] = true
			// 4.3: traced from the unit to the HQ; an HQ in an EZOC
			// commands only its own hex.
			r := s.Range(c)
			if ezoc.has(u.At) {
				r = 0
			}
			hqs = append(hqs, reach{c.Nation, s.within(u.At, r, ezoc, enemy)})
		}
	}
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box != OnMap || c.Side() != side || c.Type == units.HQ {
			continue
		}
		if c.Type == units.Cavalry && ((side == units.German && s.Option(OptGermanCavalry) && (c.Nation == units.DE || c.Nation == units.BY)) || (side == units.Allied && s.Option(OptAlliedCavalry))) {
			in[i] = true // 18.1(11), 18.2(13)
			continue
		}
		for _, h := range hqs {
			if !s.serves(h.nation, c) {
				continue
			}
			if _, ok := h.hexes[u.At]; ok {
				in[i] = true
				break
			}
		}
	}
	return in
}

// determineCommand is the command phase (4.0): out-of-command markers on
// every unit of the phasing side not in command.
func (s *State) determineCommand(evs *[]Event) {
	in := s.InCommand(s.Player)
	if s.preMobilisation() {
		in = make([]bool, len(s.Units)) // 18.1(12): on Aug I every unit is out of command
	}
	var out []string
	for i := range s.Units {
		u := &s.Units[i]
		c := s.Counter(i)
		if c.Side() != s.Player {
			continue
		}
		u.OutOfCommand = u.Box == OnMap && !in[i]
		if u.OutOfCommand {
			out = append(out, c.ID)
		}
	}
	e := ev(EvCommand, s.Player, tr("Command phase (4.0): %d %s units out of command%s.", "指揮統制フェイズ (4.0): %[2]sユニット %[1]d 個が指揮不通%[3]s。", len(out), s.Player.Name(), listTail(out)))
	e.Units, e.N = out, len(out)
	*evs = append(*evs, e)
}

func listTail(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return ": " + strings.Join(ids, " ")
}

// serves reports whether unit c may trace command to an HQ of nation hq:
// 4.3, and with the MOVES #91 version of 18.1(13) AH infantry and cavalry
// only to an AH HQ (which traces to German logistics, 4.4).
func (s *State) serves(hq units.Nation, c *units.Counter) bool {
	if c.Nation == units.AH && s.Option(OptAustrians) && c.Type != units.Siege {
		return hq == units.AH
	}
	return hqServes(hq, c.Nation)
}
