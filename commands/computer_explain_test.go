package commands

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/ai"
	"rtrbot/engine/board"
	"rtrbot/engine/game"
	"rtrbot/engine/hex"
	"rtrbot/engine/units"
	"rtrbot/i18n"
)

// asIn runs a console-style line as who in channel ch, in language l.
func asIn(t testing.TB, b *Bot, clock *fixedClock, who actor.Actor, ch string, l i18n.Lang, line string) *Response {
	t.Helper()
	path, opts := readLine(b.Router, line)
	return b.Router.Run(context.Background(), &Request{Path: path, Options: opts, Guild: "G1", Channel: ch, Lang: l, User: who, Now: clock.Now()})
}

// playAllies plays Alice's Allied side by the heuristic in the game of
// C1 against the computer until until says so (or 400 requests).
func playAllies(t *testing.T, b *Bot, clock *fixedClock, until func(reply string) bool) {
	t.Helper()
	p, _ := ai.New("heuristic", ai.Config{Side: units.Allied, Seed: 1})
	for i := 0; i < 400; i++ {
		g := peek(b, "C1")
		if g.State.Step == game.GameOver {
			t.Fatal("the game ended first")
		}
		var lines []string
		for _, o := range p.Orders(g.State.ViewFor(game.AlliedView), ai.NewBoard(g.State, units.Allied)) {
			lines = append(lines, o.String())
		}
		r := txt(act(t, b, clock, alice, "C1", "/orders text:"+strings.Join(lines, "; ")))
		if peek(b, "C1").State == g.State {
			r += txt(act(t, b, clock, alice, "C1", "/end"))
		}
		if until(r) {
			return
		}
	}
	t.Fatal("the computer never explained a turn")
}

// TestComputerExplain: after each of the computer's player turns its
// account is posted to the game's channel, and /computer explain gives
// it again, publicly, in the asker's language, to a player, the
// opponent or a spectator; refused (privately, saying what to do) in a
// channel whose game has no computer, before the computer's first player
// turn, and where no game runs.
func TestComputerExplain(t *testing.T) {
	clock := newClock()
	path := filepath.Join(t.TempDir(), "g.db")
	b := storedBot(t, path, clock)
	// Another channel's game, with no computer.
	act(t, b, clock, bob, "C2", "/game new scenario:standard seed:5")
	act(t, b, clock, bob, "C2", "/game join side:german")
	r := asIn(t, b, clock, carol, "C2", i18n.EN, "/computer explain")
	if !r.Messages[0].Ephemeral || !strings.Contains(txt(r), "No computer plays in this game") || !strings.Contains(txt(r), "/game new vs:bot") {
		t.Fatalf("no computer: %q (ephemeral %v)", txt(r), r.Messages[0].Ephemeral)
	}
	r = b.Router.Run(context.Background(), &Request{Path: "game explain", Options: map[string]string{}, Guild: "G1", Channel: "C2", Lang: i18n.EN, User: carol, Now: clock.Now()})
	if !r.Messages[0].Ephemeral || !strings.Contains(txt(r), "/game explain is /computer explain") {
		t.Fatalf("/game explain: %q", txt(r))
	}
	r = asIn(t, b, clock, carol, "C9", i18n.EN, "/computer explain")
	if !r.Messages[0].Ephemeral || strings.Contains(txt(r), "🤖") {
		t.Fatalf("no game: %q", txt(r))
	}
	// The computer plays the Germans; it has set up only.
	expect(t, txt(act(t, b, clock, alice, "C1", "/game new vs:bot side:allied seed:3")), "The computer (heuristic) plays the German side")
	r = asIn(t, b, clock, alice, "C1", i18n.JA, "/computer explain")
	if !r.Messages[0].Ephemeral || !strings.Contains(txt(r), "まだ自分のプレイヤーターンを指していません") {
		t.Fatalf("before its first turn: %q", txt(r))
	}
	act(t, b, clock, alice, "C1", "/game setup")
	var posted string
	playAllies(t, b, clock, func(reply string) bool {
		if i := strings.Index(reply, "🤖 The computer"); i >= 0 {
			posted = reply[i:]
			return true
		}
		return false
	})
	account := regexp.MustCompile(`(?s)^🤖 The computer \(heuristic, German\) on its turn [^\n]*:\n(• [^\n]*\n?){1,7}`).FindString(posted)
	if account == "" {
		t.Fatalf("no account posted: %q", posted)
	}
	account = strings.TrimSpace(account)
	t.Log(account)
	if n := strings.Count(account, "\n") + 1; n < 2 || n > 8 {
		t.Fatalf("%d lines: %s", n, account)
	}
	for _, who := range []actor.Actor{alice, carol} {
		r := asIn(t, b, clock, who, "C1", i18n.EN, "/computer explain")
		if r.Messages[0].Ephemeral || strings.TrimSpace(txt(r)) != account {
			t.Fatalf("%s asks: %q (ephemeral %v), posted %q", who.Name, txt(r), r.Messages[0].Ephemeral, account)
		}
	}
	ja := txt(asIn(t, b, clock, carol, "C1", i18n.JA, "/computer explain"))
	t.Log(ja)
	if !strings.Contains(ja, "🤖 コンピュータ (ヒューリスティック、独軍)") || !strings.Contains(ja, "見込み") || strings.Contains(ja, "The computer") {
		t.Fatalf("a Japanese reader: %q", ja)
	}
	// The other channel's game still has none.
	if r := asIn(t, b, clock, bob, "C2", i18n.EN, "/computer explain"); strings.Contains(txt(r), "🤖") {
		t.Fatalf("another channel's game gave an account: %q", txt(r))
	}
	// It is kept with the game: a bot on the same database gives it.
	b2 := storedBot(t, path, clock)
	if got := strings.TrimSpace(txt(asIn(t, b2, clock, carol, "C1", i18n.EN, "/computer explain"))); got != account {
		t.Fatalf("after a restart: %q, want %q", got, account)
	}
}

