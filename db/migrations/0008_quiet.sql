-- Schema version 8: a user's quiet hours (/me quiet: tz:), kept across
-- servers and games, and the mentions and reminders held during them, to
-- be posted when the hours end (each at most once).

CREATE TABLE user_quiet (
	user_id   TEXT PRIMARY KEY,
	user_name TEXT NOT NULL DEFAULT '',
	span      TEXT NOT NULL,          -- as typed, e.g. 22-07
	tz        TEXT NOT NULL           -- an IANA zone, e.g. Europe/Paris
);

CREATE TABLE held_messages (
	id         INTEGER PRIMARY KEY,
	user_id    TEXT NOT NULL,
	channel_id TEXT NOT NULL,
	text       TEXT NOT NULL,
	deliver_at TEXT NOT NULL
);
CREATE INDEX held_messages_due ON held_messages(deliver_at);
