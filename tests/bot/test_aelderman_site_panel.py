"""Aelderman panels. A decision with more menus than a panel holds (Aelderman main: a property tile placed on any free
site of Lübeck's districts, a menu a district) gets its choices in fewer menus; each still says
what is chosen, and they are told apart."""

from __future__ import annotations

import pytest

from bot.ui.panels import merged_placeholder
from tests.bot.driver import buttons, fix_deal, heuristic_players, open_table, panel_message, play_until, start


@pytest.mark.slow  # over half a second
async def test_the_property_site_menus_say_what_is_chosen(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo", "cy"], options="version=main")
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 3),
                             lambda s: bool(s.pending) and s.pending[0].kind == "site", "a site choice")
    seat = state.pending[0].seat
    actor = await table.actor_of_seat(seat)
    panel = await panel_message(table, actor, next(r for r in await table.seats() if r.seat == seat))
    placeholders = [c.placeholder for c in buttons(panel) if getattr(c, "options", None)]
    assert len(placeholders) > 1 and len(set(placeholders)) == len(placeholders), placeholders
    assert all(p.startswith("Place the property tile in… (") for p in placeholders), placeholders


def test_merged_menus_keep_what_their_placeholders_share():
    assert merged_placeholder(["Place the property tile in Lohberg…", "Place the property tile in St. Marien…"]) \
        == "Place the property tile in…"
    assert merged_placeholder(["Buy which good?", "Sell which good?"]) == "Choose what to do"
    assert merged_placeholder([]) == "Choose what to do"  # buttons and menus together


@pytest.mark.slow  # plays a whole game
async def test_a_finished_games_panel_no_longer_calls_the_mission_secret(simcord_env, monkeypatch):
    """Once the standings show every mission, the player's last DM panel titles theirs plainly."""
    from tests.bot.driver import play_to_the_end, text_of

    fix_deal(monkeypatch, 11)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    await play_to_the_end(table, heuristic_players("aelderman", 2))
    assert (await table.row()).status == "finished"
    last = text_of(table.players[0].user.dm_channel.history()[-1])
    assert "Your mission: " in last and "secret until the end" not in last, last
