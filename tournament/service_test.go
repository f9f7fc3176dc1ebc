package tournament

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/i18n"
)

var (
	ctx  = context.Background()
	t0   = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	org  = actor.Actor{ID: "org", Name: "Organiser"}
	gld  = "G1"
	name = "Autumn"
)

func user(i int) actor.Actor {
	return actor.Actor{ID: fmt.Sprintf("u%02d", i), Name: fmt.Sprintf("Player%02d", i)}
}

func newService(t testing.TB, st Settings, n int) *Service {
	t.Helper()
	s := &Service{Store: &MemStore{}}
	if _, err := s.New(ctx, NewTournament{Guild: gld, Name: name, Organiser: org, Settings: st, Now: t0}); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		if _, err := s.Join(ctx, gld, name, user(i), t0.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// logGame is the test's own record of a game, kept apart from the
// tournament's.
type logGame struct {
	round          int
	german, allied string // allied "": bye
	res            Result
}

// referee plays a round: a result for every table, reported by the German
// player and confirmed by the Allied one. It returns the games as the
// test recorded them.
func playRound(t testing.TB, s *Service, rng *rand.Rand) []logGame {
	t.Helper()
	tr, err := s.Get(ctx, gld, name)
	if err != nil {
		t.Fatal(err)
	}
	c := tr.Current()
	var out []logGame
	for _, g := range c.Games {
		if g.Bye() {
			out = append(out, logGame{round: c.Number, german: g.German})
			continue
		}
		r := randomResult(rng)
		if _, err := s.Report(ctx, gld, name, actor.Actor{ID: g.German}, g.Table, r); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Confirm(ctx, gld, name, actor.Actor{ID: g.Allied}, g.Table); err != nil {
			t.Fatal(err)
		}
		if r.Winner != Draw && r.Level == "" {
			r.Level = Marginal
		}
		out = append(out, logGame{c.Number, g.German, g.Allied, r})
	}
	return out
}

func randomResult(rng *rand.Rand) Result {
	switch rng.Intn(5) {
	case 0:
		return Result{Winner: Draw}
	case 1, 2:
		return Result{Winner: German, Level: []string{Marginal, Strategic, Decisive}[rng.Intn(3)], Margin: rng.Intn(20)}
	}
	return Result{Winner: Allied, Level: []string{Marginal, Strategic, Decisive}[rng.Intn(3)], Margin: rng.Intn(20)}
}

// checkAbsolute checks a round's pairing against the absolute criteria of
// C.04.3 (and the side rules of C.04.1), from the test's own log of the
// rounds before: every player to pair is paired once, at most one bye
// (only with an odd number), no bye to a player who had one, no rematch,
// and no side difference beyond ±2 nor three same sides in a row except
// in a game of a topscorer in the final round (C3).
func checkAbsolute(t testing.TB, games []*Game, active map[string]bool, past []logGame, final bool, maxScore int, pts Points) {
	t.Helper()
	seen := map[string]int{}
	byes := 0
	met := map[[2]string]bool{}
	hadBye := map[string]bool{}
	sides := map[string][]string{}
	score := map[string]int{}
	for _, g := range past {
		if g.allied == "" {
			hadBye[g.german] = true
			score[g.german] += pts.Bye
			continue
		}
		met[[2]string{g.german, g.allied}], met[[2]string{g.allied, g.german}] = true, true
		sides[g.german] = append(sides[g.german], German)
		sides[g.allied] = append(sides[g.allied], Allied)
		switch g.res.Winner {
		case Draw:
			score[g.german] += pts.Draw
			score[g.allied] += pts.Draw
		case German:
			score[g.german] += pts.Win[g.res.Level][0]
			score[g.allied] += pts.Win[g.res.Level][1]
		case Allied:
			score[g.allied] += pts.Win[g.res.Level][0]
			score[g.german] += pts.Win[g.res.Level][1]
		}
	}
	for _, g := range games {
		seen[g.German]++
		if g.Bye() {
			byes++
			if hadBye[g.German] {
				t.Fatalf("%s has a second bye", g.German)
			}
			continue
		}
		seen[g.Allied]++
		if met[[2]string{g.German, g.Allied}] {
			t.Fatalf("rematch %s – %s", g.German, g.Allied)
		}
		// C3 (C.04.3): only two non-topscorers with the same absolute
		// preference may not meet; a topscorer's opponent may get his side
		// a third time or go beyond ±2 in the final round
		top := final && (2*score[g.German] > maxScore || 2*score[g.Allied] > maxScore)
		for _, p := range []string{g.German, g.Allied} {
			side := German
			if p == g.Allied {
				side = Allied
			}
			h := append(append([]string{}, sides[p]...), side)
			d := 0
			for _, c := range h {
				if c == German {
					d++
				} else {
					d--
				}
			}
			n := len(h)
			three := n >= 3 && h[n-1] == h[n-2] && h[n-2] == h[n-3]
			if !top && (d > 2 || d < -2 || three) {
				t.Fatalf("%s gets sides %v (difference %d)", p, h, d)
			}
		}
	}
	for id := range active {
		if seen[id] != 1 {
			t.Fatalf("%s is paired %d times", id, seen[id])
		}
	}
	for id := range seen {
		if !active[id] {
			t.Fatalf("%s is paired but not playing this round", id)
		}
	}
	if byes > 1 || (byes == 1) != (len(active)%2 == 1) {
		t.Fatalf("%d byes for %d players", byes, len(active))
	}
}

func activeIDs(tr *Tournament, r int) map[string]bool {
	m := map[string]bool{}
	for _, p := range tr.Players {
		if p.active(r) {
			m[p.ID] = true
		}
	}
	return m
}

// handScores computes each player's score, Buchholz and VP margin from the
// test's log alone (default points: win 1, draw ½, bye 1).
func handScores(log []logGame) (score, buchholz map[string]float64, margin map[string]int) {
	score, buchholz, margin = map[string]float64{}, map[string]float64{}, map[string]int{}
	opps := map[string][]string{}
	for _, g := range log {
		if g.allied == "" {
			score[g.german]++
			continue
		}
		opps[g.german] = append(opps[g.german], g.allied)
		opps[g.allied] = append(opps[g.allied], g.german)
		switch g.res.Winner {
		case Draw:
			score[g.german] += 0.5
			score[g.allied] += 0.5
		case German:
			score[g.german]++
			margin[g.german] += g.res.Margin
			margin[g.allied] -= g.res.Margin
		case Allied:
			score[g.allied]++
			margin[g.allied] += g.res.Margin
			margin[g.german] -= g.res.Margin
		}
	}
	for p, os := range opps {
		for _, o := range os {
			buchholz[p] += score[o]
		}
	}
	return
}

func runSwiss(t *testing.T, n, rounds int, seed int64, during func(s *Service, r int)) (*Tournament, []logGame) {
	st := Settings{Format: Swiss, Rounds: rounds, Scenario: "standard", Tiebreaks: []string{TBBuchholz, TBMargin}}
	s := newService(t, st, n)
	rng := rand.New(rand.NewSource(seed))
	if _, err := s.Start(ctx, gld, name, org, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	var log []logGame
	for r := 1; r <= rounds; r++ {
		tr, _ := s.Get(ctx, gld, name)
		checkAbsolute(t, tr.Current().Games, activeIDs(tr, r), log, r == rounds, 2*(r-1), tr.Settings.Points)
		log = append(log, playRound(t, s, rng)...)
		if during != nil {
			during(s, r)
		}
		if _, err := s.Next(ctx, gld, name, org, t0.Add(time.Duration(r+1)*time.Hour)); err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
	}
	tr, _ := s.Get(ctx, gld, name)
	if tr.Status != StatusFinished {
		t.Fatalf("status %s after the last round", tr.Status)
	}
	return tr, log
}

func checkStandings(t *testing.T, tr *Tournament, log []logGame) {
	t.Helper()
	score, bh, margin := handScores(log)
	st := tr.Standings()
	for i, s := range st {
		if s.Score != score[s.ID] {
			t.Errorf("%s: score %v, by hand %v", s.ID, s.Score, score[s.ID])
		}
		if s.Tiebreaks[0] != bh[s.ID] {
			t.Errorf("%s: Buchholz %v, by hand %v", s.ID, s.Tiebreaks[0], bh[s.ID])
		}
		if s.Tiebreaks[1] != float64(margin[s.ID]) {
			t.Errorf("%s: VP margin %v, by hand %d", s.ID, s.Tiebreaks[1], margin[s.ID])
		}
		if i > 0 {
			p := st[i-1]
			if p.Score < s.Score || p.Score == s.Score && (p.Tiebreaks[0] < s.Tiebreaks[0] || p.Tiebreaks[0] == s.Tiebreaks[0] && (p.Tiebreaks[1] < s.Tiebreaks[1] || p.Tiebreaks[1] == s.Tiebreaks[1] && p.PN > s.PN)) {
				t.Errorf("standings out of order at rank %d", s.Rank)
			}
		}
	}
}

func sideBalance(t *testing.T, log []logGame, maxDiff int) {
	t.Helper()
	d := map[string]int{}
	for _, g := range log {
		if g.allied != "" {
			d[g.german]++
			d[g.allied]--
		}
	}
	for p, v := range d {
		if v > maxDiff || v < -maxDiff {
			t.Errorf("%s side difference %d", p, v)
		}
	}
}

func TestSwiss9Players4Rounds(t *testing.T) {
	tr, log := runSwiss(t, 9, 4, 9, nil)
	checkStandings(t, tr, log)
	sideBalance(t, log, 2)
	byes := 0
	for _, g := range log {
		if g.allied == "" {
			byes++
		}
	}
	if byes != 4 {
		t.Errorf("%d byes in 4 rounds of 9 players", byes)
	}
	txt, err := tr.PairingsText(1, true)
	if err != nil {
		t.Fatal(err)
	}
	// round 1: 1–5, 6–2, 3–7, 8–4 by the Dutch system, 9 the bye
	for _, want := range []string{"table 1: Player01 (German) – Player05 (Allied)", "table 2: Player06 (German) – Player02 (Allied)",
		"table 3: Player03 (German) – Player07 (Allied)", "table 4: Player08 (German) – Player04 (Allied)", "table 5: Player09 has a bye",
		"why: players on the same score (0); sides: neither is due a side: the higher ranked is odd-numbered in the starting list (1st, 3rd, ...), so takes Germans",
		"pairing: Player01, in the top half of the players on the same score, meets the highest ranked player of the bottom half whom the round's best pairing allows (no rematch, one bye each, sides and score differences weighed: FIDE Dutch system)"} {
		if !strings.Contains(txt, want) {
			t.Fatalf("round 1 pairings lack %q:\n%s", want, txt)
		}
	}
	// The explanations are in a club player's words, not the pairing
	// rules' terms.
	for _, jargon := range []string{"score group", "pairing number", "exchange", "preference", "float"} {
		if strings.Contains(txt, jargon) {
			t.Errorf("round 1 pairings say %q:\n%s", jargon, txt)
		}
	}
	moved := false
	for r := 2; r <= 4; r++ {
		txt, _ := tr.PairingsText(r, true)
		if strings.Contains(txt, " u0") {
			t.Fatalf("an explanation names a player by ID:\n%s", txt)
		}
		moved = moved || strings.Contains(txt, "left over from a higher score")
	}
	if !moved {
		t.Error("no pairing of rounds 2–4 is explained as a moved-down player's (C.04.3 4.2)")
	}
}

func TestSwiss17PlayersDropAndLateEntry(t *testing.T) {
	var s0 *Service
	tr, log := runSwiss(t, 17, 5, 17, func(s *Service, r int) {
		s0 = s
		switch r {
		case 2:
			if _, err := s.Drop(ctx, gld, name, org, "Player05"); err != nil {
				t.Fatal(err)
			}
		case 3:
			if _, err := s.Join(ctx, gld, name, actor.Actor{ID: "late", Name: "Latecomer"}, t0.Add(10*time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
	})
	_ = s0
	checkStandings(t, tr, log)
	sideBalance(t, log, 2)
	for _, g := range log {
		if g.round > 2 && (g.german == "u05" || g.allied == "u05") {
			t.Fatalf("a dropped player is paired in round %d", g.round)
		}
		if g.round <= 3 && (g.german == "late" || g.allied == "late") {
			t.Fatalf("the late entry is paired in round %d", g.round)
		}
	}
	n := 0
	for _, g := range log {
		if g.german == "late" || g.allied == "late" {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("the late entry played %d rounds, want 2", n)
	}
}

func TestRoundRobin6(t *testing.T) {
	s := newService(t, Settings{Format: RoundRobin, Scenario: "standard", Tiebreaks: []string{TBBuchholz, TBSonneborn, TBHeadToHead}}, 6)
	if _, err := s.Start(ctx, gld, name, org, t0); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(6))
	var log []logGame
	for r := 1; r <= 5; r++ {
		log = append(log, playRound(t, s, rng)...)
		if _, err := s.Next(ctx, gld, name, org, t0); err != nil {
			t.Fatal(err)
		}
	}
	tr, _ := s.Get(ctx, gld, name)
	if tr.Status != StatusFinished || len(tr.Rounds) != 5 {
		t.Fatalf("status %s after %d rounds", tr.Status, len(tr.Rounds))
	}
	met := map[[2]string]int{}
	for _, g := range log {
		if g.allied == "" {
			t.Fatal("a bye in a round robin of 6")
		}
		a, b := g.german, g.allied
		if a > b {
			a, b = b, a
		}
		met[[2]string{a, b}]++
	}
	if len(met) != 15 {
		t.Fatalf("%d distinct pairs, want 15", len(met))
	}
	for k, v := range met {
		if v != 1 {
			t.Fatalf("%v met %d times", k, v)
		}
	}
	sideBalance(t, log, 1)
	// Sonneborn–Berger by hand
	score, _, _ := handScores(log)
	sb := map[string]float64{}
	for _, g := range log {
		switch g.res.Winner {
		case Draw:
			sb[g.german] += score[g.allied] / 2
			sb[g.allied] += score[g.german] / 2
		case German:
			sb[g.german] += score[g.allied]
		case Allied:
			sb[g.allied] += score[g.german]
		}
	}
	for _, st := range tr.Standings() {
		if st.Score != score[st.ID] {
			t.Errorf("%s score %v want %v", st.ID, st.Score, score[st.ID])
		}
		// in a round robin everyone meets everyone: Buchholz = total - own
		total := 0.0
		for _, v := range score {
			total += v
		}
		if st.Tiebreaks[0] != total-score[st.ID] {
			t.Errorf("%s Buchholz %v want %v", st.ID, st.Tiebreaks[0], total-score[st.ID])
		}
		if st.Tiebreaks[1] != sb[st.ID] {
			t.Errorf("%s SB %v want %v", st.ID, st.Tiebreaks[1], sb[st.ID])
		}
	}
}

func TestElimination8(t *testing.T) {
	s := newService(t, Settings{Format: Elimination, Scenario: "standard"}, 8)
	if _, err := s.Start(ctx, gld, name, org, t0); err != nil {
		t.Fatal(err)
	}
	tr, _ := s.Get(ctx, gld, name)
	want := [][2]int{{1, 8}, {4, 5}, {2, 7}, {3, 6}}
	for i, g := range tr.Current().Games {
		a, b := tr.pn(g.German), tr.pn(g.Allied)
		if a > b {
			a, b = b, a
		}
		if [2]int{a, b} != want[i] {
			t.Fatalf("table %d: %d v %d, want %v", i+1, a, b, want[i])
		}
	}
	// the lower pairing number always wins, except that table 2 of round
	// 1 is won by seed 5
	rounds := 0
	for tr.Status == StatusRunning {
		rounds++
		for _, g := range tr.Current().Games {
			win := German
			a, b := tr.pn(g.German), tr.pn(g.Allied)
			if b < a {
				win = Allied
			}
			if rounds == 1 && g.Table == 2 {
				if win == German {
					win = Allied
				} else {
					win = German
				}
			}
			if _, err := s.Report(ctx, gld, name, org, g.Table, Result{Winner: win, Level: Decisive, Margin: 5}); err != nil {
				t.Fatal(err)
			}
		}
		var err error
		if tr, err = s.Next(ctx, gld, name, org, t0); err != nil {
			t.Fatal(err)
		}
	}
	if rounds != 3 {
		t.Fatalf("%d rounds, want 3", rounds)
	}
	sf := tr.Rounds[1].Games
	pairs := []string{}
	for _, g := range sf {
		a, b := tr.pn(g.German), tr.pn(g.Allied)
		if a > b {
			a, b = b, a
		}
		pairs = append(pairs, fmt.Sprintf("%d-%d", a, b))
	}
	if strings.Join(pairs, " ") != "1-5 2-3" {
		t.Fatalf("semi-finals %v, want 1-5 2-3", pairs)
	}
	final := tr.Rounds[2].Games[0]
	if a, b := tr.pn(final.German), tr.pn(final.Allied); min(a, b) != 1 || max(a, b) != 2 {
		t.Fatalf("final %d v %d", a, b)
	}
}

func TestSwissTopCut(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 3, Cut: 4, Scenario: "standard"}, 10)
	if _, err := s.Start(ctx, gld, name, org, t0); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(4))
	for i := 0; i < 5; i++ {
		playRound(t, s, rng)
		if _, err := s.Next(ctx, gld, name, org, t0); err != nil {
			t.Fatal(err)
		}
	}
	tr, _ := s.Get(ctx, gld, name)
	if tr.Status != StatusFinished || len(tr.Rounds) != 5 || tr.Rounds[3].Stage != string(Elimination) || len(tr.Rounds[3].Games) != 2 {
		t.Fatalf("a Swiss of 3 rounds and a cut of 4: status %s, %d rounds", tr.Status, len(tr.Rounds))
	}
}

// message returns the English of an error.
func message(err error) string { return i18n.Message(err, i18n.EN) }

func TestBadInput(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 3, Scenario: "standard", RegistrationDeadline: t0.Add(time.Hour)}, 4)
	if _, err := s.Join(ctx, gld, name, user(9), t0.Add(2*time.Hour)); err == nil || !strings.Contains(message(err), "closed") {
		t.Fatalf("registration after the deadline: %v", err)
	}
	if _, err := s.Join(ctx, gld, name, user(1), t0); err == nil {
		t.Fatal("joined twice")
	}
	if _, err := s.Start(ctx, gld, name, user(1), t0); err == nil {
		t.Fatal("a player started the tournament")
	}
	if _, err := s.Start(ctx, gld, name, org, t0); err != nil {
		t.Fatal(err)
	}
	tr, _ := s.Get(ctx, gld, name)
	g := tr.Current().Games[0]
	outsider := actor.Actor{ID: "zz"}
	if _, err := s.Report(ctx, gld, name, outsider, g.Table, Result{Winner: German}); err == nil || !strings.Contains(message(err), "do not play") {
		t.Fatalf("a result for a game one is not in: %v", err)
	}
	if _, err := s.Report(ctx, gld, name, actor.Actor{ID: g.German}, g.Table, Result{Winner: "french"}); err == nil {
		t.Fatal("a result of a side that does not exist")
	}
	if _, err := s.Report(ctx, gld, name, actor.Actor{ID: g.German}, g.Table, Result{Winner: German, Level: Decisive, Margin: 3}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Report(ctx, gld, name, actor.Actor{ID: g.German}, g.Table, Result{Winner: German, Level: Decisive, Margin: 3}); err == nil || !strings.Contains(message(err), "already reported") {
		t.Fatalf("a result reported twice: %v", err)
	}
	if _, err := s.Confirm(ctx, gld, name, actor.Actor{ID: g.German}, g.Table); err == nil {
		t.Fatal("the reporter confirmed their own report")
	}
	// a different report from the opponent is a dispute
	if _, err := s.Report(ctx, gld, name, actor.Actor{ID: g.Allied}, g.Table, Result{Winner: Allied, Level: Marginal}); err != nil {
		t.Fatal(err)
	}
	tr, _ = s.Get(ctx, gld, name)
	if !tr.Current().Games[0].Disputed || tr.Current().Games[0].Result != nil {
		t.Fatal("a dispute was not recorded")
	}
	if _, err := s.Next(ctx, gld, name, org, t0); err == nil || !strings.Contains(message(err), "tables 1, 2") {
		t.Fatalf("next with missing results: %v", err)
	}
	// the organiser settles it
	if _, err := s.FixResult(ctx, gld, name, org, 1, 1, Result{Winner: Draw}); err != nil {
		t.Fatal(err)
	}
	// a pairing by hand that is a rematch needs confirmation
	g2 := tr.Current().Games[1]
	if _, err := s.Report(ctx, gld, name, org, g2.Table, Result{Winner: Allied, Level: Strategic, Margin: 2}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Next(ctx, gld, name, org, t0); err != nil {
		t.Fatal(err)
	}
	pairs := []Pair{{g.German, g.Allied}, {g2.German, g2.Allied}}
	if _, err := s.PairByHand(ctx, gld, name, org, pairs, false); err == nil || !strings.Contains(message(err), "already played") {
		t.Fatalf("a rematch by hand: %v", err)
	}
	if _, err := s.PairByHand(ctx, gld, name, org, pairs, true); err != nil {
		t.Fatal(err)
	}
	// nothing was lost along the way
	tr, _ = s.Get(ctx, gld, name)
	if r := tr.Rounds[0].Games[0].Result; r == nil || r.Winner != Draw {
		t.Fatalf("round 1 table 1: %+v", r)
	}
	if ja := i18n.Message(i18n.Errorf("x", "y"), i18n.JA); ja != "y" {
		t.Fatal(ja)
	}
}

func TestDeadlineForfeits(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 2, Scenario: "standard", DeadlineHours: 72}, 4)
	if _, err := s.Start(ctx, gld, name, org, t0); err != nil {
		t.Fatal(err)
	}
	tr, _ := s.Get(ctx, gld, name)
	g := tr.Current().Games[0]
	if _, err := s.Report(ctx, gld, name, actor.Actor{ID: g.Allied}, 1, Result{Winner: Allied, Level: Decisive, Margin: 7}); err != nil {
		t.Fatal(err)
	}
	if ch, _ := s.Deadline(ctx, gld, name, t0.Add(71*time.Hour)); len(ch) != 0 {
		t.Fatalf("forfeits before the deadline: %v", ch)
	}
	if _, err := s.Extend(ctx, gld, name, org, 24, t0); err != nil {
		t.Fatal(err)
	}
	if ch, _ := s.Deadline(ctx, gld, name, t0.Add(80*time.Hour)); len(ch) != 0 {
		t.Fatalf("forfeits before the extended deadline: %v", ch)
	}
	ch, err := s.Deadline(ctx, gld, name, t0.Add(97*time.Hour))
	if err != nil || len(ch) != 2 {
		t.Fatalf("deadline: %v %v", ch, err)
	}
	tr, _ = s.Get(ctx, gld, name)
	if r := tr.Current().Games[0].Result; r == nil || r.Winner != Allied || r.Forfeit {
		t.Fatalf("a reported result stands at the deadline: %+v", r)
	}
	if r := tr.Current().Games[1].Result; r == nil || !r.Double {
		t.Fatalf("no report: a double forfeit: %+v", r)
	}
}

func TestGameCallbackAndBids(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 2, Scenario: "standard", Sides: "bid"}, 2)
	if _, err := s.Start(ctx, gld, name, org, t0); err != nil {
		t.Fatal(err)
	}
	tr, _ := s.Get(ctx, gld, name)
	g := tr.Current().Games[0]
	a, b := g.German, g.Allied
	if _, err := s.Bid(ctx, gld, name, actor.Actor{ID: a}, 1, Allied, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Bid(ctx, gld, name, actor.Actor{ID: b}, 1, Allied, 5); err != nil {
		t.Fatal(err)
	}
	tr, _ = s.Get(ctx, gld, name)
	g = tr.Current().Games[0]
	if g.Allied != b || g.German != a || g.BidVP != -5 {
		t.Fatalf("the higher bid (5 for Allied) plays Allied, 5 VP to the German side: %+v", g)
	}
	if _, err := s.SetGame(ctx, gld, name, 1, 42); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GameEnded(ctx, 42, German, Strategic, 4); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GameEnded(ctx, 43, German, Strategic, 4); err == nil {
		t.Fatal("a game of no tournament")
	}
	tr, _ = s.Get(ctx, gld, name)
	if r := tr.Current().Games[0].Result; r == nil || r.Winner != German || r.Level != Strategic {
		t.Fatalf("callback result: %+v", r)
	}
}

