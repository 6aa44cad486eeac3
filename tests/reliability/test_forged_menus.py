"""Menus answered as no Discord client answers them: a one-choice menu with several values, or a
lobby option menu with a value it does not offer. Refused privately, saying what is wrong, and
nothing changes."""

from __future__ import annotations

import pytest

from games import registry
from tests.bot.driver import buttons, clicker, open_table, panel_message, start
from tests.reliability.forge import forge_component


@pytest.mark.parametrize("game", ["augsburg1520", "baumeister", "aelderman"])
async def test_two_values_on_a_one_choice_menu_play_nothing(simcord_env, game):
    table = await open_table(simcord_env, game, ["ada", "bo", "cy"])
    await start(table)
    seat = min(registry.get(game).to_act(await table.state()))
    actor = await table.actor_of_seat(seat)
    panel = await panel_message(table, actor, next(s for s in await table.seats() if s.seat == seat))
    control = next(custom_id for custom_id in (getattr(c, "custom_id", "") or "" for c in buttons(panel))
                   if custom_id.startswith(("act:", "pick:")))
    table_id, token = control.split(":")[1:3]
    version = (await table.row()).version
    result = await forge_component(clicker(actor, panel), panel, f"pick:{table_id}:{token}:0", values=["0", "1"])
    assert result.ephemeral and "not on offer" in result.response.content, result.response.content
    assert (await table.row()).version == version


async def test_two_values_on_a_lobby_option_menu_change_nothing(simcord_env):
    table = await open_table(simcord_env, "baumeister", ["ada", "bo"])
    before = (await table.row()).options
    result = await forge_component(table.players[0], table.thread.history()[0],
                                   f"option:{table.table_id}:take_three", values=["false", "true"])
    assert result.ephemeral and "not offered" in result.response.content, result.response.content
    assert (await table.row()).options == before


@pytest.mark.parametrize("who, key, reason", [
    ("bo", "take_three", "Only the table's creator"),  # seated, not the creator
    ("ada", "no_such_option", "has no option"),  # the creator, a key the game does not have
])
async def test_a_forged_option_value_is_refused_for_what_is_really_wrong(simcord_env, who, key, reason):
    """Not "pick one from the menu" to someone who may not use the menu, or of a menu that does not exist."""
    table = await open_table(simcord_env, "baumeister", ["ada", "bo"])
    presser = next(p for p in table.players if p.user.name == who)
    result = await forge_component(presser, table.thread.history()[0], f"option:{table.table_id}:{key}",
                                   values=["maybe"])
    assert result.ephemeral and reason in result.response.content, result.response.content
    assert "pick one from the menu" not in result.response.content


async def test_a_forged_option_value_on_a_running_table_says_its_lobby_is_closed(simcord_env):
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    result = await forge_component(table.players[0], table.thread.history()[0],
                                   f"option:{table.table_id}:take_three", values=["maybe"])
    assert result.ephemeral and "lobby is closed" in result.response.content, result.response.content
