package commands_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/commands"
	"rtrbot/console"
	"rtrbot/db"
	"rtrbot/games/sqlstore"
	"rtrbot/i18n"
)

// Whole tournaments, run through the local console exactly as an
// organiser and players type them, each player switching in with /as
// user:NAME. The test keeps its own record of every
// game from the pairings the bot prints and the results it reports, and
// checks against it: no rematch, at most one bye each, the sides (no
// player three times on one side running or two games ahead on a side,
// but for a topscorer in the last round: C.04.3), and the standings and
// every tiebreak, computed here by the rules docs/tournaments.md states.

type consoleRun struct {
	t     *testing.T
	c     *console.Console
	out   *bytes.Buffer
	clock *time.Time
	dir   string
	path  string
	store *db.Store
}

func newConsoleRun(t *testing.T, path string) *consoleRun {
	t.Helper()
	st, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
	r := &consoleRun{t: t, out: &bytes.Buffer{}, clock: &now, dir: t.TempDir(), path: path, store: st}
	r.boot()
	return r
}

// boot builds the bot over the store, as cmd/bot does at a start.
func (r *consoleRun) boot() {
	b := commands.New(commands.Deps{Store: sqlstore.New(r.store), Now: func() time.Time { return *r.clock }})
	r.c = &console.Console{Router: b.Router, Out: r.out, OutDir: r.dir, Lang: i18n.EN, Guild: "console", Chan: "console",
		User: actor.Actor{ID: "console:Org", Name: "Org"}, Now: func() time.Time { return *r.clock }}
}

// restart closes the database and opens it again under a new bot.
func (r *consoleRun) restart() {
	r.t.Helper()
	if err := r.store.Close(); err != nil {
		r.t.Fatal(err)
	}
	st, err := db.Open(context.Background(), r.path)
	if err != nil {
		r.t.Fatal(err)
	}
	r.store = st
	r.boot()
}

// do runs one console line and returns what it printed.
func (r *consoleRun) do(line string) string {
	r.out.Reset()
	r.c.Line(context.Background(), line)
	return r.out.String()
}

// as runs a line as a user.
func (r *consoleRun) as(user, line string) string {
	r.do("/as user:" + user)
	return r.do(line)
}

// must runs a line as a user and fails on a private (refused) answer.
func (r *consoleRun) must(user, line string) string {
	r.t.Helper()
	out := r.as(user, line)
	if strings.Contains(out, "[private]") {
		r.t.Fatalf("%s: %s refused:\n%s", user, line, out)
	}
	return out
}

// refused runs a line that must be refused privately, with want in the answer.
func (r *consoleRun) refused(user, line, want string) {
	r.t.Helper()
	out := r.as(user, line)
	if !strings.Contains(out, "[private]") || !strings.Contains(out, want) {
		r.t.Errorf("%s: %s: want a private refusal saying %q, got:\n%s", user, line, want, out)
	}
}

type table struct {
	n              int
	german, allied string // allied "": a bye
}

var (
	pairLine = regexp.MustCompile(`(?m)^table (\d+): (\S+) \(German\) – (\S+) \(Allied\)`)
	byeLine  = regexp.MustCompile(`(?m)^table (\d+): (\S+) has a bye`)
)

func parseTables(t *testing.T, text string) []table {
	t.Helper()
	var out []table
	for _, m := range pairLine.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, table{n, m[2], m[3]})
	}
	for _, m := range byeLine.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, table{n, m[2], ""})
	}
	if len(out) == 0 {
		t.Fatalf("no tables in:\n%s", text)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].n < out[j].n })
	return out
}

// outcome is a game's result as the test decides and records it.
type outcome struct {
	winner string // german, allied, draw
	level  string
	margin int
}

type played struct {
	round          int
	german, allied string
	res            outcome
}

// ledger is the test's own record of a tournament.
type ledger struct {
	players []string // pairing order
	rounds  int
	games   []played         // over the board
	byes    map[string][]int // rounds of each player's bye
}

func (l *ledger) halfPoints(p string) int {
	h := 2 * len(l.byes[p])
	for _, g := range l.games {
		h += l.gain(g, p)
	}
	return h
}

