-- The table core: what a move writes in its one transaction, and what start-up looks for.

-- 1 while computer seats are due to move (start-up resumes only these tables).
ALTER TABLE game_tables ADD COLUMN computer_due INTEGER NOT NULL DEFAULT 0;
-- 1 from the move that ended the game until its ratings and tournament result are stored.
ALTER TABLE game_tables ADD COLUMN finish_due INTEGER NOT NULL DEFAULT 0;
-- JSON list of [version, text] of the latest public events, for the board's log.
ALTER TABLE game_tables ADD COLUMN recent_events TEXT NOT NULL DEFAULT '[]';
-- The table version when the current board message was posted (its log starts after it).
ALTER TABLE game_tables ADD COLUMN board_version INTEGER NOT NULL DEFAULT 0;

CREATE INDEX game_tables_computer_due ON game_tables (id) WHERE computer_due = 1;
CREATE INDEX game_tables_finish_due ON game_tables (id) WHERE finish_due = 1;
CREATE INDEX game_tables_guild_status ON game_tables (guild_id, status);
CREATE INDEX seats_user_id ON seats (user_id);

-- A decision timer belongs to one seat; a move replaces the timers of the seats it concerns.
ALTER TABLE timers ADD COLUMN seat INTEGER;
CREATE INDEX timers_table ON timers (table_id, kind, seat);

-- Running tables from before: computer seats may be due (start-up looks once).
UPDATE game_tables SET computer_due = 1
 WHERE status = 'running' AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = game_tables.id AND s.ai IS NOT NULL);
UPDATE timers SET seat = CAST(json_extract(payload, '$.seat') AS INTEGER) WHERE kind = 'decision';
