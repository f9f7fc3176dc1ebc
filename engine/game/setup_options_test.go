package game

import (
	"testing"

	"rtrbot/engine/board"
	"rtrbot/engine/units"
)

// The reinforcement phase computes its dues from the table (11.1).
func TestReinforcementTableUsed(t *testing.T) {
	m := newTestMap(10, 10)
	m.logistic("DE", "0509")
	s := position(t, m.build(), "turn Aug II\nstep event\n0101: F-XX")
	n := wantOK(t, s, "allied end")
	if len(n.Dues) != 1 || n.Dues[0].DE != 7 || n.Dues[0].Type != "reserve" {
		t.Errorf("Aug II German reinforcements: %v", n.Dues)
	}
}

// 14.2: with a neutral Belgium the Belgian units do not set up (the
// starting VP are rule cases in 17-setup.txt and 18-options.txt).
func TestNeutralBelgiansDoNotSetUp(t *testing.T) {
	rr, err := NewRules(newTestMap(4, 4).build(), "standard")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := New(rr, 1, []string{"18.1(5)", "18.1(6)"})
	if c, _ := s.Lookup("BE-1"); s.Units[c.Index].Box != Pool {
		t.Error("14.2: neutral Belgian units do not set up")
	}
}

// 18.1(8), 18.2(11): timid reservists stay home until Sep I; 18.1(4),
// 18.2(2): free setup.
func TestOptionsTimidAndFreeSetup(t *testing.T) {
	m := newTestMap(10, 10)
	s := position(t, m.build(), "options 18.1(8)\n0506: G-IIIR G-III\n0101: F-XX")
	s.Turn = 5 // Sep I
	free := position(t, m.build(), "options 18.1(4) 18.2(2)\nstep setup\nplayer allied\nunplaced F-XX G-III")
	free.Player = 0
	if n, _ := New(s.Rules(), 1, []string{"18.1(4)", "18.1(8)"}); n.VP != [2]int{20, 70} {
		t.Errorf("VP with 18.1(4) and 18.1(8): %v", n.VP)
	}
}

// 18.1(9), 18.2(9): armoured cars set up with their option; 18.3: no
// reinforcements at all.
func TestOptionsArmouredCarsAndNoReinforcements(t *testing.T) {
	r := realRules(t, "standard")
	s := mustNew(t, r, 1, []string{"18.1(9)", "18.2(9)", "18.3"})
	for _, id := range []string{"G-PK1", "G-PK2", "F-AM", "GB-RNAS"} {
		if at(t, s, id) != "unplaced" {
			t.Errorf("%s is %s, want unplaced", id, at(t, s, id))
		}
	}
	s = wantOK(t, s, "allied autosetup")
	s = wantOK(t, s, "allied end")
	s = wantOK(t, s, "german autosetup")
	s = wantOK(t, s, "german end")
	s = wantOK(t, s, "allied end") // event phase
	if s.Step != Reinforcement || len(s.Dues) != 0 {
		t.Errorf("18.3: dues %v", s.Dues)
	}
	if s.VP != [2]int{5, 55} {
		t.Errorf("VP %v", s.VP)
	}
	plain, _ := New(r, 1, nil)
	if at(t, plain, "G-PK1") != "pool" {
		t.Error("armoured cars without their option")
	}
}

