-- Schema version 7: what the balance of the game (/stats balance, /stats
-- bid) reads of a rated casual game: its scenario, its options (their
-- codes, sorted, separated by spaces) and each side's final VP. The VP are
-- NULL for a game that ended by resignation, and for games marked before
-- this version: such games count for the ladder, not for the balance.

ALTER TABLE ladder_games ADD COLUMN scenario TEXT NOT NULL DEFAULT '';
ALTER TABLE ladder_games ADD COLUMN options TEXT NOT NULL DEFAULT '';
ALTER TABLE ladder_games ADD COLUMN german_vp INTEGER;
ALTER TABLE ladder_games ADD COLUMN allied_vp INTEGER;