var _ = errors.Is

func TestBracketView(t *testing.T) {
	s := newService(t, Settings{Format: Elimination, Scenario: "standard"}, 6)
	tr, err := s.Start(ctx, gld, name, org, t0)
	if err != nil {
		t.Fatal(err)
	}
	b := tr.Bracket()
	// 6 players: a bracket of 8, seeds 1 and 2 advance without a game
	if len(b) != 3 || len(b[0]) != 4 || len(b[1]) != 2 || len(b[2]) != 1 {
		t.Fatalf("bracket shape %d rounds", len(b))
	}
	if b[0][0].A != "Player01" || b[0][0].B != "" || b[0][0].Winner != 0 {
		t.Fatalf("seed 1's bye: %+v", b[0][0])
	}
	if b[0][1].Winner != -1 {
		t.Fatalf("an open match shows a winner: %+v", b[0][1])
	}
}

// TestTRFColumns reads a TRF back by its columns and finds the rounds the
// test played.
func TestTRFColumns(t *testing.T) {
	tr, log := runSwiss(t, 7, 3, 7, nil)
	lines := strings.Split(string(tr.TRF()), "\n")
	found := map[string]bool{}
	for _, l := range lines {
		if strings.HasPrefix(l, "142 ") && l != "142 3" {
			t.Fatalf("rounds line %q", l)
		}
		if strings.HasPrefix(l, "162") {
			t.Fatalf("a 162 line for the default points: %q", l)
		}
		if !strings.HasPrefix(l, "001") {
			continue
		}
		var pn int
		fmt.Sscanf(l[4:8], "%d", &pn)
		for r := 0; r < 3; r++ {
			cell := l[91+10*r:]
			if len(cell) > 8 {
				cell = cell[:8]
			}
			var opp int
			fmt.Sscanf(cell[:4], "%d", &opp)
			found[fmt.Sprintf("%d %d %d %c %c", r+1, pn, opp, cell[5], cell[7])] = true
		}
	}
	for _, g := range log {
		a := tr.pn(g.german)
		if g.allied == "" {
			if !found[fmt.Sprintf("%d %d 0 - U", g.round, a)] {
				t.Fatalf("round %d: bye of %d not in the TRF", g.round, a)
			}
			continue
		}
		b := tr.pn(g.allied)
		ra, rb := "1", "0"
		switch g.res.Winner {
		case Draw:
			ra, rb = "=", "="
		case Allied:
			ra, rb = "0", "1"
		}
		if !found[fmt.Sprintf("%d %d %d w %s", g.round, a, b, ra)] || !found[fmt.Sprintf("%d %d %d b %s", g.round, b, a, rb)] {
			t.Fatalf("round %d: %d–%d %s not in the TRF", g.round, a, b, ra)
		}
	}
	tl := &Tournament{Settings: Settings{Points: LevelPoints()}}
	if !strings.Contains(string(tl.TRF()), "162  W 3.0    D 1.5    L 0.0    P 3.0") {
		t.Fatalf("level points: %s", tl.TRF())
	}
}

