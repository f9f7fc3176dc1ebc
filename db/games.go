package db

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"rtrbot/db/gamefile"
	"rtrbot/i18n"
)

// Status is where a game stands.
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

func (st Status) valid() bool {
	switch st {
	case Active, Finished, Damaged, Abandoned:
		return true
	}
	return false
}

// Player is a user playing one side of a game.
type Player struct {
	UserID string
	Name   string
	Side   string
	Joined time.Time
}

// Game is a game's row and its players.
type Game struct {
	ID             int64
	Guild, Channel string // the channel or thread the game is played in
	Scenario       string
	Options        string // the engine's options, a JSON object
	Seed           []byte // secret while the game runs
	SeedCommitment string // the commitment to Seed (Commitment), public from the start
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
	// Position is the text a sandbox game started from (migration 0004);
	// "" for a game started from its scenario's setup.
	Position string
}

// Name says which game this is, for messages.
func (g *Game) Name() string {
	return fmt.Sprintf("game #%d (%s, guild %s, channel %s)", g.ID, g.Scenario, g.Guild, g.Channel)
}

// Side returns the side a user plays in g ("" if none).
func (g *Game) Side(userID string) string {
	for _, p := range g.Players {
		if p.UserID == userID {
			return p.Side
		}
	}
	return ""
}

// NewGame is what it takes to create a game.
type NewGame struct {
	Guild, Channel string
	Scenario       string
	Options        string // JSON object; "" is {}
	Seed           []byte
	CreatedBy      string
	Players        []Player
	SegmentHours   int
	DeadlineAction string // "" is "remind"
	// Start, if set, is the state at the game's start (snapshot at seq 0)
	// and the events of its creation.
	Start *Snapshot
	// StartEvents are stored at seq 0.
	StartEvents []Event
	// Position, if set, makes a sandbox game: it starts from this position
	// text (docs/positions.md) instead of the scenario's setup.
	Position string
}

// ErrChannelBusy is returned when the channel already has a live game.
type ErrChannelBusy struct{ Game int64 }

func (e *ErrChannelBusy) Error() string {
	return fmt.Sprintf("this channel already has a game in progress (game #%d): finish or abandon it first, or start the new game in another channel or thread", e.Game)
}

// In says the error in l.
func (e *ErrChannelBusy) In(l i18n.Lang) string {
	return i18n.Sprintf(i18n.T(
		"This channel already has a game in progress (game #%d): finish or abandon it first, or start the new game in another channel or thread.",
		"このチャンネルでは既にゲーム #%d が進行中です。終了または放棄するか、別のチャンネルかスレッドで新しいゲームを始めてください。"), e.Game).In(l)
}

// ErrNoGame is returned when no game matches.
var ErrNoGame = i18n.Errorf("There is no such game.", "そのゲームはありません。")

// tsLayout is RFC 3339 with a fixed number of digits, so that stored times
// sort as text in time order (deadlines are compared in SQL).
const tsLayout = gamefile.TimeLayout

func ts(t time.Time) string { return t.UTC().Format(tsLayout) }

func parseTS(s string) (time.Time, error) { return time.Parse(time.RFC3339Nano, s) }

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Commitment is the public commitment to a game's dice key (gamefile.Commitment).
func Commitment(seed []byte) string { return gamefile.Commitment(seed) }

func checkOptions(opts string) (string, error) { return gamefile.CheckOptions(opts) }

