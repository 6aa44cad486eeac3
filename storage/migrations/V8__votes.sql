-- Votes open at a table: {"cancel": {"by": user, "yes": [users]}, "handover:2": {...}} (play/votes.py).
ALTER TABLE game_tables ADD COLUMN votes TEXT NOT NULL DEFAULT '{}';