// gain is p's half points from g (chess points: a win 1, a draw ½).
func (l *ledger) gain(g played, p string) int {
	switch {
	case g.res.winner == "draw" && (g.german == p || g.allied == p):
		return 1
	case g.res.winner == "german" && g.german == p, g.res.winner == "allied" && g.allied == p:
		return 2
	}
	return 0
}

type tbRow struct {
	name                   string
	pn                     int
	pts, bh1, bh, sb, h2h  float64
	vp                     float64
	rank                   int
	perRound               []float64 // Buchholz contribution of each round
	vs                     map[string]float64
	gamesPlayed, sideGames int
}

// standings computes the standings as docs/tournaments.md states them:
// Buchholz sums the final scores of the opponents met over the board (a
// round without one adds 0), cut 1 drops the smallest round, SB weighs
// each opponent's score by the result, head-to-head counts the games among
// the players still tied, VP margin sums the margins won less those lost;
// ties left go by pairing number.
func (l *ledger) standings() []*tbRow {
	rows := map[string]*tbRow{}
	var list []*tbRow
	for i, p := range l.players {
		r := &tbRow{name: p, pn: i + 1, pts: float64(l.halfPoints(p)) / 2, perRound: make([]float64, l.rounds), vs: map[string]float64{}}
		rows[p] = r
		list = append(list, r)
	}
	for _, g := range l.games {
		for _, side := range [][2]string{{g.german, g.allied}, {g.allied, g.german}} {
			me, opp := rows[side[0]], rows[side[1]]
			gain := float64(l.gain(g, side[0])) / 2
			me.perRound[g.round-1] = opp.pts
			me.bh += opp.pts
			me.sb += opp.pts * gain
			me.vs[side[1]] += gain
			switch {
			case g.res.winner == "draw":
			case gain == 1:
				me.vp += float64(g.res.margin)
			default:
				me.vp -= float64(g.res.margin)
			}
		}
	}
	for _, r := range list {
		low := r.perRound[0]
		for _, v := range r.perRound {
			low = min(low, v)
		}
		r.bh1 = r.bh - low
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].pts > list[j].pts })
	// refine groups of equal points by each tiebreak of the default order
	groups := [][]*tbRow{}
	for i := 0; i < len(list); {
		j := i
		for j < len(list) && list[j].pts == list[i].pts {
			j++
		}
		groups = append(groups, list[i:j])
		i = j
	}
	keys := []func(r *tbRow, g []*tbRow) float64{
		func(r *tbRow, _ []*tbRow) float64 { return r.bh1 },
		func(r *tbRow, _ []*tbRow) float64 { return r.bh },
		func(r *tbRow, _ []*tbRow) float64 { return r.sb },
		func(r *tbRow, g []*tbRow) float64 {
			h := 0.0
			for _, o := range g {
				h += r.vs[o.name]
			}
			r.h2h = h
			return h
		},
		func(r *tbRow, _ []*tbRow) float64 { return r.vp },
	}
	for _, key := range keys {
		var next [][]*tbRow
		for _, g := range groups {
			vals := map[*tbRow]float64{}
			for _, r := range g {
				vals[r] = key(r, g)
			}
			sort.SliceStable(g, func(a, b int) bool { return vals[g[a]] > vals[g[b]] })
			for i := 0; i < len(g); {
				j := i
				for j < len(g) && vals[g[j]] == vals[g[i]] {
					j++
				}
				next = append(next, g[i:j])
				i = j
			}
		}
		groups = next
	}
	var out []*tbRow
	for _, g := range groups {
		sort.SliceStable(g, func(a, b int) bool { return g[a].pn < g[b].pn })
		for _, r := range g {
			r.rank = len(out) + 1
			out = append(out, r)
		}
	}
	return out
}

// exported reads /tournament export format:csv.
func (r *consoleRun) exported(name string) [][]string {
	r.t.Helper()
	out := r.must("Org", "/tournament export name:"+name+" format:csv")
	m := regexp.MustCompile(`attachment: (\S+)`).FindStringSubmatch(out)
	if m == nil {
		r.t.Fatalf("no CSV attachment:\n%s", out)
	}
	data, err := os.ReadFile(m[1])
	if err != nil {
		r.t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		r.t.Fatal(err)
	}
	return recs
}

