"""Locks and caches are bounded: the bot's buttons and menus are DynamicItems, routed by their
custom ids, so discord.py keeps no view per message. An ephemeral panel (My hand, a log page)
would otherwise be held with a timer for the 15 minutes its interaction lives; a DM panel or a
board would be held for good."""

from __future__ import annotations

import asyncio

from play.results import seat_choices
from tests.bot.driver import board_message, choose, heuristic_players, open_table, play_turn_by_dm, start


def kept_views(env) -> tuple[int, int, int]:
    """(views discord.py keeps per message, views it times, forms it awaits)."""
    store = env.bot._connection._view_store
    timed = [task for task in asyncio.all_tasks() if "timeout_task" in repr(task.get_coro())]
    return len(store._synced_message_views) + len(store._views), len(timed), len(store._modals)


async def test_panels_boards_and_log_pages_leave_no_view_behind(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    for _ in range(4):
        assert await play_turn_by_dm(table, policy)
    spec, state = await table.spec(), await table.state()
    mover = await table.actor_of_seat(min(spec.to_act(state)))
    hand = await mover.click(await board_message(table), label="My hand")  # an ephemeral panel, with its choices
    assert hand.response.ephemeral and hand.response.message.components
    log = await mover.slash(table.thread, "table log")  # an ephemeral log page, with page buttons
    assert log.response.ephemeral and log.response.message.components
    assert kept_views(simcord_env) == (0, 0, 0)
    # ... and their buttons still work: routed by custom id, as after a restart.
    version, seat = (await table.row()).version, min(spec.to_act(state))
    index = seat_choices(spec, state, seat).index(policy(state, seat))
    answer = await choose(mover, hand.response.message, index)  # chosen on the ephemeral panel
    assert answer.acknowledged and (await table.row()).version == version + 1
    spec, state = await table.spec(), await table.state()
    mover = await table.actor_of_seat(min(spec.to_act(state)))
    later = await mover.click(await board_message(table), label="My hand")
    assert later.response.ephemeral and later.response.message.components
    assert kept_views(simcord_env) == (0, 0, 0)