// 18.1(3) right wing on the real map: the default setup transfers a corps
// from each of 5A, 6A, 7A into 1A, 2A, 3A and the 6A siege train north;
// hand placements are checked; setup cannot end without the transfers.
func TestOptionRightWing(t *testing.T) {
	r := realRules(t, "standard")
	s, _ := New(r, 1, []string{"18.1(3)"})
	s = wantOK(t, s, "allied autosetup")
	s = wantOK(t, s, "allied end")
	if s.VP != [2]int{0, 60} {
		t.Errorf("VP %v", s.VP)
	}
	n := wantOK(t, s, "german place G-V 3024") // 5A corps to 1A
	n = wantOK(t, n, "german place BY-I 2823") // 6A corps (Bavarian) to 2A
	n = wantOK(t, n, "german autosetup")
	if got := n.wingTransfers(nil); len(got) != 3 || got["DE-5A"] != "DE-1A" || got["DE-6A"] != "DE-2A" || got["DE-7A"] != "DE-3A" {
		t.Errorf("transfers %v", got)
	}
	x, _ := r.Map.Hex(n.Units[mustCounter(t, n, "G-S2").Index].At)
	if areaIn(x.Setup, wingTo) == "" {
		t.Errorf("6A siege train in %s (%v)", x.At, x.Setup)
	}
	bare := wantOK(t, s, "german place G-V 3024")
	for _, c := range bare.unplaced(units.German) {
		if c.ID != "G-V" {
			bare.Units[c.Index] = Unit{Box: OnMap, At: hexMust("1723")}
		}
	}
}

func mustCounter(t *testing.T, s *State, id string) *units.Counter {
	t.Helper()
	c, ok := s.Lookup(id)
	if !ok {
		t.Fatalf("no %s", id)
	}
	return c
}

// A position with units out of the game (18.2(6): the BEF's setup units)
// reads back to the same state (the option's effects are rule cases in
// 18-options.txt).
func TestPositionWithUnitsOut(t *testing.T) {
	m := newTestMap(10, 10)
	m.logistic("DE", "0509")
	r, _ := NewRules(m.build(), "standard")
	s := mustNew(t, r, 1, []string{"18.2(6)"})
	if p, err := ParsePosition(m.build(), s.Position()); err != nil || p.Hash() != s.Hash() {
		t.Errorf("position with units out of the game: %v", err)
	}
}

// 18.2(5): Belgian divisions of any type reinforce Antwerp on the listed
// turns, from eliminated Belgian units or the spare fortress troops; lost
// when both Antwerp hexes are German-held or in a German ZOC.
func TestOptionBelgiumRavished(t *testing.T) {
	r := realRules(t, "standard")
	s := position(t, r.Map, "options 18.2(5)\nturn Aug III\nstep combat-2\nplayer german\neliminated BE-C\n1723: G-III\n1804: F-XX")
	s = wantOK(t, s, "german end")
	found := false
	for _, d := range s.Dues {
		found = found || (d.Nation == "BE" && d.Type == AnyType)
	}
	if !found {
		t.Fatalf("18.2(5): no Belgian due on Aug III: %v", s.Dues)
	}
	blocked := position(t, r.Map, "options 18.2(5)\nturn Aug III\nstep reinforcement\nplayer allied\ndue BE any 1\ndestroyed 3517 3616\n3517: G-III\n1804: F-XX")
	n, evs := mustApply(t, blocked, "allied end")
	if n.Step != Reorg1 || evs[0].Kind != EvDueLost {
		t.Errorf("blocked Antwerp: %v", evs)
	}
	quiet := position(t, r.Map, "options 18.2(5)\nturn Aug IV\nstep combat-2\nplayer german\n1723: G-III\n1804: F-XX")
	quiet = wantOK(t, quiet, "german end")
	for _, d := range quiet.Dues {
		if d.Nation == "BE" {
			t.Errorf("Belgian due on Aug IV: %v", d)
		}
	}
}

