"""Read Message History taken from the bot while a player whose DMs are closed is away: each start
looks for their away notice in the thread, cannot read it, and posts (and pings) it again."""
from __future__ import annotations

import pytest

from tests.bot.moderation import restart
from tests.bot.driver import heuristic_players
from tests.bot.test_closed_dms import close_dms
from tests.bot.test_pace import LIVE, live_table, play_seat


def notices_for(table, player):
    return [m for m in table.thread.history()
            if (m.content or "").startswith(f"<@{player.id}>") and "Time ran out in" in m.content]


@pytest.mark.parametrize("history", [True, False])
async def test_away_notice_in_the_thread_is_not_posted_again_at_each_start(simcord_env, settings, history):
    env = simcord_env
    env.check_errors = False
    table = await live_table(env, seats=2)
    ada, bo = table.players
    close_dms(env, bo)
    policy = heuristic_players("augsburg1520", 2)
    await play_seat(table, ada, policy)
    await env.advance_time(LIVE + 1)  # bo misses the deadline: told in the thread (DMs closed)
    assert len(notices_for(table, bo)) == 1
    if not history:
        await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, read_message_history=False)
        await env.settle()
    for _ in range(3):
        await restart(env, settings)
    assert len(notices_for(table, bo)) == 1, f"{len(notices_for(table, bo))} away notices pinging bo"
