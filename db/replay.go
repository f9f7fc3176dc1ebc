package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"rtrbot/i18n"
)

// Setup is what a game starts from: with the orders, all of a game.
type Setup struct {
	Game     int64
	Scenario string
	Options  string // JSON object
	Seed     []byte
	// Position, if set, is where a sandbox game starts instead of the
	// scenario's setup (Game.Position).
	Position string
}

// Replayer is the rules engine as storage sees it: db/enginereplay is the
// real one; the tests of this package use a fake, so that they do not move
// with the rules.
type Replayer interface {
	// Start returns the game at its start when state is nil, or at the
	// snapshot whose state blob is given (made by Replay.State).
	Start(setup Setup, state []byte) (Replay, error)
}

// Replay is one game being rebuilt, one order at a time.
type Replay interface {
	// Apply applies one order (Kind "order"; undone orders are never
	// passed) and reports what it caused.
	Apply(o Order) (Applied, error)
	// Hash is the state hash: equal hashes, equal states.
	Hash() string
	// State encodes the state for a snapshot.
	State() ([]byte, error)
}

// Rekeyer is a Replay that can give its game a new dice key from the
// next roll on (Import does, for a game that comes in through a file): it
// applies the order that changes the key and gives its text, or ok false
// when the game rolls no more.
type Rekeyer interface {
	Rekey(key []byte) (text string, a Applied, ok bool, err error)
}

// Applied is what one order caused on replay.
type Applied struct {
	Events []Event
	// SegmentEnd is true when the order ended a segment: a snapshot is due
	// after it. Label names the new position for people ("GT 3 ...").
	SegmentEnd bool
	Label      string
}

// DamageError says that a game's stored data cannot be read or does not
// replay: which game, at which order (0: the game's own row) and what is
// wrong. The game is marked damaged and kept as it is; nothing is deleted.
type DamageError struct {
	Game           int64
	Guild, Channel string
	Seq            int64
	What           i18n.Text
}

func (e *DamageError) Error() string { return e.In(i18n.EN) }

// In says the error in l.
func (e *DamageError) In(l i18n.Lang) string {
	where := i18n.Sprintf(i18n.T("at order %d", "命令 %d で"), e.Seq)
	if e.Seq == 0 {
		where = i18n.T("in its game row", "ゲームの行で")
	}
	return i18n.Sprintf(i18n.T(
		"Game #%d (guild %s, channel %s) is damaged %s: %s. The game is kept as it is and other games go on; a referee can export it to inspect it.",
		"ゲーム #%d (サーバー %s、チャンネル %s) は%s破損しています: %s。ゲームはそのまま保存され、他のゲームは影響を受けません。審判はエクスポートして調べられます。"),
		e.Game, e.Guild, e.Channel, where.In(l), e.What.In(l)).In(l)
}

func damage(g *Game, seq int64, format string, args ...any) *DamageError {
	msg := fmt.Sprintf(format, args...)
	return &DamageError{Game: g.ID, Guild: g.Guild, Channel: g.Channel, Seq: seq, What: i18n.T(msg, msg)}
}

// Loaded is a game rebuilt from storage.
type Loaded struct {
	Game *Game
	// Replay holds the current state; the engine adapter's own type.
	Replay Replay
	// From is the snapshot loading started from (-1: the game's start).
	From int64
	// Replayed is how many orders were applied to get here.
	Replayed int
}

// Load rebuilds a game quickly: from its newest snapshot, checking that the
// snapshot's state has its stored hash, then the orders after it. Data that
// cannot be read or does not replay marks the game damaged and comes back
// as a *DamageError; a game already damaged is not loaded.
func (s *Store) Load(ctx context.Context, id int64, r Replayer) (*Loaded, error) {
	return s.load(ctx, id, r, false)
}

// Verify rebuilds a game from its start, replaying every order and
// checking the state hash at every snapshot: the proof that the stored
// snapshots are what the orders give. Failures are handled as in Load.
func (s *Store) Verify(ctx context.Context, id int64, r Replayer) (*Loaded, error) {
	return s.load(ctx, id, r, true)
}

