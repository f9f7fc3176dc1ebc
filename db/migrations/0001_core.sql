-- Schema version 1: the settings every guild has. Games, orders and events
-- come with the storage work (issue 6); roll logs with the companion (issue 7).
CREATE TABLE guild_settings (
	guild_id   TEXT PRIMARY KEY,
	lang       TEXT NOT NULL DEFAULT 'en',
	referee_role TEXT NOT NULL DEFAULT ''
);
