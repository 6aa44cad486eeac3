"""The bot's log at its default level (INFO) must not hold a secret: README, "A fault inside the
bot ... is logged with its traceback for the operators", and bot/__main__.configure_logging: "The
log may be read by others than the players" (why library debug lines, which hold hands and sealed
bids, are kept out of it). The rule: a secret reaches no "log others can read"."""

from __future__ import annotations

import logging

import pytest

from games.baumeister import moves
from tests.bot.database_faults import refuse
from tests.bot.driver import buttons, play_turn_by_dm
from tests.bot.test_baumeister_sabotage import dm_panel, table_at_a_pay_off_offer


@pytest.mark.slow  # plays up to a pay-off
@pytest.mark.parametrize("answer", ["answered", "answer refused too"])
async def test_a_fault_on_accepting_a_pay_off_does_not_log_the_secret_amount(simcord_env, monkeypatch, caplog,
                                                                             answer):
    """The victim offers 3 thalers: only the two negotiators may know the amount (README: "the thread
    sees only that they negotiate and whether they agree"). The attacker presses "Accept 3 thalers"
    as the database refuses the write: the operator log must not name the amount."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker = state.current
    amount = min(3, state.money[state.victim])
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[amount])  # the private offer
    panel = await dm_panel(table, attacker)
    accept = next(c for c in buttons(panel) if (getattr(c, "label", "") or "").startswith("Accept "))
    secret = accept.label  # "Accept 3 thalers"
    refuse(simcord_env, simcord_env.bot.store.tables, "save_move", lambda n, kwargs: True)  # a full disk
    caplog.set_level(logging.INFO)
    player = await table.actor_of_seat(attacker)
    if answer == "answer refused too":  # the connection to Discord drops as the bot answers as well
        async def connection_lost(interaction):
            raise ConnectionResetError("connection reset by peer")

        monkeypatch.setattr("bot.ui.requests.answer_fault", connection_lost)
    result = await player.user.click(panel, custom_id=accept.custom_id)
    if answer == "answered":
        assert "went wrong" in (result.response.content or "").lower()  # answered privately, as README says
    logged = [record.getMessage() for record in caplog.records if record.levelno >= logging.INFO]
    leaking = [line for line in logged if secret in line]
    assert not leaking, f"the operator log names the secret pay-off ({secret!r}): {leaking[0][:500]}"
    faults = [record for record in caplog.records if record.exc_info]  # still logged, with its traceback
    assert faults and "act:" in faults[-1].getMessage()
