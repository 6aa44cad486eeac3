"""What Discord shows of the commands (their descriptions and options' descriptions) and their
refusals say what the bot does, as README does."""

from __future__ import annotations

import discord
import pytest

from tests.bot.driver import open_table, start
from tests.bot.tournament_driver import answer, create, new_event


def option_description(bot, path: str, option: str) -> str:
    group, _, name = path.partition(" ")
    command = bot.tree.get_command(group)
    if name:
        command = command.get_command(name)
    return next(p.description for p in command.parameters if p.name == option)


def command_description(bot, path: str) -> str:
    group, _, name = path.partition(" ")
    command = bot.tree.get_command(group)
    return command.get_command(name).description if name else command.description


async def test_the_tournament_option_says_it_defaults_to_the_thread_channel_or_server(simcord_env):
    """The option says "default: the open one of this channel"; README (and the bot) fall back to
    the only open tournament of the server: used in another channel, the command acts on it."""
    event = new_event(simcord_env, 3)
    tid = await create(event, rounds=1)
    elsewhere = event.guild.create_text_channel("general")
    result = await event.organiser.slash(elsewhere, "tournament cancel")
    assert f"Tournament #{tid} is cancelled" in answer(result)  # another channel's tournament
    assert (await event.bot.store.tournaments.get(tid)).status == "cancelled"
    described = option_description(event.bot, "tournament cancel", "tournament")
    assert described == "Tournament number (default: this table thread's, else the open one of this channel or server)"


async def test_the_table_option_says_outside_a_thread_it_is_your_only_open_table(simcord_env):
    """The option says "default: this thread's table"; outside a thread it is your only open table."""
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    result = await table.players[0].slash(table.channel, "table leave")  # in the channel, not the thread
    assert f"You left table #{table.table_id}" in answer(result)
    described = option_description(table.bot, "table leave", "table")
    assert described == "Table number (default: this thread's table, else your only open table)"


async def test_export_says_an_admin_seated_at_a_running_game_waits_for_its_end(simcord_env):
    """`/table export` says "admins at any time"; an admin seated at a running game is refused
    (README: "Manage Server at any time (unless seated at it)")."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[mods])
    others = [guild.add_member(env.create_user(n)) for n in ("bo", "cy")]
    await admin.slash(channel, "table create", game="baumeister")
    thread = channel.threads[-1]
    lobby = thread.history()[0]
    for player in others:
        await player.click(lobby, label="Join")
    await admin.click(lobby, label="Start")
    result = await admin.slash(thread, "table export")
    text = answer(result)
    assert "You play at this table" in text, text
    described = command_description(env.bot, "table export")
    assert "Manage Server: any time, unless seated at it" in described, described


async def test_cancel_says_its_creator_asks_the_players_once_the_game_runs(simcord_env):
    """`/table cancel` says "creator: lobby or a players' vote"; the creator of a running
    casual game may use it too: it asks the others to agree (README)."""
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    result = await table.players[0].slash(table.thread, "table cancel")
    assert result.response is not None
    row = await table.row()
    assert row.status == "running" and "cancel" in row.votes  # a vote of the others was opened
    described = command_description(table.bot, "table cancel")
    assert "or a players' vote" in described, described
    # Manage Server is refused at a rated (or tournament, always rated) game they play in: the description says so.
    assert "Manage Server: not a rated game they play in" in described and "any time" not in described, described


async def test_a_start_refused_names_everyone_who_may_start(simcord_env):
    """README: organisers are the creator, members with `organiser_role` and Manage Server; the
    refusal of /tournament start (and Start) says only the tournament's organiser can."""
    event = new_event(simcord_env, 3)
    await create(event, rounds=1)
    result = await event.players[0].slash(event.channel, "tournament start")
    assert answer(result) == ("Only the tournament's organiser (or a member with the organiser role or Manage Server) "
                              "can start it.")


@pytest.mark.parametrize("command, options, what", [
    ("tournament start", {}, "start it"),
    ("tournament next", {}, "start the next round"),
    ("tournament extend", {"hours": 5}, "extend its deadline"),
    ("tournament replace", {"player": 1}, "have a computer player replace a player"),
    ("tournament forfeit", {"player": 1}, "record a forfeit"),
    ("tournament finish", {}, "finish it"),
    ("tournament cancel", {}, "cancel it"),
])
async def test_each_organiser_command_refused_says_what_it_would_have_done(simcord_env, command, options, what):
    event = new_event(simcord_env, 3)
    await create(event, rounds=1)
    if "player" in options:
        options = {"player": event.players[1].user}
    result = await event.players[0].slash(event.channel, command, **options)
    assert answer(result) == ("Only the tournament's organiser (or a member with the organiser role or Manage Server) "
                              f"can {what}.")
