"""A fault inside the bot (a bug, a database that cannot be read) still gets its user a private
answer instead of Discord's "The application did not respond" or "This interaction failed"; the
fault itself is logged for the bot's operators, and its text reaches nobody."""

from __future__ import annotations

import pytest

from tests.bot.driver import board_message, open_table, start


async def _broken(*args, **kwargs):
    raise RuntimeError("a fault")


def _fault_logged(env) -> bool:
    """The fault reached the log as a fault of the bot (the test's own doing: not a failure here)."""
    logged = any("a fault" in str(getattr(error, "original", error)) for error in env.errors)
    env.check_errors = False
    return logged


async def test_a_command_that_fails_unexpectedly_still_answers_privately(simcord_env, monkeypatch):
    """A fault in the bot (here a forced one) is logged for its operators; the user is told
    privately that it was not done, instead of Discord's "The application did not respond"."""
    from bot.ui.requests import FAULT

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])

    monkeypatch.setattr(table.bot.controller, "show_hand", _broken)
    answered = await table.players[0].slash(table.thread, "table hand")
    assert answered.ephemeral and answered.response.content == FAULT
    assert "a fault" not in answered.response.content
    assert _fault_logged(simcord_env)


async def test_a_button_whose_handling_fails_still_answers_privately(simcord_env, monkeypatch, caplog):
    from bot.ui.requests import FAULT

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    monkeypatch.setattr(table.bot.controller, "show_hand", _broken)
    clicked = await table.players[0].click(await board_message(table), label="My hand")
    assert clicked.ephemeral and clicked.response.content == FAULT
    # discord.py logs a button's fault with its traceback
    assert any(record.exc_info and "a fault" in str(record.exc_info[1]) for record in caplog.records)
    simcord_env.check_errors = False  # the fault is this test's own doing


@pytest.mark.slow  # plays to a rich bid
async def test_an_amount_form_whose_handling_fails_still_answers_privately(simcord_env, monkeypatch, caplog):
    from bot.ui.requests import FAULT
    from tests.bot.test_amount_form import bidder_panel, table_at_a_rich_bid

    table, state = await table_at_a_rich_bid(simcord_env, monkeypatch)
    actor, panel = await bidder_panel(table, state)
    shown = await actor.click(panel, label="Other amount…")
    monkeypatch.setattr(table.bot.controller, "submit_amount", _broken)
    answer = await actor.submit_modal(shown, {"amount": "5"})
    assert answer.response.ephemeral and answer.response.message.content == FAULT
    assert any(record.exc_info and "a fault" in str(record.exc_info[1]) for record in caplog.records)
    simcord_env.check_errors = False  # the fault is this test's own doing


async def test_a_command_that_fails_after_thinking_still_answers_privately(simcord_env, monkeypatch):
    """`/table create` defers its answer ("thinking…") before the work; a fault after that still
    answers, instead of leaving the user waiting until Discord gives up."""
    from bot.ui.requests import FAULT

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    monkeypatch.setattr(simcord_env.bot.service, "create_table", _broken)
    result = await ada.slash(channel, "table create", game="augsburg1520")
    texts = [getattr(result.response, "content", None)] + [m.content for m in result.followups]
    assert FAULT in texts, texts
    assert _fault_logged(simcord_env)
