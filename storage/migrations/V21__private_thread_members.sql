-- The players of a duplicate tournament round's private thread that Discord refused to add are
-- added again from a stored retry (a timer of kind 'members'), no longer by every start. The
-- tables such a round has open when this version is installed get one retry, due at once, with
-- all their players: an earlier start would have added whoever was missing.
INSERT INTO timers (kind, due_at, table_id, payload, created_at)
SELECT 'members', 0, t.id,
       json_object('users', (SELECT json_group_array(s.user_id) FROM seats s
                             WHERE s.table_id = t.id AND s.user_id IS NOT NULL), 'attempt', 1),
       strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
FROM game_tables t JOIN tournaments r ON r.id = t.tournament_id
WHERE r.duplicate = 1 AND t.status IN ('lobby', 'running') AND t.thread_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM timers m WHERE m.kind = 'members' AND m.table_id = t.id);