func TestCheckInCapAndReminders(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 2, Scenario: "standard", Cap: 5, CheckIn: true, DeadlineHours: 48}, 5)
	if _, err := s.Join(ctx, gld, name, user(6), t0); err == nil || !strings.Contains(message(err), "full") {
		t.Fatalf("a sixth player in a cap of 5: %v", err)
	}
	for i := 1; i <= 4; i++ {
		if _, err := s.CheckIn(ctx, gld, name, user(i)); err != nil {
			t.Fatal(err)
		}
	}
	tr, err := s.Start(ctx, gld, name, org, t0)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Players) != 4 || tr.Player("u05") != nil {
		t.Fatalf("the no-show is not dropped: %d players", len(tr.Players))
	}
	if r := tr.Reminders(t0.Add(time.Hour), 24*time.Hour); len(r) != 0 {
		t.Fatalf("reminders two days before the deadline: %d", len(r))
	}
	if r := tr.Reminders(t0.Add(30*time.Hour), 24*time.Hour); len(r) != 2 {
		t.Fatalf("reminders 18 hours before the deadline: %d, want 2", len(r))
	}
	if _, err := s.Report(ctx, gld, name, org, 1, Result{Winner: Draw}); err != nil {
		t.Fatal(err)
	}
	missing, _ := s.MissingResults(ctx, gld, name, i18n.EN)
	if strings.Count(missing, "\ntable ") != 1 || !strings.Contains(missing, "table 2:") {
		t.Fatalf("missing results: %q", missing)
	}
}

