package db

import (
	"context"
	"database/sql"
	"time"

	"rtrbot/tournament"
)

// LadderMark is one player's mark that a finished casual game is rated
// (schema: migrations/0006_ladder.sql).
type LadderMark struct {
	Game           int64
	Guild          string
	German, Allied string  // the players' user IDs
	ScoreGerman    float64 // 1, 0.5 or 0
	Ended          time.Time
	By             string // the player who marks: German or Allied
	// Scenario and Options (codes, sorted, space-separated) and the final
	// VP (nil: the game ended by resignation) are for the balance.
	Scenario, Options string
	VP                *[2]int // German, Allied
}

// MarkRated records a player's mark and says whether both players have
// now marked the game.
func (tt Tournaments) MarkRated(ctx context.Context, m LadderMark) (both bool, err error) {
	err = tt.S.Write(ctx, func(tx *sql.Tx) error {
		var gvp, avp any
		if m.VP != nil {
			gvp, avp = m.VP[0], m.VP[1]
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO ladder_games (game_id, guild_id, german, allied, score_german, ended_at, scenario, options, german_vp, allied_vp)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(game_id) DO NOTHING`,
			m.Game, m.Guild, m.German, m.Allied, m.ScoreGerman, ts(m.Ended), m.Scenario, m.Options, gvp, avp); err != nil {
			return err
		}
		col := "allied_ok"
		if m.By == m.German {
			col = "german_ok"
		}
		if _, err := tx.ExecContext(ctx, `UPDATE ladder_games SET `+col+` = 1 WHERE game_id = ?`, m.Game); err != nil {
			return err
		}
		var g, a int
		if err := tx.QueryRowContext(ctx, `SELECT german_ok, allied_ok FROM ladder_games WHERE game_id = ?`, m.Game).Scan(&g, &a); err != nil {
			return err
		}
		both = g == 1 && a == 1
		return nil
	})
	return both, err
}

// RatedCasualGames lists a guild's casual games both players marked
// rated, in the order they ended.
func (tt Tournaments) RatedCasualGames(ctx context.Context, guild string) ([]tournament.CasualGame, error) {
	rows, err := tt.S.DB.QueryContext(ctx, `SELECT german, allied, score_german, ended_at FROM ladder_games
		WHERE guild_id = ? AND german_ok = 1 AND allied_ok = 1 ORDER BY ended_at, game_id`, guild)
	return collectRows(rows, err, func(rows *sql.Rows) (tournament.CasualGame, error) {
		var c tournament.CasualGame
		var at string
		if err := rows.Scan(&c.A, &c.B, &c.ScoreA, &at); err != nil {
			return c, err
		}
		c.At, _ = parseTS(at)
		return c, nil
	})
}

// BalanceGame is one rated casual game played to its end, for the
// balance: its scenario, options and each side's final VP.
type BalanceGame struct {
	Scenario, Options string
	German, Allied    int
}

// RatedCasualResults lists the guild's casual games both players marked
// rated that ended by 15.1 (not by resignation), with their VP; games
// against the computer are left out (they measure the computer, not the
// scenario's balance between people).
func (tt Tournaments) RatedCasualResults(ctx context.Context, guild string) ([]BalanceGame, error) {
	rows, err := tt.S.DB.QueryContext(ctx, `SELECT scenario, options, german_vp, allied_vp FROM ladder_games
		WHERE guild_id = ? AND german_ok = 1 AND allied_ok = 1 AND german_vp IS NOT NULL AND allied_vp IS NOT NULL
		AND german NOT LIKE 'bot:%' AND allied NOT LIKE 'bot:%'
		ORDER BY ended_at, game_id`, guild)
	return collectRows(rows, err, func(rows *sql.Rows) (BalanceGame, error) {
		var g BalanceGame
		err := rows.Scan(&g.Scenario, &g.Options, &g.German, &g.Allied)
		return g, err
	})
}