func num(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }

// checkStandings compares the bot's CSV with the test's own standings.
func (r *consoleRun) checkStandings(name string, l *ledger) {
	r.t.Helper()
	recs := r.exported(name)
	want := l.standings()
	if len(recs)-1 != len(want) {
		r.t.Fatalf("CSV has %d players, want %d", len(recs)-1, len(want))
	}
	for i, w := range want {
		row := recs[i+1] // rank, pairing_number, id, name, points, buchholz-cut1, buchholz, sonneborn-berger, head-to-head, vp-margin
		got := []float64{num(row[0]), num(row[4]), num(row[5]), num(row[6]), num(row[7]), num(row[8]), num(row[9])}
		exp := []float64{float64(w.rank), w.pts, w.bh1, w.bh, w.sb, w.h2h, w.vp}
		if row[3] != w.name {
			r.t.Errorf("rank %d: %s, want %s (%+v)", i+1, row[3], w.name, *w)
			continue
		}
		for k := range got {
			if d := got[k] - exp[k]; d > 0.01 || d < -0.01 {
				r.t.Errorf("%s: column %s is %v, want %v", w.name, recs[0][[]int{0, 4, 5, 6, 7, 8, 9}[k]], got[k], exp[k])
			}
		}
	}
}

// checkRound checks the absolute criteria on a round's tables before its
// results: no rematch, one bye at most, the sides.
func checkRound(t *testing.T, l *ledger, round int, tabs []table, last bool, maxBefore float64) {
	t.Helper()
	met := map[[2]string]bool{}
	for _, g := range l.games {
		met[[2]string{g.german, g.allied}], met[[2]string{g.allied, g.german}] = true, true
	}
	sides := map[string]string{}
	for _, g := range l.games {
		sides[g.german] += "G"
		sides[g.allied] += "A"
	}
	seen := map[string]bool{}
	for _, tb := range tabs {
		for _, p := range []string{tb.german, tb.allied} {
			if p == "" {
				continue
			}
			if seen[p] {
				t.Errorf("round %d: %s paired twice", round, p)
			}
			seen[p] = true
		}
		if tb.allied == "" {
			if len(l.byes[tb.german]) > 0 {
				t.Errorf("round %d: a second bye for %s", round, tb.german)
			}
			continue
		}
		if met[[2]string{tb.german, tb.allied}] {
			t.Errorf("round %d: %s and %s meet again", round, tb.german, tb.allied)
		}
		for p, s := range map[string]string{tb.german: "G", tb.allied: "A"} {
			seq := sides[p] + s
			top := last && float64(l.halfPoints(p))/2 > maxBefore/2
			d := strings.Count(seq, "G") - strings.Count(seq, "A")
			if !top && (d > 2 || d < -2 || strings.HasSuffix(seq, strings.Repeat(s, 3))) {
				t.Errorf("round %d: %s would play %s (sides %s)", round, p, s, seq)
			}
		}
	}
}

// decide is the result the test gives a game: a deterministic mix of
// wins of the higher ranked, upsets and draws, every level and margin.
func decide(round, a, b int) outcome {
	switch (a*7 + b*3 + round) % 6 {
	case 0:
		return outcome{"draw", "", 0}
	case 1:
		return outcome{"allied", "strategic", 101 + (a+b+round)%50}
	}
	levels := []string{"marginal", "strategic", "decisive"}
	lv := levels[(a+round)%3]
	m := map[string]int{"marginal": 51, "strategic": 101, "decisive": 151}[lv] + (a*13+b*7+round*5)%40
	if a < b || (a+b+round)%5 == 0 {
		return outcome{"german", lv, m}
	}
	return outcome{"allied", lv, m}
}

func resultLine(name string, n int, o outcome) string {
	s := fmt.Sprintf("/tournament report name:%s table:%d result:%s", name, n, o.winner)
	if o.winner != "draw" {
		s += fmt.Sprintf(" level:%s margin:%d", o.level, o.margin)
	}
	return s
}

