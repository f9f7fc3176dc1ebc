-- Schema version 1: guilds, games and their logs (orders, events,
-- snapshots), room for tournaments. Roll logs of the companion come in 0002.
--
-- A released migration is never edited (the runner checks its SHA-256
-- against the one recorded in each file): change the schema by adding the
-- next NNNN_name.sql. Times are text, RFC 3339 in UTC.

CREATE TABLE guild_settings (
	guild_id     TEXT PRIMARY KEY,
	lang         TEXT NOT NULL DEFAULT 'en',
	referee_role TEXT NOT NULL DEFAULT ''
);

-- Tournaments: only what games need to point at; registration, pairings and
-- results get their own columns when tournaments are built.
CREATE TABLE tournaments (
	id         INTEGER PRIMARY KEY,
	guild_id   TEXT NOT NULL,
	name       TEXT NOT NULL,
	status     TEXT NOT NULL DEFAULT 'registration'
	           CHECK (status IN ('registration', 'running', 'finished')),
	created_by TEXT NOT NULL,
	created_at TEXT NOT NULL,
	UNIQUE (guild_id, name)
);

CREATE TABLE tournament_entries (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	user_id       TEXT NOT NULL,
	user_name     TEXT NOT NULL DEFAULT '',
	registered_at TEXT NOT NULL,
	PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- A game is its seed, its options and its list of orders; everything else
-- (state, events, snapshots) can be rebuilt from those by the engine.
CREATE TABLE games (
	id              INTEGER PRIMARY KEY,
	guild_id        TEXT NOT NULL,
	channel_id      TEXT NOT NULL,              -- the channel or thread the game is played in
	scenario        TEXT NOT NULL,
	options         TEXT NOT NULL DEFAULT '{}', -- the engine's options, a JSON object
	seed            TEXT NOT NULL,              -- hex; secret while the game runs
	seed_commitment TEXT NOT NULL,              -- hex SHA-256 of the seed's bytes, public from the start
	status          TEXT NOT NULL DEFAULT 'active'
	                CHECK (status IN ('active', 'finished', 'damaged', 'abandoned')),
	damage          TEXT NOT NULL DEFAULT '',   -- what is wrong, when status is damaged
	created_by      TEXT NOT NULL,
	created_at      TEXT NOT NULL,
	updated_at      TEXT NOT NULL,
	log_length      INTEGER NOT NULL DEFAULT 0, -- rows in its log: a lost last row shows
	deadline        TEXT,                       -- the side to move must end its segment by then
	deadline_action TEXT NOT NULL DEFAULT 'remind' CHECK (deadline_action IN ('remind', 'end')),
	segment_hours   INTEGER NOT NULL DEFAULT 0, -- length of a segment's deadline; 0: none
	tournament_id   INTEGER REFERENCES tournaments(id),
	tournament_round INTEGER
);
-- One live game per channel or thread; finished and abandoned games stay.
CREATE UNIQUE INDEX games_live_channel ON games(guild_id, channel_id)
	WHERE status IN ('active', 'damaged');
CREATE INDEX games_guild ON games(guild_id, status);
CREATE INDEX games_deadline ON games(deadline) WHERE deadline IS NOT NULL;
CREATE TRIGGER games_never_deleted BEFORE DELETE ON games
BEGIN SELECT RAISE(ABORT, 'games are never deleted: set their status to abandoned'); END;

CREATE TABLE game_players (
	game_id   INTEGER NOT NULL REFERENCES games(id),
	user_id   TEXT NOT NULL,
	side      TEXT NOT NULL CHECK (side <> ''),
	user_name TEXT NOT NULL DEFAULT '',
	joined_at TEXT NOT NULL,
	PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX game_players_user ON game_players(user_id);

-- The log. seq counts 1, 2, 3… per game without gaps. An undo is a row of
-- its own (kind 'undo', undoes = the seq taken back): nothing is rewritten.
CREATE TABLE orders (
	game_id INTEGER NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL CHECK (seq > 0),
	kind    TEXT NOT NULL DEFAULT 'order' CHECK (kind IN ('order', 'undo')),
	undoes  INTEGER,
	author  TEXT NOT NULL,
	side    TEXT NOT NULL DEFAULT '',
	at      TEXT NOT NULL,
	text    TEXT NOT NULL,                      -- the engine's text encoding of the order
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER orders_no_update BEFORE UPDATE ON orders
BEGIN SELECT RAISE(ABORT, 'orders are append-only'); END;
CREATE TRIGGER orders_no_delete BEFORE DELETE ON orders
BEGIN SELECT RAISE(ABORT, 'orders are append-only'); END;

-- What orders caused, as the engine reported it: the account posted after a
-- segment, the dice audit. seq 0 holds the events of the game's creation.
CREATE TABLE events (
	game_id INTEGER NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL CHECK (seq >= 0),
	n       INTEGER NOT NULL,                   -- its place among the events of that order
	kind    TEXT NOT NULL,
	visible TEXT NOT NULL DEFAULT '',           -- '' everyone, else the only side that may see it
	text    TEXT NOT NULL,
	PRIMARY KEY (game_id, seq, n)
) WITHOUT ROWID;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

-- The state after the first seq rows of the log, saved at the end of every
-- segment so that loading replays only the orders after the last one.
CREATE TABLE snapshots (
	game_id INTEGER NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL CHECK (seq >= 0),
	label   TEXT NOT NULL DEFAULT '',           -- e.g. "GT 3 German impulse 1 combat", for people
	hash    TEXT NOT NULL,                      -- the engine's state hash
	state   BLOB NOT NULL,                      -- the engine's encoding of the state
	at      TEXT NOT NULL,
	UNIQUE (game_id, seq)
);
