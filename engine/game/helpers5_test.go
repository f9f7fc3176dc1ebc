package game

import "testing"

// payRussia sends units to the Russian Front while the Russian Front table
// demands them this turn (14.3, 11.7), so that drivers that play through
// turns can end the German first movement segment.
func payRussia(t testing.TB, s *State) *State {
	t.Helper()
	if s.Step != Move1 || s.Player != 0 || (s.WithdrawAttack <= 0 && s.WithdrawHQ <= 0) {
		return s
	}
	for i := range s.Units {
		if s.WithdrawAttack <= 0 && s.WithdrawHQ <= 0 {
			break
		}
		c := s.Counter(i)
		if s.Units[i].Box != OnMap || c.Side() != 0 {
			continue
		}
		if n, _, err := Apply(s, Order{Side: 0, Verb: Withdraw, Units: []string{c.ID}}); err == nil {
			s = n
		}
	}
	return s
}

func hasEventKind(evs []Event, k EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}
