"""A stop (kill -9, crash) while a new board replaces the old one: after the restart the thread has
one board with live buttons, the one the bot goes on editing."""

from __future__ import annotations

import contextlib

import pytest

from bot import create_bot
import bot.ui.board
import bot.ui.board_retire
from tests.bot.driver import buttons, heuristic_players, open_table, play_turn_by_dm, start


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


def live_boards(table) -> list[int]:
    """The thread's messages that still carry a board's "My hand" (a mention's carries a token)."""
    mark = f"hand:{table.table_id}"
    return [m.id for m in table.thread.history() if any(getattr(b, "custom_id", None) == mark for b in buttons(m))]


async def stop_at_the_next_new_board(table, policy, stops: list[str]) -> None:
    for _ in range(400):
        with contextlib.suppress(Stopped):
            assert await play_turn_by_dm(table, policy), "no new board came before the game ended"
        if stops:
            return
    raise AssertionError("no new board within 400 moves")


@pytest.mark.parametrize("stop_in", ["board_posted", "retire"])
async def test_a_stop_between_posting_a_new_board_and_retiring_the_old_leaves_one_live_board(
        simcord_env, settings, monkeypatch, stop_in):
    """README: the board is "one message per round or phase, edited in place"; "Nothing is lost". A
    stop after a new round's board was posted but before it was stored (or before the replaced one
    lost its buttons) must not leave two boards whose "My hand" and turn line read as current."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    assert len(live_boards(table)) == 1

    stops: list[str] = []

    async def stopped(*args, **kwargs):
        stops.append(stop_in)
        raise Stopped()

    if stop_in == "board_posted":
        monkeypatch.setattr(env.bot.service, "board_posted", stopped)
    else:
        monkeypatch.setattr(bot.ui.board_retire, "retire_board", stopped)
    env.check_errors = False
    await stop_at_the_next_new_board(table, policy, stops)
    monkeypatch.undo()
    assert len(live_boards(table)) == 2  # the stop left both boards with their buttons
    await env.restart_bot(create_bot(settings))

    assert await play_turn_by_dm(table, policy)
    row = await table.row()
    assert live_boards(table) == [row.board_message_id], [m.content for m in table.thread.history()[-6:]]
    board = next(m for m in table.thread.history() if m.id == row.board_message_id)
    assert await play_turn_by_dm(table, policy)
    assert live_boards(table) == [(await table.row()).board_message_id] == [board.id]
