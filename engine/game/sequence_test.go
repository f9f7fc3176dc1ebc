package game

import (
	"strings"
	"testing"

	"rtrbot/engine/units"
)

// Orders round-trip through their text form.
func TestOrderText(t *testing.T) {
	for _, in := range []string{"german move G-III 3024 3023", "allied merge F-14 F-41", "german end", "allied place BE-3 3021"} {
		o, err := ParseOrder(in)
		if err != nil || o.String() != in {
			t.Errorf("%q -> %q, %v", in, o.String(), err)
		}
		b, _ := o.MarshalText()
		var back Order
		if err := back.UnmarshalText(b); err != nil || back.String() != in {
			t.Errorf("text round trip %q: %v", in, err)
		}
	}
	for _, bad := range []string{"", "german", "french move X 0101", "german fly G-III 0101", "german move 0101 G-III", "german move G-III 0001"} {
		if _, err := ParseOrder(bad); err == nil {
			t.Errorf("ParseOrder(%q) accepted", bad)
		}
	}
}

func FuzzParseOrder(f *testing.F) {
	for _, s := range []string{"german move G-III 3024 3023", "allied end", "x y z", "german place 9999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOrder(s)
		if err != nil {
			return
		}
		back, err := ParseOrder(o.String())
		if err != nil || back.String() != o.String() {
			t.Errorf("%q -> %q does not round-trip: %v", s, o.String(), err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	m := newTestMap(6, 6).build()
	f.Add("scenario standard\nturn Aug III\n0505: G-III:trench F-XX\neliminated G-IV\n")
	f.Add("scenario extended\nvp 1 2\ndue DE reserve 3\n")
	f.Add("scenario standard\nstep reinforcement\ndue GB active 4 ports\ndue BE any 1\n0202: G-1A\n0303: F-XX\n")
	f.Add("scenario standard\nstep setup\nplayer german\nunplaced G-III G-ER1 NL-1\noptions 18.1(3) 18.1(1)b\n")
	f.Add("scenario standard\nstep movement-1\nwithdraw 10 1\nentrenching yes\nweather bad\n0404: G-III:trench G-IV:ooc\n0405: F-XX:edge\n")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParsePosition(m, text)
		if err != nil {
			return
		}
		again, err := ParsePosition(m, s.Position())
		if err != nil {
			t.Fatalf("position does not re-read: %v\n%s", err, s.Position())
		}
		if again.Position() != s.Position() {
			t.Errorf("position not canonical:\n%s\n%s", s.Position(), again.Position())
		}
		// Whatever a position says, the engine answers without panicking.
		s.Actors()
		for _, v := range []Verb{VerbAutoSetup, VerbAutoReinforce, VerbEnd, VerbEnd} {
			if n, _, err := Apply(s, Order{Side: s.ToMove(), Verb: v}); err == nil {
				s = n
			}
		}
		for _, c := range s.Actors() {
			s.Destinations(c)
			s.RailDestinations(c)
		}
		s.InCommand(s.Player)
	})
}

func TestPositionErrors(t *testing.T) {
	m := newTestMap(6, 6).build()
	cases := map[string]string{
		"turn Aug II\n":                          "starts with",
		"scenario standard\n0505: G-XX\n":        "no unit",
		"scenario standard\n0909: G-III\n":       "not on the map",
		"scenario standard\n0505: G-III G-III\n": "listed twice",
		"scenario standard\nbogus 1\n":           "unknown line",
		"scenario standard\n0505: G-III:wet\n":   "unknown flag",
		"scenario standard\nstep nap\n":          "unknown step",
	}
	for text, want := range cases {
		_, err := ParsePosition(m, text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

// 3.0: the Japanese names of the steps, and the phrases that say where
// the sequence of play stands, set no space between Japanese words
// ("独軍の増援フェイズ", "第1インパルスの移動セグメント"), as the rules write them.
func TestSequenceOfPlayJapaneseHasNoStraySpaces(t *testing.T) {
	stray := func(s string) bool {
		r := []rune(s)
		for i := 1; i+1 < len(r); i++ {
			if r[i] == ' ' && (r[i-1] == '。' || r[i-1] == '、' || (r[i-1] > 127 && r[i+1] > 127)) {
				return true
			}
		}
		return false
	}
	for st := SetupStep; st <= GameOver; st++ {
		for _, side := range []units.Side{units.German, units.Allied} {
			for _, s := range []string{st.Name().JA, PhaseName(st, side).JA} {
				if stray(s) {
					t.Errorf("step %d: stray space in %q", st, s)
				}
			}
		}
	}
	var evs []Event
	s := &State{}
	for _, st := range []Step{Reorg1, Combat1, Reorg2, Combat2} {
		s.enter(st, &evs)
	}
	if len(evs) == 0 {
		t.Fatal("entering a step told nothing")
	}
	for _, e := range evs {
		if e.Kind == EvStep && stray(e.Text.JA) {
			t.Errorf("step event: stray space in %q", e.Text.JA)
		}
	}
}
