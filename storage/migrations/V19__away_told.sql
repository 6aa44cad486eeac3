-- Whether a player away was told of their current absence (its notice with "I'm back" was sent):
-- a start does not tell them again, however far back the notice has scrolled.
ALTER TABLE seats ADD COLUMN away_told INTEGER NOT NULL DEFAULT 0;
