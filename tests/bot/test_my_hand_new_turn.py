"""A choice answered from My hand that begins a new turn of the same player gets that turn's DM,
as every turn does; a decision that goes on in the same turn stays on My hand."""

from __future__ import annotations

import pytest

from play.results import seat_choices
from tests.bot.driver import board_message, buttons, choose, fix_deal, heuristic_players, open_table, play_until, start


@pytest.mark.slow
@pytest.mark.parametrize("answer", ["shown", "expired"])
async def test_my_hand_answer_that_opens_the_council_hall_sends_the_movers_turn_dm(simcord_env, monkeypatch, answer):
    """README (Pace): "the ping of every turn is its DM, which begins `Your turn in <game> (table #n)`";
    answered from My hand, the DM panel says the choices are there only "while your choice goes on".
    Aelderman: the last turn at sea, ended from My hand, opens the Council Hall, where the mover bids too.
    One DM, also when the click's answer failed (expired) and the panel went by DM for that reason."""
    fix_deal(monkeypatch, 13)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo", "cy"], options="version=main")
    await start(table)
    policy = heuristic_players("aelderman", 3)
    spec = table.bot.service.spec(await table.row())

    def ending_the_last_sea_turn(state):
        if state.phase != "trade" or state.turn is None:
            return False
        after, _ = spec.apply(state, state.turn.seat, policy(state, state.turn.seat))
        return after.phase == "council" and state.turn.seat in spec.to_act(after)

    state = await play_until(table, policy, ending_the_last_sea_turn, "the last sea turn's end", limit=800)
    mover = await table.actor_of_seat(state.turn.seat)
    sent = len(mover.user.dm_channel.history())
    hand = (await mover.click(await board_message(table), label="My hand")).response.message
    if answer == "expired":
        simcord_env.check_errors = False
        simcord_env.inject_error("POST", "/interactions/*/callback", times=1, status=404, code=10062,
                                 message="Unknown interaction")
    await choose(mover, hand, seat_choices(spec, state, state.turn.seat).index(policy(state, state.turn.seat)))
    assert (await table.state()).phase == "council"
    new = mover.user.dm_channel.history()[sent:]
    assert len(new) == 1 and new[0].content.startswith("**Your turn in Aelderman (table #1)**"), [m.content[:80] for m in new]
    assert buttons(new[0]) or new[0].components  # the bid's controls
    # One DM panel asks, the new turn's: an older one keeps at most an answered panel's ↩ Take back
    # (README: refused once out of date).
    older = [(m.content[:60], [c.custom_id for row in m.components for c in row.children])
             for m in mover.user.dm_channel.history()[:sent] if m.components]
    assert all(all(i.startswith("undo:") for i in ids) for _, ids in older), older
