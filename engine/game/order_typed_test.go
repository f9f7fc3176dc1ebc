package game

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"rtrbot/engine/hex"
	"rtrbot/engine/units"
)

// typed rebuilds an order through its verb's constructor and the accessors,
// and reports whether it could: an order of the wrong shape (a rule case
// that checks a refusal) is rebuilt as Written.
func typed(o Order) (Order, bool) {
	one := len(o.Units) == 1
	bare := len(o.Units) == 0 && len(o.Hexes) == 0
	var t Order
	ok := true
	switch {
	case o.Verb == VerbPlace && one && len(o.Hexes) > 0:
		t = Place(o.Unit(), o.Hexes...)
	case o.Verb == VerbMove && one && len(o.Hexes) > 0:
		t = Move(o.Unit(), o.Hexes...)
	case o.Verb == VerbAttack && len(o.Units) > 0 && len(o.Hexes) == 1:
		t = Attack(o.Table(), o.To(), o.Attackers()...)
		if o.NavalGunfire() {
			t = t.WithNavalGunfire()
		}
	case o.Verb == VerbAbandon && len(o.Units) <= 1 && len(o.Hexes) == 1:
		t = Abandon(o.To(), o.Units...)
	case o.Verb == VerbMerge && len(o.Units) == 2 && len(o.Hexes) == 0:
		t = Merge(o.Units[0], o.Units[1])
	case one && len(o.Hexes) == 1 && unitToHex[o.Verb] != nil:
		t = unitToHex[o.Verb](o.Unit(), o.To())
	case one && len(o.Hexes) == 0 && unitOnly[o.Verb] != nil:
		t = unitOnly[o.Verb](o.Unit())
	case bare && bareOrders[o.Verb] != nil:
		t = bareOrders[o.Verb]()
	default:
		t, ok = Written(o.Verb, o.Units, o.Hexes...), false
	}
	return t.By(o.Side), ok
}

var (
	unitToHex = map[Verb]func(string, hex.Hex) Order{
		VerbRail: Rail, VerbReinforce: Reinforce, VerbRetreat: Retreat, VerbSiege: Siege, VerbRecon: Recon, VerbSea: Sea,
	}
	unitOnly = map[Verb]func(string) Order{
		VerbSplit: Split, VerbEntrench: Entrench, VerbUnentrench: Unentrench, VerbRemove: Remove, VerbWithdraw: Withdraw,
	}
	bareOrders = map[Verb]func() Order{
		VerbAutoSetup: AutoSetup, VerbEnd: End, VerbAutoReinforce: AutoReinforce, VerbDelay: Delay, VerbStand: Stand, VerbRekey: Rekey,
	}
)

// storedOrders are the orders of the stored test games: the scripted
// standard game and the ORDERS of every rule case.
func storedOrders(t *testing.T) (script, cases []string) {
	b := readText(t, scriptPath)
	for _, l := range strings.Split(b, "\n") {
		if f := strings.Fields(l); len(f) > 1 && (f[0] == "german" || f[0] == "allied") {
			script = append(script, strings.TrimSpace(l))
		}
	}
	files, err := filepath.Glob("testdata/cases/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no rule cases: %v", err)
	}
	for _, f := range files {
		b := readText(t, f)
		in := false
		for _, l := range strings.Split(b, "\n") {
			w := strings.TrimSpace(l)
			switch {
			case w == "ORDERS":
				in = true
			case w == "POSTSTATE" || w == "END":
				in = false
			case in && (strings.HasPrefix(w, "german ") || strings.HasPrefix(w, "allied ")):
				cases = append(cases, w)
			}
		}
	}
	return script, cases
}

// Every order of the stored test games reads back the same through the
// typed form: its verb's constructor, given what the accessors read, writes
// the text the log stores. The scripted game's orders are all of their
// verb's shape.
func TestStoredOrdersRoundTripThroughTheirConstructors(t *testing.T) {
	script, cases := storedOrders(t)
	if len(script) < 100 || len(cases) < 100 {
		t.Fatalf("too few stored orders: %d scripted, %d in rule cases", len(script), len(cases))
	}
	shaped := 0
	for k, line := range append(script, cases...) {
		o, err := ParseOrder(line)
		if err != nil {
			continue // a rule case of ParseOrder's own refusals
		}
		x, ok := typed(o)
		if ok {
			shaped++
		} else if k < len(script) {
			t.Errorf("scripted order %q is not of its verb's shape", line)
		}
		if x.String() != o.String() || !reflect.DeepEqual(x, o) {
			t.Errorf("%q: typed form %q (%#v), want %#v", line, x, x, o)
		}
	}
	if shaped < len(script) {
		t.Errorf("only %d orders went through their verb's constructor", shaped)
	}
}