// playSwissRound reads the round's pairings, checks them, and has each
// table's German player report and the Allied player confirm. between, if
// not nil, runs at the i-th table of tabs between the report and the
// confirmation (bad input, a restart).
func (r *consoleRun) playSwissRound(name string, l *ledger, round int, last bool, between func(i int, tabs []table, o outcome)) {
	r.t.Helper()
	tabs := parseTables(r.t, r.must("Org", "/tournament pairings name:"+name))
	checkRound(r.t, l, round, tabs, last, float64(2*(round-1)))
	idx := map[string]int{}
	for i, p := range l.players {
		idx[p] = i + 1
	}
	for i, tb := range tabs {
		if tb.allied == "" {
			l.byes[tb.german] = append(l.byes[tb.german], round)
			continue
		}
		o := decide(round, idx[tb.german], idx[tb.allied])
		r.must(tb.german, resultLine(name, tb.n, o))
		if between != nil {
			between(i, tabs, o)
		}
		r.must(tb.allied, fmt.Sprintf("/tournament confirm name:%s table:%d", name, tb.n))
		l.games = append(l.games, played{round, tb.german, tb.allied, o})
	}
}

// newSwiss has Org create a Swiss tournament of the standard scenario,
// played at the table, and the players join it in their pairing order;
// it returns the test's ledger of it.
func (r *consoleRun) newSwiss(name string, rounds int, players []string) *ledger {
	r.t.Helper()
	r.must("Org", fmt.Sprintf("/tournament new name:%s format:swiss rounds:%d scenario:standard play:table", name, rounds))
	for _, p := range players {
		r.must(p, "/tournament join name:"+name)
	}
	return &ledger{players: players, rounds: rounds, byes: map[string][]int{}}
}

func names(prefix string, n int) []string {
	var out []string
	for i := 1; i <= n; i++ {
		out = append(out, fmt.Sprintf("%s%02d", prefix, i))
	}
	return out
}

// 9 players, 4 Swiss rounds.
func TestConsoleSwiss9x4(t *testing.T) {
	r := newConsoleRun(t, filepath.Join(t.TempDir(), "t.db"))
	l := r.newSwiss("Autumn", 4, names("P", 9))
	out := r.must("Org", "/tournament start name:Autumn")
	if !strings.Contains(out, "Tiebreaks: points, then Buchholz cut 1, then Buchholz, then Sonneborn–Berger, then head-to-head, then cumulative VP margin, then pairing number") {
		t.Errorf("the tiebreak order is not published at the start:\n%s", out)
	}
	for round := 1; round <= 4; round++ {
		r.playSwissRound("Autumn", l, round, round == 4, nil)
		out := r.must("Org", "/tournament next name:Autumn")
		if !strings.Contains(out, "standings.png") {
			t.Errorf("round %d: no standings picture:\n%s", round, out)
		}
	}
	for _, p := range l.players {
		if len(l.byes[p]) > 1 {
			t.Errorf("%s had %d byes", p, len(l.byes[p]))
		}
	}
	if len(l.games) != 16 {
		t.Errorf("%d games played, want 16 (4 a round, and a bye)", len(l.games))
	}
	r.checkStandings("Autumn", l)
	expectIn(t, r.must("Org", "/tournament standings name:Autumn"), "Autumn: final standings")
}

func expectIn(t *testing.T, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
}

