-- The random salt of a table's deal commitment: the board shows SHA-256 of salt:seed from the
-- start, and both are revealed when the game ends (see play/record.py). NULL for older tables.
ALTER TABLE game_tables ADD COLUMN seed_salt TEXT;
