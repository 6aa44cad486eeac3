-- A table whose stored game can no longer be read is marked damaged (with the reason) and is no
-- longer served; nothing else in its row is written again.
ALTER TABLE game_tables ADD COLUMN damaged TEXT;
CREATE INDEX game_tables_damaged ON game_tables (id) WHERE damaged IS NOT NULL;
