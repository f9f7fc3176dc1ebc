-- Schema version 9: a finished game's analysis (/computer analysis), kept
-- so that a restart does not play it out again. key names what it was
-- made of (the analysis' version, the dice key's digest, the orders, the
-- final position, the play-outs a point); data is its estimates as JSON.
-- A row that does not read is computed again and replaced.

CREATE TABLE analyses (
	game_id INTEGER NOT NULL REFERENCES games(id),
	key     TEXT NOT NULL,
	data    TEXT NOT NULL,
	created TEXT NOT NULL,
	PRIMARY KEY (game_id, key)
);
