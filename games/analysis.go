package games

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"rtrbot/ai"
	"rtrbot/engine/game"
)

// A finished game's analysis (/computer analysis; ai.Analyse): the
// expected final margin after each segment, from play-outs of the whole
// position. A game that has ended never changes, so its analysis is made
// once, under the key of what it is made of (analysisKey), and kept: in
// memory, and in the database (AnalysisStore) as its estimates, from
// which a later ask, after a restart too, rebuilds it by replaying the
// orders, without a play-out. At most one analysis runs at a time, in the
// background and off every game's lock: an asker waits for it only as
// long as his context allows (ErrAnalysisRunning), and the next ask finds
// it done. A kept row that does not read is computed again. An analysis
// keeps each point as it makes it (a partial row), so that one the bot
// stopped in the middle of goes on from there when next asked for.

// analysisVersion names how analyses are made and kept: a change to the
// analysis (its players, its estimates' encoding) changes it, so that a
// kept analysis of the old kind is made afresh.
const analysisVersion = "a1"

// ErrAnalysisRunning: the analysis did not finish within the asker's
// context; it goes on and is kept for the next ask.
var ErrAnalysisRunning = errors.New("games: the analysis is still running")

// AnalysisRunning is the ErrAnalysisRunning an ask gets, with how far the
// analysis is: Done of Total points made (the start and each segment's
// end, those kept from before a restart counted as made), or Queued when
// it waits for another analysis to finish (one runs at a time).
type AnalysisRunning struct {
	Done, Total int
	Queued      bool
}

func (e *AnalysisRunning) Error() string {
	return fmt.Sprintf("%v (%d of %d points)", ErrAnalysisRunning, e.Done, e.Total)
}

// Is makes errors.Is(err, ErrAnalysisRunning) hold.
func (e *AnalysisRunning) Is(target error) bool { return target == ErrAnalysisRunning }

// AnalysisEstimator makes the estimate of g's positions, n play-outs a
// point (nil: ai.PlayOutEstimate with the game's key and
// ai.AnalysisPlayers); tests give a counting or slow one.
type AnalysisEstimator func(g *Game, n int) ai.Estimate

// analyses are the service's analyses: done (the newest analysesKept),
// running, and the slot that lets one run at a time.
type analyses struct {
	mu       sync.Mutex
	done     map[string]*ai.Analysis
	order    []string
	running  map[string]*analysisRun
	slot     chan struct{}
	estimate AnalysisEstimator
	computed atomic.Int64
	wg       sync.WaitGroup
}

// analysisRun is an analysis being made; done is closed when a and err
// are set.
type analysisRun struct {
	done    chan struct{}
	a       *ai.Analysis
	err     error
	total   int          // the points to make: the start and each segment
	made    atomic.Int64 // the points made so far
	started atomic.Bool  // it has the slot (not waiting for another analysis)
}

// analysisPoints is how many points g's analysis has: the start and one
// at each segment's end (an end order, or the last order).
func analysisPoints(g *Game) int {
	n := 1
	for i, o := range g.Orders {
		if o.Verb == game.VerbEnd || i == len(g.Orders)-1 {
			n++
		}
	}
	return n
}

// running is the error an ask gets while run goes on.
func (run *analysisRun) running() error {
	return &AnalysisRunning{Done: int(run.made.Load()), Total: run.total, Queued: !run.started.Load()}
}

// analysesKept is how many analyses stay in memory (the oldest go first;
// the database keeps them all).
const analysesKept = 200

// SetAnalysisEstimator sets how positions are estimated (nil: play-outs).
func (t *Service) SetAnalysisEstimator(f AnalysisEstimator) {
	c := &t.analyses
	c.mu.Lock()
	c.estimate = f
	c.mu.Unlock()
}

// AnalysesComputed counts the analyses this service made (not those read
// back from memory or the database).
func (t *Service) AnalysesComputed() int64 { return t.analyses.computed.Load() }

// WaitAnalyses waits until the analyses under way are done (tests).
func (t *Service) WaitAnalyses() { t.analyses.wg.Wait() }

// analysisKey is what g's analysis at n play-outs a point is made of: the
// analysis' version, the dice key's digest, the orders, the final
// position.
func analysisKey(g *Game, n int) string {
	k := sha256.Sum256(g.Key)
	return fmt.Sprintf("%s %x %d %s %d", analysisVersion, k[:8], len(g.Orders), g.State.Hash(), n)
}

