"""A running table's thread stops taking the bot's board (a moderator takes Send Messages in Threads
away, or locks the thread): the move is stored, the game goes on by DM, and the player who moved is
told, privately and once, why the thread stays behind and who can fix it; the log names the same."""

from __future__ import annotations

import logging

import pytest

from bot import create_bot
from play.results import seat_choices
from tests.bot.driver import choose, fix_deal, heuristic_players, play_turn_by_dm, request_cursor, shown_to
from tests.bot.test_closed_dms import SPEC, play_until_pinged, table_with_closed_dms, turn_pings
from tests.bot.test_board_refused import augsburg_table, play_to, public_log, thread_log

PERMISSION = "I am missing the permission **Send Messages in Threads**"
LOCKED = "I cannot post in this table's thread: it is locked or archived."


async def lose_thread(env, table, how: str) -> None:
    channel = env.bot.get_channel(table.channel.id)
    if how == "permission":  # denied to the bot by name
        await channel.set_permissions(env.bot.user, send_messages_in_threads=False)
    elif how == "role permission":  # denied to its roles
        for role in channel.guild.me.roles:
            await channel.set_permissions(role, send_messages_in_threads=False)
    else:  # a moderator locks the thread: Discord refuses posts in it as archived
        env.check_errors = False
        env.inject_error("POST", f"/channels/{table.thread.id}/messages*", status=400, code=50083,
                         message="Thread is archived", times=None)


def notices(env, table, user_id: int, since: int, words: str) -> list[str]:
    return [text for text in shown_to(env, user_id, since) if words in text]


@pytest.mark.parametrize("how", ["permission", "role permission", "locked"])
async def test_the_player_whose_board_the_thread_refuses_is_told_why_once(simcord_env, monkeypatch, how):
    env = simcord_env
    table, policy = await augsburg_table(env, monkeypatch)
    await play_to(table, policy, "round")  # the next move needs a new board posted in the thread
    await lose_thread(env, table, how)
    words = LOCKED if how == "locked" else PERMISSION
    mover = await table.actor_of_seat(next(iter(table.bot.service.spec(await table.row()).to_act(await table.state()))))
    other = next(p for p in table.players if p.id != mover.id)
    mark = request_cursor(env)
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).status == "running"  # stored: the game goes on by DM
    told = notices(env, table, mover.id, mark, words)
    assert len(told) == 1 and "Your move is stored" in told[0], shown_to(env, mover.id, mark)
    # Where to grant it: a deny set on the bot by name beats any grant to its roles.
    if how == "permission":
        assert "where it is denied to me by name" in told[0] and "to my role" not in told[0], told[0]
    if how == "role permission":
        assert "or to my role" in told[0] and "by name" not in told[0], told[0]
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
    for _ in range(3):  # refused alike at the next moves: the operator was told what to grant once
        assert await play_turn_by_dm(table, policy)
    warned = [r for r in caplog.records[before:] if r.levelno >= logging.WARNING and "board of table" in r.getMessage()]
    assert len(warned) == 1, [r.getMessage() for r in warned]
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


def channel_pings(table, player):
    return [m for m in table.channel.history() if f"<@{player.id}>, it is your move" in (m.content or "")]


@pytest.mark.parametrize("how", ["permission", "locked"])
async def test_a_player_with_closed_dms_hears_of_their_turn_in_the_channel_when_the_thread_refuses(
        simcord_env, monkeypatch, settings, how):
    """bo's DMs are closed, so his turns are mentioned in the thread; once the thread refuses the
    bot's posts, the mention goes to the table's channel (naming the table and its thread), with a
    **My hand** that opens his hand there. A restart does not mention him again for that decision."""
    env = simcord_env
    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(env)
    policy = heuristic_players("augsburg1520", 2)
    await lose_thread(env, table, how)
    in_thread = len(turn_pings(table, bo))
    before = await play_until_pinged(table, policy, lambda: channel_pings(table, bo))
    ping = channel_pings(table, bo)[-1]
    assert f"(table #{table.table_id})" in ping.content and f"<#{table.thread.id}>" in ping.content
    assert bo.id in ping.raw_mentions and len(turn_pings(table, bo)) == in_thread
    hand = await bo.click(ping, label="My hand")
    assert hand.ephemeral and "your hand" in hand.response.embeds[0].title
    await env.restart_bot(create_bot(settings))
    await env.settle()
    assert len(channel_pings(table, bo)) == before + 1
    version = (await table.row()).version
    bo_seat = next(s for s in await table.seats() if s.user_id == bo.id)
    assert bo_seat.seat in SPEC.to_act(await table.state())
    hand = await bo.click(ping, label="My hand")  # his move, from the channel's mention
    index = seat_choices(SPEC, await table.state(), bo_seat.seat).index(policy(await table.state(), bo_seat.seat))
    assert (await choose(bo, hand.response.message, index)).acknowledged
    assert (await table.row()).version > version


@pytest.mark.slow
async def test_the_player_whose_move_ends_the_game_is_not_promised_a_next_move(simcord_env, monkeypatch):
    """The thread refuses the last board: the mover hears that the game is over and when its last
    board and standings are tried again, which happens once the permission is back."""
    env = simcord_env
    table, policy = await augsburg_table(env, monkeypatch)
    while True:  # up to the move that ends the game
        state, spec = await table.state(), SPEC
        seat = min(spec.to_act(state))
        if spec.outcome(spec.apply(state, seat, policy(state, seat))[0]) is not None:
            break
        assert await play_turn_by_dm(table, policy)
    mover = await table.actor_of_seat(seat)
    await lose_thread(env, table, "permission")
    mark = request_cursor(env)
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).status == "finished"
    (told,) = notices(env, table, mover.id, mark, PERMISSION)
    assert "The game is over" in told and "next move" not in told, told
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, send_messages_in_threads=True)
    await env.advance_time(2 * 3600 + 60)
    assert any(e.title and "final standings" in e.title for m in table.thread.history() for e in m.embeds), \
        [e.title for m in table.thread.history() for e in m.embeds]
