"""A press on a panel whose decision's time limit ran out first: the answer says why it did not
count, not only that the panel is out of date."""

from __future__ import annotations

import pytest

from games.baumeister import moves
from play.results import seat_choices
from tests.bot.driver import choice_target, clicker, fix_deal, heuristic_players, labels, panel_message, play_turn_by_dm
from tests.bot.test_baumeister_sabotage import dm_panel, table_at_a_pay_off_offer
from tests.bot.test_pace import LIVE, dms_with, live_table, play_seat
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


async def test_a_stale_press_after_the_players_own_take_back_blames_no_time_out(simcord_env, monkeypatch):
    """bo's time once ran out (the computer chose for him) and he came back; later he moves and takes
    it back: a press on the panel he answered is out of date, but no time ran out for it."""
    fix_deal(monkeypatch, 1)
    table = await live_table(simcord_env)
    ada, bo = table.players
    policy = heuristic_players("augsburg1520", 2)
    await play_seat(table, ada, policy)
    await simcord_env.advance_time(LIVE + 1)  # the computer buys for bo (his time ran out)
    assert "Welcome back" in (await bo.user.click(dms_with(bo, "Time ran out")[-1], label="I'm back")).response.content
    spec, bo_seat = await table.spec(), await table.seat_of(bo)
    for _ in range(60):  # until bo makes a move he may take back
        row, state = await table.row(), await table.state()
        seat = next(s for s in await table.seats() if s.user_id is not None and s.seat in spec.to_act(state))
        actor = ada if seat.user_id == ada.id else bo
        panel = await panel_message(table, actor, seat)
        index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
        how, custom_id = choice_target(panel, index)
        await forge_component(clicker(actor, panel), panel, custom_id, None if how == "click" else [str(index)],
                              forged=False)
        if actor is bo and (await table.row()).version == row.version + 1 and \
                "↩ Take back" in labels(bo.user.dm_channel.history()[-1]):
            break
    else:
        raise AssertionError("bo made no move he could take back")
    bos = [version for version, seat, _, _ in await table.bot.store.tables.timed_actions(table.table_id)
           if seat == bo_seat]
    # Taken back, it leaves the computer's move as bo's latest stored one (which the refusal must not read as his).
    assert (await table.bot.store.tables.how_made(table.table_id, bos[-2]))[0], "bo had moved himself before"
    assert "taken back" in (await bo.slash(table.thread, "table undo")).response.content
    version = (await table.row()).version
    refused = await forge_component(clicker(bo, panel), panel, custom_id, None if how == "click" else [str(index)],
                                    forged=False)  # pressed again, as the take-back came
    told = refused.followups[-1].content if refused.followups else refused.response.content
    assert told.startswith("These buttons are out of date"), told
    assert (await table.row()).version == version and bo_seat in spec.to_act(await table.state())
