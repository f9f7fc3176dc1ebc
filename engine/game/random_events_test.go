package game

import (
	"fmt"
	"testing"

	"rtrbot/engine/units"
)

// 5.0: every row of the random events table, applied to a state by its
// reading, with its effect.
func TestRandomEventsEveryRow(t *testing.T) {
	m := newTestMap(10, 10).build()
	base := func(extra string) *State {
		return position(t, m, "turn Sep I\nstep event\nplayer german\n0505: G-III\n0503: F-XX\n"+extra)
	}
	type check func(t *testing.T, s *State, evs []Event)
	rows := []struct {
		readings []int
		extra    string
		check    check
	}{
		{[]int{11, 12}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.BadWeather {
				t.Error("bad weather not set")
			}
		}},
		{[]int{13, 14}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.BadWeather {
				t.Error("autumn weather in September not set")
			}
		}},
		{[]int{15}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.Sight.Intel[units.German] || s.Sight.Intel[units.Allied] {
				t.Error("German counter-intelligence")
			}
		}},
		{[]int{16}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.Sight.Intel[units.Allied] || s.Sight.Intel[units.German] {
				t.Error("Allied counter-intelligence")
			}
		}},
		{[]int{21}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.Events.Panic[units.German] {
				t.Error("German panic")
			}
		}},
		{[]int{22}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.Events.Panic[units.Allied] {
				t.Error("Allied panic")
			}
		}},
		{[]int{23}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.Events.Surge[units.German] {
				t.Error("German surge")
			}
		}},
		{[]int{24}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.Events.Surge[units.Allied] {
				t.Error("French surge")
			}
		}},
		{[]int{25}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.Events.Colonial {
				t.Error("colonial situation")
			}
		}},
		{[]int{26}, "", func(t *testing.T, s *State, evs []Event) {
			if s.Events.Italy != 0 {
				t.Error("Italy joined although the Germans violated Belgium")
			}
		}},
		{[]int{26}, "options 18.1(5)\n", func(t *testing.T, s *State, evs []Event) {
			if s.Events.Italy != 1 {
				t.Error("Italy did not join with Belgium neutral")
			}
		}},
		{[]int{31, 32, 33, 34, 35, 36}, "", func(t *testing.T, s *State, evs []Event) {
			if !s.Entrenching {
				t.Error("entrenchment not begun")
			}
		}},
		{[]int{41, 42, 43, 44, 45, 46}, "", func(t *testing.T, s *State, evs []Event) {
			if s.BadWeather || s.Entrenching || s.Sight.Intel != [2]bool{} || countKind(evs, EvRoll) != 0 {
				t.Error("no event changed something")
			}
		}},
		{[]int{51, 56, 61, 66}, "", func(t *testing.T, s *State, evs []Event) {
			if countKind(evs, EvRussia) != 1 || countKind(evs, EvRoll) != 1 {
				t.Errorf("Russian Front not rolled: %v", evs)
			}
		}},
		{[]int{51}, "flags russia-settled\n", func(t *testing.T, s *State, evs []Event) {
			if countKind(evs, EvRussia) != 0 {
				t.Error("14.3: a settled Russian Front is no event")
			}
		}},
	}
	seen := map[int]bool{}
	for _, r := range rows {
		for _, reading := range r.readings {
			seen[reading] = true
			s := base(r.extra)
			var evs []Event
			s.applyEvent(reading, &evs)
			if countKind(evs, EvRandom) != 1 {
				t.Fatalf("%d: no event", reading)
			}
			t.Run(fmt.Sprint(reading), func(t *testing.T) { r.check(t, s, evs) })
		}
	}
	// Autumn weather in August is no event.
	aug := position(t, m, "turn Aug III\nstep event\n")
	var evs []Event
	aug.applyEvent(13, &evs)
	if aug.BadWeather {
		t.Error("5.0: autumn weather in August")
	}
	// The roll itself: two dice read as tens and units, from GT 2.
	s := position(t, m, "turn Aug II\nstep combat-2\nplayer allied\nseed 77\n0505: G-III\n")
	n, evs2, err := try(t, s, "allied end")
	if err != nil || n.Step != EventStep || countKind(evs2, EvRandom) != 1 || countKind(evs2, EvRoll) < 2 {
		t.Errorf("5.0: the event phase rolls: %v %v", err, evs2)
	}
	for k := 11; k <= 66; k++ {
		if k%10 >= 1 && k%10 <= 6 && !seen[k] && k != 52 && k != 53 && k != 54 && k != 55 && k != 62 && k != 63 && k != 64 && k != 65 {
			t.Errorf("reading %d not tested", k)
		}
	}
}

