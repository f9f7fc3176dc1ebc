// Command perfdoc turns the labelled benchmark output of scripts/perf
// (standard input: each line prefixed "before " or "after ") into
// docs/performance.md: the performance goals' figures on two commits,
// before and after, measured in the same run, with their ratios and goals.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// runs are the values measured: by side ("before", "after"), benchmark
// (package.name) and unit ("ns/op", "p99-ms", ...).
type runs map[string]map[string]map[string][]float64

func (r runs) add(side, bench, unit string, v float64) {
	if r[side] == nil {
		r[side] = map[string]map[string][]float64{}
	}
	if r[side][bench] == nil {
		r[side][bench] = map[string][]float64{}
	}
	r[side][bench][unit] = append(r[side][bench][unit], v)
}

// median is the median of a figure, and whether it was measured.
func (r runs) median(side, bench, unit string) (float64, bool) {
	vs := r[side][bench][unit]
	if len(vs) == 0 {
		return 0, false
	}
	s := append([]float64(nil), vs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2], true
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2, true
}

// span is the least and the greatest of a figure over the rounds.
func (r runs) span(side, bench, unit string) (lo, hi float64, ok bool) {
	vs := r[side][bench][unit]
	if len(vs) == 0 {
		return 0, 0, false
	}
	lo, hi = vs[0], vs[0]
	for _, v := range vs {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi, true
}

// parse reads the labelled output: "SIDE pkg: P" and "SIDE BenchmarkX-N
// iterations value unit value unit ...".
func parse(in io.Reader) (runs, error) {
	out := runs{}
	pkg := map[string]string{}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		side, line, ok := strings.Cut(sc.Text(), " ")
		if !ok || (side != "before" && side != "after") {
			continue
		}
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg[side] = strings.TrimSpace(p)
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndex(name, "-"); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i] // the GOMAXPROCS suffix
			}
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("%q: %v", line, err)
			}
			out.add(side, pkg[side]+"."+name, f[i+1], v)
		}
	}
	return out, sc.Err()
}

// figure is one line of the goals table.
type figure struct {
	what, bench, unit string
	scale             float64 // divides the value for display
	shown             string  // the unit shown
	goal              func(v float64) (string, bool)
}

func below(limit float64, unit string) func(float64) (string, bool) {
	return func(v float64) (string, bool) { return fmt.Sprintf("< %g %s", limit, unit), v < limit }
}

const (
	mapB      = "rtrbot/render/fromgame.BenchmarkFullMapWithUnits"
	mapFloorB = "rtrbot/render/fromgame.BenchmarkFloorPNGEncode"
	mapPairB  = "rtrbot/render/fromgame.BenchmarkFullMapVsFloor"
	pairB     = "rtrbot/db.BenchmarkAppendVsFloor"
	cacheB    = "rtrbot/commands.BenchmarkMapCache/"
	dest      = "rtrbot/engine/game.BenchmarkDestinationsOpening"
	replay    = "rtrbot/engine/game.BenchmarkReplayScriptedGame"
	replayX   = "rtrbot/engine/game.BenchmarkReplayExtendedGame"
	appendB   = "rtrbot/db.BenchmarkAppendOrder/synchronous=FULL"
	floorB    = "rtrbot/db.BenchmarkFloorInsertCommit"
	many      = "rtrbot/games.BenchmarkConcurrentGames/clients="
)

func figures() []figure {
	fs := []figure{
		{"legal destinations of a whole side (73 units)", dest, "ns/op", 1e6, "ms", below(1, "ms")},
		{"replay of the scripted standard game (7 turns)", replay, "ns/op", 1e6, "ms", below(25, "ms")},
		{"replay of a self-played extended game (15 turns)", replayX, "ns/op", 1e6, "ms", below(50, "ms")},
	}
	for _, c := range []string{"1", "16", "64"} {
		fs = append(fs,
			figure{"1,000 stored games, " + c + " client(s): p50 of a command", many + c, "p50-ms", 1, "ms", nil},
			figure{"1,000 stored games, " + c + " client(s): p99 of a command", many + c, "p99-ms", 1, "ms", nil},
			figure{"1,000 stored games, " + c + " client(s): commands per second", many + c, "cmds/s", 1, "/s", nil},
			figure{"1,000 stored games, " + c + " client(s): every game loaded cold, in parallel", many + c, "load-all-ms", 1, "ms", nil})
	}
	fs[len(fs)-3].goal = below(50, "ms") // p99 with 64 clients
	return fs
}

