package game

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"rtrbot/engine/units"
)

var updateGame = flag.Bool("update-game", false, "rewrite testdata/standard-game.orders and .result from a self-play game")

const (
	scriptPath = "testdata/standard-game.orders"
	resultPath = "testdata/standard-game.result"
	scriptSeed = 1914
)

// loadScript reads the checked-in orders of the scripted standard game.
func loadScript(t testing.TB) (uint64, []Order) {
	t.Helper()
	f, err := os.Open(scriptPath)
	if err != nil {
		t.Fatalf("%v (go test ./engine/game -run TestScriptedGame -update-game writes it)", err)
	}
	defer f.Close()
	var seed uint64
	var orders []Order
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if v, ok := strings.CutPrefix(line, "seed "); ok {
			seed, err = strconv.ParseUint(v, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			continue
		}
		o, err := ParseOrder(line)
		if err != nil {
			t.Fatal(err)
		}
		orders = append(orders, o)
	}
	return seed, orders
}

func resultText(s *State) string {
	w, l, d := s.Result()
	return fmt.Sprintf("turn %s\nstep %s\nvp %d %d\nwinner %s\nlevel %s\nmargin %d\nrolls %d\nhash %s\n", s.Turn, s.Step, s.VP[0], s.VP[1], w, l, d, s.Dice.Rolls, s.Hash())
}

