package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"rtrbot/db/gamefile"
	"rtrbot/i18n"
)

// Order is one row of a game's log.
type Order struct {
	Seq    int64
	Kind   string // "order", or "undo" (Undoes names the order taken back)
	Undoes int64
	Author string // user ID
	Side   string
	At     time.Time
	Text   string // the engine's text encoding of the order
}

// Order kinds.
const (
	KindOrder = gamefile.KindOrder
	KindUndo  = gamefile.KindUndo
)

// NewOrder is an order to append.
type NewOrder struct {
	Author string
	Side   string
	Text   string
}

// Event is something an order caused, as the engine reports it.
type Event struct {
	Kind    string
	Visible string // "" everyone; else the only side that may see it
	Text    string
}

// Snapshot is a saved state.
type Snapshot struct {
	Seq   int64 // the state after the log's first Seq rows
	Label string
	Hash  string
	State []byte
}

// MaxOrderText bounds one order's text encoding.
const MaxOrderText = gamefile.MaxText

// checkOrderText refuses text that could not be exported one order a line.
func checkOrderText(text string) error { return gamefile.CheckText(text) }

// ErrNotActive is returned when orders are appended to a game that is not active.
type ErrNotActive struct {
	Game   int64
	Status Status
}

func (e *ErrNotActive) Error() string { return e.In(i18n.EN) }

// In says the error in l.
func (e *ErrNotActive) In(l i18n.Lang) string {
	return i18n.Sprintf(i18n.T(
		"Game #%d is %s: it takes no more orders.",
		"ゲーム #%d は%sのため、命令を受け付けません。"), e.Game, e.Status.Text().In(l)).In(l)
}

// GameTx is one transaction on one game: every command that changes a game
// does all its writing in one Update, which commits all of it or nothing.
type GameTx struct {
	ctx  context.Context
	tx   *sql.Tx
	Game *Game // the game row as it was when the transaction began
	seq  int64 // the log's last seq, including what this transaction appended
	snap int64 // the seq of the newest snapshot
	now  string
	// events counts the events this transaction stored for each order it
	// appended (whose events can only be its own): AddEvents numbers them
	// without reading the table.
	events map[int64]int
	s      *Store
}

// Update runs fn on game id in one transaction on the writer path. If fn
// returns an error nothing is written.
func (s *Store) Update(ctx context.Context, id int64, fn func(*GameTx) error) error {
	return s.update(ctx, id, true, fn)
}

// UpdateRow is Update for writes that need the game's row but not its
// players (GameTx.Game.Players is left empty): appending orders, events
// and snapshots, meta and settings. It reads one row less.
func (s *Store) UpdateRow(ctx context.Context, id int64, fn func(*GameTx) error) error {
	return s.update(ctx, id, false, fn)
}

func (s *Store) update(ctx context.Context, id int64, players bool, fn func(*GameTx) error) error {
	return s.Write(ctx, func(tx *sql.Tx) error {
		// One read for the game row and its newest snapshot's seq.
		t := &GameTx{ctx: ctx, tx: tx, now: ts(s.now()), s: s}
		g, err := scanGame(withSnap{s.queryRow(ctx, tx, qUpdateGame, id), &t.snap})
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNoGame
		}
		if g == nil {
			return err
		}
		if err != nil && g.Status == Active { // a row that cannot be read takes no orders
			g.Status = Damaged
		}
		if players {
			rows, err := s.query(ctx, tx, qPlayers, id)
			if err != nil {
				return err
			}
			if err := scanPlayers(rows, g); err != nil {
				return err
			}
		}
		t.Game, t.seq = g, g.LastSeq
		if err := fn(t); err != nil {
			return err
		}
		_, err = s.exec(ctx, tx, qTouchGame, t.now, t.seq, id)
		return err
	})
}

// The statements of the order append path, prepared once on the writer
// connection (Store.stmt).
const (
	qUpdateGame  = `SELECT ` + gameColumns + `, (SELECT COALESCE(MAX(seq), -1) FROM snapshots s WHERE s.game_id = g.id) FROM games g WHERE g.id = ?`
	qTouchGame   = `UPDATE games SET updated_at = ?, log_length = ? WHERE id = ?`
	qInsertOrder = `INSERT INTO orders(game_id, seq, kind, undoes, author, side, at, text) VALUES (?,?,?,?,?,?,?,?)`
	qInsertEvent = `INSERT INTO events(game_id, seq, n, kind, visible, text) VALUES (?,?,?,?,?,?)`
)