// Analysis is the analysis of the finished game g (as ReplayGame gives
// it), n play-outs a point: kept, or made now. If ctx ends first it gives
// ErrAnalysisRunning, and the analysis goes on for the next ask.
func (t *Service) Analysis(ctx context.Context, g *Game, n int) (*ai.Analysis, error) {
	if g == nil || g.State == nil {
		return nil, errors.New("games: no game to analyse")
	}
	key := analysisKey(g, n)
	c := &t.analyses
	c.mu.Lock()
	if c.done == nil {
		c.done, c.running, c.slot = map[string]*ai.Analysis{}, map[string]*analysisRun{}, make(chan struct{}, 1)
	}
	if a, ok := c.done[key]; ok {
		c.mu.Unlock()
		return a, nil
	}
	run := c.running[key]
	c.mu.Unlock()
	if run == nil {
		if a, ok := t.keptAnalysis(ctx, g, key, n); ok {
			c.mu.Lock()
			c.keep(key, a)
			c.mu.Unlock()
			return a, nil
		}
		c.mu.Lock()
		if a, ok := c.done[key]; ok {
			c.mu.Unlock()
			return a, nil
		}
		if run = c.running[key]; run == nil {
			run = &analysisRun{done: make(chan struct{}), total: analysisPoints(g)}
			c.running[key] = run
			c.wg.Add(1)
			go t.analyse(context.WithoutCancel(ctx), g, key, n, run) // it outlives the ask
		}
		c.mu.Unlock()
	}
	select {
	case <-run.done:
		return run.a, run.err
	case <-ctx.Done():
		select {
		case <-run.done:
			return run.a, run.err
		default:
			return nil, run.running()
		}
	}
}

// keep puts a into memory under key (c.mu held).
func (c *analyses) keep(key string, a *ai.Analysis) {
	if _, ok := c.done[key]; ok {
		return
	}
	c.done[key] = a
	c.order = append(c.order, key)
	if len(c.order) > analysesKept {
		delete(c.done, c.order[0])
		c.order = c.order[1:]
	}
}

// keptEstimates is an analysis as kept: each point's mean and spread.
type keptEstimates struct {
	Points [][2]float64 `json:"points"`
}

// analyse makes g's analysis in the background (one at a time), keeps it
// and tells the askers.
func (t *Service) analyse(ctx context.Context, g *Game, key string, n int, run *analysisRun) {
	c := &t.analyses
	defer c.wg.Done()
	defer func() {
		if r := recover(); r != nil {
			run.a, run.err = nil, fmt.Errorf("the analysis failed: %v", r)
		}
		c.mu.Lock()
		delete(c.running, key)
		if run.err == nil && run.a != nil {
			c.keep(key, run.a)
		}
		c.mu.Unlock()
		close(run.done)
	}()
	c.slot <- struct{}{}
	defer func() { <-c.slot }()
	run.started.Store(true)
	c.computed.Add(1)
	c.mu.Lock()
	est := c.estimate
	c.mu.Unlock()
	var estimate ai.Estimate
	if est != nil {
		estimate = est(g, n)
	} else {
		estimate = ai.PlayOutEstimate(g.Key, n, ai.AnalysisPlayers)
	}
	var kept keptEstimates
	start, err := game.NewKey(g.State.Rules(), g.Key, g.Options)
	if err != nil {
		run.err = err
		return
	}
	// The points made before the bot stopped (a partial row) are taken
	// back, not played out again: each point's play-outs are seeded by
	// the game's key and its segment alone (ai.AnalysisSeed), so a point
	// kept is the point made again. Each point made is kept at once.
	st, _ := t.store.(AnalysisStore)
	if g.ID == 0 {
		st = nil
	}
	before := t.partialAnalysis(ctx, st, g, key)
	run.a, run.err = ai.AnalyseBy(start, g.Orders, n, func(s *game.State, seg int) (float64, float64, error) {
		if seg == len(kept.Points) && seg < len(before) {
			kept.Points = append(kept.Points, before[seg])
			run.made.Add(1)
			return before[seg][0], before[seg][1], nil
		}
		m, sd, err := estimate(s, seg)
		kept.Points = append(kept.Points, [2]float64{m, sd})
		run.made.Add(1)
		if err == nil && st != nil && seg == len(kept.Points)-1 {
			t.savePartialAnalysis(ctx, st, g, key, kept.Points)
		}
		return m, sd, err
	})
	if run.err != nil {
		return
	}
	if st != nil {
		data, err := json.Marshal(kept)
		if err == nil {
			err = st.SaveAnalysis(ctx, g.ID, key, string(data))
		}
		if err == nil {
			err = st.SaveAnalysis(ctx, g.ID, partialKey(key), "{}") // done: nothing to resume
		}
		if err != nil {
			t.log.Error("analysis: keeping it", "game", g.ID, "err", err)
		}
	}
}