// TestHeadToHead: two players tied on points; the one who won their game
// ranks first by head-to-head even with the lower pairing number behind.
func TestHeadToHead(t *testing.T) {
	tr := &Tournament{Settings: Settings{Points: DefaultPoints(), Tiebreaks: []string{TBHeadToHead}}}
	for _, id := range []string{"a", "b", "c", "d"} {
		tr.Players = append(tr.Players, &Player{ID: id, Name: id})
	}
	win := func(g, a string) *Game {
		return &Game{German: g, Allied: a, Result: &Result{Winner: German, Level: Marginal}}
	}
	tr.Rounds = []*Round{
		{Number: 1, Closed: true, Games: []*Game{win("b", "a"), win("c", "d")}},
		{Number: 2, Closed: true, Games: []*Game{win("a", "d"), win("c", "b")}},
	}
	// a 1, b 1, c 2, d 0: a and b tied, b beat a
	st := tr.Standings()
	got := []string{}
	for _, s := range st {
		got = append(got, s.ID)
	}
	if strings.Join(got, "") != "cbad" {
		t.Fatalf("order %v, want c b a d", got)
	}
	if st[1].Tiebreaks[0] != 1 || st[2].Tiebreaks[0] != 0 {
		t.Fatalf("head-to-head values %v %v", st[1].Tiebreaks, st[2].Tiebreaks)
	}
}

