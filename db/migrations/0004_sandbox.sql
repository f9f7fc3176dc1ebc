-- Schema version 4: sandbox games (/game load). A sandbox game starts from
-- a position (docs/positions.md) instead of a scenario's setup: position
-- holds that text as it was loaded, and replay starts from it. NULL for a
-- game started from its scenario. The seed and options columns hold the
-- position's own seed and options.

ALTER TABLE games ADD COLUMN position TEXT;
