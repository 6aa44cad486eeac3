-- A table's pace: every decision of a person has a deadline (`pace` 'live' or 'async', its length in
-- `pace_seconds`) or none ('off'). `deadlines` holds each seat's current deadline, for the board.
ALTER TABLE game_tables ADD COLUMN pace TEXT NOT NULL DEFAULT 'off';
ALTER TABLE game_tables ADD COLUMN pace_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN deadlines TEXT NOT NULL DEFAULT '{}';
-- A seat whose player missed a deadline is played by a computer player until they are back.
ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
