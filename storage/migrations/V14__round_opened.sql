-- Whether a seated round was announced in the tournament's channel (its tables, byes and deadline):
-- a stop between starting its tables and posting it is made good at the next start. Rounds stored
-- before this version were announced.
ALTER TABLE tournament_rounds ADD COLUMN opened INTEGER NOT NULL DEFAULT 1;