// 17 players, 5 Swiss rounds, a drop after round 2 and a late entry
// paired from round 3; bad input on the way; a restart of the bot in the
// middle of round 4 loses nothing.
func TestConsoleSwiss17x5DropLateRestart(t *testing.T) {
	r := newConsoleRun(t, filepath.Join(t.TempDir(), "t.db"))
	l := r.newSwiss("Winter", 5, names("Q", 17))
	r.refused("Q01", "/tournament join name:Winter", "already registered")
	r.refused("Q01", "/tournament start name:Winter", "Only the organiser")
	r.must("Org", "/tournament start name:Winter")
	for round := 1; round <= 5; round++ {
		var between func(i int, tabs []table, o outcome)
		if round == 4 {
			// half the round reported, then a restart
			between = func(i int, tabs []table, o outcome) {
				tb := tabs[i]
				// bad input: the same report twice, a report by an outsider
				if i == 0 {
					r.refused(tb.german, resultLine("Winter", tb.n, o), "already reported")
					outsider := tabs[len(tabs)-1].german
					r.refused(outsider, resultLine("Winter", tb.n, o), "do not play at table")
				}
				if i%2 == 1 {
					r.restart()
				}
			}
		}
		r.playSwissRound("Winter", l, round, round == 5, between)
		if round == 2 {
			r.must("Org", "/tournament drop name:Winter player:Q05")
			r.must("Late", "/tournament join name:Winter")
			l.players = append(l.players, "Late")
		}
		r.must("Org", "/tournament next name:Winter")
	}
	for _, g := range l.games {
		if g.round > 2 && (g.german == "Q05" || g.allied == "Q05") {
			t.Errorf("Q05 dropped after round 2 plays round %d", g.round)
		}
		if g.round < 3 && (g.german == "Late" || g.allied == "Late") {
			t.Errorf("the late entry plays round %d", g.round)
		}
	}
	if _, ok := l.byes["Late"]; ok && l.byes["Late"][0] < 3 {
		t.Error("the late entry has a bye before entering")
	}
	for _, p := range l.players {
		if len(l.byes[p]) > 1 {
			t.Errorf("%s had %d byes", p, len(l.byes[p]))
		}
	}
	r.checkStandings("Winter", l)
	out := r.must("Org", "/tournament standings name:Winter")
	expectIn(t, out, "Q05 (dropped)", "Late")
}

