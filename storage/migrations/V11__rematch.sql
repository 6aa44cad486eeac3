-- The table a finished (or cancelled) table's Rematch button opened, so that a second press, or
-- another player's, points to it instead of opening yet another table (play/rematch.py).
ALTER TABLE game_tables ADD COLUMN rematch_id INTEGER;
