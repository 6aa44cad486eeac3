"""A double click on a creator's lobby control changes the table once. README: "A second press of
a lobby's **Add computer**, **Remove computer**, **Rated**, **Pace** or **Vote out after** made on
the lobby as it was before the first press changed it (a double click) is answered privately and
changes nothing." Both presses reach the bot together, as a double click sends them."""

from __future__ import annotations

import asyncio

import pytest

from play.lobby import LOBBY_OUT_OF_DATE
from tests.bot.driver import buttons, open_table
from tests.reliability.forge import forge_component


def said(result) -> list[str]:
    return [m.content for m in [result.response, *result.followups] if m is not None and m.content]


def control(message, label_start: str):
    """The button of `message` whose label starts so (None: it shows none)."""
    return next((c for c in buttons(message) if (getattr(c, "label", None) or "").startswith(label_start)), None)


async def double_click(actor, message, label_start: str) -> list[list[str]]:
    pressed = control(message, label_start).custom_id
    answers = await asyncio.gather(forge_component(actor, message, pressed, forged=False),
                                   forge_component(actor, message, pressed, forged=False))
    return [said(a) for a in answers]


@pytest.mark.parametrize("label, check", [
    ("Add computer", lambda row, seats: sum(s.ai is not None for s in seats) == 2),
    ("Remove computer", lambda row, seats: sum(s.ai is not None for s in seats) == 0),
    ("Rated", lambda row, seats: row.rated),
    ("Pace", lambda row, seats: (row.pace, row.pace_seconds) == ("async", 3 * 86400)),
    ("Vote out after", lambda row, seats: row.handover_after == 3),
])
async def test_a_double_click_on_a_creator_control_changes_the_lobby_once(simcord_env, label, check):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"], computers=1)
    ada = table.players[0]
    answers = await double_click(ada, table.thread.history()[0], label)
    assert sum(LOBBY_OUT_OF_DATE in a for a in answers) == 1, answers
    assert check(await table.row(), await table.seats()), (answers, await table.row())
    # The lobby shows the change, and a press on it as it is now is taken.
    lobby = table.thread.history()[0]
    if control(lobby, label) is not None:  # (no Remove computer once none is seated)
        before = (await table.row(), await table.seats())
        again = said(await ada.click(lobby, label=control(lobby, label).label))
        assert LOBBY_OUT_OF_DATE not in again and (await table.row(), await table.seats()) != before, again


async def test_two_presses_of_add_computer_one_after_the_other_add_two(simcord_env):
    """Not a double click: each press on the lobby as it is then is taken."""
    table = await open_table(simcord_env, "augsburg1520", ["ada"])
    for _ in range(2):
        answered = await table.players[0].click(table.thread.history()[0], label="Add computer")
        assert said(answered) == ["Computer player added."], said(answered)
    assert sum(s.ai is not None for s in await table.seats()) == 2


async def test_a_button_of_an_older_lobby_message_without_what_it_showed_still_works(simcord_env):
    """A lobby posted by an older version of the bot carries no such number: its press is taken."""
    table = await open_table(simcord_env, "augsburg1520", ["ada"])
    lobby = table.thread.history()[0]
    old = f"lobby:addai:{table.table_id}"
    answered = await forge_component(table.players[0], lobby, old, forged=False)
    assert said(answered) == ["Computer player added."], said(answered)
    assert sum(s.ai is not None for s in await table.seats()) == 1


async def test_a_lobby_left_behind_by_a_refused_edit_is_brought_up_to_date_by_the_refused_press(simcord_env):
    """Discord refuses the lobby's edit after Add computer: the lobby still shows the table before
    it. The creator's next press there is refused as made on a lobby out of date, and the lobby is
    brought up to date with it, so the press after it is taken (the controls are not left refused)."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada = table.players[0]
    simcord_env.check_errors = False
    lobby_id = (await table.row()).lobby_message_id
    simcord_env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/{lobby_id}", status=403, code=50013,
                             times=1)
    assert said(await ada.click(table.thread.history()[0], label="Add computer")) == ["Computer player added."]
    lobby = next(m for m in table.thread.history() if m.id == lobby_id)
    assert control(lobby, "Remove computer") is None  # not shown: the edit was refused
    refused = said(await ada.click(lobby, label=control(lobby, "Rated").label))
    assert refused == [LOBBY_OUT_OF_DATE] and not (await table.row()).rated, refused
    lobby = next(m for m in table.thread.history() if m.id == lobby_id)
    assert control(lobby, "Remove computer") is not None  # shown as it is now
    taken = said(await ada.click(lobby, label=control(lobby, "Rated").label))
    assert LOBBY_OUT_OF_DATE not in taken and (await table.row()).rated, taken
