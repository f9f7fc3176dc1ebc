package games

import (
	"context"
	"time"

	"rtrbot/engine/game"
	"rtrbot/i18n"
)

// What the service needs of storage, in its own terms: a stored game
// (Record) with its players, statuses, the rows of its log, a transaction
// (Tx), and the errors it tells apart. Package games/sqlstore keeps them in
// the SQLite database (package db); the service never sees db's types.
// Storage itself is in service.go.

// Tx is one transaction on a stored game (Storage.Update).
type Tx interface {
	// Row is the game's record as the transaction sees it.
	Row() *Record
	// Seq is the log's last row, counting what this transaction appended.
	Seq() int64
	Append(o NewOrder) (OrderRow, error)
	// Undo appends a row taking back order seq.
	Undo(seq int64, author, side string) (OrderRow, error)
	AddEvents(seq int64, evs []Event) error
	// Snapshot stores the state after the log's last row.
	Snapshot(label, hash string, state []byte) error
	// SetStatus changes the status; why is kept as the damage note of a
	// Damaged game.
	SetStatus(st Status, why string) error
	AddPlayer(p Player) error
	RemovePlayer(userID string) error
	SetDeadline(at time.Time) error
	SetDeadlinePolicy(hours int, action string) error
	SetMeta(key, value string) error
	// SetOptions replaces the options (a JSON object) while the log is
	// empty.
	SetOptions(opts string) error
}

// AnalysisStore is a Storage that keeps finished games' analyses
// (analysis.go), each under the key of what it was made of; data is the
// service's own encoding. Without one they are kept in memory only.
type AnalysisStore interface {
	Analysis(ctx context.Context, gameID int64, key string) (data string, ok bool, err error)
	SaveAnalysis(ctx context.Context, gameID int64, key, data string) error
}

// Status is where a stored game stands.
type Status string

const (
	Active    Status = "active"
	Finished  Status = "finished"
	Damaged   Status = "damaged" // its log does not replay; kept untouched for a referee
	Abandoned Status = "abandoned"
)

// statusTexts name the statuses for players.
var statusTexts = map[Status]i18n.Text{
	Active:    i18n.T("in progress", "進行中"),
	Finished:  i18n.T("finished", "終了"),
	Damaged:   i18n.T("damaged (a referee can export it and mend it)", "破損 (審判がエクスポートして修復できます)"),
	Abandoned: i18n.T("abandoned", "放棄"),
}

// Text names the status for players (an unknown one by its stored word).
func (st Status) Text() i18n.Text {
	if t, ok := statusTexts[st]; ok {
		return t
	}
	return i18n.T(string(st), string(st))
}

// Player is a user seated on one side of a stored game.
type Player struct {
	UserID string
	Name   string
	Side   string
	Joined time.Time
}

// Record is a stored game: its row and its players.
type Record struct {
	ID             int64
	Guild, Channel string // the channel or thread the game is played in
	Scenario       string
	Options        string // the engine's options, a JSON object
	Seed           []byte // secret while the game runs
	SeedCommitment string // public from the start
	Status         Status
	Damage         string // what is wrong, when Status is Damaged
	CreatedBy      string
	Created        time.Time
	Updated        time.Time
	Deadline       time.Time // zero: none
	DeadlineAction string    // "remind" or "end"
	SegmentHours   int
	Players        []Player
	LastSeq        int64 // rows in the log
	// Position is the text a sandbox game started from; "" for a game
	// started from its scenario's setup.
	Position string
}

// NewRecord is what it takes to store a new game.
type NewRecord struct {
	Guild, Channel string
	Scenario       string
	Options        string // JSON object; "" is {}
	Seed           []byte
	CreatedBy      string
	Players        []Player
	SegmentHours   int
	DeadlineAction string // "" is "remind"
	// Start, if set, is the state at the game's start (snapshot at row 0).
	Start *Snapshot
	// StartEvents are stored at row 0.
	StartEvents []Event
	// Position, if set, makes a sandbox game starting from this position
	// text instead of the scenario's setup.
	Position string
}

// OrderRow is one row of a game's log.
type OrderRow struct {
	Seq    int64
	Kind   string // "order", or "undo" (Undoes names the order taken back)
	Undoes int64
	Author string // user ID
	Side   string
	At     time.Time
	Text   string // the engine's text encoding of the order
}

// NewOrder is an order to append to the log.
type NewOrder struct {
	Author string
	Side   string
	Text   string
}

// Event is something an order caused, as stored.
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

// Filter selects games to list; empty fields match everything.
type Filter struct {
	Guild  string
	Status Status
	User   string // games this user plays in
}

// ImportTo says where an imported game goes.
type ImportTo struct {
	Guild, Channel string
	By             string   // the user importing it: the game's creator here
	Players        []Player // nil: the file's players
	// Rekey, if set, is a new secret dice key (32 bytes) from the next
	// roll on; nil: the file's key goes on.
	Rekey []byte
	// Meta is stored with the game (a practice game's mark).
	Meta map[string]string
}

// Loaded is a stored game rebuilt (Storage.Load).
type Loaded struct {
	Record *Record
	State  *game.State // the current state
	// From is the snapshot loading started from (-1: the game's start).
	From int64
	// Replayed is how many orders were applied to get there.
	Replayed int
}

// DamageError is a stored game that cannot be read or does not replay:
// which game, and what is wrong in each language. Storage's errors of a
// damaged game are these.
type DamageError interface {
	error
	DamagedGame() int64
	In(i18n.Lang) string
}
