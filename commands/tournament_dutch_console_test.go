package commands_test

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestConsoleDutchChecker checks the Dutch pairings on tournaments no
// test was written for: random Swiss tournaments driven whole through the console (joins, the
// start, results reported and confirmed by the players, drops and late
// entries by the organiser, /tournament next), their TRF taken from
// /tournament export format:trf and checked round by round by an
// independent FIDE Dutch (C.04.3) program. It runs only when
// RTRBOT_DUTCH_CHECKER names the program (bbpPairings: "--dutch FILE -c");
// RTRBOT_DUTCH_N tournaments, 20 by default.
func TestConsoleDutchChecker(t *testing.T) {
	bin := os.Getenv("RTRBOT_DUTCH_CHECKER")
	if bin == "" {
		t.Skip("RTRBOT_DUTCH_CHECKER is not set")
	}
	n := 20
	if v, err := strconv.Atoi(os.Getenv("RTRBOT_DUTCH_N")); err == nil && v > 0 {
		n = v
	}
	rng := rand.New(rand.NewSource(1916))
	attach := regexp.MustCompile(`attachment: (\S+)`)
	rounds, diff, bad, stopped := 0, 0, 0, 0
	for it := 0; it < n; it++ {
		r := newConsoleRun(t, filepath.Join(t.TempDir(), "t.db"))
		name := fmt.Sprintf("Held%d", it)
		players := 4 + rng.Intn(45)
		nr := 3 + rng.Intn(5)
		if nr >= players {
			nr = players - 1
		}
		in := names("H", players)
		r.newSwiss(name, nr, in)
		r.must("Org", "/tournament start name:"+name)
		late := 0
		for round := 1; round <= nr; round++ {
			tabs := parseTables(t, r.must("Org", "/tournament pairings name:"+name))
			for _, tb := range tabs {
				if tb.allied == "" {
					continue
				}
				var line string
				switch rng.Intn(5) {
				case 0:
					line = fmt.Sprintf("/tournament report name:%s table:%d result:draw", name, tb.n)
				case 1, 2:
					line = fmt.Sprintf("/tournament report name:%s table:%d result:german level:%s margin:%d", name, tb.n, []string{"marginal", "strategic", "decisive"}[rng.Intn(3)], 1+rng.Intn(60))
				default:
					line = fmt.Sprintf("/tournament report name:%s table:%d result:allied level:%s margin:%d", name, tb.n, []string{"marginal", "strategic", "decisive"}[rng.Intn(3)], 1+rng.Intn(60))
				}
				r.must(tb.german, line)
				r.must(tb.allied, fmt.Sprintf("/tournament confirm name:%s table:%d", name, tb.n))
			}
			rounds++
			if round < nr && rng.Intn(3) == 0 && len(in) > 4 {
				k := rng.Intn(len(in))
				r.must("Org", fmt.Sprintf("/tournament drop name:%s player:%s", name, in[k]))
				in = append(in[:k], in[k+1:]...)
			}
			if round < nr && rng.Intn(4) == 0 {
				late++
				p := fmt.Sprintf("Late%02d", late)
				r.must(p, "/tournament join name:"+name)
				in = append(in, p)
			}
			if out := r.as("Org", "/tournament next name:"+name); strings.Contains(out, "no Swiss pairing satisfies") {
				stopped++ // the organiser would pair by hand: the rounds so far are checked
				break
			} else if strings.Contains(out, "[private]") {
				t.Fatalf("tournament %d: /tournament next refused:\n%s", it, out)
			}
		}
		m := attach.FindStringSubmatch(r.must("Org", "/tournament export name:"+name+" format:trf"))
		if m == nil {
			t.Fatalf("tournament %d: no TRF attachment", it)
		}
		out, err := exec.Command(bin, "--dutch", m[1], "-c").CombinedOutput()
		d := strings.Count(string(out), "Checker pairings")
		diff += d
		if err != nil || d > 0 {
			bad++
			if bad <= 3 {
				trf, _ := os.ReadFile(m[1])
				t.Errorf("tournament %d (%d players, %d rounds): the checker says (%v):\n%s\n%s", it, players, nr, err, out, trf)
			}
		}
		if err := r.store.Close(); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d tournaments through the console: %d of %d rounds paired as the checker pairs them; %d tournaments not reproduced; %d stopped at a round with no legal pairing", n, rounds-diff, rounds, bad, stopped)
	if bad > 0 {
		t.Errorf("%d of %d tournaments not reproduced", bad, n)
	}
}
