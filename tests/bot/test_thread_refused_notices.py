"""A player whose DMs are closed hears of a table only by mentions in its thread. When the thread
refuses the bot's posts (locked, or Send Messages in Threads taken away), those mentions go to the
table's channel, naming the table and its thread: the reminders, the notice that time ran out (whose
**I'm back** works there and then loses its button), and the notice that they are the last to choose
(taken down there when a take-back makes it untrue)."""

from __future__ import annotations

import pytest

from tests.bot.driver import fix_deal, heuristic_players, labels
from tests.bot.test_closed_dms import SPEC, table_with_closed_dms
from tests.bot.test_last_to_choose_in_thread import TAKE_BACK, finish_choosing
from tests.bot.test_pace import LIVE
from tests.bot.test_thread_refused_midgame import lose_thread


def in_channel(table, player, words: str) -> list:
    return [m for m in table.channel.history()
            if (m.content or "").startswith(f"<@{player.id}>") and words in m.content]


def in_thread(table, player, words: str) -> list:
    return [m for m in table.thread.history() if player.mention in (m.content or "") and words in m.content]


def names_table_and_thread(table, message) -> bool:
    return f"table #{table.table_id}" in message.content and f"<#{table.thread.id}>" in message.content


@pytest.mark.parametrize("how", ["permission", "locked"])
async def test_reminders_and_the_away_notice_go_to_the_channel(simcord_env, how):
    env = simcord_env
    table, bo, _ = await table_with_closed_dms(env, live=True)
    await finish_choosing(table, table.players[0], await table.seat_of(table.players[0]),
                          heuristic_players("augsburg1520", 2))  # ada chooses in time, bo does not
    await lose_thread(env, table, how)
    await env.advance_time(LIVE // 2 + 1)
    reminder = in_channel(table, bo, "Still your turn in Augsburg 1520")
    assert len(reminder) == 1 and names_table_and_thread(table, reminder[0])
    assert bo.id in reminder[0].raw_mentions
    await env.advance_time(LIVE * 4 // 10)
    assert len(in_channel(table, bo, "Last call: your turn")) == 1
    await env.advance_time(LIVE // 10)  # past the deadline: a computer buys for bo
    assert next(s for s in await table.seats() if s.user_id == bo.id).away
    notice = in_channel(table, bo, "Time ran out in Augsburg 1520")
    assert len(notice) == 1 and "I'm back" in labels(notice[0]) and names_table_and_thread(table, notice[0])
    assert not in_thread(table, bo, "Time ran out") and not in_thread(table, bo, "your turn")

    back = await bo.click(notice[0], label="I'm back")
    assert back.ephemeral and "Welcome back" in back.response.content
    assert not next(s for s in await table.seats() if s.user_id == bo.id).away
    assert "I'm back" not in labels(in_channel(table, bo, "Time ran out")[0])  # its button went


async def test_im_back_pressed_elsewhere_retires_the_notice_in_the_channel(simcord_env):
    """bo comes back through **My hand** (on the board): the notice in the channel loses **I'm back**
    as well, as one in the thread would."""
    env = simcord_env
    table, bo, _ = await table_with_closed_dms(env, live=True)
    await finish_choosing(table, table.players[0], await table.seat_of(table.players[0]),
                          heuristic_players("augsburg1520", 2))
    await lose_thread(env, table, "permission")
    await env.advance_time(LIVE + 1)
    notice = in_channel(table, bo, "Time ran out")
    assert len(notice) == 1 and "I'm back" in labels(notice[0])
    board = next(m for m in table.thread.history() if "My hand" in labels(m))
    hand = await bo.click(board, label="My hand")
    assert "I'm back" in labels(hand.response.message)
    back = await bo.click(hand.response.message, label="I'm back")
    assert "Welcome back" in (back.response.content or "")
    assert "I'm back" not in labels(in_channel(table, bo, "Time ran out")[0])


async def test_the_last_to_choose_notice_goes_to_the_channel_and_a_take_back_takes_it_down(simcord_env):
    env = simcord_env
    table, bo, _ = await table_with_closed_dms(env)
    ada = table.players[0]
    await lose_thread(env, table, "locked")
    seat, policy = await table.seat_of(ada), heuristic_players("augsburg1520", 2)
    await finish_choosing(table, ada, seat, policy)  # the opening purchase: bo is the last to choose
    told = in_channel(table, bo, "last to choose")
    assert len(told) == 1 and names_table_and_thread(table, told[0])
    assert not in_thread(table, bo, "last to choose")

    panel = next(m for m in reversed(ada.user.dm_channel.history()) if TAKE_BACK in labels(m))
    assert (await ada.user.click(panel, label=TAKE_BACK)).acknowledged
    assert seat in SPEC.to_act(await table.state())  # ada chooses again: bo is not the last any more
    assert not in_channel(table, bo, "last to choose")
    await finish_choosing(table, ada, seat, policy)
    assert len(in_channel(table, bo, "last to choose")) == 1  # told again, once


async def test_a_channel_refusing_the_notice_too_is_logged_naming_send_messages(simcord_env, caplog):
    """README allows a channel without Send Messages for tables; then a notice the thread refuses
    reaches the closed-DM player nowhere, and the log says which permission would carry it."""
    env = simcord_env
    table, bo, _ = await table_with_closed_dms(env, live=True)
    await finish_choosing(table, table.players[0], await table.seat_of(table.players[0]),
                          heuristic_players("augsburg1520", 2))
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, send_messages=False)
    await lose_thread(env, table, "locked")
    await env.advance_time(LIVE // 2 + 1)
    assert not in_channel(table, bo, "Still your turn in Augsburg 1520")
    assert any("refused in its channel" in r.getMessage() and "Send Messages" in r.getMessage()
               for r in caplog.records), [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]


async def test_the_log_names_view_channels_when_that_is_what_the_channel_lacks(simcord_env, caplog, monkeypatch):
    """Without View Channels the thread and its channel both refuse a closed-DM player's mention: the
    operator's log line names what to grant there (as the board's warning does), not Send
    Messages, which the bot still has."""
    import logging
    env = simcord_env
    env.check_errors = False
    caplog.set_level(logging.INFO)
    fix_deal(monkeypatch, 7)
    table, bo, _ = await table_with_closed_dms(env)
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, view_channel=False)
    await env.settle()
    policy = heuristic_players("augsburg1520", 2)
    from tests.bot.driver import play_turn_by_dm
    for _ in range(6):
        await play_turn_by_dm(table, policy)
    lines = [r.getMessage() for r in caplog.records if "was refused in its channel" in r.getMessage()]
    assert lines and all("the bot needs View Channels there" in line for line in lines), lines
