"""After a restart the bot reads its board back from the thread to learn where the thread's log
stops (a stop between storing a move and showing it left the move's lines off it). A thread that
refused the bot's boards for long, with a restart meanwhile, still gets every line once it takes
posts again: the board is placed among all of the game's lines when it is further behind than the
lines kept with the table, by the lines it starts with (a game's lines repeat: every round of
Augsburg 1520 opens with each player's "has chosen which cards to buy"), and read back once."""

from __future__ import annotations

import pytest

from bot import create_bot
from play.results import RECENT_EVENTS
from tests.bot.driver import fix_deal, heuristic_players, open_table, play_turn_by_dm, start
from tests.bot.test_board_refused import public_log, thread_log


async def locked_baumeister(env, monkeypatch):
    """A Baumeister table a few moves in, whose thread then refuses new posts (a moderator locked
    it; the bot's board may still be edited)."""
    env.check_errors = False
    fix_deal(monkeypatch, 29)
    table = await open_table(env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("baumeister", 3)
    for _ in range(6):
        assert await play_turn_by_dm(table, policy)
    env.inject_error("POST", f"/channels/{table.thread.id}/messages*", status=400, code=50083, times=None)
    return table, policy


async def play_lines(table, policy, count: int) -> None:
    """Moves until `count` more public lines were made."""
    before = len(await public_log(table))
    while len(await public_log(table)) - before <= count:
        assert await play_turn_by_dm(table, policy)


@pytest.mark.parametrize("restart", ["early", "late"])
@pytest.mark.slow  # over half a second
async def test_a_restart_while_the_thread_refuses_new_boards_for_long_loses_no_line(simcord_env, monkeypatch,
                                                                                   settings, restart):
    """A thread that refuses new boards while more lines go by than the table keeps, with a restart
    meanwhile: the bot reads its board back to learn where the thread's log stops, once (early: it
    then goes on from there however far the game moves on), or placing it among all of the game's
    lines (late: the board is further behind than the lines the table keeps). Once the thread
    takes posts again, no line is missing."""
    env = simcord_env
    table, policy = await locked_baumeister(env, monkeypatch)
    await play_lines(table, policy, 2 if restart == "early" else RECENT_EVENTS + 5)
    await env.advance_time(3 * 7200)  # its retries, refused too, are over: nothing tells where the thread stops
    mark, board = len(env.http_requests), (await table.row()).board_message_id
    await env.restart_bot(create_bot(settings))
    if restart == "early":
        await play_lines(table, policy, RECENT_EVENTS + 5)
        reads = [r for r in env.http_requests[mark:] if r.method == "GET" and r.path.endswith(f"/messages/{board}")]
        assert len(reads) == 1, f"the board was read back {len(reads)} times"
    env.backend.faults[:] = []
    assert await play_turn_by_dm(table, policy)
    assert thread_log(table) == await public_log(table)


@pytest.mark.slow  # over half a second
async def test_a_board_far_behind_is_placed_by_its_first_lines_though_they_repeat_later(simcord_env, monkeypatch,
                                                                                      settings):
    """The first board shows the opening's lines; Discord refuses every post and edit of the thread
    for more than a round, whose buying phase repeats them; after a restart the board is not taken
    for a later one."""
    env = simcord_env
    env.check_errors = False
    fix_deal(monkeypatch, 35)
    table = await open_table(env, "augsburg1520", ["ada", "bo"], computers=2)
    await start(table)
    policy = heuristic_players("augsburg1520", 4)
    for method in ("POST", "PATCH"):
        env.inject_error(method, f"/channels/{table.thread.id}/messages*", status=500, times=None)
    opening = (await public_log(table))[:2]
    while len(await public_log(table)) <= RECENT_EVENTS + 5 or (await public_log(table))[-2:] != opening:
        assert await play_turn_by_dm(table, policy)
    await env.advance_time(3 * 7200)  # its retries, refused too, are over
    await env.restart_bot(create_bot(settings))
    env.backend.faults[:] = []
    assert await play_turn_by_dm(table, policy)
    assert thread_log(table) == await public_log(table)
