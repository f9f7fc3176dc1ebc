-- Schema version 5: tournaments (docs/tournaments.md). A tournament is
-- kept whole as one JSON document (package tournament's Tournament:
-- settings, players, rounds, tables, results), saved in one transaction
-- with a version that counts saves, so that two writers cannot overwrite
-- each other unseen. tournament_entries lists the players for queries;
-- tournament_games maps a bot game to the table it is played for, so
-- that a game's end finds its tournament.

ALTER TABLE tournaments ADD COLUMN format TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN state TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tournaments ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';

CREATE TABLE tournament_games (
	game_id       INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	round         INTEGER NOT NULL,
	table_no      INTEGER NOT NULL
);
CREATE INDEX tournament_games_tournament ON tournament_games(tournament_id);
