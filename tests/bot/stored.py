"""Many stored tables at once, for start-up tests and bench/restart.py: copies of a real table
written straight to the database, each with its seats and a decision timer far in the future, and
idle (last changed long before the restart)."""

from __future__ import annotations

from storage.db import run

FIRST_COPY_ID = 1_000_000
IDLE_SINCE = "'2000-01-01T00:00:00.000+00:00'"  # the copies' last change: long before the stop

COPY_COLUMNS = ("guild_id, channel_id, thread_id, game, options, status, seed, state, version, creator_id,"
                " rated, lobby_message_id, board_message_id, board_key, prompts, outcome, tournament_id,"
                " created_at, updated_at, computer_due, finish_due, recent_events, board_version")


async def store_copies(bot, table_id: int, copies: int) -> None:
    """`copies` more running tables like `table_id`, each with its seats and a timer not yet due."""
    if copies == 0:
        return
    db = bot.store.db
    async with db.transaction() as conn:
        await run(conn,
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
            f" INSERT INTO game_tables (id, {COPY_COLUMNS})"
            f" SELECT ? + i, {COPY_COLUMNS.replace('updated_at', IDLE_SINCE)} FROM game_tables, n WHERE id = ?",
            (copies, FIRST_COPY_ID, table_id))
        await run(conn,
            "INSERT INTO seats (table_id, seat, user_id, display_name, ai, forfeited, dm_ok, dm_channel_id,"
            " dm_message_id, joined_at) SELECT t.id, s.seat, s.user_id, s.display_name, s.ai, s.forfeited,"
            " s.dm_ok, s.dm_channel_id, s.dm_message_id, s.joined_at FROM seats s, game_tables t"
            " WHERE s.table_id = ? AND t.id > ?", (table_id, FIRST_COPY_ID))
        await run(conn,
            "INSERT INTO timers (kind, due_at, table_id, seat, payload, created_at)"
            " SELECT 'decision', 1e12, id, 0, '{}', created_at FROM game_tables WHERE id > ?", (FIRST_COPY_ID,))
    row = await db.fetchone("SELECT COUNT(*) FROM game_tables WHERE status = 'running'")
    if row[0] != copies + 1:
        raise AssertionError(f"expected {copies + 1} running tables, found {row[0]}")
