package commands

import (
	"fmt"
	"strings"
	"testing"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// siegeAccount plays the German heuristic against the Allied one until
// an account of its turn holds a siege-gun shot (12.6).
func siegeAccount(t *testing.T) (ai.Account, *game.State) {
	t.Helper()
	s := standardGame(t, 11)
	me, _ := ai.New("heuristic", ai.Config{Side: units.German, Seed: 11})
	enemy, _ := ai.New("heuristic", ai.Config{Side: units.Allied, Seed: 12})
	for s.Step != game.GameOver && s.Turn < 12 {
		p := enemy
		if s.ToMove() == units.German {
			p = me
		}
		res, err := ai.Turn(s, s.ToMove(), p)
		if err != nil {
			t.Fatal(err)
		}
		s = res.State
		if s.Player == units.German {
			continue
		}
		acc := me.(ai.Explainer).Account()
		for _, a := range acc.Attacks {
			if a.Table == "" {
				return acc, s
			}
		}
	}
	t.Fatal("the German heuristic fired no siege gun")
	return ai.Account{}, nil
}

// TestAccountSiegesAreNotAttacks: an account's siege-gun shots (12.6) are
// told on a line of their own, not among its attacks: the attacks
// counted ("and N more attacks") and their expected VP in all leave the
// shots out, in either language.
func TestAccountSiegesAreNotAttacks(t *testing.T) {
	acc, s := siegeAccount(t)
	m := s.Rules().Map
	// Enough attacks that some are only counted, and a siege worth VP
	// by the player's estimate, so that counting it would show.
	var attack, siege ai.AttackNote
	for _, a := range acc.Attacks {
		if a.Table == "" {
			siege = a
		} else {
			attack = a
		}
	}
	if attack.Table == "" {
		attack = ai.AttackNote{Step: siege.Step, At: siege.At, Table: "assault", Units: siege.Units, EV: 0.5}
	}
	attack.Playout, siege.Playout = false, false
	siege.EV = 2
	c := acc
	c.Plans = nil
	c.Attacks = []ai.AttackNote{attack, siege, attack, siege, attack, attack, siege}
	for _, l := range []i18n.Lang{i18n.EN, i18n.JA} {
		text := accountText(c, m, l)
		more := i18n.Count(1, "more attack", "more attacks", "回の攻撃").In(l)
		if !strings.Contains(text, more) {
			t.Errorf("%s: 4 attacks and 3 sieges: not %q:\n%s", l, more, text)
		}
		sum := fmt.Sprintf("%+.1f VP", 4*attack.EV)
		if !strings.Contains(text, sum) {
			t.Errorf("%s: the attacks' expected VP in all is not %s (the sieges counted?):\n%s", l, sum, text)
		}
		lines := strings.Split(text, "\n")
		siegeLines := 0
		for _, line := range lines {
			if strings.Contains(line, "12.6") {
				siegeLines++
				if !strings.Contains(line, i18n.T("not counted among its attacks", "攻撃には数えません").In(l)) {
					t.Errorf("%s: a siege told as an attack: %q", l, line)
				}
			}
		}
		if siegeLines != 1 || len(lines) > 9 {
			t.Errorf("%s: %d siege lines (want 1), %d lines:\n%s", l, siegeLines, len(lines), text)
		}
	}
	// The account of the game's own turn says its sieges apart too.
	text := accountText(acc, m, i18n.EN)
	if !strings.Contains(text, "Siege-gun fire, not counted among its attacks (12.6)") {
		t.Fatalf("the game's account does not tell its siege apart:\n%s", text)
	}
}
