package main

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

const sample = `goos: linux
pkg: rtrbot/db
BenchmarkAppendOrder/synchronous=FULL-2   	     100	    400000 ns/op
BenchmarkAppendOrder/synchronous=FULL-2   	     100	    300000 ns/op
BenchmarkAppendOrder/synchronous=FULL-2   	     100	    350000 ns/op
BenchmarkFloorInsertCommit-2              	     100	    175000 ns/op
ok  	rtrbot/db	1.0s
pkg: rtrbot/render/fromgame
BenchmarkFullMapWithUnits-2   	      20	 120000000 ns/op	    631642 png-bytes
BenchmarkFloorPNGEncode-2     	      20	  40000000 ns/op
`

// The page gives medians and the ratios to floors.
func TestPage(t *testing.T) {
	rs, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 4 || rs[0].name != "BenchmarkAppendOrder/synchronous=FULL" || rs[0].median() != 350000 {
		t.Fatalf("parsed %+v", rs[0])
	}
	var b bytes.Buffer
	if err := write(&b, rs, "test"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| `BenchmarkFullMapWithUnits` | `BenchmarkFloorPNGEncode` | 3.00× |", "| `BenchmarkAppendOrder/synchronous=FULL` | `BenchmarkFloorInsertCommit` | 2.00× |", "| db | `BenchmarkFloorInsertCommit` | 175.0 µs | 1 |"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the page lacks %q:\n%s", want, b.String())
		}
	}
	// A floor that did not run is an error, not a silent gap.
	if err := write(&b, rs[:1], "test"); err == nil {
		t.Error("a missing floor was not reported")
	}
}

// Every benchmark docs/benchmarks.md names exists in the code, so that
// the page cannot quote a benchmark that was renamed or removed.
func TestDocNamesExistingBenchmarks(t *testing.T) {
	doc, err := os.ReadFile("../../docs/benchmarks.md")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, m := range regexp.MustCompile("`(Benchmark[A-Za-z0-9_]+)").FindAllStringSubmatch(string(doc), -1) {
		names[m[1]] = true
	}
	if len(names) < 20 {
		t.Fatalf("docs/benchmarks.md names only %d benchmarks", len(names))
	}
	out, err := exec.Command("git", "-C", "../..", "grep", "-h", "-o", "-E", `^func Benchmark[A-Za-z0-9_]+\(`, "--", "*_test.go").Output()
	if err != nil {
		t.Skipf("git grep: %v", err)
	}
	have := map[string]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		have[strings.TrimSuffix(strings.TrimPrefix(l, "func "), "(")] = true
	}
	for n := range names {
		if !have[n] {
			t.Errorf("docs/benchmarks.md names %s, which no test file defines: run scripts/bench", n)
		}
	}
	for _, f := range floors {
		for _, k := range []string{f.Bench, f.Floor} {
			n := k[strings.LastIndex(k, ".")+1:]
			if i := strings.Index(n, "/"); i > 0 {
				n = n[:i]
			}
			if !have[n] {
				t.Errorf("the floor pair names %s, which does not exist", k)
			}
		}
	}
}
