"""A player whose DMs are closed is told in the thread that a computer plays their seat, with
**I'm back**. Once the game is over (finished or cancelled) the button has nothing left to do:
it goes, as it does from a notice sent by DM."""

from __future__ import annotations

import pytest

from tests.bot.driver import heuristic_players, labels, play_turn_by_dm
from tests.bot.test_closed_dms import close_dms
from tests.bot.test_pace import LIVE, live_table, play_seat


def thread_backs(table) -> list:
    return [m for m in table.thread.history() if "I'm back" in labels(m)]


async def bo_away_told_in_the_thread(env):
    table = await live_table(env)
    ada, bo = table.players
    close_dms(env, bo)
    policy = heuristic_players("augsburg1520", 2)
    await play_seat(table, ada, policy)  # ada chooses in time, bo does not
    await env.advance_time(LIVE + 1)
    assert next(s for s in await table.seats() if s.user_id == bo.id).away
    assert thread_backs(table) and thread_backs(table)[-1].content.startswith(f"<@{bo.id}>")
    return table, policy


async def test_a_cancelled_table_leaves_no_im_back_in_its_thread(simcord_env):
    table, _ = await bo_away_told_in_the_thread(simcord_env)
    await table.players[0].slash(table.thread, "table cancel")  # bo is away: nobody has to agree
    assert (await table.row()).status == "cancelled"
    assert not thread_backs(table)


@pytest.mark.slow
async def test_a_finished_game_leaves_no_im_back_in_its_thread(simcord_env):
    table, policy = await bo_away_told_in_the_thread(simcord_env)
    for _ in range(600):
        if not await play_turn_by_dm(table, policy):
            break
    assert (await table.row()).status == "finished"
    assert next(s for s in await table.seats() if s.user_id == table.players[1].id).away
    assert not thread_backs(table)