// Each constructor writes the text ParseOrder reads back as the same order,
// and the accessors read what it was given.
func TestOrderConstructorsWriteWhatTheParserReads(t *testing.T) {
	h := hex.MustParse
	de, al := units.German, units.Allied
	for _, c := range []struct {
		o    Order
		text string
	}{
		{Place("G-III", h("3024")).By(de), "german place G-III 3024"},
		{Place("F-XX", h("3024"), h("3025")).By(al), "allied place F-XX 3024 3025"},
		{AutoSetup().By(al), "allied autosetup"},
		{End().By(de), "german end"},
		{Move("G-III", h("3024"), h("3023")).By(de), "german move G-III 3024 3023"},
		{Rail("G-III", h("2014")).By(de), "german rail G-III 2014"},
		{Split("F-XX").By(al), "allied split F-XX"},
		{Merge("F-14", "F-41").By(al), "allied merge F-14 F-41"},
		{Entrench("F-XX").By(al), "allied entrench F-XX"},
		{Unentrench("F-XX").By(al), "allied unentrench F-XX"},
		{Reinforce("G-LW1", h("0904")).By(de), "german reinforce G-LW1 0904"},
		{AutoReinforce().By(de), "german autoreinforce"},
		{Remove("G-IV").By(de), "german remove G-IV"},
		{Withdraw("G-IV").By(de), "german withdraw G-IV"},
		{Attack("ASSAULT", h("3021"), "G-III", "G-IV").By(de), "german attack ASSAULT G-III G-IV 3021"},
		{Attack("recon", h("3607"), "F-XX", "F-XXI").WithNavalGunfire().By(al), "allied attack RECON F-XX F-XXI NAVAL 3607"},
		{Retreat("G-III", h("3023")).By(de), "german retreat G-III 3023"},
		{Siege("G-S1", h("3021")).By(de), "german siege G-S1 3021"},
		{Abandon(h("1819")).By(al), "allied abandon 1819"},
		{Abandon(h("1819"), "F-DT3").By(al), "allied abandon F-DT3 1819"},
		{Recon("G-HQ", h("2520")).By(de), "german recon G-HQ 2520"},
		{Delay().By(al), "allied delay"},
		{Stand().By(al), "allied stand"},
		{Sea("B-I", h("0102")).By(al), "allied sea B-I 0102"},
		{Rekey().By(de), "german rekey"},
		{Written(VerbMove, []string{"G-III", "G-IV"}, h("3024")).By(de), "german move G-III G-IV 3024"},
	} {
		if got := c.o.String(); got != c.text {
			t.Errorf("%#v writes %q, want %q", c.o, got, c.text)
		}
		back, err := ParseOrder(c.text)
		if err != nil || !reflect.DeepEqual(back, c.o) {
			t.Errorf("%q reads back as %#v (%v), want %#v", c.text, back, err, c.o)
		}
	}
	a, _ := ParseOrder("allied attack RECON F-XX NAVAL F-XXI 3607")
	if a.Table() != "RECON" || !reflect.DeepEqual(a.Attackers(), []string{"F-XX", "F-XXI"}) || !a.NavalGunfire() || a.To() != h("3607") {
		t.Errorf("attack's accessors: table %q, attackers %q, naval %v, target %s", a.Table(), a.Attackers(), a.NavalGunfire(), a.To())
	}
	m := Move("G-III", h("3024"), h("3023"))
	if m.Unit() != "G-III" || m.To() != h("3023") || m.Table() != "" || m.Attackers() != nil || m.NavalGunfire() {
		t.Errorf("move's accessors: unit %q, to %s, table %q, attackers %q, naval %v", m.Unit(), m.To(), m.Table(), m.Attackers(), m.NavalGunfire())
	}
	if e := End(); e.Unit() != "" || e.To() != (hex.Hex{}) {
		t.Errorf("end names unit %q, hex %s", e.Unit(), e.To())
	}
}
