-- The deadline a person's decision had when they made it (NULL: none, or the computer's move).
-- A take-back gives the decision back with that deadline, also when the clock was restarted
-- outside the record (by "I'm back").
ALTER TABLE actions ADD COLUMN deadline REAL;