// Event 26: the Italians arrive with the German reinforcements (the
// other events' later effects are rule cases in 05-random-events.txt).
func TestItalyDue(t *testing.T) {
	mm := newTestMap(10, 10).build()
	var ev []Event
	// Italy: the Italians arrive with the German reinforcements.
	it := position(t, mm, "turn Sep I\nstep reinforcement\nplayer german\nitaly 1\n")
	it.eventReinforcements(&ev)
	if len(it.Dues) != 3 {
		t.Fatalf("event 26: dues %v", it.Dues)
	}
	if c, _ := it.Lookup("IT-I"); !it.available(c) {
		t.Error("event 26: Italian corps not available")
	}
}

// 14.3: every cell of the Russian Front table in the engine: die 1..6,
// box strengths giving +0..+4 (capped), option 18.1(2) -1, and every
// result's effect.
func TestRussianFrontEveryCell(t *testing.T) {
	m := newTestMap(10, 10).build()
	printed := []string{"major-defeat", "major-defeat", "reinforcements-requested", "reinforcements-requested", "stalemate", "stalemate",
		"minor-victory", "minor-victory", "minor-victory", "major-victory", "major-victory"} // 0..10
	boxes := []struct {
		units string
		mod   int
	}{{"", 0}, {"G-III G-IV", 1}, {"G-III G-IV G-IX", 2}, {"G-III G-IV G-IX G-X G-XI", 4}, {"G-III G-IV G-IX G-X G-XI G-VII G-II", 4}}
	for _, opt := range []string{"", "options 18.1(2)\n"} {
		for _, b := range boxes {
			for die := 1; die <= 6; die++ {
				body := "turn Sep I\nstep event\n" + opt
				if b.units != "" {
					body += "russia " + b.units + "\n"
				}
				s := position(t, m, body)
				total := die + b.mod
				if opt != "" {
					total--
				}
				total = max(0, min(10, total))
				want := printed[total]
				before := s.VP
				var evs []Event
				s.applyRussia(die, &evs)
				var got string
				for _, e := range evs {
					if e.Kind == EvRussia {
						got = e.Units[0]
					}
				}
				if got != want {
					t.Errorf("14.3 die %d box %q %s: %s, want %s", die, b.units, opt, got, want)
					continue
				}
				switch want {
				case "major-defeat":
					if s.VP[1] != before[1]+20 || s.WithdrawAttack != 20 || s.WithdrawHQ != 1 || s.Russia.Settled {
						t.Errorf("major defeat: %v %d %d", s.VP, s.WithdrawAttack, s.WithdrawHQ)
					}
				case "reinforcements-requested":
					if s.WithdrawAttack != 10 || s.WithdrawHQ != 0 || s.Russia.Settled {
						t.Error("reinforcements requested")
					}
				case "stalemate":
					if !s.Russia.Settled || s.VP != before {
						t.Error("stalemate")
					}
				case "minor-victory":
					if !s.Russia.Settled || s.VP[0] != before[0]+20 {
						t.Error("minor victory")
					}
				case "major-victory":
					if !s.Russia.Settled || s.VP[0] != before[0]+40 || s.Russia.Return != s.BoxAttack()/2 {
						t.Error("major victory")
					}
				}
			}
		}
	}
	// Major victory: half the box's attack comes back as reinforcements.
	s := position(t, m, "turn Sep I\nstep reinforcement\nplayer german\nrussia-return 14\nrussia G-III G-IV G-II\n")
	var evs []Event
	s.eventReinforcements(&evs)
	back := 0
	for _, id := range []string{"G-III", "G-IV", "G-II"} {
		if boxOf(t, s, id) == Pool {
			back += s.Counter(mustID(t, s, id)).Attack
		}
	}
	if back == 0 || back > 14 || len(s.Dues) == 0 {
		t.Errorf("14.3 major victory: %d attack back, dues %v", back, s.Dues)
	}
}