// CreateGame creates a game and its players in one transaction.
func (s *Store) CreateGame(ctx context.Context, ng NewGame) (*Game, error) {
	opts, err := checkOptions(ng.Options)
	if err != nil {
		return nil, err
	}
	if ng.Guild == "" || ng.Channel == "" || ng.Scenario == "" || ng.CreatedBy == "" {
		return nil, errors.New("a game needs a guild, a channel, a scenario and its creator")
	}
	if len(ng.Seed) == 0 {
		return nil, errors.New("a game needs a seed")
	}
	action := ng.DeadlineAction
	if action == "" {
		action = "remind"
	}
	now := ts(s.now())
	var id int64
	err = s.Write(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = insertGame(ctx, tx, ng, opts, action, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Game(ctx, id)
}

// insertGame writes a new game's rows inside tx.
func insertGame(ctx context.Context, tx *sql.Tx, ng NewGame, opts, action, now string) (int64, error) {
	var busy int64
	switch err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE guild_id = ? AND channel_id = ? AND status IN ('active', 'damaged')`,
		ng.Guild, ng.Channel).Scan(&busy); {
	case err == nil:
		return 0, &ErrChannelBusy{busy}
	case !errors.Is(err, sql.ErrNoRows):
		return 0, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO games(guild_id, channel_id, scenario, options, seed, seed_commitment,
		created_by, created_at, updated_at, deadline_action, segment_hours, position) VALUES (?,?,?,?,?,?,?,?,?,?,?,NULLIF(?, ''))`,
		ng.Guild, ng.Channel, ng.Scenario, opts, hex.EncodeToString(ng.Seed), Commitment(ng.Seed),
		ng.CreatedBy, now, now, action, ng.SegmentHours, ng.Position)
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	for _, p := range ng.Players {
		if err := addPlayer(ctx, tx, id, p, now); err != nil {
			return 0, err
		}
	}
	if len(ng.StartEvents) > 0 {
		if err := addEvents(ctx, tx, id, 0, ng.StartEvents); err != nil {
			return 0, err
		}
	}
	if ng.Start != nil {
		if err := putSnapshot(ctx, tx, id, 0, ng.Start, now); err != nil {
			return 0, err
		}
	}
	return id, nil
}

func addPlayer(ctx context.Context, tx *sql.Tx, game int64, p Player, now string) error {
	if p.UserID == "" || p.Side == "" {
		return errors.New("a player needs a user ID and a side")
	}
	joined := now
	if !p.Joined.IsZero() {
		joined = ts(p.Joined)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO game_players(game_id, user_id, side, user_name, joined_at) VALUES (?,?,?,?,?)
		ON CONFLICT(game_id, user_id) DO UPDATE SET side = excluded.side, user_name = excluded.user_name`,
		game, p.UserID, p.Side, p.Name, joined)
	return err
}

const gameColumns = `g.id, g.guild_id, g.channel_id, g.scenario, g.options, g.seed, g.seed_commitment, g.status, g.damage,
	g.created_by, g.created_at, g.updated_at, COALESCE(g.deadline, ''), g.deadline_action, g.segment_hours,
	g.log_length, (SELECT COALESCE(MAX(seq), 0) FROM orders o WHERE o.game_id = g.id), COALESCE(g.position, '')`

type scanner interface{ Scan(...any) error }

// scanGame reads a game row. A row whose fields cannot be decoded still
// comes back, with err saying what is wrong, so that one bad row never
// hides the others.
func scanGame(row scanner) (*Game, error) {
	var g Game
	var seed, status, created, updated, deadline string
	var maxSeq int64
	if err := row.Scan(&g.ID, &g.Guild, &g.Channel, &g.Scenario, &g.Options, &seed, &g.SeedCommitment, &status, &g.Damage,
		&g.CreatedBy, &created, &updated, &deadline, &g.DeadlineAction, &g.SegmentHours, &g.LastSeq, &maxSeq, &g.Position); err != nil {
		return nil, err
	}
	g.Status = Status(status)
	var problems []string
	if maxSeq != g.LastSeq {
		problems = append(problems, fmt.Sprintf("its log's last row is %d but the game counts %d rows", maxSeq, g.LastSeq))
	}
	if !g.Status.valid() {
		problems = append(problems, fmt.Sprintf("its status %q is not one of active, finished, damaged, abandoned", status))
	}
	var err error
	if g.Seed, err = hex.DecodeString(seed); err != nil || len(g.Seed) == 0 {
		problems = append(problems, fmt.Sprintf("its seed %q is not hexadecimal", seed))
	} else if Commitment(g.Seed) != g.SeedCommitment {
		problems = append(problems, "its seed does not match the commitment published at its start")
	}
	if _, err := checkOptions(g.Options); err != nil {
		problems = append(problems, "its "+err.Error())
	}
	if g.Created, err = parseTS(created); err != nil {
		problems = append(problems, fmt.Sprintf("its creation time %q is not a time", created))
	}
	if g.Updated, err = parseTS(updated); err != nil {
		problems = append(problems, fmt.Sprintf("its update time %q is not a time", updated))
	}
	if deadline != "" {
		if g.Deadline, err = parseTS(deadline); err != nil {
			problems = append(problems, fmt.Sprintf("its deadline %q is not a time", deadline))
		}
	}
	if len(problems) > 0 {
		return &g, &DamageError{Game: g.ID, Guild: g.Guild, Channel: g.Channel, Seq: 0,
			What: i18n.T("the game's own row cannot be read: "+strings.Join(problems, "; "),
				"ゲーム自体の行を読めません: "+strings.Join(problems, "; "))}
	}
	return &g, nil
}

// Game returns a game with its players. A game whose row cannot be decoded
// comes back with a *DamageError (and as much of the game as could be read).
func (s *Store) Game(ctx context.Context, id int64) (g *Game, err error) {
	rerr := s.read(ctx, func(q querier) error {
		g, err = getGame(ctx, q, id)
		return nil
	})
	if rerr != nil {
		return nil, rerr
	}
	return g, err
}

func getGame(ctx context.Context, q querier, id int64) (*Game, error) {
	g, err := scanGame(q.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoGame
	}
	if g == nil {
		return nil, err
	}
	perr := loadPlayers(ctx, q, g)
	if err == nil {
		err = perr
	}
	return g, err
}

// GameIn returns the live (active or damaged) game of a channel or thread.
func (s *Store) GameIn(ctx context.Context, guild, channel string) (*Game, error) {
	var id int64
	err := s.DB.QueryRowContext(ctx, `SELECT id FROM games WHERE guild_id = ? AND channel_id = ? AND status IN ('active', 'damaged')`,
		guild, channel).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoGame
	}
	if err != nil {
		return nil, err
	}
	return s.Game(ctx, id)
}

func loadPlayers(ctx context.Context, q querier, g *Game) error {
	rows, err := q.QueryContext(ctx, qPlayers, g.ID)
	if err != nil {
		return err
	}
	return scanPlayers(rows, g)
}

// qPlayers is the query of a game's players (prepared on the writer, db.go).
const qPlayers = `SELECT user_id, user_name, side, joined_at FROM game_players WHERE game_id = ? ORDER BY joined_at, user_id`

// scanPlayers reads the rows of qPlayers into g.Players and closes them.
func scanPlayers(rows *sql.Rows, g *Game) error {
	defer rows.Close()
	g.Players = nil
	for rows.Next() {
		var p Player
		var joined string
		if err := rows.Scan(&p.UserID, &p.Name, &p.Side, &joined); err != nil {
			return err
		}
		p.Joined, _ = parseTS(joined) // a bad join time is harmless: it only orders the list
		g.Players = append(g.Players, p)
	}
	return rows.Err()
}

// Filter selects games to list; empty fields match everything.
type Filter struct {
	Guild  string
	Status Status
	User   string // games this user plays in
}

// Listed is one game in a listing: its row, or what is wrong with it.
type Listed struct {
	*Game
	Problem error // non-nil when the row cannot be decoded
}

// ListGames lists games, newest first, without their players. A row that
// cannot be decoded is listed with its Problem; it never hides the others.
func (s *Store) ListGames(ctx context.Context, f Filter) ([]Listed, error) {
	q := `SELECT ` + gameColumns + ` FROM games g WHERE 1=1`
	var args []any
	if f.Guild != "" {
		q += ` AND g.guild_id = ?`
		args = append(args, f.Guild)
	}
	if f.Status != "" {
		q += ` AND g.status = ?`
		args = append(args, string(f.Status))
	}
	if f.User != "" {
		q += ` AND g.id IN (SELECT game_id FROM game_players WHERE user_id = ?)`
		args = append(args, f.User)
	}
	q += ` ORDER BY g.id DESC`
	rows, err := s.DB.QueryContext(ctx, q, args...)
	return collectRows(rows, err, func(rows *sql.Rows) (Listed, error) {
		g, err := scanGame(rows)
		if g == nil {
			return Listed{}, err
		}
		return Listed{g, err}, nil // a row that cannot be decoded is listed with its problem
	})
}

// DueGames returns the active games whose deadline has passed at now.
func (s *Store) DueGames(ctx context.Context, now time.Time) ([]int64, error) {
	return queryIDs(ctx, s.DB, `SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= ? AND status = 'active' ORDER BY deadline`, ts(now))
}
