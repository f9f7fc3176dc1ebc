-- Schema version 6: the club ladder's casual rated games
-- (docs/tournaments.md). A casual game counts for the ladder when both its
-- players mark it rated (/ladder rate:true in its channel once it is over):
-- the row keeps who played which side, the German player's score (1, 0.5,
-- 0) and when it ended, and each player's mark. Tournament games are rated
-- from the tournaments themselves.

CREATE TABLE ladder_games (
	game_id      INTEGER PRIMARY KEY,
	guild_id     TEXT NOT NULL,
	german       TEXT NOT NULL,
	allied       TEXT NOT NULL,
	score_german REAL NOT NULL,
	ended_at     TEXT NOT NULL,
	german_ok    INTEGER NOT NULL DEFAULT 0,
	allied_ok    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ladder_games_guild ON ladder_games(guild_id);
