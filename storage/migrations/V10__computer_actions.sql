-- Whether an action was the computer's (a computer seat, or a seat whose player was away), so
-- that a player who comes back cannot take back a move they did not make (play/undo.py).
ALTER TABLE actions ADD COLUMN by_computer INTEGER NOT NULL DEFAULT 0;
