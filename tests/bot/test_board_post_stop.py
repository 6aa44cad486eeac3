"""A stop (kill -9, crash) while a new board replaces the old one: after the restart the thread has
one board with live buttons, the one the bot goes on editing."""

from __future__ import annotations

import contextlib
import sqlite3
from collections import Counter

import pytest

from bot import create_bot
import bot.ui.board
import bot.ui.board_retire
import bot.ui.board_log
import play.results
from bot.ui.board_log import EARLIER, LOG_TITLE, log_of
from tests.bot.driver import buttons, fix_deal, heuristic_players, open_table, play_turn_by_dm, start, text_of
from tests.bot.test_board_refused import public_log, thread_log


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


async def stop_before_storing_a_new_board(env, table, policy, monkeypatch, *, at_the_end: bool = False) -> int:
    """Play until a new board is posted (with `at_the_end`, the game over's) and stop before the
    bot stores it; returns the id of the board left unstored."""
    posted: list[int] = []
    real = env.bot.service.board_posted

    async def stopped(table_id, message_id, key, since):
        if at_the_end and (await env.bot.store.tables.get(table_id)).status != "finished":
            return await real(table_id, message_id, key, since)
        posted.append(message_id)
        raise Stopped()

    monkeypatch.setattr(env.bot.service, "board_posted", stopped)
    env.check_errors = False
    for _ in range(800):
        with contextlib.suppress(Stopped):
            await play_turn_by_dm(table, policy)
        if posted:
            monkeypatch.undo()
            return posted[0]
    raise AssertionError("no new board came")


@pytest.mark.parametrize("game, names, computers", [("augsburg1520", ["ada", "bo"], 1),
                                                    ("aelderman", ["ada", "bo"], 1)])
async def test_a_board_posted_but_not_stored_before_a_stop_is_the_one_the_game_goes_on_with(
        simcord_env, settings, monkeypatch, game, names, computers):
    """README: a board "goes on from where the thread's last board stopped (also across a restart
    ...)", and the thread, read in order, has every public line of the game. The board a stop left
    unstored already shows the move's lines (a new round's, computer seats playing on): the start
    takes it as the table's board instead of posting them again under another one."""
    env = simcord_env
    fix_deal(monkeypatch, 4)
    table = await open_table(env, game, names, computers=computers)
    await start(table)
    policy = heuristic_players(game, len(names) + computers)
    unstored = await stop_before_storing_a_new_board(env, table, policy, monkeypatch)
    assert (await table.row()).board_message_id != unstored
    await env.restart_bot(create_bot(settings))

    for _ in range(3):
        assert await play_turn_by_dm(table, policy)
    assert (await table.row()).board_message_id == unstored
    assert live_boards(table) == [unstored]
    assert thread_log(table) == await public_log(table)  # no line twice, none missing


async def test_a_game_over_board_posted_but_not_stored_before_a_stop_is_not_posted_again(
        simcord_env, settings, monkeypatch):
    """The game over's board has no buttons: the start still knows it by its log, and the thread
    ends with one board saying the game is over."""
    env = simcord_env
    fix_deal(monkeypatch, 5)
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    unstored = await stop_before_storing_a_new_board(env, table, heuristic_players("augsburg1520", 3), monkeypatch,
                                                     at_the_end=True)
    await env.restart_bot(create_bot(settings))

    boards = [m for m in table.thread.history() if any(e.title == LOG_TITLE for e in m.embeds)
              or f"**{LOG_TITLE}**\n" in (m.content or "")]
    assert boards[-1].id == unstored == (await table.row()).board_message_id
    assert "The game is over" in text_of(boards[-1])
    assert sum("The game is over" in text_of(m) for m in boards) == 1
    assert thread_log(table) == await public_log(table)


async def test_an_unstored_board_is_placed_among_all_the_games_lines_when_the_table_keeps_fewer(
        simcord_env, settings, monkeypatch):
    """The table keeps only its latest lines (computer seats playing on at the start may push the
    unstored board's first lines out of them): the board is placed among the game's lines replayed."""
    monkeypatch.setattr(play.results, "RECENT_EVENTS", 3)
    monkeypatch.setattr(bot.ui.board_log, "RECENT_EVENTS", 3)
    env = simcord_env
    fix_deal(monkeypatch, 4)
    table = await open_table(env, "augsburg1520", ["ada", "bo"], computers=1)
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    with monkeypatch.context() as patched:
        unstored = await stop_before_storing_a_new_board(env, table, policy, patched)
    assert len(log_of(next(m for m in table.thread.history() if m.id == unstored))) > 3
    await env.restart_bot(create_bot(settings))

    for _ in range(3):
        assert await play_turn_by_dm(table, policy)
    assert (await table.row()).board_message_id == unstored
    # Boards keeping 3 lines note earlier ones (`/table log`); none is shown twice.
    assert not Counter(line for line in thread_log(table) if line != EARLIER) - Counter(await public_log(table))


async def test_a_new_board_the_database_refuses_to_record_still_replaces_the_old_one(simcord_env, monkeypatch):
    """README: the replaced board loses its buttons. Recording the new board fails (a full disk):
    the old one must not stay with "My hand" and a turn line that reads as current."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    refused: list[int] = []

    async def refuse(table_id, message_id, key, since):
        refused.append(message_id)
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(env.bot.service, "board_posted", refuse)
    env.check_errors = False
    for _ in range(400):
        await play_turn_by_dm(table, policy)
        if refused:
            break
    monkeypatch.undo()
    assert refused and live_boards(table) == refused


async def test_a_first_board_posted_but_not_stored_before_a_stop_is_not_posted_again(simcord_env, settings, monkeypatch):
    """Start posts the game's first board, then records it: after a stop between the two the start
    finds that board (the table has none stored) and goes on with it."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    posted: list[int] = []

    async def stopped(table_id, message_id, key, since):
        posted.append(message_id)
        raise Stopped()

    monkeypatch.setattr(env.bot.service, "board_posted", stopped)
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await start(table)
    monkeypatch.undo()
    assert posted and (await table.row()).board_message_id is None
    await env.restart_bot(create_bot(settings))

    assert await play_turn_by_dm(table, heuristic_players("augsburg1520", 2))
    assert live_boards(table) == posted == [(await table.row()).board_message_id]
