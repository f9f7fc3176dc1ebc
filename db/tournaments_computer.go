package db

import (
	"context"
	"database/sql"
	"time"
)

// ComputerGame is a guild's ended game against a computer level that the
// ladder has not rated yet.
type ComputerGame struct {
	ID      int64
	Channel string
	Ended   time.Time // when its row last changed: the game's end
}

// ComputerGamesToRate lists, oldest first, the guild's ended games of
// people against the computer that have no ladder row yet: games played
// here from their start (no sandbox position, not imported, not a
// practice game with a chosen seed; a game in which a hint was taken is
// listed too, rated only if the person lost). A computer that only stood in for a
// person (takeover) holds no seat, so those games are not listed.
func (tt Tournaments) ComputerGamesToRate(ctx context.Context, guild string) ([]ComputerGame, error) {
	rows, err := tt.S.DB.QueryContext(ctx, `SELECT g.id, g.channel_id, g.updated_at FROM games g
		WHERE g.guild_id = ? AND g.status IN ('finished', 'abandoned') AND g.position IS NULL
		AND NOT EXISTS (SELECT 1 FROM game_meta m WHERE m.game_id = g.id AND m.key IN ('imported', 'practice'))
		AND EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.user_id LIKE 'bot:%')
		AND EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.user_id NOT LIKE 'bot:%')
		AND NOT EXISTS (SELECT 1 FROM ladder_games l WHERE l.game_id = g.id)
		ORDER BY g.id`, guild)
	return collectRows(rows, err, func(rows *sql.Rows) (ComputerGame, error) {
		var c ComputerGame
		var at string
		if err := rows.Scan(&c.ID, &c.Channel, &at); err != nil {
			return c, err
		}
		c.Ended, _ = parseTS(at)
		return c, nil
	})
}
