-- Schema version 2: the companion's roll logs (issue 7). Independent of the
-- tables of version 1. Times are text, RFC 3339 in UTC.
--
-- A roll session belongs to one channel. Its server seed stays secret (only
-- its SHA-256, the commitment, is shown) until the session is revealed; at
-- most one session per channel is open at a time.
CREATE TABLE roll_sessions (
	id           INTEGER PRIMARY KEY,
	guild_id     TEXT NOT NULL,
	channel_id   TEXT NOT NULL,
	server_seed  TEXT NOT NULL CHECK (length(server_seed) = 64),
	commitment   TEXT NOT NULL CHECK (length(commitment) = 64),
	-- the players' seed now in force: every contribution so far joined by '|'
	players_seed TEXT NOT NULL DEFAULT '',
	revealed     INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1)),
	created_at   TEXT NOT NULL,
	revealed_at  TEXT NOT NULL DEFAULT '',
	revealed_by  TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX roll_sessions_one_open ON roll_sessions (guild_id, channel_id) WHERE revealed = 0;
CREATE INDEX roll_sessions_channel ON roll_sessions (guild_id, channel_id, id);

-- Each seed a player added, in order; from_roll is the first roll number
-- drawn with it.
CREATE TABLE roll_seeds (
	session_id INTEGER NOT NULL REFERENCES roll_sessions (id),
	seq        INTEGER NOT NULL CHECK (seq >= 1),
	user_id    TEXT NOT NULL,
	user_name  TEXT NOT NULL,
	value      TEXT NOT NULL,
	from_roll  INTEGER NOT NULL CHECK (from_roll >= 1),
	added_at   TEXT NOT NULL,
	PRIMARY KEY (session_id, seq)
);

-- Every roll and every table lookup, numbered from 1 within its session.
-- source 'bot': the bot drew the dice from the session's seeds (verifiable);
-- source 'table': a die rolled at the table was entered (die:N), recorded
-- for the audit trail only.
CREATE TABLE rolls (
	session_id   INTEGER NOT NULL REFERENCES roll_sessions (id),
	number       INTEGER NOT NULL CHECK (number >= 1),
	user_id      TEXT NOT NULL,
	user_name    TEXT NOT NULL,
	rolled_at    TEXT NOT NULL,
	guild_id     TEXT NOT NULL,
	channel_id   TEXT NOT NULL,
	command      TEXT NOT NULL,
	inputs       TEXT NOT NULL,
	players_seed TEXT NOT NULL,
	source       TEXT NOT NULL CHECK (source IN ('bot', 'table')),
	sides        INTEGER NOT NULL CHECK (sides >= 2),
	faces        TEXT NOT NULL,
	result       TEXT NOT NULL,
	PRIMARY KEY (session_id, number)
);
CREATE INDEX rolls_channel ON rolls (guild_id, channel_id, session_id, number);