// 18.1(1): the German starting forces send attack strength and HQs to the
// Russian Front box at setup; 18.1(7): the Dutch join the Allies and the
// Germans lose 10 attack.
func TestOptionsReduceStartingForces(t *testing.T) {
	r := realRules(t, "standard")
	s := mustNew(t, r, 1, []string{"18.1(1)b"})
	s = wantOK(t, s, "allied autosetup")
	s = wantOK(t, s, "allied end")
	n := wantOK(t, s, "german withdraw G-XI")
	n = wantOK(t, n, "german autosetup")
	if a, h := n.boxed(Russia); a < 20 || h < 1 {
		t.Errorf("18.1(1)b: Russia box holds %d attack, %d HQ", a, h)
	}
	m := wantOK(t, s, "german withdraw G-XI")
	m = wantOK(t, m, "german place G-XI 2624") // undo
	for _, c := range m.unplaced(units.German) {
		m.Units[c.Index] = Unit{Box: OnMap, At: hexMust("1723")} // everything placed, nothing sent
	}
	if _, err := New(r, 1, []string{"18.1(1)a", "18.1(1)c"}); err == nil {
		t.Error("two levels of 18.1(1) accepted")
	}

	d, _ := New(r, 1, []string{"18.1(7)"})
	if d.VP != [2]int{0, 90} || at(t, d, "NL-1") != "unplaced" {
		t.Fatalf("18.1(7): VP %v, NL-1 %s", d.VP, at(t, d, "NL-1"))
	}
	var inner, border string
	for _, x := range r.Map.Hexes() {
		if x.Country != board.Netherlands || x.Terrain == board.Sea {
			continue
		}
		if d.borderHex(x.At) && border == "" {
			border = x.At.String()
		}
		if !d.borderHex(x.At) && inner == "" {
			inner = x.At.String()
		}
	}
	if inner == "" || border == "" {
		t.Skip("the map has no inner Dutch hex")
	}
	d = wantOK(t, d, "allied place NL-1 "+inner)
	d = wantOK(t, d, "allied autosetup")
	d = wantOK(t, d, "allied end")
	d = wantOK(t, d, "german autosetup")
	if a, _ := d.boxed(Out); a < 10 {
		t.Errorf("18.1(7): %d attack removed", a)
	}
	d = wantOK(t, d, "german end")
	if d.Neutral(board.Netherlands) {
		t.Error("18.1(7): the Netherlands still neutral")
	}
}

// 18.1(2): up to 10 more attack in German setup areas; HQ 8. Armee on Aug
// III. 18.2(8): the BEF lands in French or Belgian ports on Aug III.
func TestOptionsWestOffensiveAndBEFLanding(t *testing.T) {
	r := realRules(t, "standard")
	s := mustNew(t, r, 1, []string{"18.1(2)", "18.2(8)"})
	if at(t, s, "GB-I") != "pool" {
		t.Errorf("18.2(8): GB-I %s", at(t, s, "GB-I"))
	}
	s = wantOK(t, s, "allied autosetup")
	s = wantOK(t, s, "allied end")
	s = wantOK(t, s, "german place G-EA1 3024") // 3 attack
	s = wantOK(t, s, "german place G-EA2 2824")
	s = wantOK(t, s, "german place G-EA3 2624")
	s = wantOK(t, s, "german place G-EL1 2625") // a Landwehr division makes 10
	if s.extraAttack(nil) != 10 {
		t.Errorf("extras %d attack", s.extraAttack(nil))
	}
	s = wantOK(t, s, "german autosetup")
	s = wantOK(t, s, "german end")
	// Through Aug II to the German Aug III reinforcement phase.
	for !(s.Turn == 3 && s.Step == Reinforcement) {
		if s.Step == Reinforcement {
			s = wantOK(t, s, s.ToMove().String()+" autoreinforce")
		}
		if s.Step.IsMovement() {
			s = spreadOut(t, s)
		}
		s = wantOK(t, s, s.ToMove().String()+" end")
	}
	s = wantOK(t, s, "german reinforce G-8A "+firstEntry(t, s, "DE"))
	for !(s.Turn == 3 && s.Step == Reinforcement && s.Player == units.Allied) {
		if s.Step == Reinforcement {
			s = wantOK(t, s, s.ToMove().String()+" autoreinforce")
		}
		if s.Step.IsMovement() {
			s = spreadOut(t, s)
		}
		s = wantOK(t, s, s.ToMove().String()+" end")
	}
	ports := s.landingPorts()
	if len(ports) == 0 {
		t.Fatal("no landing ports")
	}
	s = wantOK(t, s, "allied reinforce GB-I "+ports[0].String())
	s = wantOK(t, s, "allied autoreinforce")
	if at(t, s, "GB-BEF") == "pool" || at(t, s, "GB-CD") == "pool" || len(s.Dues) != 0 {
		t.Errorf("18.2(8): BEF %s, cavalry %s, dues %v", at(t, s, "GB-BEF"), at(t, s, "GB-CD"), s.Dues)
	}
}

