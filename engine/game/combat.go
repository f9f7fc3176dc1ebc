package game

import (
	"slices"
	"sort"
	"strings"

	"rtrbot/engine/board"
	"rtrbot/engine/hex"
	"rtrbot/engine/tables"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// Combat (9.0-9.8) and the orders that belong with it. An attack order
// names the table first (9.7: chosen before the defending stack is seen),
// then the attacking units, then the defending hex; NAVAL among the units
// uses the British naval gunfire marker (16.4):
//
//	german attack ASSAULT G-III G-IV 3021
//	allied attack RECON F-XX F-XXI NAVAL 3607

// CombatState is what a combat segment keeps between orders.
type CombatState struct {
	// Attacked lists the units that have attacked or bombarded in this
	// combat segment (9.0: each attacker once; 12.6: each siege gun once).
	Attacked []int
	// Retreats are the units that must still retreat after a combat
	// result (9.4); their owner orders each retreat.
	Retreats []int
	// Delaying is an attack order waiting for the defender's answer,
	// delay or stand (16.2; combat_delay.go); its Verb is "" when none waits.
	Delaying Order
}

// Tables are the game's tables (engine/tables, shared with the companion).
func Tables() *tables.Set { return tables.Default() }

// Attack is a checked attack order.
type AttackPlan struct {
	Table     *tables.CRT
	Side      units.Side
	Attackers []int
	Target    hex.Hex
	Naval     bool
}

// CombatOdds is how the odds of an attack were found, for the players.
type CombatOdds struct {
	Attack      int
	UnitDefence int  // the defending units' printed (or trench) defence
	Doubled     bool // units' defence doubled (terrain, river, fortress; never more, 9.0)
	Fortress    int  // the fortress's intrinsic defence as counted (12.0, 12.5)
	River       bool // every attacker attacks across a river hexside
	Defence     int  // the total
	Shift       int  // column shifts (16.4)
	Odds        tables.OddsResult
}

// CombatFacts are the values of one resolved attack (9.0), as its
// EvCombat event carries them besides its sentence.
type CombatFacts struct {
	Table     string      // the CRT's id: recon, assault or mobile (9.7)
	Odds      tables.Odds // the column used, after shifts (9.0, 16.4)
	Die       int
	Result    tables.Code // "DA", "DR", ...
	Defender  hex.Hex
	Attackers []hex.Hex // the attacking units' hexes, each once, in order of the units
}

// PlanAttack checks an attack order without resolving it.
func (s *State) PlanAttack(o Order) (*AttackPlan, error) {
	if !s.Step.IsCombat() {
		return nil, refuse("attack-wrong-step", s.Phase())
	}
	if len(o.Units) < 2 || len(o.Hexes) != 1 {
		return nil, refuse("attack-syntax")
	}
	t, err := Tables().CRT(strings.ToLower(o.Units[0]))
	if err != nil {
		return nil, refuse("unknown-combat-table", o.Units[0])
	}
	p := &AttackPlan{Table: t, Side: o.Side, Target: o.Hexes[0]}
	target := p.Target
	tx, ok := s.hexAt(target)
	if !ok {
		return nil, refuse("hex-off-map", target)
	}
	enemy := o.Side.Other()
	fort := s.fortressOf(target, enemy)
	if fort == 0 && !s.anyAt(target, enemy) {
		return nil, refuse("nothing-to-attack", target)
	}
	if closed, why := s.Closed(o.Side, target); closed && why != whyFortress {
		return nil, refuse("attack-closed-hex", target, why.text())
	}
	seen := map[string]bool{}
	for _, id := range o.Units[1:] {
		if id == navalGunfire {
			if o.Side != units.Allied || s.NavalGunfire <= 0 {
				return nil, refuse("naval-allies-only")
			}
			if s.Step != Combat1 {
				return nil, refuse("naval-first-impulse")
			}
			if !tx.Coastal && !tx.Port {
				return nil, refuse("naval-not-coastal", target)
			}
			p.Naval = true
			continue
		}
		if seen[id] {
			return nil, refuse("named-twice", id)
		}
		seen[id] = true
		c, err := s.counter(id)
		if err != nil {
			return nil, err
		}
		if err := s.canAttack(c, target); err != nil {
			return nil, err
		}
		p.Attackers = append(p.Attackers, c.Index)
	}
	if len(p.Attackers) == 0 {
		return nil, refuse("no-attackers")
	}
	if err := s.ahItalianAttack(p.Attackers); err != nil {
		return nil, err // 18.1(13), MOVES #91
	}
	sort.Ints(p.Attackers)
	if t.ID == "mobile" {
		if fort > 0 {
			return nil, refuse("mobile-table-fortress")
		}
		if h, ok := s.surrounded(target, o.Side); !ok {
			return nil, refuse("mobile-table-not-surrounded", target, h)
		}
	}
	return p, nil
}

// canAttack says why a unit may not attack the target now, or nil.
func (s *State) canAttack(c *units.Counter, target hex.Hex) error {
	if err := s.ownUnitOnMap(c); err != nil {
		return err
	}
	u := s.Units[c.Index]
	switch {
	case c.Attack == 0:
		return refuse("attack-no-strength", c.ID)
	case slices.Contains(s.Combat.Attacked, c.Index):
		return refuse("attacked-already", c.ID)
	case u.Trench:
		return refuse("attack-entrenched", c.ID)
	case u.Edge:
		return refuse("attack-edge-entry", c.ID)
	case s.Step == Combat2 && u.OutOfCommand:
		return refuse("attack-out-of-command", c.ID)
	case s.preMobilisation() && c.Type != units.Assault && c.Type != units.Active && c.Type != units.Light && c.Type != units.Cavalry:
		return refuse("attack-pre-mobilisation", c.ID, c.Type.Name())
	case direction(u.At, target) < 0:
		return refuse("attack-not-adjacent", c.ID, u.At, target)
	}
	// 9.0: units that cannot enter rough or mountain attack into or out of
	// them only along a railway.
	_, why := s.EnterCost(c, u.At, target)
	if why == whyTerrain || why == whySea || why == whyNeutral || why == whyOffMap {
		return refuse("attack-cannot-enter", c.ID, target, why.text())
	}
	if x, _ := s.hexAt(u.At); terrainCost(s.movesOf(c), x.Terrain) == 0 {
		if ch := s.cellAt(u.At); ch == nil || !ch.rail[direction(u.At, target)] {
			return refuse("attack-rail-only-terrain", c.ID)
		}
	}
	return nil
}

// fortressOf is the intrinsic defence of an undestroyed fortress of side in
// h (12.0), 0 if none.
func (s *State) fortressOf(h hex.Hex, side units.Side) int {
	x, ok := s.hexAt(h)
	if !ok || x.Fortress == 0 || s.IsDestroyed(h) {
		return 0
	}
	if o, ok := Owner(x.Country); !ok || o != side {
		return 0
	}
	return x.Fortress
}

// surrounded reports whether every neighbour of h holds units of side, is
// in side's zone of control, or is prohibited to the defender (9.7); if
// not, it returns a neighbour that breaks the ring.
func (s *State) surrounded(h hex.Hex, side units.Side) (hex.Hex, bool) {
	zoc, own := s.zocAndOccupied(side)
	for _, n := range h.Neighbors() {
		if own.has(n) || zoc.has(n) {
			continue
		}
		if closed, _ := s.Closed(side.Other(), n); closed {
			continue
		}
		return n, false
	}
	return hex.None, true
}

// Odds computes the strengths and the column of a checked attack (9.0,
// 12.0, 12.5, 16.4).
func (s *State) Odds(p *AttackPlan) CombatOdds {
	var co CombatOdds
	river := true
	for _, i := range p.Attackers {
		co.Attack += s.Counter(i).Attack
		from := s.Units[i].At
		if s.rules.Map.Hexside(from, p.Target).River == "" {
			river = false
		}
	}
	co.River = river
	enemy := p.Side.Other()
	for _, i := range s.indexesAt(p.Target, enemy) {
		c := s.Counter(i)
		if s.Units[i].Trench {
			co.UnitDefence += c.Trench
		} else {
			co.UnitDefence += c.Defence
		}
	}
	x, _ := s.hexAt(p.Target)
	fort := s.fortressOf(p.Target, enemy)
	// 9.0 and the terrain effects chart: rough, mountain, a river crossed
	// by every attacker and a fortress (12.0) double the units' defence,
	// never more than once.
	co.Doubled = x.Terrain == board.Rough || x.Terrain == board.Mountain || river || fort > 0
	def := co.UnitDefence
	if co.Doubled {
		def *= 2
	}
	// 12.0, 12.5: the fortress adds its intrinsic defence, doubled only
	// when attacked across rivers alone.
	co.Fortress = fort
	if river {
		co.Fortress *= 2
	}
	co.Defence = max(1, def+co.Fortress)
	if p.Naval {
		co.Shift++ // 16.4: one column right
	}
	if s.Option(OptFightingSpirit) && s.Turn.Month() == 0 && p.Side == units.Allied {
		for _, i := range p.Attackers {
			if c := s.Counter(i); c.Nation == units.FR && c.Type == units.Active && c.IsCorps() {
				co.Shift++ // 18.2(12): French fighting spirit in August
				break
			}
		}
	}
	odds, err := Tables().Odds(min(co.Attack, tables.MaxStrength), min(co.Defence, tables.MaxStrength), co.Shift)
	if err == nil {
		co.Odds = odds
	}
	return co
}

func (s *State) applyAttack(o Order) (*State, []Event, error) {
	p, err := s.PlanAttack(o)
	if err != nil {
		return nil, nil, err
	}
	if s.mayDelay(p) {
		return s.offerDelay(o) // 16.2: the defender answers first (combat_delay.go)
	}
	n := s.clone()
	var evs []Event
	n.resolveAttack(p, &evs)
	return n, evs, nil
}

// resolveAttack rolls and applies a checked attack (9.0).
func (n *State) resolveAttack(p *AttackPlan, out *[]Event) {
	var evs []Event
	co := n.Odds(p)
	if p.Naval {
		n.NavalGunfire-- // 16.4: removed after use
	}
	enemy := p.Side.Other()
	defenders := append([]int(nil), n.indexesAt(p.Target, enemy)...)
	n.Sight.Revealed = addHex(n.Sight.Revealed, p.Target)
	var ids, defIDs []string
	hexes := []hex.Hex{p.Target}
	for _, i := range p.Attackers {
		n.Combat.Attacked = append(n.Combat.Attacked, i)
		ids = append(ids, n.Counter(i).ID)
		n.Sight.Revealed = addHex(n.Sight.Revealed, n.Units[i].At)
		hexes = append(hexes, n.Units[i].At)
	}
	sort.Ints(n.Combat.Attacked)
	for _, i := range defenders {
		defIDs = append(defIDs, n.Counter(i).ID)
	}
	target := n.hexName(p.Target)
	die := n.roll(p.Side, tr("the attack on %s (%s table)", "%s への攻撃 (%s)", target, p.Table.Name), &evs)
	code, _ := p.Table.Lookup(co.Odds.Column, die)
	col := Tables().Columns()[co.Odds.Column]
	res, _ := Tables().Result(code)
	fortText := ""
	if co.Fortress > 0 {
		fortText = itoa(co.Fortress)
	}
	e := Event{Kind: EvCombat, Side: p.Side, Units: append(append([]string(nil), ids...), defIDs...), Hexes: hexes, N: die,
		Text: tr("Attack on %s with the %s table: %s (attack %d) against %s (defence %d%s%s) at %s, die %d: %s — %s.",
			"%s への攻撃 (%s): %s (攻撃力 %d) 対 %s (防御力 %d%s%s)、%s、ダイス %d: %s — %s。",
			target, p.Table.Name, strings.Join(ids, " "), co.Attack, orNone(defIDs), co.Defence, doubledNote(co), fortNote(fortText), col, die, code, res.Name),
		Combat: &CombatFacts{Table: p.Table.ID, Odds: col, Die: die, Result: code, Defender: p.Target, Attackers: distinctHexes(hexes[1:])}}
	evs = append(evs, e)
	n.resolve(p, code, defenders, &evs)
	*out = append(*out, evs...)
}

// distinctHexes is hs without repeats, in order of first appearance.
func distinctHexes(hs []hex.Hex) []hex.Hex {
	var out []hex.Hex
	for _, h := range hs {
		if !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

func orNone(ids []string) i18n.Text {
	if len(ids) == 0 {
		return i18n.T("the empty fortress", "無人の要塞")
	}
	s := strings.Join(ids, " ")
	return i18n.T(s, s)
}

func doubledNote(co CombatOdds) i18n.Text {
	if co.Doubled && co.UnitDefence > 0 {
		return i18n.T(", units doubled", "、ユニット2倍")
	}
	return i18n.T("", "")
}

func fortNote(f string) i18n.Text {
	if f == "" {
		return i18n.T("", "")
	}
	return i18n.T(", fortress "+f, "、要塞 "+f)
}

// resolve applies a combat result (the nine codes of 9.0; 9.8; 12.5).
func (s *State) resolve(p *AttackPlan, code tables.Code, defenders []int, evs *[]Event) {
	occupied := len(defenders) > 0
	fort := s.fortressOf(p.Target, p.Side.Other())
	involved := map[hex.Hex]units.Side{p.Target: p.Side.Other()}
	for _, i := range p.Attackers {
		involved[s.Units[i].At] = p.Side
	}
	before := map[hex.Hex]int{}
	for h, side := range involved {
		before[h] = s.fighters(h, side)
	}
	attackers := p.Attackers
	switch code {
	case "AA":
		attackers = s.losses(attackers, evs)
		s.queueRetreats(attackers, evs)
	case "AR":
		s.queueRetreats(attackers, evs)
	case "AZ":
		s.eliminateAll(attackers, tr("all attackers eliminated (AZ)", "攻撃側壊滅 (AZ)"), evs)
	case "BB":
		s.losses(attackers, evs)
		s.losses(defenders, evs)
	case "DA":
		defenders = s.losses(defenders, evs)
		s.queueRetreats(defenders, evs)
	case "DH":
		s.losses(defenders, evs)
	case "DR":
		s.queueRetreats(defenders, evs)
	case "DZ":
		s.eliminateAll(defenders, tr("all defenders eliminated (DZ)", "防御側壊滅 (DZ)"), evs)
	}
	// 9.8: a zero-attack unit goes when every other unit of its hex has
	// been eliminated by the attack.
	hs := make([]hex.Hex, 0, len(involved))
	for h := range involved {
		hs = append(hs, h)
	}
	sort.Slice(hs, func(i, j int) bool { return hex.Less(hs[i], hs[j]) })
	for _, h := range hs {
		side := involved[h]
		if before[h] == 0 || s.fighters(h, side) > 0 {
			continue
		}
		for _, i := range s.indexesAt(h, side) {
			if s.Counter(i).Attack == 0 {
				s.eliminate(i, tr("every other unit of its hex was eliminated (9.8)", "同じヘクスの他の全ユニットが除去された (9.8)"), evs)
			}
		}
	}
	// 12.5: an occupied fortress falls only to DZ, an empty one to DA or DZ.
	if fort > 0 && tables.FortressDestroyed(code, occupied) {
		s.destroyFortress(p.Target, p.Side, true, tr("combat result %s (12.5)", "戦闘結果 %s (12.5)", code), evs)
	}
	s.settleRetreats(evs)
}

// fighters counts the units of side in h with an attack strength.
func (s *State) fighters(h hex.Hex, side units.Side) int {
	n := 0
	for _, i := range s.indexesAt(h, side) {
		if s.Counter(i).Attack > 0 {
			n++
		}
	}
	return n
}

// divisions is what a unit counts for losses: a corps 2, anything else 1
// (9.0; docs/rulings.md C4).
func divisions(c *units.Counter) int {
	if c.IsCorps() {
		return 2
	}
	return 1
}

// losses eliminates half (rounded up) of the divisions of a group, corps
// counting two and broken down when one division is left to lose, and
// returns the survivors. The engine takes the losses that cost the owner
// fewest VP, units with attack 0 last (9.8; docs/rulings.md C5).
func (s *State) losses(group []int, evs *[]Event) []int {
	total := 0
	for _, i := range group {
		total += divisions(s.Counter(i))
	}
	left := (total + 1) / 2
	alive := append([]int(nil), group...)
	order := func() {
		sort.SliceStable(alive, func(a, b int) bool {
			ca, cb := s.Counter(alive[a]), s.Counter(alive[b])
			za, zb := ca.Attack == 0, cb.Attack == 0
			if za != zb {
				return !za
			}
			va, vb := ca.VP*2/divisions(ca), cb.VP*2/divisions(cb)
			if va != vb {
				return va < vb
			}
			if divisions(ca) != divisions(cb) {
				return divisions(ca) < divisions(cb)
			}
			return ca.ID < cb.ID
		})
	}
	why := tr("combat losses (half the divisions, rounded up)", "戦闘損害 (師団の半数、切上)")
	for left > 0 && len(alive) > 0 {
		order()
		pick := 0
		if left == 1 && s.Counter(alive[0]).IsCorps() {
			for k, i := range alive {
				if !s.Counter(i).IsCorps() && s.Counter(i).Attack > 0 {
					pick = k
					break
				}
			}
		}
		i := alive[pick]
		c := s.Counter(i)
		if c.IsCorps() && left == 1 {
			if a, b := s.breakDown(i, evs); a >= 0 {
				s.eliminate(a, why, evs)
				alive[pick] = b
				left = 0
				continue
			}
		}
		s.eliminate(i, why, evs)
		alive = append(alive[:pick], alive[pick+1:]...)
		left -= divisions(c)
	}
	sort.Ints(alive)
	return alive
}

// breakDown replaces a corps by two of its divisions to take a loss (9.0,
// 10.0: allowed whatever the command state). It returns -1 when no
// division counters are free (docs/rulings.md C6).
func (s *State) breakDown(i int, evs *[]Event) (int, int) {
	c := s.Counter(i)
	a := s.freeCounter(c.Parts, c.Nation, c.Type, units.Division)
	if a == nil {
		return -1, -1
	}
	b := s.freeCounter(c.Parts, c.Nation, c.Type, units.Division, a.Index)
	if b == nil {
		return -1, -1
	}
	u := s.Units[i]
	s.Units[i] = Unit{Box: Pool}
	s.Units[a.Index] = Unit{Box: OnMap, At: u.At, Trench: u.Trench, OutOfCommand: u.OutOfCommand, Moved: u.Moved}
	s.Units[b.Index] = s.Units[a.Index]
	for k, x := range s.Combat.Attacked {
		if x == i {
			s.Combat.Attacked[k] = a.Index
			s.Combat.Attacked = append(s.Combat.Attacked, b.Index)
			sort.Ints(s.Combat.Attacked)
			break
		}
	}
	*evs = append(*evs, Event{Kind: EvBrokenDown, Side: c.Side(), Units: []string{c.ID, a.ID, b.ID}, Hexes: []hex.Hex{u.At},
		Text: tr("%s broken down into %s and %s to take a loss (9.0, 10.0).", "損害適用のため %s を %s と %s に分割 (9.0, 10.0)。", c.ID, a.ID, b.ID)})
	return a.Index, b.Index
}

// eliminateAll eliminates every unit of a list (AZ, DZ).
func (s *State) eliminateAll(list []int, why i18n.Text, evs *[]Event) {
	for _, i := range list {
		s.eliminate(i, why, evs)
	}
}

// eliminate removes a unit from play; the enemy scores its VP (15.22).
func (s *State) eliminate(i int, why i18n.Text, evs *[]Event) {
	c := s.Counter(i)
	at := s.Units[i].At
	s.Units[i] = Unit{Box: Eliminated}
	for k, x := range s.Combat.Retreats {
		if x == i {
			s.Combat.Retreats = append(s.Combat.Retreats[:k], s.Combat.Retreats[k+1:]...)
			break
		}
	}
	vp := c.VP
	if (c.Side() == units.Allied && s.Option(OptGermanVictory)) || (c.Side() == units.German && s.Option(OptAlliedVictory)) {
		vp = (vp + 1) / 2 // 18.1(15), 18.2(15): elimination VP halved, rounded up
	}
	*evs = append(*evs, Event{Kind: EvEliminated, Side: c.Side(), Units: []string{c.ID}, Hexes: []hex.Hex{at}, N: vp,
		Text: tr("%s eliminated in %s: %s.", "%s が %s で除去: %s。", c.ID, at, why)})
	s.addVP(c.Side().Other(), vp, tr("%s eliminated (15.22)", "%s 除去 (15.22)", c.ID), evs)
}

// addVP gives VP to a side, as an event (15.2).
func (s *State) addVP(side units.Side, vp int, why i18n.Text, evs *[]Event) {
	if vp == 0 {
		return
	}
	s.VP[side] += vp
	*evs = append(*evs, Event{Kind: EvVP, Side: side, N: vp, Text: tr("%s +%d VP: %s (now %d).", "%s +%d VP: %s (計 %d)。", side.Name(), vp, why, s.VP[side])})
}

// FortressVP is what destroying a fortress of the given strength scores
// (15.22: 12 → 3, 6 → 2, 3 → 1).
func FortressVP(strength int) int {
	switch {
	case strength >= 12:
		return 3
	case strength >= 6:
		return 2
	case strength > 0:
		return 1
	}
	return 0
}

// destroyFortress marks a fortress destroyed for good (12.7): its special
// functions and logistics are gone; by scores its VP when vp is set.
func (s *State) destroyFortress(h hex.Hex, by units.Side, vp bool, why i18n.Text, evs *[]Event) {
	if s.IsDestroyed(h) {
		return
	}
	x, _ := s.hexAt(h)
	s.Destroyed = addHex(s.Destroyed, h)
	*evs = append(*evs, Event{Kind: EvFortress, Side: by, Hexes: []hex.Hex{h}, N: x.Fortress,
		Text: tr("The fortress of %s (%d) is destroyed: %s; it loses its logistics for good (12.7).", "%s の要塞 (%d) が破壊: %s。兵站は永久に失われます (12.7)。", placeName(x), x.Fortress, why)})
	if vp {
		s.addVP(by, FortressVP(x.Fortress), tr("fortress of %s destroyed (15.22)", "%s の要塞破壊 (15.22)", placeName(x)), evs)
	}
}

// placeName is a place as each reader names it: its name and hex, in
// Japanese by its Japanese name where the map's data has one
// (board.JapaneseNames, "パリ (0525)"), else the map's spelling.
func placeName(x *board.Hex) i18n.Text {
	if x.Name == "" {
		return i18n.T(x.At.String(), x.At.String())
	}
	ja := x.Name
	if names := board.JapaneseNames(x.Name); len(names) > 0 {
		ja = names[0]
	}
	return i18n.T(x.Name+" ("+x.At.String()+")", ja+" ("+x.At.String()+")")
}

// hexName is a hex as the texts name it: placeName where the map has
// the hex, else its number.
func (s *State) hexName(h hex.Hex) i18n.Text {
	if x, ok := s.hexAt(h); ok && x != nil {
		return placeName(x)
	}
	return i18n.T(h.String(), h.String())
}

// combatActors are the units that may act now in a combat segment: those
// owing a retreat (9.4) if any, otherwise the units that may attack an
// adjacent hex (9.0) and the siege guns next to an enemy fortress (12.6).
func (s *State) combatActors() []*units.Counter {
	if len(s.Combat.Retreats) > 0 {
		return s.PendingRetreats()
	}
	var out []*units.Counter
	side := s.Player
	occ := s.occupancy()
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box != OnMap || c.Side() != side || slices.Contains(s.Combat.Attacked, i) {
			continue
		}
		for _, nb := range u.At.Neighbors() {
			enemyThere := occ.Has(nb, side.Other()) || s.fortressOf(nb, side.Other()) > 0
			if !enemyThere {
				continue
			}
			if c.Type == units.Siege && s.fortressOf(nb, side.Other()) > 0 && !u.Edge && !(s.Step == Combat2 && u.OutOfCommand) {
				out = append(out, c)
				break
			}
			if s.canAttack(c, nb) == nil {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// ahItalianAttack refuses an attack by Austro-Hungarian and Italian units
// together (the MOVES #91 version of 18.1(13): they may not add their
// strength in one attack).
func (s *State) ahItalianAttack(attackers []int) error {
	if !s.Option(OptAustrians) {
		return nil
	}
	var ah, it bool
	for _, i := range attackers {
		ah = ah || s.Counter(i).Nation == units.AH
		it = it || s.Counter(i).Nation == units.IT
	}
	if ah && it {
		return refuse("attack-ah-with-italians")
	}
	return nil
}