// 6 players, a round robin: the Berger tables and the standings, both
// worked out by hand. Results: the lower pairing number wins by i+j VP
// (marginal), but Cat beats Ann and Dan draws with Eve.
//
//	Ann 4 (beats Ben Dan Eve Fay), Ben 4 (beats Cat Dan Eve Fay), Cat 4
//	(beats Ann Dan Eve Fay), Dan 1½, Eve 1½, Fay 0.
//	Buchholz (every opponent's final score):
//	Ann, Ben, Cat: 4+4+1½+1½+0 = 11; cut 1 drops Fay's 0: 11.
//	Dan, Eve: 4+4+4+1½+0 = 13½, cut 13½. Fay: 4+4+4+1½+1½ = 15, cut 13½.
//	SB: Ann 4+1½+1½+0 = 7, Ben 7, Cat 7; Dan ½·1½ + 0 = ¾, Eve ¾, Fay 0.
//	Head-to-head among Ann, Ben, Cat: one win each, 1. Dan–Eve: ½ each.
//	VP: Ann +3+5+6+7 −4 = 17; Ben +5+6+7+8 −3 = 23; Cat +4+7+8+9 −5 = 23;
//	Dan −5−6−7+10 = −8; Eve −6−7−8+11 = −10; Fay −7−8−9−10−11 = −45.
//	Ben and Cat stay tied: pairing number, Ben first.
func TestConsoleRoundRobin6(t *testing.T) {
	r := newConsoleRun(t, filepath.Join(t.TempDir(), "t.db"))
	r.must("Org", "/tournament new name:Spring format:roundrobin scenario:standard play:table")
	ps := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay"}
	for _, p := range ps {
		r.must(p, "/tournament join name:Spring")
	}
	r.must("Org", "/tournament start name:Spring")
	// FIDE's Berger tables for 6 players, White (German) first.
	berger := [][][2]int{
		{{1, 6}, {2, 5}, {3, 4}},
		{{6, 4}, {5, 3}, {1, 2}},
		{{2, 6}, {3, 1}, {4, 5}},
		{{6, 5}, {1, 4}, {2, 3}},
		{{3, 6}, {4, 2}, {5, 1}},
	}
	for round, want := range berger {
		tabs := parseTables(t, r.must("Org", "/tournament pairings name:Spring"))
		got := map[[2]string]int{}
		for _, tb := range tabs {
			got[[2]string{tb.german, tb.allied}] = tb.n
		}
		for _, w := range want {
			pair := [2]string{ps[w[0]-1], ps[w[1]-1]}
			n, ok := got[pair]
			if !ok {
				t.Fatalf("round %d: no table %s (German) – %s (Allied): %v", round+1, pair[0], pair[1], tabs)
			}
			i, j := w[0], w[1]
			lo := min(i, j)
			o := outcome{"german", "marginal", i + j}
			if lo != i {
				o.winner = "allied"
			}
			switch {
			case i+j == 4 && (i == 3 || j == 3) && (i == 1 || j == 1): // Cat beats Ann
				o.winner = map[bool]string{true: "german", false: "allied"}[i == 3]
			case (i == 4 || j == 4) && (i == 5 || j == 5):
				o = outcome{"draw", "", 0}
			}
			r.must(pair[0], resultLine("Spring", n, o))
			r.must(pair[1], fmt.Sprintf("/tournament confirm name:Spring table:%d", n))
		}
		r.must("Org", "/tournament next name:Spring")
	}
	recs := r.exported("Spring")
	want := [][]string{
		// rank, name, points, Bh-1, Bh, SB, H2H, VP
		{"1", "Ben", "4", "11", "11", "7", "1", "23"},
		{"2", "Cat", "4", "11", "11", "7", "1", "23"},
		{"3", "Ann", "4", "11", "11", "7", "1", "17"},
		{"4", "Dan", "1.5", "13.5", "13.5", "0.75", "0.5", "-8"},
		{"5", "Eve", "1.5", "13.5", "13.5", "0.75", "0.5", "-10"},
		{"6", "Fay", "0", "13.5", "15", "0", "0", "-45"},
	}
	if len(recs) != 7 {
		t.Fatalf("CSV rows: %d", len(recs))
	}
	for i, w := range want {
		row := recs[i+1]
		got := []string{row[0], row[3], row[4], row[5], row[6], row[7], row[8], row[9]}
		if strings.Join(got, " ") != strings.Join(w, " ") {
			t.Errorf("rank %d: got %v, want %v", i+1, got, w)
		}
	}
	expectIn(t, r.must("Org", "/tournament standings name:Spring"), "Spring: final standings")
	// The ladder rates the 15 games: Glicko-2 orders them as the results
	// do; every player has five rated games.
	lad := r.must("Ann", "/ladder")
	order := regexp.MustCompile(`(?m)^\d+\. (\S+)  (\d+) ± \d+  \((\d+)\)  (?:\d+%|–)$`).FindAllStringSubmatch(lad, -1)
	if len(order) != 6 {
		t.Fatalf("ladder:\n%s", lad)
	}
	rating := map[string]int{}
	for _, m := range order {
		rating[m[1]], _ = strconv.Atoi(m[2])
		if m[3] != "5" {
			t.Errorf("%s has %s rated games, want 5", m[1], m[3])
		}
	}
	if order[5][1] != "Fay" || rating["Fay"] >= 1500 || rating["Ann"] <= 1500 || rating["Dan"] >= rating["Ann"] || rating["Eve"] >= rating["Cat"] {
		t.Errorf("ladder order:\n%s", lad)
	}
	r.refused("Ann", "/ladder rate:true", "no game in this channel")
}