// A scripted game of the standard scenario (checked-in orders) plays to
// the end, deterministic, with its VP and victory level (15.1) asserted;
// every segment's views hide what they must (14.1).
func TestScriptedGame(t *testing.T) {
	r := realRules(t, "standard")
	if *updateGame {
		res, err := SelfPlay(r, scriptSeed, SelfPlayConfig{})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString("# A whole game of the standard scenario (Aug II - Sep IV), one order a line as\n")
		b.WriteString("# game.ParseOrder reads it; played by engine/game.SelfPlay and checked in so that\n")
		b.WriteString("# TestScriptedGame replays it (rewrite with: go test ./engine/game -run TestScriptedGame -update-game).\n")
		fmt.Fprintf(&b, "seed %d\n", scriptSeed)
		for _, o := range res.Orders {
			b.WriteString(o.String() + "\n")
		}
		if err := os.WriteFile(scriptPath, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(resultPath, []byte(resultText(res.Final)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	seed, orders := loadScript(t)
	s := mustNew(t, r, seed, nil)
	kinds := map[EventKind]int{}
	for i, o := range orders {
		n, evs, err := Apply(s, o)
		if err != nil {
			t.Fatalf("order %d (%s): %v", i+1, o, err)
		}
		for _, e := range evs {
			kinds[e.Kind]++
		}
		checkViews(t, n)
		checkEvents(t, s, n, evs)
		s = n
	}
	if s.Step != GameOver {
		t.Fatalf("the script stops at %s %s", s.Turn, s.Step)
	}
	if foggedEvents == 0 {
		t.Errorf("no event of the scripted game was hidden by the fog of war: its texts went unchecked")
	}
	want := readText(t, resultPath)
	if got := resultText(s); got != want {
		t.Errorf("the scripted game ends\n%s\nbut %s says\n%s", got, resultPath, want)
	}
	again, err := Replay(r, seed, nil, orders)
	if err != nil || again.Hash() != s.Hash() {
		t.Fatalf("replay differs: %v", err)
	}
	for _, k := range []EventKind{EvCombat, EvEliminated, EvRetreated, EvRandom, EvRoll, EvVictory} {
		if kinds[k] == 0 {
			t.Errorf("the scripted game has no %s event", k)
		}
	}
	t.Logf("%d orders; %d combats, %d eliminations, %d retreats, %d sieges, %d fortresses, %d random events, %d Russian Front, %d rolls",
		len(orders), kinds[EvCombat], kinds[EvEliminated], kinds[EvRetreated], kinds[EvSiege], kinds[EvFortress], kinds[EvRandom], kinds[EvRussia], kinds[EvRoll])
}

// checkViews: nothing hidden from a viewer appears in its view (14.1),
// computed independently of ViewFor: own units; enemy units only as the
// top (first) counter of their stack, unless the hex was in a combat this
// segment, looked into by the viewer's reconnaissance, or the viewer has
// counter-intelligence this turn; eliminated units; no seed before the end.
func checkViews(t testing.TB, s *State) {
	t.Helper()
	over := s.Step == GameOver
	for _, v := range []Viewer{GermanView, AlliedView, PublicView} {
		w := s.ViewFor(v)
		if !over && w.Seed != 0 {
			t.Fatalf("view %d shows the seed while the game runs", v)
		}
		tops := map[string]bool{}
		byHex := map[string][]int{}
		for i, u := range s.Units {
			if u.Box == OnMap {
				k := u.At.String() + s.Counter(i).Side().String()
				byHex[k] = append(byHex[k], i)
			}
		}
		for _, list := range byHex {
			sort.Ints(list)
			tops[s.Counter(list[0]).ID] = true
		}
		allowed := func(id string) bool {
			c, _ := s.Lookup(id)
			u := s.Units[c.Index]
			own := v != PublicView && units.Side(v) == c.Side()
			switch {
			case own, over:
				return true
			case u.Box == Eliminated:
				return true
			case u.Box != OnMap:
				return slices.Contains(s.Combat.Retreats, c.Index)
			case tops[id], slices.Contains(s.Sight.Revealed, u.At), slices.Contains(s.Combat.Retreats, c.Index):
				return true
			case v == PublicView:
				return false
			case s.Sight.Intel[v]:
				return true
			}
			for _, l := range s.Sight.Recon {
				if l.At == u.At && s.Counter(l.HQ).Side() == units.Side(v) {
					return true
				}
			}
			return false
		}
		for id := range w.VisibleIDs() {
			if !allowed(id) {
				t.Fatalf("%s %s: view %d shows %s, hidden from it (14.1)", s.Turn, s.Step, v, id)
			}
		}
		for _, st := range w.Stacks {
			for _, u := range st.Units {
				if u.OutOfCommand && (v == PublicView || units.Side(v) != u.Side) {
					t.Fatalf("view %d shows the command state of enemy %s", v, u.ID)
				}
			}
		}
	}
}

// foggedEvents counts the events checkEvents saw hidden by the fog.
var foggedEvents int

// checkEvents: the events of an order as EventsFor gives them to a viewer
// name no unit hidden from it both before and after the order (14.1), but
// for the public kinds every player witnesses (combat and its results).
func checkEvents(t testing.TB, before, after *State, evs []Event) {
	t.Helper()

	for _, v := range []Viewer{GermanView, AlliedView, PublicView} {
		seen := before.ViewFor(v).VisibleIDs()
		for id := range after.ViewFor(v).VisibleIDs() {
			seen[id] = true
		}
		for _, e := range EventsFor(v, before, after, evs) {
			if publicKinds[e.Kind] || (v != PublicView && units.Side(v) == e.Side) {
				continue
			}
			for _, id := range e.Units {
				if c, ok := before.Lookup(id); ok && !seen[id] && (v == PublicView || c.Side() != units.Side(v)) {
					t.Fatalf("%s %s: viewer %d reads hidden %s in %q", before.Turn, before.Step, v, id, e.Text.EN)
				}
			}
			// what the fog leaves of an event says its kind in the
			// reader's words, never the code (event_kinds.txt)
			if strings.Contains(e.Text.EN, "fog of war") {
				foggedEvents++
				name := e.Kind.Name()
				if !strings.Contains(e.Text.EN, name.EN) || !strings.Contains(e.Text.JA, name.JA) || name.EN == string(e.Kind) {
					t.Fatalf("%s %s: the fog leaves %q / %q, which does not name %q in each language", before.Turn, before.Step, e.Text.EN, e.Text.JA, e.Kind)
				}
			}
		}
	}
}
