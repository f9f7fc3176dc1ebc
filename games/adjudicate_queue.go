package games

import (
	"context"
	"errors"
	"sync"
	"time"

	"rtrbot/ai"
	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// The clock's adjudications (a tournament round's limit) run on one
// worker, off the bot's clock: the tick queues a game
// (QueueAdjudicationAtLimit) and returns at once, so that every other
// game's deadlines and computer turns go on while the play-outs (about a
// minute of one core) run. The worker writes the result to the game's row
// only if the row is still the position that was played out (active, the
// same last row of the log): the row is the truth, so a second process or
// a restart in the middle records the result once, and a later tick reads
// it back from the row (LimitDone). The play-outs take their dice from the
// game's key and the position (ai.Adjudicate), so played again after a
// restart they give the same result.

// LimitState is where the clock's adjudication of a game stands.
type LimitState int

const (
	// LimitQueued: queued or running; a later tick asks again.
	LimitQueued LimitState = iota
	// LimitDone: the game's row holds its adjudication.
	LimitDone
	// LimitFailed: the play-outs failed at this position (logged); they
	// are not tried again until the position changes.
	LimitFailed
)

// Adjudicator plays a position out and gives its adjudication
// (ai.Adjudicate; tests give a slow or counting one).
type Adjudicator func(*game.State, ai.AdjudicateConfig) (ai.Adjudication, error)

// SetAdjudicator sets how positions are played out (nil: ai.Adjudicate).
func (t *Service) SetAdjudicator(f Adjudicator) {
	t.mu.Lock()
	t.adjudicate = f
	t.mu.Unlock()
}

func (t *Service) adjudicator() Adjudicator {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.adjudicate == nil {
		return ai.Adjudicate
	}
	return t.adjudicate
}

// limitQueue is the worker's queue: one game at a time, each at most once.
type limitQueue struct {
	mu      sync.Mutex
	jobs    []limitJob
	queued  map[int64]bool
	failed  map[int64]string // game → the position's hash at which it failed
	running bool
	wg      sync.WaitGroup
}

// limitJob is a position to adjudicate: the game at at, its state and the
// log's last row when it was queued.
type limitJob struct {
	ctx   context.Context // the clock's: the bot's life
	at    Where
	id    int64
	state *game.State
	hash  string
	seq   int64
}

// errMovedOn: the game's row is no longer the position played out.
var errMovedOn = errors.New("games: the game moved on while it was adjudicated")

// QueueAdjudicationAtLimit is the clock's adjudication of the game played
// at at (it must be game id): LimitDone with the game and its result when
// its row holds one; else the game is queued for the worker (once) and
// LimitQueued comes back at once. A game that is over otherwise, or is
// another, is an error.
func (t *Service) QueueAdjudicationAtLimit(ctx context.Context, at Where, id int64) (*Game, ai.Adjudication, LimitState, error) {
	g, unlock, err := t.acquire(ctx, at)
	if err != nil && !errors.Is(err, ErrNoGame) {
		return nil, ai.Adjudication{}, 0, err
	}
	if err == nil {
		if g.ID == id && limitLive(g) {
			job := limitJob{ctx: ctx, at: at, id: id, state: g.State, hash: g.State.Hash(), seq: -1}
			if t.store != nil && id != 0 {
				rec, err := t.store.Game(ctx, id)
				if err != nil {
					unlock()
					return nil, ai.Adjudication{}, 0, err
				}
				job.seq = rec.LastSeq
			}
			c := g.copy()
			unlock()
			return c, ai.Adjudication{}, t.enqueueLimit(job), nil
		}
		unlock()
	}
	if t.store != nil && id != 0 {
		if g, err := t.load(ctx, id); err == nil && g.Status == Finished {
			if res, ok := g.Adjudicated(); ok {
				return g, res, LimitDone, nil
			}
		}
	}
	return nil, ai.Adjudication{}, 0, i18n.Errorf("Game #%d is not running here.", "ゲーム #%d はここで進行中ではありません。", id)
}

// limitLive says g is still to be played (so may be adjudicated).
func limitLive(g *Game) bool {
	return g.State != nil && (g.Status == "" || g.Status == Active) && g.State.Step != game.GameOver
}

// enqueueLimit queues job unless it is queued already or failed at this
// position, and starts the worker if it is idle.
func (t *Service) enqueueLimit(job limitJob) LimitState {
	q := &t.limits
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.queued == nil {
		q.queued, q.failed = map[int64]bool{}, map[int64]string{}
	}
	if h, ok := q.failed[job.id]; ok && h == job.hash {
		return LimitFailed
	}
	if q.queued[job.id] {
		return LimitQueued
	}
	q.queued[job.id] = true
	q.jobs = append(q.jobs, job)
	q.wg.Add(1)
	if !q.running {
		q.running = true
		go t.limitWorker()
	}
	return LimitQueued
}

// limitWorker adjudicates the queued games one after another and stops
// when the queue is empty (the next enqueue starts it again).
func (t *Service) limitWorker() {
	q := &t.limits
	for {
		q.mu.Lock()
		if len(q.jobs) == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		job := q.jobs[0]
		q.jobs = q.jobs[1:]
		q.mu.Unlock()
		err := t.runLimit(job.ctx, job)
		q.mu.Lock()
		delete(q.queued, job.id)
		if err != nil && !errors.Is(err, errMovedOn) && job.ctx.Err() == nil {
			q.failed[job.id] = job.hash
			t.log.Error("adjudicating a game at a round's limit", "game", job.id, "err", err)
		}
		q.mu.Unlock()
		q.wg.Done()
	}
}

// WaitAdjudications waits until the worker has adjudicated every game
// queued so far (tests, and a bot shutting down).
func (t *Service) WaitAdjudications() { t.limits.wg.Wait() }

// runLimit plays job's position out (one adjudication at a time in the
// process, off every game's lock) and ends the game with the result if its
// row is still that position.
func (t *Service) runLimit(ctx context.Context, job limitJob) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("adjudication panicked") // the game is left as it was; logged by the worker
		}
	}()
	t.adjudications <- struct{}{}
	res, err := t.adjudicator()(job.state, t.AdjudicationConfig())
	<-t.adjudications
	if err != nil {
		return err
	}
	g, unlock, err := t.acquire(ctx, job.at)
	if errors.Is(err, ErrNoGame) {
		return errMovedOn
	}
	if err != nil {
		return err
	}
	defer unlock()
	if g.ID != job.id || !limitLive(g) || g.State.Hash() != job.hash {
		return errMovedOn
	}
	return t.finishAdjudicated(ctx, g, res, job.seq)
}

// finishAdjudicated ends g with res, in one transaction that first checks
// the row: still active and (seq ≥ 0) at the log's row seq. Otherwise
// nothing is written (errMovedOn).
func (t *Service) finishAdjudicated(ctx context.Context, g *Game, res ai.Adjudication, seq int64) error {
	enc := EncodeAdjudication(res)
	if err := t.update(ctx, g, func(tx Tx) error {
		if r := tx.Row(); r.Status != Active || seq >= 0 && r.LastSeq != seq {
			return errMovedOn
		}
		if err := tx.SetDeadline(time.Time{}); err != nil {
			return err
		}
		if err := tx.SetMeta(MetaAdjudicated, enc); err != nil {
			return err
		}
		return tx.SetStatus(Finished, "")
	}); err != nil {
		if errors.Is(err, errMovedOn) {
			t.drop(g) // this process's copy is stale: read it again
		}
		return err
	}
	g.Meta = cloneMeta(g.Meta)
	g.Meta[MetaAdjudicated] = enc
	g.Status = Finished
	t.drop(g)
	return nil
}
