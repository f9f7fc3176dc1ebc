-- Schema version 3: what the game commands keep beside a game's log
-- (issue 8): the game's threads (its public thread and each side's private
-- thread), whether a referee paused it, each side's secret choice of
-- options before the reveal (18.0), the last deadline reminder sent. One
-- value per key; keys are documented in db/play.go.

CREATE TABLE game_meta (
	game_id INTEGER NOT NULL REFERENCES games(id),
	key     TEXT NOT NULL,
	value   TEXT NOT NULL,
	PRIMARY KEY (game_id, key)
) WITHOUT ROWID;
-- Finding a game by one of its threads.
CREATE INDEX game_meta_value ON game_meta(key, value);