func (s *Store) load(ctx context.Context, id int64, r Replayer, full bool) (*Loaded, error) {
	// Read the row, the snapshots and the log as of one moment, then
	// replay outside the transaction (a replay may take a while).
	var g *Game
	var snaps []snapRow
	var log []Order
	var gerr, lerr error
	err := s.read(ctx, func(q querier) error {
		if g, gerr = getGame(ctx, q, id); g == nil || gerr != nil || g.Status == Damaged {
			return nil
		}
		if snaps, lerr = readSnapshots(ctx, q, g, full); lerr != nil {
			return nil
		}
		var from int64 = 1
		if !full && len(snaps) == 1 {
			from = snaps[0].seq + 1
		}
		log, lerr = getLog(ctx, q, g, from)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, gerr
	}
	if gerr == nil && g.Status == Damaged {
		return nil, &DamageError{Game: g.ID, Guild: g.Guild, Channel: g.Channel, What: i18n.T(
			"it was marked damaged earlier: "+g.Damage, "以前に破損と判定されています: "+g.Damage)}
	}
	err = gerr
	if err == nil {
		err = lerr
	}
	if err == nil {
		var l *Loaded
		if l, err = safeReplay(ctx, g, r, full, snaps, log); err == nil {
			return l, nil
		}
	}
	var de *DamageError
	if errors.As(err, &de) {
		if merr := s.markDamaged(ctx, g.ID, de); merr != nil {
			return nil, fmt.Errorf("%w (and marking it damaged failed: %v)", err, merr)
		}
	}
	return nil, err
}

type snapRow struct {
	seq   int64
	hash  string
	state []byte
}

// readSnapshots reads every snapshot's hash (full) or the newest one with
// its state.
func readSnapshots(ctx context.Context, q querier, g *Game, full bool) ([]snapRow, error) {
	query := `SELECT seq, hash, NULL FROM snapshots WHERE game_id = ? ORDER BY seq`
	if !full {
		query = `SELECT seq, hash, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1`
	}
	rows, err := q.QueryContext(ctx, query, g.ID)
	return collectRows(rows, err, func(rows *sql.Rows) (snapRow, error) {
		var sr snapRow
		if err := rows.Scan(&sr.seq, &sr.hash, &sr.state); err != nil {
			return sr, damage(g, sr.seq, "a snapshot cannot be read: %v", err)
		}
		return sr, nil
	})
}

// safeReplay is replay, with a panic of the engine's code turned into
// the game's damage: one bad game is marked and named, and the bot goes
// on with the others (the start-up check, loading a game on demand).
func safeReplay(ctx context.Context, g *Game, r Replayer, full bool, snaps []snapRow, log []Order) (l *Loaded, err error) {
	defer func() {
		if p := recover(); p != nil {
			l, err = nil, damage(g, 0, "the engine failed while replaying it: %v", p)
		}
	}()
	return replay(ctx, g, r, full, snaps, log)
}

// MarkDamaged records a fault found in a game outside its loading (a
// background loop that failed on it): an active game becomes damaged.
func (s *Store) MarkDamaged(ctx context.Context, g *Game, fault string) error {
	return s.markDamaged(ctx, g.ID, damage(g, 0, "%s", fault))
}

// replay rebuilds g from its snapshots and log as read: from the start
// (full: checking every snapshot's hash) or from the one newest snapshot.
func replay(ctx context.Context, g *Game, r Replayer, full bool, snaps []snapRow, log []Order) (*Loaded, error) {
	setup := Setup{Game: g.ID, Scenario: g.Scenario, Options: g.Options, Seed: g.Seed, Position: g.Position}
	l := &Loaded{Game: g, From: -1}
	var from int64 = 1
	if !full && len(snaps) == 1 {
		sn := snaps[0]
		rp, err := r.Start(setup, sn.state)
		if err != nil {
			return nil, damage(g, sn.seq, "the snapshot saved after order %d cannot be decoded: %v", sn.seq, err)
		}
		if h := rp.Hash(); h != sn.hash {
			return nil, damage(g, sn.seq, "the snapshot saved after order %d has state hash %s but its state gives %s", sn.seq, sn.hash, h)
		}
		l.Replay, l.From, from = rp, sn.seq, sn.seq+1
		snaps = nil
	} else {
		rp, err := r.Start(setup, nil)
		if err != nil {
			return nil, damage(g, 0, "the game cannot be started from its scenario, options and seed: %v", err)
		}
		l.Replay = rp
	}
	// Orders taken back are skipped; an undo may name an order before from
	// only if the log is wrong (undo is limited to the current segment).
	undone := map[int64]bool{}
	for _, o := range log {
		if o.Kind == KindUndo {
			if o.Undoes < from {
				return nil, damage(g, o.Seq, "it takes back order %d, which is before the snapshot after order %d", o.Undoes, from-1)
			}
			for _, sn := range snaps {
				if sn.seq >= o.Undoes && sn.seq < o.Seq {
					return nil, damage(g, o.Seq, "it takes back order %d, which is before the snapshot after order %d", o.Undoes, sn.seq)
				}
			}
			undone[o.Undoes] = true
		}
	}
	next := 0 // the next snapshot to check
	check := func(seq int64) error {
		for next < len(snaps) && snaps[next].seq <= seq {
			sn := snaps[next]
			if h := l.Replay.Hash(); h != sn.hash {
				return damage(g, sn.seq, "replaying the orders up to %d gives state hash %s, but the snapshot saved after order %d says %s: the game diverges somewhere in orders %d to %d",
					seq, h, sn.seq, sn.hash, lastGood(snaps, next)+1, sn.seq)
			}
			next++
		}
		return nil
	}
	if err := check(0); err != nil {
		return nil, err
	}
	for _, o := range log {
		if o.Kind == KindOrder && !undone[o.Seq] {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if _, err := l.Replay.Apply(o); err != nil {
				return nil, damage(g, o.Seq, "order %d by %s (%q) does not replay: %v", o.Seq, o.Author, o.Text, err)
			}
			l.Replayed++
		}
		if err := check(o.Seq); err != nil {
			return nil, err
		}
	}
	if next < len(snaps) {
		sn := snaps[next]
		return nil, damage(g, sn.seq, "there is a snapshot after order %d but the log ends at %d", sn.seq, g.LastSeq)
	}
	return l, nil
}

func lastGood(snaps []snapRow, i int) int64 {
	if i == 0 {
		return 0
	}
	return snaps[i-1].seq
}

// markDamaged records what is wrong with a game. An active game becomes
// damaged (it takes no orders until a referee repairs it); a finished or
// abandoned one keeps its status and gets the note.
func (s *Store) markDamaged(ctx context.Context, id int64, de *DamageError) error {
	return s.Write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE games SET damage = ?,
			status = CASE WHEN status = 'active' THEN 'damaged' ELSE status END WHERE id = ?`, de.Error(), id)
		return err
	})
}

// Checked is the outcome of checking one game.
type Checked struct {
	Game int64
	Err  error // nil: the game replays to every snapshot
}

// CheckAll checks every active game, marking the ones that fail damaged.
// One bad game never stops the others; the result lists every game
// checked. With full false each game is loaded from its newest snapshot
// (Load: under a millisecond for a whole real game), which suits start-up;
// with full true each is replayed from its start (Verify: a quarter to
// half a second for a whole real game), which suits a background pass or
// a referee's check.
func (s *Store) CheckAll(ctx context.Context, r Replayer, full bool) ([]Checked, error) {
	ids, err := queryIDs(ctx, s.DB, `SELECT id FROM games WHERE status = 'active' ORDER BY id`)
	if err != nil {
		return nil, err
	}
	out := make([]Checked, 0, len(ids))
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		_, err := s.load(ctx, id, r, full)
		out = append(out, Checked{id, err})
	}
	return out, nil
}

// Repair brings a damaged game back when its orders are sound and only
// derived data is bad: it replays every order from the start, requires
// each stored snapshot hash to match the replay (if one does not, nobody
// can tell the orders from the snapshot, and a referee must mend the game
// by hand through an export), rewrites every snapshot whose state blob
// does not decode to its hash, and sets the game active again with an
// event recording what was wrong. Nothing is deleted.
func (s *Store) Repair(ctx context.Context, id int64, r Replayer, by string) (fixed int, err error) {
	var g *Game
	var snaps []snapRow
	var log []Order
	err = s.read(ctx, func(q querier) error {
		var err error
		if g, err = getGame(ctx, q, id); err != nil {
			return err
		}
		rows, err := q.QueryContext(ctx, `SELECT seq, hash, state FROM snapshots WHERE game_id = ? ORDER BY seq`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var sr snapRow
			if err := rows.Scan(&sr.seq, &sr.hash, &sr.state); err != nil {
				return err
			}
			snaps = append(snaps, sr)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		log, err = getLog(ctx, q, g, 1)
		return err
	})
	if err != nil {
		return 0, err // a game row or log that cannot be read is for a referee
	}
	if g.Status != Damaged {
		return 0, i18n.Errorf("Game #%d is not damaged; there is nothing to repair.", "ゲーム #%d は破損していません。修復の必要はありません。", id)
	}
	// The full replay checks every hash; it ignores the blobs.
	hashes := make([]snapRow, len(snaps))
	for i, sn := range snaps {
		hashes[i] = snapRow{seq: sn.seq, hash: sn.hash}
	}
	if _, err := replay(ctx, g, r, true, hashes, log); err != nil {
		return 0, err
	}
	// Which blobs are bad, and the good state at each of their points.
	setup := Setup{Game: g.ID, Scenario: g.Scenario, Options: g.Options, Seed: g.Seed, Position: g.Position}
	bad := map[int64]bool{}
	for _, sn := range snaps {
		if rp, err := r.Start(setup, sn.state); err != nil || rp.Hash() != sn.hash {
			bad[sn.seq] = true
		}
	}
	good := map[int64][]byte{}
	if len(bad) > 0 {
		rp, err := r.Start(setup, nil)
		if err != nil {
			return 0, err
		}
		apply := map[int64]bool{}
		for _, o := range Effective(log) {
			apply[o.Seq] = true
		}
		for _, o := range log {
			if apply[o.Seq] {
				if _, err := rp.Apply(o); err != nil {
					return 0, err
				}
			}
			if bad[o.Seq] {
				if good[o.Seq], err = rp.State(); err != nil {
					return 0, err
				}
			}
		}
		if bad[0] {
			if rp0, err := r.Start(setup, nil); err == nil {
				good[0], _ = rp0.State()
			}
		}
	}
	note := fmt.Sprintf("repaired by %s: %d snapshot(s) rebuilt from the orders; it had been marked damaged: %s", by, len(bad), g.Damage)
	err = s.Write(ctx, func(tx *sql.Tx) error {
		for seq, state := range good {
			if _, err := tx.ExecContext(ctx, `UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = ?`, state, id, seq); err != nil {
				return err
			}
		}
		if err := addEvents(ctx, tx, id, g.LastSeq, []Event{{Kind: "repaired", Text: note}}); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET status = 'active', damage = '' WHERE id = ? AND status = 'damaged'`, id)
		return err
	})
	return len(bad), err
}

// queryIDs runs a query whose rows are one id each and reads them all.
func queryIDs(ctx context.Context, q *sql.DB, query string, args ...any) ([]int64, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	return collectRows(rows, err, func(rows *sql.Rows) (id int64, err error) {
		return id, rows.Scan(&id)
	})
}

// DamagedGame is the game that is damaged (games.DamageError).
func (e *DamageError) DamagedGame() int64 { return e.Game }
