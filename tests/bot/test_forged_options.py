"""Slash-command options outside their declared choices or range. Discord's client keeps them in,
but discord.py does not check them again: a forged request, or a client still holding an outdated
command list (a game renamed or removed), reaches the bot. It is refused privately, saying what
is allowed, and nothing runs or is stored."""

from __future__ import annotations

import pytest
import simcord.interactions

from tests.bot.tournament_driver import ORGANISER_ROLE, answer

FAULT = "Something went wrong"


@pytest.fixture
def unchecked_options(monkeypatch):
    """SimCord sends option values as a modified client would: without Discord's checks of
    choices, ranges and lengths (their type is still checked)."""
    check = simcord.interactions.validate_option_value

    def without_bounds(command_name, option, value):
        loose = {k: v for k, v in option.items() if k not in ("choices", "min_value", "max_value",
                                                               "min_length", "max_length")}
        return check(command_name, loose, value)

    monkeypatch.setattr(simcord.interactions, "validate_option_value", without_bounds)


@pytest.mark.parametrize("command, options, says", [
    ("table create", {"game": "chess"}, "**game** must be one of: `Augsburg 1520`; "),
    ("table create", {"game": "aelderman_map"}, "**game** must be one of"),  # a module's name, never imported
    # each choice apart: their names hold commas themselves
    ("table create", {"game": "augsburg1520", "pace": ""},
     "**pace** must be one of: `no deadlines`; `live, 2 minutes a decision`; `live, 5 minutes a decision`;"),
    ("table create", {"game": "augsburg1520", "seed": -7}, "**seed** must be from 0 to"),
    ("rules", {"game": "chess"}, "**game** must be one of"),
    ("leaderboard", {"game": "chess"}, "**game** must be one of"),
    ("tournament create", {"game": "go", "format": "swiss", "table_size": 3}, "**game** must be one of"),
    ("tournament create", {"game": "baumeister", "format": "ladder", "table_size": 3}, "**format** must be one of"),
    ("table log", {"table": 1, "page": 0}, "**page** must be from 1 to"),
    ("table hand", {"table": -1}, "**table** must be from 1 to"),
])
async def test_an_option_outside_its_choices_or_range_is_refused_and_nothing_runs(
        simcord_env, unchecked_options, command, options, says):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admin = guild.add_member(env.create_user("admin"), roles=[guild.create_role(ORGANISER_ROLE)])
    result = await admin.slash(channel, command, **options)
    assert result.ephemeral and says in answer(result) and FAULT not in answer(result), answer(result)
    assert "reload" in answer(result)  # what to do about it
    assert channel.threads == [] and channel.history() == []
    assert await env.bot.store.db.fetchall("SELECT id FROM game_tables") == []
    assert await env.bot.store.tournaments.with_status("registration", guild_id=guild.id) == []