// withSnap scans a game row followed by one more column, the newest
// snapshot's seq.
type withSnap struct {
	row  scanner
	snap *int64
}

func (w withSnap) Scan(dest ...any) error { return w.row.Scan(append(dest, w.snap)...) }

// Seq is the number of rows in the log so far.
func (t *GameTx) Seq() int64 { return t.seq }

// Append adds an order at the end of the log and returns it.
func (t *GameTx) Append(o NewOrder) (Order, error) {
	if t.Game.Status != Active {
		return Order{}, &ErrNotActive{t.Game.ID, t.Game.Status}
	}
	if err := checkOrderText(o.Text); err != nil {
		return Order{}, err
	}
	if o.Author == "" {
		return Order{}, errors.New("an order needs its author")
	}
	return t.insert(KindOrder, 0, o)
}

func (t *GameTx) insert(kind string, undoes int64, o NewOrder) (Order, error) {
	seq := t.seq + 1
	var u any
	if kind == KindUndo {
		u = undoes
	}
	if _, err := t.s.exec(t.ctx, t.tx, qInsertOrder,
		t.Game.ID, seq, kind, u, o.Author, o.Side, t.now, o.Text); err != nil {
		return Order{}, err
	}
	t.seq = seq
	if t.events == nil {
		t.events = map[int64]int{}
	}
	t.events[seq] = 0
	at, _ := parseTS(t.now)
	return Order{Seq: seq, Kind: kind, Undoes: undoes, Author: o.Author, Side: o.Side, At: at, Text: o.Text}, nil
}

// Undo takes back order seq by appending an undo row: the order stays in
// the log, and replay skips it. Only orders after the newest snapshot (the
// current segment) can be taken back; whether a given order may be (no die
// rolled, nothing hidden revealed) is the engine's and the commands' call.
func (t *GameTx) Undo(seq int64, author, side string) (Order, error) {
	if t.Game.Status != Active {
		return Order{}, &ErrNotActive{t.Game.ID, t.Game.Status}
	}
	if seq <= t.snap || seq > t.seq {
		return Order{}, i18n.Errorf("Order %d cannot be taken back: only orders of the current segment (after %d) can.",
			"命令 %d は取り消せません。取り消せるのは現在のセグメントの命令 (%d より後) だけです。", seq, t.snap)
	}
	var kind string
	var undone int
	if err := t.tx.QueryRowContext(t.ctx, `SELECT kind, (SELECT COUNT(*) FROM orders u WHERE u.game_id = o.game_id AND u.kind = 'undo' AND u.undoes = o.seq)
		FROM orders o WHERE game_id = ? AND seq = ?`, t.Game.ID, seq).Scan(&kind, &undone); err != nil {
		return Order{}, err
	}
	if kind != KindOrder || undone > 0 {
		return Order{}, i18n.Errorf("Order %d cannot be taken back: it is an undo or was already taken back.",
			"命令 %d は取り消せません。取り消し自体か、既に取り消されています。", seq)
	}
	return t.insert(KindUndo, seq, NewOrder{Author: author, Side: side, Text: fmt.Sprintf("undo %d", seq)})
}

// AddEvents stores the events order seq caused (seq 0: the game's start).
func (t *GameTx) AddEvents(seq int64, evs []Event) error {
	n, mine := t.events[seq]
	if !mine { // an order stored before: its events are counted
		return addEvents(t.ctx, t.tx, t.Game.ID, seq, evs)
	}
	// Up to eventsPerInsert events in one statement.
	for i := 0; i < len(evs); i += eventsPerInsert {
		part := evs[i:min(i+eventsPerInsert, len(evs))]
		args := make([]any, 0, 6*len(part))
		for j, e := range part {
			args = append(args, t.Game.ID, seq, n+i+j, e.Kind, e.Visible, e.Text)
		}
		if _, err := t.s.exec(t.ctx, t.tx, qInsertEvents[len(part)-1], args...); err != nil {
			return err
		}
	}
	t.events[seq] = n + len(evs)
	return nil
}

// eventsPerInsert bounds the events one INSERT stores; qInsertEvents[k-1]
// stores k (all prepared at Open).
const eventsPerInsert = 8

var qInsertEvents = func() []string {
	out := make([]string, eventsPerInsert)
	q := qInsertEvent
	for k := range out {
		if k > 0 {
			q += `,(?,?,?,?,?,?)`
		}
		out[k] = q
	}
	return out
}()