// partialKey is the row under which an analysis not yet finished keeps
// the points it has made.
func partialKey(key string) string { return key + " partial" }

// partialEstimates are the points an unfinished analysis has made, with
// the key of the analysis they belong to.
type partialEstimates struct {
	Key    string       `json:"key"`
	Points [][2]float64 `json:"points"`
}

// savePartialAnalysis keeps the points made so far of the analysis under
// key; a failure is logged (the analysis goes on, and would only be
// made again from the start after a restart).
func (t *Service) savePartialAnalysis(ctx context.Context, st AnalysisStore, g *Game, key string, points [][2]float64) {
	data, err := json.Marshal(partialEstimates{Key: key, Points: points})
	if err == nil {
		err = st.SaveAnalysis(ctx, g.ID, partialKey(key), string(data))
	}
	if err != nil {
		t.log.Error("analysis: keeping its progress", "game", g.ID, "err", err)
	}
}

// partialAnalysis is the points kept of the unfinished analysis under key
// (none if there is no such row, or it does not read or belong to key).
func (t *Service) partialAnalysis(ctx context.Context, st AnalysisStore, g *Game, key string) [][2]float64 {
	if st == nil {
		return nil
	}
	data, found, err := st.Analysis(ctx, g.ID, partialKey(key))
	if err != nil || !found {
		return nil
	}
	var p partialEstimates
	if json.Unmarshal([]byte(data), &p) != nil || p.Key != key {
		return nil
	}
	for _, q := range p.Points {
		if math.IsNaN(q[0]) || math.IsInf(q[0], 0) || math.IsNaN(q[1]) || math.IsInf(q[1], 0) || q[1] < 0 {
			return nil
		}
	}
	return p.Points
}

// keptAnalysis rebuilds g's analysis from the database's row under key,
// if there is one that reads: its estimates, a point a segment, and the
// orders replayed. A row that does not read is logged and ignored.
func (t *Service) keptAnalysis(ctx context.Context, g *Game, key string, n int) (a *ai.Analysis, ok bool) {
	st, isStore := t.store.(AnalysisStore)
	if !isStore || g.ID == 0 {
		return nil, false
	}
	data, found, err := st.Analysis(ctx, g.ID, key)
	if err != nil || !found {
		if err != nil {
			t.log.Error("analysis: reading the kept one", "game", g.ID, "err", err)
		}
		return nil, false
	}
	defer func() {
		if r := recover(); r != nil {
			t.log.Error("analysis: the kept one does not read; made again", "game", g.ID, "err", r)
			a, ok = nil, false
		}
	}()
	var kept keptEstimates
	bad := errors.New("the kept estimates do not fit the game")
	if err := json.Unmarshal([]byte(data), &kept); err != nil {
		t.log.Error("analysis: the kept one does not read; made again", "game", g.ID, "err", err)
		return nil, false
	}
	start, err := game.NewKey(g.State.Rules(), g.Key, g.Options)
	if err == nil {
		a, err = ai.AnalyseBy(start, g.Orders, n, func(s *game.State, seg int) (float64, float64, error) {
			if seg < 0 || seg >= len(kept.Points) {
				return 0, 0, bad
			}
			p := kept.Points[seg]
			if math.IsNaN(p[0]) || math.IsInf(p[0], 0) || math.IsNaN(p[1]) || math.IsInf(p[1], 0) || p[1] < 0 {
				return 0, 0, bad
			}
			return p[0], p[1], nil
		})
	}
	if err == nil && len(a.Points) != len(kept.Points) {
		err = bad
	}
	if err != nil {
		t.log.Error("analysis: the kept one does not read; made again", "game", g.ID, "err", err)
		return nil, false
	}
	return a, true
}
