-- Whether a finished round's end (its standings, or the tournament's final standings) was posted,
-- and the message that carries its "Start next round" button: a stop between storing a round's
-- last result and posting it is made good at the next start, and the button goes once it no
-- longer applies. Rounds stored before this version were announced.
ALTER TABLE tournament_rounds ADD COLUMN announced INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tournament_rounds ADD COLUMN summary_message_id INTEGER;
CREATE INDEX IF NOT EXISTS tournament_rounds_unannounced ON tournament_rounds (tournament_id)
    WHERE status = 'finished' AND announced = 0;
-- A round still being played is announced when it ends (also if a stop comes in between).
UPDATE tournament_rounds SET announced = 0 WHERE status = 'running';