// The pairings and their explanations read in Japanese too.
func TestPairingsInJapanese(t *testing.T) {
	s := newService(t, Settings{Format: Swiss, Rounds: 3, Scenario: "standard"}, 5)
	if _, err := s.Start(ctx, gld, name, org, t0); err != nil {
		t.Fatal(err)
	}
	txt, err := s.Pairings(ctx, gld, name, 1, true, i18n.JA)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"第1ラウンド", " (独軍)", "バイ", "理由: ", "陣営: "} {
		if !strings.Contains(txt, want) {
			t.Errorf("missing %q in:\n%s", want, txt)
		}
	}
	if strings.Contains(txt, "why:") || strings.Contains(txt, "sides:") {
		t.Errorf("English in the Japanese pairings:\n%s", txt)
	}
}

// A pairing's explanation says the rule in words, in each language: no
// criteria codes (C1–C21, S1/S2, C.04.3's article numbers) are shown to
// players.
func TestPairingExplanationsInWords(t *testing.T) {
	tr, _ := runSwiss(t, 9, 4, 9, nil)
	codes := regexp.MustCompile(`C\.04|\bC[0-9]|\bS[12]\b|ブラケット|基準 C`)
	for r := 1; r <= 4; r++ {
		for _, l := range []i18n.Lang{i18n.EN, i18n.JA} {
			txt, err := tr.PairingsTextIn(r, true, l)
			if err != nil {
				t.Fatal(err)
			}
			if m := codes.FindString(txt); m != "" {
				t.Errorf("round %d (%s): the explanation shows the code %q:\n%s", r, l, m, txt)
			}
		}
	}
}
