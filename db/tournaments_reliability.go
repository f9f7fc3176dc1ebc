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
// (sandboxes) and imported games are left out: they prove nothing.
func (tt Tournaments) Reliability(ctx context.Context, guild string) (map[string]tournament.Reliability, error) {
	rows, err := tt.S.DB.QueryContext(ctx, `SELECT p.user_id, g.status = 'abandoned',
		EXISTS (SELECT 1 FROM orders o WHERE o.game_id = g.id AND o.kind = 'order' AND o.side = p.side AND o.author LIKE 'bot:%'),
		EXISTS (SELECT 1 FROM orders o WHERE o.game_id = g.id AND o.kind = 'order' AND o.side = p.side AND o.author = 'deadline')
		FROM games g JOIN game_players p ON p.game_id = g.id
		WHERE g.guild_id = ? AND g.status IN ('finished', 'abandoned') AND p.user_id NOT LIKE 'bot:%'
		AND g.position IS NULL
		AND NOT EXISTS (SELECT 1 FROM game_meta m WHERE m.game_id = g.id AND m.key = 'imported')
		ORDER BY g.id, p.user_id`, guild)
	type seat struct {
		user                          string
		abandoned, takenOver, timeout bool
	}
	seats, err := collectRows(rows, err, func(rows *sql.Rows) (seat, error) {
		var s seat
		err := rows.Scan(&s.user, &s.abandoned, &s.takenOver, &s.timeout)
		return s, err
	})
	if err != nil {
		return nil, err
	}
	out := map[string]tournament.Reliability{}
	for _, s := range seats {
		r := out[s.user]
		r.Add(s.abandoned, s.takenOver, s.timeout)
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
