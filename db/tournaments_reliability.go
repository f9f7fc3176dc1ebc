package db

import (
	"context"
	"database/sql"

	"rtrbot/tournament"
)

// Reliability counts, for every person who held a seat in an ended game
// of the guild, how their games ended (tournament.Reliability says how
// each counts): a segment of their side ended by its deadline is an order
// by the deadline's author, one the computer played for them an order by
// a computer player on a side a person holds. Games from a position
// (sandboxes) and imported games are left out: they prove nothing. A
// person who gave his seat away after the setup (a left:USER key,
// games.MetaLeft) counts the game as left, unless he came back to a seat
// of it.
func (tt Tournaments) Reliability(ctx context.Context, guild string) (map[string]tournament.Reliability, error) {
	rows, err := tt.S.DB.QueryContext(ctx, `SELECT p.user_id, 0, g.status = 'abandoned',
		EXISTS (SELECT 1 FROM orders o WHERE o.game_id = g.id AND o.kind = 'order' AND o.side = p.side AND o.author LIKE 'bot:%'),
		EXISTS (SELECT 1 FROM orders o WHERE o.game_id = g.id AND o.kind = 'order' AND o.side = p.side AND o.author = 'deadline')
		FROM games g JOIN game_players p ON p.game_id = g.id
		WHERE g.guild_id = ? AND g.status IN ('finished', 'abandoned') AND p.user_id NOT LIKE 'bot:%'
		AND g.position IS NULL
		AND NOT EXISTS (SELECT 1 FROM game_meta m WHERE m.game_id = g.id AND m.key = 'imported')
		UNION ALL
		SELECT substr(l.key, 6), 1, 0, 0, 0
		FROM games g JOIN game_meta l ON l.game_id = g.id AND l.key LIKE 'left:%'
		WHERE g.guild_id = ? AND g.status IN ('finished', 'abandoned')
		AND g.position IS NULL
		AND NOT EXISTS (SELECT 1 FROM game_meta m WHERE m.game_id = g.id AND m.key = 'imported')
		AND NOT EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.user_id = substr(l.key, 6))
		ORDER BY 1`, guild, guild)
	type seat struct {
		user                                string
		left, abandoned, takenOver, timeout bool
	}
	seats, err := collectRows(rows, err, func(rows *sql.Rows) (seat, error) {
		var s seat
		err := rows.Scan(&s.user, &s.left, &s.abandoned, &s.takenOver, &s.timeout)
		return s, err
	})
	if err != nil {
		return nil, err
	}
	out := map[string]tournament.Reliability{}
	for _, s := range seats {
		r := out[s.user]
		r.Add(s.left, s.abandoned, s.takenOver, s.timeout)
		out[s.user] = r
	}
	return out, nil
}

// PlayerNames are the names the guild's players had in their games (the
// latest one each), for the ladder's casual games, which store IDs only.
func (tt Tournaments) PlayerNames(ctx context.Context, guild string) (map[string]string, error) {
	rows, err := tt.S.DB.QueryContext(ctx, `SELECT p.user_id, p.user_name FROM game_players p JOIN games g ON g.id = p.game_id
		WHERE g.guild_id = ? AND p.user_name <> '' ORDER BY p.joined_at, g.id`, guild)
	type named struct{ id, name string }
	list, err := collectRows(rows, err, func(rows *sql.Rows) (named, error) {
		var n named
		err := rows.Scan(&n.id, &n.name)
		return n, err
	})
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, n := range list {
		out[n.id] = n.name
	}
	return out, nil
}
