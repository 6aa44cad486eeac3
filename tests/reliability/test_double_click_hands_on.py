"""README (Playing): "a double click makes one move (the second is told the panel is out of date)",
also when the first click hands the decision to someone else: the second is not told it is
"not your turn", as if the click had not counted."""

from __future__ import annotations

import asyncio

from play.moves import OUT_OF_DATE
from play.results import seat_choices
from tests.bot.driver import (choice_target, clicker, fix_deal, heuristic_players, open_table, panel_message,
                              play_until, start)
from tests.reliability.forge import forge_component


def ephemeral_answers(result) -> list[str]:
    answers = [result.response] if result.response is not None else []
    return [m.content for m in answers + list(result.followups) if m.ephemeral]


async def double_click(table, actor, policy):
    """The actor's heuristic choice, pressed twice at once on their DM panel: both results."""
    spec, state = await table.spec(), await table.state()
    row = next(s for s in await table.seats() if s.user_id == actor.id)
    index = seat_choices(spec, state, row.seat).index(policy(state, row.seat))
    panel = await panel_message(table, actor, row)
    how, custom_id = choice_target(panel, index)
    values = None if how == "click" else [str(index)]
    return await asyncio.gather(*(forge_component(clicker(actor, panel), panel, custom_id, values, forged=False)
                                  for _ in range(2)))


async def test_the_second_press_of_a_move_that_hands_the_turn_on_is_out_of_date(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    spec = await table.spec()

    def hands_on(state) -> bool:
        acting = spec.to_act(state)
        if len(acting) != 1:
            return False
        (seat,) = acting
        after, _ = spec.apply(state, seat, policy(state, seat))
        return seat not in spec.to_act(after)

    state = await play_until(table, policy, hands_on, "a choice that hands the decision on")
    (seat,) = spec.to_act(state)
    version = (await table.row()).version
    first, second = await double_click(table, await table.actor_of_seat(seat), policy)
    assert (await table.row()).version == version + 1  # one move
    refused = ephemeral_answers(first) + ephemeral_answers(second)
    assert len(refused) == 1 and refused[0].startswith(OUT_OF_DATE), refused
    assert "not your turn: waiting for bo" in refused[0], refused  # and whose turn it is now
