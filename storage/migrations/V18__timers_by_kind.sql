-- Timers of one kind (the boards Discord refused, shown again at start-up) are found by index,
-- so a start's work does not grow with the timers of other kinds.
CREATE INDEX timers_kind ON timers (kind, due_at);
