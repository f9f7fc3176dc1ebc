package tournament

import (
	"sort"
	"syscall"
	"testing"
	"time"
)

// TestPairCPUTime prints the CPU time (user and system, of the whole
// process) of pairing round 5 of the benchmark's 512-player tournament,
// RTRBOT_PAIR_CPU times (skipped without it): on a machine shared with
// other work, CPU time moves less with the load than the benchmark's wall
// time. The median and range of single pairings are printed, each
// measured alone.
func TestPairCPUTime(t *testing.T) {
	runs := envCount("RTRBOT_PAIR_CPU", 0)
	if runs == 0 {
		t.Skip("RTRBOT_PAIR_CPU not set")
	}
	tr := benchTournament(t, 512, 4)
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			t.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	var ds []time.Duration
	for i := 0; i < runs; i++ {
		c0 := cpu()
		if _, err := tr.pairSwiss(5); err != nil {
			t.Fatal(err)
		}
		ds = append(ds, cpu()-c0)
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	t.Logf("CPU time of round 5 of 512, %d runs: median %.1f ms (%.1f-%.1f)", runs,
		float64(ds[runs/2].Microseconds())/1000, float64(ds[0].Microseconds())/1000, float64(ds[runs-1].Microseconds())/1000)
}
