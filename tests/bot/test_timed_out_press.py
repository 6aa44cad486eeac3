"""A press on a panel whose decision's time limit ran out first: the answer says why it did not
count, not only that the panel is out of date."""

from __future__ import annotations

import pytest

from games.baumeister import moves
from play.results import seat_choices
from tests.bot.driver import choice_target, clicker, play_turn_by_dm
from tests.bot.test_baumeister_sabotage import dm_panel, table_at_a_pay_off_offer
from tests.reliability.forge import forge_component


@pytest.mark.slow
async def test_an_answer_pressed_after_its_time_ran_out_is_told_so(simcord_env, settings, monkeypatch):
    """README: a pay-off step "not answered in time" is refused for the player. Their Accept,
    pressed as (or after) the time runs out, is refused with that reason, and nothing else changes."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    saboteur = state.current
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim offers 1 thaler
    offer = await table.state()
    accept = next(i for i, a in enumerate(seat_choices(await table.spec(), offer, saboteur)) if a.kind == "accept")
    panel, player = await dm_panel(table, saboteur), await table.actor_of_seat(saboteur)
    how, custom_id = choice_target(panel, accept)
    await simcord_env.advance_time(settings.decision_timeout + 1)  # the answer's time runs out: refused
    version = (await table.row()).version
    # The press was on its way as the time ran out (the panel has lost its controls since).
    refused = await forge_component(clicker(player, panel), panel, custom_id,
                                    None if how == "click" else [str(accept)], forged=False)
    told = refused.followups[-1].content if refused.followups else refused.response.content
    assert told.startswith("Your time for your last decision ran out, and the bot chose for you."), told
    assert (await table.row()).version == version
    actions = await table.bot.store.tables.timed_actions(table.table_id)
    assert (actions[-1][1], actions[-1][2]) == (saboteur, '{"kind":"refuse"}')
