"""README, Reliability: "a board that cannot be edited (deleted, too old, Discord failing) is posted
anew". The board it replaces loses its buttons and turn line; when Discord keeps failing edits of it
for a while, that is tried again at the table's next moves, so no old board keeps saying whose move it
is, with working buttons, for the rest of the game."""

from __future__ import annotations

import pytest

from bot import create_bot
from tests.bot.driver import board_message, heuristic_players, labels, open_table, play_turn_by_dm, start


def boards_with_buttons(table) -> list:
    return [m for m in table.thread.history() if "My hand" in labels(m)]


@pytest.mark.parametrize("restart", ["none", "while Discord still fails", "once Discord is back"])
async def test_a_board_discord_failed_to_retire_is_retired_at_a_later_move(simcord_env, settings, restart):
    env = simcord_env
    env.check_errors = False
    table = await open_table(env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("baumeister", 3)
    for _ in range(4):
        assert await play_turn_by_dm(table, policy)
    old = await board_message(table)
    env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/{old.id}", status=500, times=None)
    assert await play_turn_by_dm(table, policy)  # the board cannot be edited: a new one is posted
    assert (await board_message(table)).id != old.id and len(boards_with_buttons(table)) == 2
    if restart == "while Discord still fails":
        await env.restart_bot(create_bot(settings))
    env.backend.faults.clear()  # Discord edits that message again
    if restart == "once Discord is back":
        await env.restart_bot(create_bot(settings))
    assert await play_turn_by_dm(table, policy)
    assert [m.id for m in boards_with_buttons(table)] == [(await table.row()).board_message_id]
    stale = next(m for m in table.thread.history() if m.id == old.id)
    assert "Your move" not in (stale.content or "")
