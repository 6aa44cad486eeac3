"""Read Message History taken from the bot; after a restart a table's next move starts a new board
(the table is not among those the start shows again). README: "a new board message is posted ...
and the replaced one loses its buttons, turn line and deadlines". Without the permission the old
board cannot be read back after a restart (its text, where its log may be, is not known): it loses
its buttons at least."""
from __future__ import annotations

import pytest

from tests.bot.moderation import GAMES, log_gap, restart, running
from tests.bot.driver import labels, open_table, play_turn_by_dm, start
from tests.bot.test_board_refused import next_move


async def play_to_new_board(table, policy):
    for _ in range(600):
        new_board, ends = await next_move(table, policy)
        if new_board and not ends:
            return
        assert await play_turn_by_dm(table, policy)
    raise AssertionError("no new board")


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("history", [True, False])
async def test_replaced_board_loses_its_controls_after_a_restart(simcord_env, monkeypatch, settings, game, history):
    env = simcord_env
    table, policy = await running(env, monkeypatch, game, moves=2)
    await play_to_new_board(table, policy)
    other = await open_table(env, "augsburg1520", ["cy", "dee"])  # another server's table moves later
    await start(other)
    from storage.db import run
    async with env.bot.store.db.transaction() as conn:  # the other table moved last, long after this one
        await run(conn, "UPDATE game_tables SET updated_at = '2000-01-01T00:00:00+00:00' WHERE id = ?",
                  (table.table_id,))
    if not history:
        await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, read_message_history=False)
        await env.settle()
    await restart(env, settings)
    old_id = (await table.row()).board_message_id
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).board_message_id != old_id
    old = next(m for m in table.thread.history() if m.id == old_id)
    assert "My hand" not in labels(old), f"the replaced board keeps its buttons: {labels(old)}"
    if history:
        assert not (old.content or "").startswith(("Your move", "Waiting for")), old.content
    shown, public = await log_gap(table)
    assert shown == public