func firstEntry(t *testing.T, s *State, n units.Nation) string {
	hs, _ := s.EntryHexes(n)
	if len(hs) == 0 {
		t.Fatalf("no entry hex for %s", n)
	}
	return hs[0].String()
}

// 18.1(12): the extra Aug I turn.
func TestOptionPreMobilisation(t *testing.T) {
	r := realRules(t, "standard")
	s := mustNew(t, r, 1, []string{"18.1(12)"})
	if s.Turn != 1 || at(t, s, "GB-I") != "pool" {
		t.Fatalf("18.1(12): turn %v, GB-I %s", s.Turn, at(t, s, "GB-I"))
	}
	s = wantOK(t, s, "allied autosetup")
	s = wantOK(t, s, "allied end")
	s = wantOK(t, s, "german autosetup")
	s = wantOK(t, s, "german end")
	if s.Step != Reinforcement || s.Turn != 1 {
		t.Fatalf("3.0: no event phase on GT 1: %v %v", s.Turn, s.Step)
	}
	s = wantOK(t, s, "german end")
	s = wantOK(t, s, "german end")
	for s.Step != Command {
		s = wantOK(t, s, "german end")
	}
	for i, u := range s.Units {
		if u.Box == OnMap && s.Counter(i).Side() == units.German && !u.OutOfCommand {
			t.Fatalf("18.1(12): %s in command on Aug I", s.Counter(i).ID)
		}
	}
	for s.Player != units.Allied {
		s = wantOK(t, s, "german end")
	}
	if len(s.Dues) != 3 {
		t.Errorf("18.1(12): BEF dues on Aug I: %v", s.Dues)
	}
	s = wantOK(t, s, "allied autoreinforce")
	s = wantOK(t, s, "allied end")
	s = wantOK(t, s, "allied end")
	// A French unit next to Belgium may not enter it.
	for i, u := range s.Units {
		c := s.Counter(i)
		if u.Box != OnMap || c.Nation != units.FR || s.canMove(c) != nil {
			continue
		}
		for _, nb := range u.At.Neighbors() {
			if x, ok := r.Map.Hex(nb); ok && x.Country == board.Belgium && !s.occupiedBy(units.Allied).has(nb) {
				return
			}
		}
	}
	t.Error("no French unit next to Belgium to try")
}

// 18.1(14): German deception keeps the French out of Belgium north of the
// Meuse until a Belgian fortress falls or Sep I; south of it they may go.
func TestOptionDeception(t *testing.T) {
	r := realRules(t, "standard")
	s := position(t, r.Map, "options 18.1(14)\nplayer allied\n1723: G-III")
	if !s.northOfMeuse(hexMust("3216")) || s.northOfMeuse(hexMust("2718")) {
		t.Fatalf("north of the Meuse: Brussels %v, Givet side %v", s.northOfMeuse(hexMust("3216")), s.northOfMeuse(hexMust("2718")))
	}
}

// MOVES #91 optional rules: reserve and Landwehr divisions without ZOC;
// no breakdown before entrenchment.
func TestMoves91Options(t *testing.T) {
	m := newTestMap(10, 10)
	s := position(t, m.build(), "options M91-zoc\n0505: F-58R\n0305: F-XX\n0909: G-III")
	z := s.ZOC(units.Allied)
	if z.has(hexMust("0504")) || !z.has(hexMust("0304")) {
		t.Error("M91-zoc: a reserve division has a ZOC, or a corps has none")
	}
	r := position(t, m.build(), "options M91-split\nstep reorganisation-1\n0505: G-III\n0101: F-XX")
	wantRefused(t, r, "german split G-III", "entrenchment begins")
	r.Entrenching = true
	wantOK(t, r, "german split G-III")
}
