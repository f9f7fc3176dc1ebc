// Command benchdoc turns the output of `go test -bench` (standard input)
// into docs/benchmarks.md: every benchmark with its median time, and the
// ratios of the benchmarks that have a floor measured in the same run.
// scripts/bench runs it; the figures the docs quote come from there.
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
	"time"
)

// floors pairs a benchmark with its floor: the same work done by the
// plainest means, in the same run, so that the ratio holds on a noisy
// machine where absolute times do not.
var floors = []struct{ Bench, Floor, What string }{
	{"rtrbot/render/fromgame.BenchmarkFullMapWithUnits", "rtrbot/render/fromgame.BenchmarkFloorPNGEncode", "the whole map drawn and encoded, to image/png encoding the same picture"},
	{"rtrbot/db.BenchmarkAppendOrder/synchronous=FULL", "rtrbot/db.BenchmarkFloorInsertCommit", "one order appended, to a bare INSERT and COMMIT with the same settings"},
}

// result is one benchmark's runs.
type result struct {
	pkg, name string
	ns        []float64
}

func (r *result) key() string { return r.pkg + "." + r.name }

func (r *result) median() float64 {
	s := append([]float64(nil), r.ns...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// parse reads go test -bench output: "pkg: X" lines and benchmark lines.
func parse(in io.Reader) ([]*result, error) {
	var out []*result
	byKey := map[string]*result{}
	pkg := ""
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = strings.TrimSpace(p)
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") || f[3] != "ns/op" {
			continue
		}
		name := f[0]
		if i := strings.LastIndex(name, "-"); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i] // the GOMAXPROCS suffix
			}
		}
		ns, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", line, err)
		}
		r := byKey[pkg+"."+name]
		if r == nil {
			r = &result{pkg: pkg, name: name}
			byKey[r.key()] = r
			out = append(out, r)
		}
		r.ns = append(r.ns, ns)
	}
	return out, sc.Err()
}

func human(ns float64) string {
	d := time.Duration(ns)
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/1e6)
	case d >= time.Microsecond:
		return fmt.Sprintf("%.1f µs", float64(d)/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

func write(w io.Writer, rs []*result, how string) error {
	byKey := map[string]*result{}
	for _, r := range rs {
		byKey[r.key()] = r
	}
	b := &strings.Builder{}
	fmt.Fprintf(b, "# Benchmarks\n\nWritten by `scripts/bench` (%s) on the machine it ran on; do not edit by hand.\n", how)
	b.WriteString("Absolute times on the shared 2-core machines are noisy: quote the ratios to\nfloors measured in the same run, not the times.\n\n")
	b.WriteString("## Ratios to floors\n\n| benchmark | floor | ratio | what |\n|---|---|---|---|\n")
	for _, f := range floors {
		x, y := byKey[f.Bench], byKey[f.Floor]
		if x == nil || y == nil {
			return fmt.Errorf("%s or its floor %s did not run", f.Bench, f.Floor)
		}
		fmt.Fprintf(b, "| `%s` | `%s` | %.2f× | %s |\n", x.name, y.name, x.median()/y.median(), f.What)
	}
	b.WriteString("\n## Every benchmark\n\nMedian time per operation over the runs.\n\n| package | benchmark | time | runs |\n|---|---|---|---|\n")
	sort.Slice(rs, func(i, j int) bool { return rs[i].key() < rs[j].key() })
	for _, r := range rs {
		fmt.Fprintf(b, "| %s | `%s` | %s | %d |\n", strings.TrimPrefix(r.pkg, "rtrbot/"), r.name, human(r.median()), len(r.ns))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func main() {
	out := flag.String("o", "docs/benchmarks.md", "the file to write")
	how := flag.String("how", "", "how the benchmarks were run, for the page")
	flag.Parse()
	rs, err := parse(os.Stdin)
	if err == nil && len(rs) == 0 {
		err = fmt.Errorf("no benchmark results on standard input")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchdoc:", err)
		os.Exit(1)
	}
	f, err := os.Create(*out)
	if err == nil {
		err = write(f, rs, *how)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchdoc:", err)
		os.Exit(1)
	}
}
