"""A stop (kill -9) between storing the choice that leaves one player to choose and telling them."""

from __future__ import annotations

import contextlib

from bot import create_bot
from games import registry
from play.results import seat_choices
from tests.bot.driver import choose, open_table, panel_message, start

SPEC = registry.get("augsburg1520")


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


async def test_the_last_to_choose_is_told_after_a_stop_cut_off_the_choice_before(simcord_env, settings):
    """README: "A stop between storing a move and showing it (a crash, a killed process) loses
    nothing: at the next start the tables that changed last before the stop ... get their board shown
    again"; in a choice made at once "the last player still to choose is told so"
    (test_augsburg_game.py: "You are the last to choose ... the others have chosen"). Ada makes her
    last opening choice and the bot dies before telling Discord: Bo is still told, once."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    policies = {s: SPEC.policy("heuristic", seed=s) for s in range(2)}
    ada_seat = await table.seat_of(ada)
    for _ in range(20):
        state = await table.state()
        action = policies[ada_seat].choose(state, ada_seat)
        after, _ = SPEC.apply(state, ada_seat, action)
        last = ada_seat not in SPEC.to_act(after)
        if last:  # her last choice: the bot dies before telling Discord of it
            async def stopped(*args, **kwargs):
                raise Stopped()
            env.bot.presenter.publish = stopped
            env.check_errors = False
        row = next(s for s in await table.seats() if s.user_id == ada.id)
        with contextlib.suppress(Stopped):
            await choose(ada, await panel_message(table, ada, row), seat_choices(SPEC, state, ada_seat).index(action))
        if last:
            break
    assert SPEC.to_act(await table.state()) == {await table.seat_of(bo)}
    await env.restart_bot(create_bot(settings))
    told = [m for m in bo.user.dm_channel.history() if "You are the last to choose" in (m.content or "")]
    assert len(told) == 1, f"bo was told {len(told)} times that he is the last to choose"