func addEvents(ctx context.Context, tx *sql.Tx, game, seq int64, evs []Event) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM events WHERE game_id = ? AND seq = ?`, game, seq).Scan(&n); err != nil {
		return err
	}
	for i, e := range evs {
		if _, err := tx.ExecContext(ctx, `INSERT INTO events(game_id, seq, n, kind, visible, text) VALUES (?,?,?,?,?,?)`,
			game, seq, n+i, e.Kind, e.Visible, e.Text); err != nil {
			return err
		}
	}
	return nil
}

// Snapshot saves the state after the log's current last row (the end of a
// segment), so that loading replays only the orders after it.
func (t *GameTx) Snapshot(label, hash string, state []byte) error {
	if err := putSnapshot(t.ctx, t.tx, t.Game.ID, t.seq, &Snapshot{Label: label, Hash: hash, State: state}, t.now); err != nil {
		return err
	}
	t.snap = t.seq
	return nil
}

func putSnapshot(ctx context.Context, tx *sql.Tx, game, seq int64, sn *Snapshot, now string) error {
	if sn.Hash == "" || sn.State == nil {
		return errors.New("a snapshot needs its state and its hash")
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO snapshots(game_id, seq, label, hash, state, at) VALUES (?,?,?,?,?,?)`,
		game, seq, sn.Label, sn.Hash, sn.State, now)
	return err
}

// SetStatus changes the game's status; why is kept as its damage note when
// the status is Damaged.
func (t *GameTx) SetStatus(st Status, why string) error {
	if !st.valid() {
		return fmt.Errorf("unknown game status %q", st)
	}
	if st != Damaged {
		why = ""
	}
	if _, err := t.tx.ExecContext(t.ctx, `UPDATE games SET status = ?, damage = ? WHERE id = ?`, string(st), why, t.Game.ID); err != nil {
		return err
	}
	t.Game.Status, t.Game.Damage = st, why
	return nil
}

// AddPlayer adds a player to a side (or moves them to another side).
func (t *GameTx) AddPlayer(p Player) error { return addPlayer(t.ctx, t.tx, t.Game.ID, p, t.now) }

// SetDeadline sets when the side to move must end its segment (zero: none).
func (t *GameTx) SetDeadline(at time.Time) error {
	var v any
	if !at.IsZero() {
		v = ts(at)
	}
	_, err := t.tx.ExecContext(t.ctx, `UPDATE games SET deadline = ? WHERE id = ?`, v, t.Game.ID)
	return err
}

// SetDeadlinePolicy sets how long a segment may take (hours; 0: no
// deadline) and what happens when it passes ("remind" or "end").
func (t *GameTx) SetDeadlinePolicy(hours int, action string) error {
	if hours < 0 || (action != "remind" && action != "end") {
		return i18n.Errorf("A deadline is a number of hours (0 for none) and what happens then: remind or end, not %d and %q.",
			"期限は時間数 (なしは 0) と、その時の動作 (remind か end) です (%d と %q は不可)。", hours, action)
	}
	if _, err := t.tx.ExecContext(t.ctx, `UPDATE games SET segment_hours = ?, deadline_action = ? WHERE id = ?`, hours, action, t.Game.ID); err != nil {
		return err
	}
	t.Game.SegmentHours, t.Game.DeadlineAction = hours, action
	return nil
}

// AppendOrder appends one order with its events (and a snapshot when it
// ends a segment) in one transaction: the common case of Update.
func (s *Store) AppendOrder(ctx context.Context, game int64, o NewOrder, evs []Event, snap *Snapshot) (Order, error) {
	var out Order
	err := s.UpdateRow(ctx, game, func(t *GameTx) error {
		var err error
		if out, err = t.Append(o); err != nil {
			return err
		}
		if err := t.AddEvents(out.Seq, evs); err != nil {
			return err
		}
		if snap != nil {
			return t.Snapshot(snap.Label, snap.Hash, snap.State)
		}
		return nil
	})
	return out, err
}

// Log returns the rows of a game's log from seq from on, in order. A row
// that cannot be decoded, or a gap in the numbering, ends the list with a
// *DamageError naming that row (the rows before it are returned).
func (s *Store) Log(ctx context.Context, g *Game, from int64) ([]Order, error) {
	return getLog(ctx, s.DB, g, from)
}

