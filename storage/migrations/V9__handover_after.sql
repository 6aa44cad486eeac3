-- Deadlines a player must miss before the other players may vote their seat to a computer player
-- for good (a table option; play/votes.py).
ALTER TABLE game_tables ADD COLUMN handover_after INTEGER NOT NULL DEFAULT 2;
