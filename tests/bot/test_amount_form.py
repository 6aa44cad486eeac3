"""Typing an amount the bid menu has no room for: "Other amount…" opens a form in the DM panel;
what is typed is checked like any choice, and the form still works after a restart."""

from __future__ import annotations

import pytest

from bot import create_bot
from games import registry
from play.results import panel_token
from tests.reliability.forge import forge_modal, private_answer
from tests.bot.driver import (clicker, fix_deal, heuristic_players, labels, open_table, panel_message,
                              play_turn_by_dm, play_until, start)

SPEC = registry.get("baumeister")


def unlisted_amount(state, seat) -> int | None:
    """An amount the seat may bid now that its menu does not list, if there is one."""
    choice = SPEC.amount_choice(state, seat)
    if choice is None:
        return None
    listed = {a.amount for a in SPEC.legal_actions(state, seat) if a.kind == "bid"}
    missing = [x for x in range(choice.low, choice.high + 1) if x not in listed]
    return missing[0] if missing else None


async def table_at_a_rich_bid(env, monkeypatch):
    """Three people play until someone must bid with more thalers than a menu can list."""
    fix_deal(monkeypatch, 5)
    table = await open_table(env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    choose = heuristic_players("baumeister", 3)
    state = await play_until(
        table, choose,
        lambda s: s.phase in ("opening", "bidding") and unlisted_amount(s, s.actor) is not None,
        "a bidder with more thalers than the menu lists", limit=1500)
    return table, state


async def bidder_panel(table, state):
    seat_row = next(s for s in await table.seats() if s.seat == state.actor)
    actor = await table.actor_of_seat(state.actor)
    panel = await panel_message(table, actor, seat_row)
    return clicker(actor, panel), panel


@pytest.mark.slow
async def test_other_amount_form_bids_an_amount_the_menu_leaves_out(simcord_env, settings, monkeypatch):
    """rulebook: "It is illegal to bid more Thalers than you actually have." Any amount up to
    that can be bid: typed ones are checked like clicks, and bad ones change nothing."""
    table, state = await table_at_a_rich_bid(simcord_env, monkeypatch)
    choice = SPEC.amount_choice(state, state.actor)
    wanted = unlisted_amount(state, state.actor)
    actor, panel = await bidder_panel(table, state)
    assert "Other amount…" in labels(panel)
    version = (await table.row()).version

    for typed, complaint in (("lots", "is not a whole number"), (str(choice.high + 1), "from"),
                             (str(choice.low - 1), "from"), ("-3", "-3 is below the lowest amount"),
                             ("**9**", "\\*\\*9\\*\\* is not"), ("<t:0:R>", "\\<t:0:R> is not"),  # shown as typed
                             ("1.5", "1.5 is not a whole number"),  # whole numbers not in the digits 0-9:
                             ("+1", "+1 is not written in the digits 0-9 alone"),
                             ("\uff11", "\uff11 is not written in the digits 0-9 alone"),
                             ("\u00b9", "\u00b9 is not written in the digits 0-9 alone"),
                             ("1.0", "1.0 is not written in the digits 0-9 alone"),
                             ("1e400", "1e400 is not written in the digits 0-9 alone"),  # beyond a float
                             ("1,000", "1,000 is not written in the digits 0-9 alone (type it without separators)"),
                             ("1 000", "1 000 is not written in the digits 0-9 alone (type it without separators)"),
                             ("\u22123", "\u22123 is below the lowest amount"),  # a phone's minus sign
                             ("   ", "Nothing was typed. Type an amount")):  # spaces alone
        shown = await actor.click(panel, label="Other amount…")
        assert shown.modal is not None
        answer = await actor.submit_modal(shown, {"amount": typed})
        assert answer.response is not None and answer.response.ephemeral
        assert complaint in answer.response.message.content
        assert f"{choice.low} to {choice.high}" in answer.response.message.content
        assert (await table.row()).version == version, "a refused amount changes nothing"
    # The form takes 9 characters; a forged answer with more digits is above every amount.
    row = await table.row()
    form = f"amountform:{table.table_id}:{panel_token(row, row.prompts[state.actor][0])}"
    forged = await forge_modal(actor, actor.dm_channel, form, {"amount": "1234567890"})
    assert "1234567890 is above the highest amount" in private_answer(forged)
    assert (await table.row()).version == version

    # The form is opened, the bot restarts, and the typed amount still counts.
    shown = await actor.click(panel, label="Other amount…")
    await simcord_env.restart_bot(create_bot(settings))
    answer = await actor.submit_modal(shown, {"amount": f" 0{wanted} "})  # a leading zero is no fault
    assert answer.acknowledged
    after = await table.state()
    assert (await table.row()).version > version
    assert after.bids[len(state.bids)] == (state.actor, wanted)


@pytest.mark.slow
async def test_a_form_answered_after_the_bid_was_made_is_refused(simcord_env, monkeypatch):
    table, state = await table_at_a_rich_bid(simcord_env, monkeypatch)
    wanted = unlisted_amount(state, state.actor)
    actor, panel = await bidder_panel(table, state)
    shown = await actor.click(panel, label="Other amount…")
    # The bidder decides on the panel instead.
    assert await play_turn_by_dm(table, heuristic_players("baumeister", 3))
    version = (await table.row()).version
    answer = await actor.submit_modal(shown, {"amount": str(wanted)})
    said = answer.response.message.content
    assert answer.response.ephemeral and "not your turn" in said
    # A form, not buttons: the refusal says which.
    assert said.startswith("This form is out of date: the game has moved on since it was opened.") and \
        "buttons" not in said, said
    assert (await table.row()).version == version


@pytest.mark.slow
async def test_a_typed_placeholder_is_quoted_as_typed_not_taken_for_a_player(simcord_env, monkeypatch):
    """The refusal quotes what was typed: "{p1}" (how the engine's texts name a seat) stays as typed
    and never turns into another player's name."""
    table, state = await table_at_a_rich_bid(simcord_env, monkeypatch)
    actor, panel = await bidder_panel(table, state)
    other = next(s for s in await table.seats() if s.seat != state.actor)
    version = (await table.row()).version
    shown = await actor.click(panel, label="Other amount…")
    answer = await actor.submit_modal(shown, {"amount": "{p%d}" % other.seat})
    text = answer.response.message.content
    assert answer.ephemeral and (await table.row()).version == version
    assert text.startswith("{p%d} is not a whole number" % other.seat), text
    assert other.display_name not in text, text


@pytest.mark.slow
async def test_unseen_characters_around_a_typed_amount_are_no_fault(simcord_env, monkeypatch):
    """README: "Typed amounts take the digits 0-9 only (leading zeros and spaces around are fine)":
    spaces of other scripts (a no-break space, an input method's full-width space) and zero-width
    characters pasted text brings along are spaces around too, not a fault the player cannot see;
    so are the invisible format characters (direction marks, a soft hyphen, an invisible separator),
    wherever they are."""
    table, state = await table_at_a_rich_bid(simcord_env, monkeypatch)
    wanted = unlisted_amount(state, state.actor)
    actor, panel = await bidder_panel(table, state)
    version = (await table.row()).version
    shown = await actor.click(panel, label="Other amount…")
    digits = str(wanted)
    pasted = f"\u200e\u3000\u200b0{digits[0]}\u00ad{digits[1:]}\u00a0\ufeff\u2063\u200f"  # a soft hyphen inside
    answer = await actor.submit_modal(shown, {"amount": pasted})
    assert answer.acknowledged and not (answer.response and answer.response.ephemeral)
    assert (await table.row()).version > version
    assert (await table.state()).bids[len(state.bids)] == (state.actor, wanted)
