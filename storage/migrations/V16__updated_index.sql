-- The start-up sweep finds the tables changed just before a stop by their last change (a start,
-- a take-back, "I'm back" and a vote store no action row, so the actions alone missed them).
CREATE INDEX IF NOT EXISTS game_tables_updated ON game_tables (updated_at);