func num(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// write is docs/performance.md from the figures measured, section by
// section.
func write(w io.Writer, r runs, base, head string, rounds int) error {
	b := &strings.Builder{}
	writeIntro(b, base, head, rounds)
	writeGoals(b, r)
	writeMap(b, r)
	writeAppendInterleaved(b, r)
	writeCache(b, r)
	writeAppendInSequence(b, r)
	writeEveryFigure(b, r)
	b.WriteString(notes)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeIntro says how the page was made: the two commits, the rounds, and
// how to read medians and goals.
func writeIntro(b *strings.Builder, base, head string, rounds int) {
	b.WriteString("# Performance: the goals, measured on two commits\n\n")
	b.WriteString("Written by `scripts/perf` (do not edit by hand): it builds the benchmarks of\n")
	fmt.Fprintf(b, "`%s` (before) and `%s` (after), runs them alternately, %d round(s), on\n", base, head, rounds)
	b.WriteString("one machine in one run, and gives the medians, with the least and the\n")
	b.WriteString("greatest of the rounds in brackets. Absolute times on the shared 2-core\n")
	b.WriteString("machine swing by 2× from minute to minute with the other work on it; the\n")
	b.WriteString("ratios of figures measured side by side hold better. \"Met\" is judged on\n")
	b.WriteString("the median; \"every round\" says whether each round met the goal too.\n")
	b.WriteString("\n")
}

// writeGoals is the table of the goals: each figure before and after, its
// ratio, its goal and whether the median and every round met it.
func writeGoals(b *strings.Builder, r runs) {
	b.WriteString("## The goals\n\n| figure | before | after | after / before | goal | met after | every round |\n|---|---|---|---|---|---|---|\n")
	for _, f := range figures() {
		x, okx := r.median("before", f.bench, f.unit)
		y, oky := r.median("after", f.bench, f.unit)
		if !okx && !oky {
			continue
		}
		cell := func(side string, v float64, ok bool) string {
			if !ok {
				return "not run"
			}
			c := num(v/f.scale) + " " + f.shown
			if lo, hi, ok := r.span(side, f.bench, f.unit); ok && lo != hi {
				c += " (" + num(lo/f.scale) + "–" + num(hi/f.scale) + ")"
			}
			return c
		}
		ratio := "—"
		if okx && oky && x > 0 {
			ratio = fmt.Sprintf("%.2f", y/x)
		}
		goal, met, every := "", "", ""
		if f.goal != nil {
			g, ok := f.goal(y / f.scale)
			goal, met = g, map[bool]string{true: "yes", false: "no"}[ok]
			all := oky
			for _, v := range r["after"][f.bench][f.unit] {
				if _, ok := f.goal(v / f.scale); !ok {
					all = false
				}
			}
			every = map[bool]string{true: "yes", false: "no"}[all]
			if !oky {
				met, every = "not run", ""
			}
		}
		what := f.what
		if ob, ok1 := r.median("before", f.bench, "orders"); ok1 {
			if oa, ok2 := r.median("after", f.bench, "orders"); ok2 {
				what += fmt.Sprintf("; orders: %.0f before, %.0f after", ob, oa)
			}
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s |\n", what, cell("before", x, okx), cell("after", y, oky), ratio, goal, met, every)
	}
}

// writeAppendInterleaved is an order's append to its floor, the two
// interleaved in one benchmark (BenchmarkAppendVsFloor), round by round.
func writeAppendInterleaved(b *strings.Builder, r runs) {
	b.WriteString("\nAn order appended, to its floor (a bare INSERT and COMMIT with the same\n")
	b.WriteString("settings), the two interleaved in one benchmark (`BenchmarkAppendVsFloor`:\n")
	b.WriteString("one of each per iteration, on two files of one directory, each timed), so\n")
	b.WriteString("that both meet the same disk; its ratio per round, then the median:\n\n")
	b.WriteString("| | append | floor | append ÷ floor, each round | median | goal | met | every round |\n|---|---|---|---|---|---|---|---|\n")
	for _, side := range []string{"before", "after"} {
		vs := r[side][pairB]["append/floor"]
		a, oka := r.median(side, pairB, "append-ns")
		f, okf := r.median(side, pairB, "floor-ns")
		m, okm := r.median(side, pairB, "append/floor")
		if !oka || !okf || !okm {
			fmt.Fprintf(b, "| %s | not run | | | | | | |\n", side)
			continue
		}
		var each []string
		all := true
		for _, v := range vs {
			each = append(each, fmt.Sprintf("%.2f", v))
			all = all && v <= 1.3
		}
		fmt.Fprintf(b, "| %s | %s ms | %s ms | %s | %.2f | ≤ 1.3 | %s | %s |\n", side, num(a/1e6), num(f/1e6), strings.Join(each, ", "), m,
			map[bool]string{true: "yes", false: "no"}[m <= 1.3], map[bool]string{true: "yes", false: "no"}[all])
	}
}

// writeCache is a picture drawn against the same picture asked again
// through the map cache (after only).
func writeCache(b *strings.Builder, r runs) {
	if d, okd := r.median("after", cacheB+"draw", "ns/op"); okd {
		if c, okc := r.median("after", cacheB+"cached", "ns/op"); okc && d > 0 {
			b.WriteString("\nEach picture drawn once (`BenchmarkMapCache`, after only: the before side\n")
			b.WriteString("has no cache): a whole public map drawn, against the same picture asked again\n")
			b.WriteString("through the cache (its situation's digest and a lookup):\n\n")
			b.WriteString("| drawn | asked again | ratio |\n|---|---|---|\n")
			fmt.Fprintf(b, "| %s ms | %s ms | %.4f |\n", num(d/1e6), num(c/1e6), c/d)
		}
	}
}

// writeAppendInSequence is the append to its floor from the two benchmarks
// run one after the other.
func writeAppendInSequence(b *strings.Builder, r runs) {
	b.WriteString("\nThe same from the two benchmarks run one after the other\n(`BenchmarkAppendOrder/synchronous=FULL`, `BenchmarkFloorInsertCommit`): medians, each side in the same run:\n\n")
	b.WriteString("| | append | floor | ratio | goal | met |\n|---|---|---|---|---|---|\n")
	for _, side := range []string{"before", "after"} {
		a, oka := r.median(side, appendB, "ns/op")
		f, okf := r.median(side, floorB, "ns/op")
		if !oka || !okf || f == 0 {
			fmt.Fprintf(b, "| %s | not run | | | | |\n", side)
			continue
		}
		met := "no"
		if a/f <= 1.3 {
			met = "yes"
		}
		fmt.Fprintf(b, "| %s | %s ms | %s ms | %.2f | ≤ 1.3 | %s |\n", side, num(a/1e6), num(f/1e6), a/f, met)
	}
}

// writeEveryFigure lists every benchmark and unit measured, with its
// median on each side.
func writeEveryFigure(b *strings.Builder, r runs) {
	b.WriteString("\n## Every figure measured\n\n| benchmark | unit | before | after |\n|---|---|---|---|\n")
	keys := map[string]bool{}
	for _, side := range []string{"before", "after"} {
		for bench, units := range r[side] {
			for u := range units {
				keys[bench+"\x00"+u] = true
			}
		}
	}
	var ks []string
	for k := range keys {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		bench, u, _ := strings.Cut(k, "\x00")
		cell := func(side string) string {
			if v, ok := r.median(side, bench, u); ok {
				return num(v)
			}
			return "—"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", bench, u, cell("before"), cell("after"))
	}
}

// notes is what changed, for the reader of the figures.
const notes = `
## What changed

- **Many games at once** (games/table.go): a lock per game instead of one
  for the whole table. The table's own lock guards its maps only and is
  never held across a load, a database write or the engine's work; a cold
  load runs outside every lock, once per place (a second command for a
  game being loaded waits for that load), loads of different games in
  parallel (at most twice as many as the cores); imports, exports and
  logs read without any game's lock. Tested: TestOneGameDoesNotWaitForAnother
  and TestConcurrentCommandsKeepEachGameWhole (games, with -race).
- **Storage** (db/db.go): group commit on the single writer. Writes that
  arrive while another commits are committed together, each in a
  savepoint of its own (a failed one rolls back alone), one COMMIT and one
  fsync for the group; each command still returns only once its own write
  is on disk. The order append path (db/orders.go) reads the game row and
  its newest snapshot in one query, numbers a new order's events without
  counting them, and runs prepared statements.
- **Movement search** (engine/game/movement.go): each hex's entry cost asked
  once per unit and search (the hexside's railway and river read from the
  neighbour loop's direction), the queue and arrays reused (a pool in
  Rules), all paths of a unit in one array. Tested against a plain search
  on the public EnterCost (TestMovementSearchMatchesEnterCost).
- **Replay and loads** (engine/game): units of one hex found without
  building the whole occupancy index; ZOC looks at each hex once; the
  dense grid and the scoring hexes (15.23) derived once per map and shared
  by every game's Rules (board.Map.Memo) instead of once per game loaded;
  engine/turn.Parse no longer builds a strings.Replacer per call.

Second round (the figures "after" include it):

- **Replay** (engine/game), each change checked by the rule cases, the
  replay hashes of the stored games and 52 self-played games (with every
  option alone) compared order by order, events included:
  Option compares the few default-on codes instead of hashing a string
  (it is asked in the rules' inner loops); Replay hands the units' array
  of each state it is done with to the next order's copy (a pool in
  Rules; TestReplayReusesOnlyDeadStates); zones of control and occupied
  hexes are kept with what they were found from (the side's units on the
  map, the options, the destroyed fortresses) and shared by a game's
  states, so that while one side moves unit after unit the other's are
  found once (memo.go; TestMemoMatchesFreshZOC compares them with fresh
  ones after every order); Unit packs into 24 bytes instead of 32; each
  counter's side and arrival turn listed once per Rules; the default
  placement reads each instruction once, counts stacks over the dense
  grid and asks setupWhy only of hexes its instruction names that could
  beat the best so far (mayPlace, kept in step with setupWhy by
  TestMayPlaceKeepsEverySetupHex); reinforcement candidates ranked once;
  a move order's search stops once its destination is settled
  (TestMovementSearchToMatchesWholeSearch: the same cost and path).
- **Append** (db/orders.go): UpdateRow reads the game's row without its
  players (the table holds them); an order's events go up to eight to one
  prepared INSERT.
- **Maps** (commands/mapcache.go): a picture is kept by what it is drawn
  from (the digest of the situation given to the renderer, the kind, the
  crop, the language, the map), so the same picture asked again (a
  segment's map, /map asked by several players) is drawn once and its
  bytes reused; bounded (24 MB, least lately used first), with its own
  lock, held only to look up and store; a picture being drawn is waited
  for by those asking for the same one. TestMapDrawnOnceForSamePosition
  counts the drawings.
`

func main() {
	out := flag.String("o", "docs/performance.md", "the file to write")
	base := flag.String("base", "", "the commit measured as before")
	head := flag.String("head", "", "the commit measured as after")
	rounds := flag.Int("rounds", 0, "rounds run")
	flag.Parse()
	r, err := parse(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if len(r["before"]) == 0 || len(r["after"]) == 0 {
		fmt.Fprintln(os.Stderr, "perfdoc: no benchmark lines for before and after on standard input")
		os.Exit(1)
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := write(f, r, *base, *head, *rounds); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// writeMap is the whole map's figure: the map with
// units drawn and encoded, to its floor (a paletted picture of the same
// size encoded by image/png), from the two benchmarks run one after the
// other on each side, and, after, from the benchmark that runs them
// alternately (BenchmarkFullMapVsFloor: the median of its iterations'
// ratios, each round).
func writeMap(b *strings.Builder, r runs) {
	type row struct {
		side         string
		m, f         float64
		pair         []float64
		okm, okf, op bool
	}
	var rows []row
	for _, side := range []string{"before", "after"} {
		m, okm := r.median(side, mapB, "ns/op")
		f, okf := r.median(side, mapFloorB, "ns/op")
		pair := r[side][mapPairB]["median-ratio"]
		rows = append(rows, row{side, m, f, pair, okm, okf, len(pair) > 0})
	}
	if !rows[0].okm && !rows[1].okm && !rows[1].op {
		return
	}
	b.WriteString("\nThe whole map with units, drawn and encoded (`BenchmarkFullMapWithUnits`),\n")
	b.WriteString("to its floor, a paletted picture of the same size encoded by image/png\n")
	b.WriteString("(`BenchmarkFloorPNGEncode`), the two run one after the other; and the\n")
	b.WriteString("two alternated in one benchmark (`BenchmarkFullMapVsFloor`, the median\n")
	b.WriteString("of its iterations' ratios, each round; the before side lacks it):\n\n")
	b.WriteString("| | map | floor | map ÷ floor | alternated, each round | goal | met |\n|---|---|---|---|---|---|---|\n")
	yes := map[bool]string{true: "yes", false: "no"}
	for _, x := range rows {
		if !x.okm || !x.okf || x.f == 0 {
			fmt.Fprintf(b, "| %s | not run | | | | | |\n", x.side)
			continue
		}
		ratio := x.m / x.f
		alt := "—"
		met := ratio <= 1.5
		if x.op {
			var each []string
			for _, v := range x.pair {
				each = append(each, fmt.Sprintf("%.2f", v))
			}
			sorted := append([]float64(nil), x.pair...)
			sort.Float64s(sorted)
			med := sorted[len(sorted)/2]
			alt = strings.Join(each, ", ") + fmt.Sprintf(" (median %.2f)", med)
			met = med <= 1.5
		}
		fmt.Fprintf(b, "| %s | %s ms | %s ms | %.2f | %s | ≤ 1.5 | %s |\n", x.side, num(x.m/1e6), num(x.f/1e6), ratio, alt, yes[met])
	}
}
