"""A member with Manage Server who may not see a staff-only channel: README, "A tournament run in a
channel you cannot see is refused to you, as is `/table log` or `/table export` of a table there".
Cancelling one of its tables by number is refused the same way, and changes nothing."""

from __future__ import annotations

import discord
import pytest

from tests.bot.driver import staff_only_channel
from tests.bot.tournament_driver import ORGANISER_ROLE, Event, answer, create, register_all, tournament_message


async def staff_table(env, guild, started: bool = True):
    """Ada's and Bo's Augsburg 1520 table in a channel only the staff role sees: (ada, bo, its row)."""
    staff, hidden = staff_only_channel(env, guild)
    ada, bo = (guild.add_member(env.create_user(name), roles=[staff]) for name in ("ada", "bo"))
    await ada.slash(hidden, "table create", game="augsburg1520")
    lobby = hidden.threads[-1].history()[0]
    await bo.click(lobby, label="Join")
    if started:
        await ada.click(lobby, label="Start")
    return ada, bo, await env.bot.store.tables.by_thread(hidden.threads[-1].id)


def moderator_outside(env, guild):
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("mod"), roles=[mods]), guild.create_text_channel("general")


async def test_a_tournament_table_in_a_channel_the_moderator_cannot_see_is_not_theirs_to_cancel(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    staff, hidden = staff_only_channel(env, guild)
    organiser = guild.add_member(env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE), staff])
    players = [guild.add_member(env.create_user(f"p{i}"), roles=[staff]) for i in range(3)]
    event = Event(env, guild, hidden, organiser, players)
    tournament = await create(event, rounds=1)
    await register_all(event, tournament)
    await organiser.click(tournament_message(event, tournament), label="Start")
    (game,) = await env.bot.store.tournaments.games(tournament, 1)
    mod, general = moderator_outside(env, guild)
    assert "channel you cannot see" in answer(await mod.slash(general, "tournament cancel", tournament=tournament))
    said = answer(await mod.slash(general, "table cancel", table=game.table_id))
    assert said == f"Table #{game.table_id} is played in a channel you cannot see.", said
    assert (await env.bot.store.tables.get(game.table_id)).status == "running"


@pytest.mark.parametrize("started", [False, True])
async def test_a_table_in_a_channel_the_moderator_cannot_see_is_not_theirs_to_cancel(simcord_env, started):
    env = simcord_env
    guild = env.create_guild()
    ada, bo, table = await staff_table(env, guild, started)
    mod, general = moderator_outside(env, guild)
    said = answer(await mod.slash(general, "table cancel", table=table.id))
    assert said == f"Table #{table.id} is played in a channel you cannot see.", said
    assert (await env.bot.store.tables.get(table.id)).status == ("running" if started else "lobby")