// 8 players, single elimination, seeded by registration: the bracket
// 1–8, 4–5, 2–7, 3–6, the sides by C.04.3 E, two upsets, and the bracket
// picture; worked out by hand.
func TestConsoleElimination8(t *testing.T) {
	r := newConsoleRun(t, filepath.Join(t.TempDir(), "t.db"))
	r.must("Org", "/tournament new name:Cup format:elimination scenario:standard play:table")
	ps := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	for _, p := range ps {
		r.must(p, "/tournament join name:Cup")
	}
	r.must("Org", "/tournament start name:Cup")
	rounds := []struct {
		tables [][2]string // German, Allied
		winner []string
	}{
		// seeds with no history: the higher seed's side by its pairing
		// number (odd: German).
		{[][2]string{{"Ann", "Hal"}, {"Eve", "Dan"}, {"Gus", "Ben"}, {"Cat", "Fay"}}, []string{"Ann", "Eve", "Gus", "Cat"}},
		// all four played German: equal strong preferences for Allied, the
		// higher seed's granted (E.5).
		{[][2]string{{"Eve", "Ann"}, {"Gus", "Cat"}}, []string{"Ann", "Gus"}},
		// Gus played German twice running: absolute Allied.
		{[][2]string{{"Ann", "Gus"}}, []string{"Ann"}},
	}
	for i, rd := range rounds {
		tabs := parseTables(t, r.must("Org", "/tournament pairings name:Cup"))
		if len(tabs) != len(rd.tables) {
			t.Fatalf("round %d: %v", i+1, tabs)
		}
		for k, tb := range tabs {
			if tb.german != rd.tables[k][0] || tb.allied != rd.tables[k][1] {
				t.Errorf("round %d table %d: %s – %s, want %s – %s", i+1, tb.n, tb.german, tb.allied, rd.tables[k][0], rd.tables[k][1])
			}
			side := "german"
			if rd.winner[k] == tb.allied {
				side = "allied"
			}
			r.must(tb.german, resultLine("Cup", tb.n, outcome{side, "decisive", 160}))
			r.must(tb.allied, fmt.Sprintf("/tournament confirm name:Cup table:%d", tb.n))
		}
		out := r.must("Org", "/tournament next name:Cup")
		expectIn(t, out, "bracket.png")
	}
	recs := r.exported("Cup")
	pts := map[string]string{}
	bh := map[string]string{}
	for _, row := range recs[1:] {
		pts[row[3]], bh[row[3]] = row[4], row[6]
	}
	// Ann 3 wins; Gus 2; Eve, Cat 1; the rest 0. Buchholz: Ann's
	// opponents Hal 0 + Eve 1 + Gus 2 = 3; Gus's Ben 0 + Cat 1 + Ann 3 = 4.
	for p, w := range map[string]string{"Ann": "3", "Gus": "2", "Eve": "1", "Cat": "1", "Ben": "0", "Dan": "0", "Fay": "0", "Hal": "0"} {
		if pts[p] != w {
			t.Errorf("%s has %s points, want %s", p, pts[p], w)
		}
	}
	if bh["Ann"] != "3" || bh["Gus"] != "4" {
		t.Errorf("Buchholz: Ann %s (want 3), Gus %s (want 4)", bh["Ann"], bh["Gus"])
	}
	if recs[1][3] != "Ann" {
		t.Errorf("first: %s", recs[1][3])
	}
	r.refused("Org", "/tournament next name:Cup", "not running")
}

// The lifecycle's edges through the console: a registration deadline, a
// cap, check-in (a no-show dropped at the start), a dispute settled by the
// organiser, a pairing by hand that is a rematch (refused until
// confirmed), a result for a table one does not play, nothing lost.
func TestConsoleLifecycleBadInput(t *testing.T) {
	r := newConsoleRun(t, filepath.Join(t.TempDir(), "t.db"))
	r.must("Org", "/tournament new name:Edge format:swiss rounds:3 scenario:standard play:table cap:6 checkin:true registration:24")
	for _, p := range []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay"} {
		r.must(p, "/tournament join name:Edge")
	}
	r.refused("Gus", "/tournament join name:Edge", "is full")
	r.must("Fay", "/tournament withdraw name:Edge")
	*r.clock = r.clock.Add(25 * time.Hour)
	r.refused("Gus", "/tournament join name:Edge", "Registration for Edge closed")
	r.refused("Gus", "/tournament checkin name:Edge", "not registered")
	for _, p := range []string{"Ann", "Ben", "Cat", "Dan"} {
		r.must(p, "/tournament checkin name:Edge")
	}
	out := r.must("Org", "/tournament start name:Edge") // Eve did not check in: dropped
	if strings.Contains(out, "Eve") {
		t.Errorf("the no-show is paired:\n%s", out)
	}
	r.refused("Eve", "/tournament checkin name:Edge", "not registered")
	tabs := parseTables(t, out)
	if len(tabs) != 2 {
		t.Fatalf("round 1: %v", tabs)
	}
	// table 1: a dispute, settled by the organiser
	a := tabs[0]
	r.must(a.german, "/tournament report name:Edge table:1 result:german level:decisive margin:160")
	expectIn(t, r.must(a.allied, "/tournament report name:Edge table:1 result:allied level:marginal margin:60"), "the organiser decides")
	r.refused(a.allied, "/tournament confirm name:Edge table:1", "disputed")
	r.refused(a.german, "/tournament report name:Edge table:2 result:german", "do not play at table 2")
	r.must("Org", "/tournament fix name:Edge table:1 result:german level:strategic margin:110")
	bt := tabs[1]
	r.must(bt.allied, "/tournament report name:Edge table:2 result:draw")
	r.refused(bt.allied, "/tournament confirm name:Edge table:2", "reported table 2 yourself")
	r.must(bt.german, "/tournament confirm name:Edge table:2")
	expectIn(t, r.must("Org", "/tournament pairings name:Edge round:1"), "German strategic victory by 110 VP", "draw")
	r.must("Org", "/tournament next name:Edge")
	// round 2 by hand: round 1's pairs again are rematches
	pairs := fmt.Sprintf("tables:%s-%s %s-%s", a.allied, a.german, bt.allied, bt.german)
	r.refused("Org", "/tournament pair name:Edge "+pairs, "have already played each other")
	r.refused(a.german, "/tournament pair name:Edge confirm:true "+pairs, "Only the organiser")
	out = r.must("Org", "/tournament pair name:Edge confirm:true "+pairs)
	tabs2 := parseTables(t, out)
	if len(tabs2) != 2 || tabs2[0].german != a.allied || tabs2[0].allied != a.german {
		t.Errorf("the pairing by hand: %v", tabs2)
	}
	expectIn(t, r.must("Org", "/tournament missing name:Edge"), "2 tables without a confirmed result")
}

