"""A pay-off answer is timed (README: `decision_timeout`, "for each offer and each answer: out of
time ... an unanswered amount is refused, so the die decides"), but the board shows no deadline
for the answer steps (to keep them secret) and there are no reminders: the player who must answer
is the only one who may know the limit, and their own panel tells them."""
from __future__ import annotations

import pytest

from games import registry
from games.baumeister import moves
from tests.bot.driver import board_message, play_turn_by_dm, text_of
from tests.bot.test_baumeister_sabotage import dm_panel, table_at_a_pay_off_offer

SPEC = registry.get("baumeister")


@pytest.mark.slow
async def test_the_side_that_must_answer_a_pay_off_is_told_its_time_limit(simcord_env, settings, monkeypatch):
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker = state.current
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim offers 1 thaler
    assert (await table.state()).phase == "answer"
    (timer,) = [t for t in await table.bot.store.tables.timers(table_id=table.table_id, kind="decision")
                if t.payload.get("seat") == attacker]
    due = int(timer.due_at)
    panel = await dm_panel(table, attacker)  # the attacker's DM: "Accept 1 thaler", "Ask for ...", "Refuse"
    shown = text_of(panel)
    board = text_of(await board_message(table))
    assert f"<t:{due}" not in board  # by design the board keeps the answer's time secret
    # ... so the attacker's own panel is the place that says when the time to answer runs out.
    assert f"⏰ Your time for this decision runs out <t:{due}:R>." in shown, shown