// standardGame is a new game of the standard scenario from seed.
func standardGame(t *testing.T, seed uint64) *game.State {
	t.Helper()
	m, err := board.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, err := game.NewRules(m, "standard")
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.New(r, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// explainAccount is the German heuristic's account and the state after a state of a game between heuristics at the first
// German combat segment with an attack the German heuristic chooses.
func explainAccount(t *testing.T) (ai.Account, *game.State) {
	t.Helper()
	s := standardGame(t, 11)
	me, _ := ai.New("heuristic", ai.Config{Side: units.German, Seed: 11})
	enemy, _ := ai.New("heuristic", ai.Config{Side: units.Allied, Seed: 12})
	for s.Step != game.GameOver && s.Turn < 6 {
		side := s.ToMove()
		p := enemy
		if side == units.German {
			p = me
		}
		res, err := ai.Turn(s, side, p)
		if err != nil {
			t.Fatal(err)
		}
		s = res.State
		if acc := me.(ai.Explainer).Account(); len(acc.Attacks) > 0 && s.Player != units.German {
			return acc, s
		}
	}
	t.Fatal("the German heuristic made no attack")
	return ai.Account{}, nil
}

// TestAccountLinesAreTheDecision: every line of an account is drawn from
// the player's record: each attack's hex, odds, table, attackers and
// expected VP, each objective's hex and VP, the expectation; a change of
// any value changes its line; and no more than eight lines.
func TestAccountLinesAreTheDecision(t *testing.T) {
	acc, s := explainAccount(t)
	v := s.ViewFor(game.AlliedView)
	m := s.Rules().Map
	for _, l := range []i18n.Lang{i18n.EN, i18n.JA} {
		text := accountText(acc.Shown(v), m, l)
		lines := strings.Split(text, "\n")
		if len(lines) < 3 || len(lines) > 8 {
			t.Fatalf("%d lines:\n%s", len(lines), text)
		}
		shown := acc.Shown(v)
		total := 0.0
		for i, a := range shown.Attacks {
			total += a.EV
			if i >= maxAttackLines {
				continue
			}
			line := attackLine(a, m, l)
			if !strings.Contains(text, line) {
				t.Fatalf("attack %d's line %q is not in:\n%s", i, line, text)
			}
			for _, want := range []string{a.At.String(), a.Odds.String(), tableName(a.Table).In(l), fmt.Sprintf("%+.1f", a.EV), purposeText(a.Purpose).In(l)} {
				if a.Table != "" && !strings.Contains(line, want) {
					t.Fatalf("attack %d's line %q lacks %q", i, line, want)
				}
			}
		}
		if !strings.Contains(text, fmt.Sprintf("%+.1f", total)) {
			t.Fatalf("the expectation %+.1f is not in:\n%s", total, text)
		}
		for _, o := range acc.Objectives {
			if !strings.Contains(text, o.At.String()) || !strings.Contains(text, fmt.Sprintf("(%d VP)", o.VP)) {
				t.Fatalf("objective %v is not in:\n%s", o, text)
			}
		}
		// Each value changed changes the text.
		for name, mutate := range map[string]func(a *ai.Account){
			"hex":  func(a *ai.Account) { a.Attacks[0].At = hex.New(a.Attacks[0].At.Col+1, a.Attacks[0].At.Row) },
			"odds": func(a *ai.Account) { a.Attacks[0].Odds.A += 1 },
			"table": func(a *ai.Account) {
				a.Attacks[0].Table = map[bool]string{true: "MOBILE", false: "RECON"}[a.Attacks[0].Table != "MOBILE"]
			},
			"ev": func(a *ai.Account) { a.Attacks[0].EV += 1 },
			"purpose": func(a *ai.Account) {
				a.Attacks[0].Purpose = map[bool]ai.Purpose{true: ai.ForCity, false: ai.ForFortress}[a.Attacks[0].Purpose != ai.ForCity]
			},
			"objective": func(a *ai.Account) { a.Objectives = append(a.Objectives[:0:0], ai.Objective{At: hex.New(1, 1), VP: 7}) },
			"plan":      func(a *ai.Account) { a.Plans = []ai.PlanNote{{Step: game.Move1, Margin: 4.25, Candidates: 9}} },
			"moved":     func(a *ai.Account) { a.Moved++ },
		} {
			c := acc
			c.Attacks = append([]ai.AttackNote(nil), acc.Attacks...)
			c.Objectives = append([]ai.Objective(nil), acc.Objectives...)
			mutate(&c)
			if accountText(c.Shown(v), m, l) == text {
				t.Fatalf("changing the %s changed nothing:\n%s", name, text)
			}
		}
	}
}

// TestAccountNamesNoHiddenUnit: an account names no unit the view does
// not show (14.1): every unit ID in it is in the view, an attacker the
// view hides is not named. (Two games that differ only in units the view
// does not show give the same account: the formatter reads the record
// and the view, nothing else, and the record is the same,
// ai.TestAccountNoPeek.)
func TestAccountNamesNoHiddenUnit(t *testing.T) {
	acc, s := explainAccount(t)
	m := s.Rules().Map
	v := s.ViewFor(game.AlliedView)
	var all []string
	for i := range s.Units {
		all = append(all, s.Counter(i).ID)
	}
	seen := ai.VisibleIDs(v)
	for _, l := range []i18n.Lang{i18n.EN, i18n.JA} {
		text := accountText(acc.Shown(v), m, l)
		for _, id := range all {
			if regexp.MustCompile(`(^|\s)`+regexp.QuoteMeta(id)+`($|[\s.,;。、])`).MatchString(text) && !seen[id] {
				t.Fatalf("%s is named and the view does not show it:\n%s", id, text)
			}
		}
	}
	// An attacker hidden from the view is not named.
	c := acc
	c.Attacks = append([]ai.AttackNote(nil), acc.Attacks...)
	hidden := ""
	for i := range s.Units {
		id := s.Counter(i).ID
		if s.Counter(i).Side() == units.German && !seen[id] {
			hidden = id
			break
		}
	}
	if hidden == "" {
		t.Fatal("no German unit hidden from the Allies: the test proves nothing")
	}
	c.Attacks[0].Units = append([]string{hidden}, c.Attacks[0].Units...)
	if text := accountText(c.Shown(v), m, i18n.EN); strings.Contains(text, hidden) || !strings.Contains(text, "the enemy has not seen") {
		t.Fatalf("hidden %s named, or not counted:\n%s", hidden, text)
	}
}

// TestComputerExplainTakeover: a segment the computer takes over at a
// missed deadline is explained with the takeover's notice, naming what
// it went for in that segment; /computer explain gives it again.
func TestComputerExplainTakeover(t *testing.T) {
	b, clock := newStoredBot(t)
	act(t, b, clock, alice, "C1", "/game new seed:4")
	act(t, b, clock, bob, "C1", "/game join side:german")
	act(t, b, clock, alice, "C1", "/game join side:allied")
	act(t, b, clock, alice, "C1", "/game deadline hours:4 then:remind") // Alice, who plays, proposes
	act(t, b, clock, bob, "C1", "/game deadline hours:4 then:remind")   // Bob agrees
	act(t, b, clock, bob, "C1", "/game settings takeover:heuristic")
	act(t, b, clock, alice, "C1", "/game settings takeover:heuristic")
	if r := asIn(t, b, clock, carol, "C1", i18n.EN, "/computer explain"); !strings.Contains(txt(r), "has not played a player turn") {
		t.Fatalf("before any takeover: %q", txt(r))
	}
	for i := 0; i < 20; i++ {
		s := peek(b, "C1").State
		if s.Step == game.Move1 && s.ToMove() == units.German {
			break
		}
		who := alice
		if s.ToMove() == units.German {
			who = bob
		}
		switch s.Step {
		case game.SetupStep:
			act(t, b, clock, who, "C1", "/game setup")
		case game.Reinforcement:
			act(t, b, clock, who, "C1", "/orders text:autoreinforce")
		}
		act(t, b, clock, who, "C1", "/end")
	}
	if s := peek(b, "C1").State; s.Step != game.Move1 || s.ToMove() != units.German {
		t.Fatalf("not at the German movement: %s %s", s.Turn, s.Step)
	}
	out := tickText(b, clock.t.Add(4*time.Hour+time.Minute))
	i := strings.Index(out, "🤖 The computer (heuristic, German)")
	if !strings.Contains(out, "the computer (heuristic) played it") || i < 0 || !strings.Contains(out[i:], "Objectives of its movement") {
		t.Fatalf("the takeover's notice: %s", out)
	}
	t.Log(out[i:])
	if got := txt(asIn(t, b, clock, carol, "C1", i18n.EN, "/computer explain")); !strings.Contains(got, "Objectives of its movement") {
		t.Fatalf("/computer explain after the takeover: %q", got)
	}
}