// 15.1: the victory levels by VP difference.
func TestVictoryLevels(t *testing.T) {
	for _, c := range []struct {
		vp     [2]int
		winner units.Side
		level  Level
	}{
		{[2]int{50, 0}, units.German, Draw}, {[2]int{0, 50}, units.Allied, Draw}, {[2]int{51, 0}, units.German, Marginal},
		{[2]int{100, 0}, units.German, Marginal}, {[2]int{0, 101}, units.Allied, Strategic}, {[2]int{150, 0}, units.German, Strategic},
		{[2]int{151, 0}, units.German, Decisive}, {[2]int{10, 300}, units.Allied, Decisive},
	} {
		w, l, _ := Outcome(c.vp)
		if l != c.level || (l != Draw && w != c.winner) {
			t.Errorf("15.1 %v: %s %s", c.vp, w, l)
		}
	}
}

// Dice: every roll is a function of the seed and the roll number; the
// commitment is the SHA-256 of the seed; a state replays its rolls.
func TestGameDice(t *testing.T) {
	counts := [7]int{}
	for k := 1; k <= 6000; k++ {
		d := DieRoll(42, k)
		if d < 1 || d > 6 || d != DieRoll(42, k) {
			t.Fatal("die out of range or not repeatable")
		}
		counts[d]++
	}
	for d := 1; d <= 6; d++ {
		if counts[d] < 850 || counts[d] > 1150 {
			t.Errorf("die %d came %d times in 6000", d, counts[d])
		}
	}
	if Commitment(42) == Commitment(43) || len(Commitment(42)) != 64 {
		t.Error("commitment")
	}
	// Known values: docs/dice.md lists these for anyone recomputing.
	got := fmt.Sprint(DieRoll(1, 1), DieRoll(1, 2), DieRoll(1, 3), DieRoll(1, 4), DieRoll(1, 5))
	if got != dieVector {
		t.Errorf("the first rolls of seed 1 are %s; docs/dice.md says %s", got, dieVector)
	}
}

const dieVector = "2 1 5 1 3"

// Event 26 on the real map: the Italians enter with the German
// reinforcements at German logistics hexes (11.1), and the French lose 2
// attack from theirs.
func TestItaliansEnter(t *testing.T) {
	r := realRules(t, "standard")
	s := position(t, r.Map, "options 18.1(5)\nturn Aug III\nstep combat-2\nplayer allied\nitaly 1\n")
	s.Events.Italy = 1
	n := wantOK(t, s, "allied end") // the event phase of Aug IV begins (Italy becomes 2 there)
	n.Events.Italy = 1              // as if event 26 had come up now
	n = wantOK(t, n, "allied end")  // German reinforcement phase
	n = wantOK(t, n, "german autoreinforce")
	entered := 0
	for _, id := range []string{"IT-HQ", "IT-I", "IT-II", "IT-5", "IT-1K", "IT-2K"} {
		if n.Units[mustID(t, n, id)].Box == OnMap {
			entered++
		}
	}
	if entered < 5 {
		t.Errorf("event 26: %d Italian counters entered: %s", entered, n.Position())
	}
}