// Swiss rounds then a top cut of 4, with a bye worth half a point: the
// bye's half point in the standings, the cut seeded from the Swiss
// standings (1–4, 2–3), the final, the bracket picture.
func TestConsoleSwissThenCut(t *testing.T) {
	r := newConsoleRun(t, filepath.Join(t.TempDir(), "t.db"))
	r.must("Org", "/tournament new name:Open format:swiss rounds:2 cut:4 bye:half scenario:standard play:table")
	ps := names("S", 7)
	for _, p := range ps {
		r.must(p, "/tournament join name:Open")
	}
	r.must("Org", "/tournament start name:Open")
	play := func() []table {
		tabs := parseTables(t, r.must("Org", "/tournament pairings name:Open"))
		for _, tb := range tabs {
			if tb.allied != "" {
				r.must(tb.german, resultLine("Open", tb.n, outcome{"german", "decisive", 151}))
				r.must(tb.allied, fmt.Sprintf("/tournament confirm name:Open table:%d", tb.n))
			}
		}
		return tabs
	}
	tabs := play()
	bye := ""
	for _, tb := range tabs {
		if tb.allied == "" {
			bye = tb.german
		}
	}
	r.must("Org", "/tournament next name:Open")
	for _, row := range r.exported("Open")[1:] {
		if row[3] == bye && row[4] != "0.5" {
			t.Errorf("the bye of %s scores %s, want 0.5", bye, row[4])
		}
	}
	play()
	out := r.must("Org", "/tournament next name:Open")
	expectIn(t, out, "round 3 (elimination)")
	// the top 4 of the Swiss standings, in order
	recs := r.exported("Open")
	var top []string
	for _, row := range recs[1:5] {
		top = append(top, row[3])
	}
	semis := parseTables(t, out)
	if len(semis) != 2 {
		t.Fatalf("semi-finals: %v", semis)
	}
	for k, want := range [][2]string{{top[0], top[3]}, {top[1], top[2]}} {
		got := [2]string{semis[k].german, semis[k].allied}
		if !(got == want || got == [2]string{want[1], want[0]}) {
			t.Errorf("semi-final %d: %v, want seeds %v", k+1, got, want)
		}
	}
	play()
	r.must("Org", "/tournament next name:Open")
	final := play()
	if len(final) != 1 {
		t.Fatalf("final: %v", final)
	}
	out = r.must("Org", "/tournament next name:Open")
	expectIn(t, out, "Open: final standings", "bracket.png", "standings.png")
}
