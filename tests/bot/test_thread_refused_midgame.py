"""A running table's thread stops taking the bot's board (a moderator takes Send Messages in Threads
away, or locks the thread): the move is stored, the game goes on by DM, and the player who moved is
told, privately and once, why the thread stays behind and who can fix it; the log names the same."""

from __future__ import annotations

import logging

import pytest

from tests.bot.driver import play_turn_by_dm, request_cursor, shown_to
from tests.bot.test_board_refused import augsburg_table, play_to, public_log, thread_log

PERMISSION = "I am missing the permission **Send Messages in Threads**"
LOCKED = "I cannot post in this table's thread: it is locked or archived."


async def lose_thread(env, table, how: str) -> None:
    if how == "permission":
        await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, send_messages_in_threads=False)
    else:  # a moderator locks the thread: Discord refuses posts in it as archived
        env.check_errors = False
        env.inject_error("POST", f"/channels/{table.thread.id}/messages*", status=400, code=50083,
                         message="Thread is archived", times=None)


def notices(env, table, user_id: int, since: int, words: str) -> list[str]:
    return [text for text in shown_to(env, user_id, since) if words in text]


@pytest.mark.parametrize("how", ["permission", "locked"])
async def test_the_player_whose_board_the_thread_refuses_is_told_why_once(simcord_env, monkeypatch, how):
    env = simcord_env
    table, policy = await augsburg_table(env, monkeypatch)
    await play_to(table, policy, "round")  # the next move needs a new board posted in the thread
    await lose_thread(env, table, how)
    words = PERMISSION if how == "permission" else LOCKED
    mover = await table.actor_of_seat(next(iter(table.bot.service.spec(await table.row()).to_act(await table.state()))))
    other = next(p for p in table.players if p.id != mover.id)
    mark = request_cursor(env)
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).status == "running"  # stored: the game goes on by DM
    told = notices(env, table, mover.id, mark, words)
    assert len(told) == 1 and "Your move is stored" in told[0], shown_to(env, mover.id, mark)
    assert not notices(env, table, other.id, mark, words)  # an ephemeral answer to the mover alone
    mark = request_cursor(env)
    for _ in range(4):  # later moves the thread still refuses: not told again
        assert await play_turn_by_dm(table, policy)
    assert not [t for p in table.players for t in notices(env, table, p.id, mark, words)]


async def test_the_log_names_the_missing_permission_and_the_board_catches_up_once_granted(
        simcord_env, monkeypatch, caplog):
    env = simcord_env
    caplog.set_level(logging.INFO)
    table, policy = await augsburg_table(env, monkeypatch)
    await play_to(table, policy, "round")
    await lose_thread(env, table, "permission")
    before = len(caplog.records)
    assert await play_turn_by_dm(table, policy)
    lines = [r.getMessage() for r in caplog.records[before:] if r.levelno >= logging.WARNING]
    assert any("board of table" in line and "Send Messages in Threads" in line for line in lines), lines
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, send_messages_in_threads=True)
    await env.advance_time(6 * 60)
    shown, public = thread_log(table), await public_log(table)
    assert [line for line in public if line not in shown] == []
    # Refused again later: the player who moves then is told again.
    await play_to(table, policy, "round")
    await lose_thread(env, table, "permission")
    mark = request_cursor(env)
    assert await play_turn_by_dm(table, policy)
    assert [t for p in table.players for t in notices(env, table, p.id, mark, PERMISSION)]