func getLog(ctx context.Context, q querier, g *Game, from int64) ([]Order, error) {
	rows, err := q.QueryContext(ctx, `SELECT seq, kind, COALESCE(undoes, 0), author, side, at, text FROM orders WHERE game_id = ? AND seq >= ? ORDER BY seq`, g.ID, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Order
	want := from
	if want < 1 {
		want = 1
	}
	for rows.Next() {
		var o Order
		var at string
		if err := rows.Scan(&o.Seq, &o.Kind, &o.Undoes, &o.Author, &o.Side, &at, &o.Text); err != nil {
			return out, damage(g, want, "the row cannot be read: %v", err)
		}
		if o.Seq != want {
			return out, damage(g, want, "order %d is missing from the log (the next row is %d)", want, o.Seq)
		}
		want++
		var err error
		if o.At, err = parseTS(at); err != nil {
			return out, damage(g, o.Seq, "its time %q is not a time", at)
		}
		switch {
		case o.Kind == KindOrder:
			if err := checkOrderText(o.Text); err != nil {
				return out, damage(g, o.Seq, "its text cannot be read: %v", err)
			}
		case o.Kind == KindUndo:
			if o.Undoes < 1 || o.Undoes >= o.Seq {
				return out, damage(g, o.Seq, "it takes back order %d, which is not an earlier order", o.Undoes)
			}
		default:
			return out, damage(g, o.Seq, "its kind %q is neither order nor undo", o.Kind)
		}
		if o.Author == "" {
			return out, damage(g, o.Seq, "it has no author")
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return out, damage(g, want, "the log cannot be read: %v", err)
	}
	// Fewer rows than the game counts is damage (rows are never removed);
	// more is a game read before its newest orders.
	if last := want - 1; from <= g.LastSeq+1 && last < g.LastSeq {
		return out, damage(g, last+1, "the log ends at row %d but the game counts %d rows", last, g.LastSeq)
	}
	return out, nil
}

// Effective drops undone orders and undo rows from a log: what the engine
// replays.
func Effective(log []Order) []Order {
	undone := map[int64]bool{}
	for _, o := range log {
		if o.Kind == KindUndo {
			undone[o.Undoes] = true
		}
	}
	out := make([]Order, 0, len(log))
	for _, o := range log {
		if o.Kind == KindOrder && !undone[o.Seq] {
			out = append(out, o)
		}
	}
	return out
}

// StoredEvent is an event with the order that caused it.
type StoredEvent struct {
	Seq int64
	N   int
	Event
}

// Events returns the events of orders from..to (inclusive; to 0: the end),
// leaving out those of orders taken back.
func (s *Store) Events(ctx context.Context, game, from, to int64) ([]StoredEvent, error) {
	if to <= 0 {
		to = 1 << 62
	}
	rows, err := s.DB.QueryContext(ctx, `SELECT e.seq, e.n, e.kind, e.visible, e.text FROM events e
		WHERE e.game_id = ? AND e.seq BETWEEN ? AND ?
		AND NOT EXISTS (SELECT 1 FROM orders u WHERE u.game_id = e.game_id AND u.kind = 'undo' AND u.undoes = e.seq)
		ORDER BY e.seq, e.n`, game, from, to)
	return collectRows(rows, err, func(rows *sql.Rows) (e StoredEvent, err error) {
		return e, rows.Scan(&e.Seq, &e.N, &e.Kind, &e.Visible, &e.Text)
	})
}

// SnapshotInfo is a snapshot without its state.
type SnapshotInfo struct {
	Seq   int64
	Label string
	Hash  string
	At    time.Time
}

// Snapshots lists a game's snapshots in order.
func (s *Store) Snapshots(ctx context.Context, game int64) ([]SnapshotInfo, error) {
	return getSnapshots(ctx, s.DB, game)
}

func getSnapshots(ctx context.Context, q querier, game int64) ([]SnapshotInfo, error) {
	rows, err := q.QueryContext(ctx, `SELECT seq, label, hash, at FROM snapshots WHERE game_id = ? ORDER BY seq`, game)
	return collectRows(rows, err, func(rows *sql.Rows) (SnapshotInfo, error) {
		var si SnapshotInfo
		var at string
		if err := rows.Scan(&si.Seq, &si.Label, &si.Hash, &at); err != nil {
			return si, err
		}
		si.At, _ = parseTS(at)
		return si, nil
	})
}
