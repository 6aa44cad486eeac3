"""/table list: a server's tables open to join and being played, newest first, each with its
thread; only this server's, only in channels the asker can see, and never a tournament's."""

from __future__ import annotations

import pytest

import discord

from bot import create_bot
from tests.bot.driver import open_table
from tests.bot.tournament_driver import create, new_event, register_all, tournament_message


async def lobby_in(env, channel, creator, game: str, others=()) -> int:
    """A table opened by `creator` in `channel`, `others` seated through Join; its number."""
    await creator.slash(channel, "table create", game=game)
    thread = channel.threads[-1]
    for player in others:
        await player.click(thread.history()[0], label="Join")
    return (await env.bot.store.tables.by_thread(thread.id)).id


def staff_channel(env, guild):
    """A channel only members with the staff role (and the bot) can see, and that role."""
    staff = guild.create_role("staff")
    return guild.create_text_channel("staff-games", overwrites={
        guild.default_role: discord.PermissionOverwrite(view_channel=False),
        staff: discord.PermissionOverwrite(view_channel=True),
        env.bot.user: discord.PermissionOverwrite(view_channel=True)}), staff


async def listed(member, channel) -> tuple[str, bool]:
    result = await member.slash(channel, "table list")
    return result.response.embeds[0].description, result.response.ephemeral


async def test_the_list_shows_this_servers_lobbies_and_games_with_their_threads(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    ada, bo, cy, dan = (guild.add_member(env.create_user(name)) for name in ("ada", "bo", "cy", "dan"))
    running = await lobby_in(env, games, bo, "baumeister", [cy, ada])
    await bo.click(games.threads[-1].history()[0], label="Start")
    lobby = await lobby_in(env, games, ada, "augsburg1520")
    finished = await lobby_in(env, games, cy, "aelderman")
    await cy.click(games.threads[-1].history()[0], label="Cancel")
    elsewhere = await open_table(env, "augsburg1520", ["eve"])  # another server's lobby

    text, ephemeral = await listed(dan, games)
    assert ephemeral
    lines = text.splitlines()
    assert lines.index("**Open to join**") < lines.index("**Being played**")
    lobby_line = next(line for line in lines if line.startswith(f"**#{lobby}** "))
    assert lobby_line == (f"**#{lobby}** Augsburg 1520 · 1 of 2-5 players · run by ada · "
                          f"<#{games.threads[1].id}>")
    running_line = next(line for line in lines if line.startswith(f"**#{running}** "))
    assert running_line == f"**#{running}** Wettstreit der Baumeister · bo, cy, ada · <#{games.threads[0].id}>"
    assert f"**#{finished}** " not in text and f"**#{elsewhere.table_id}** " not in text
    # The asker's own tables say so.
    mine, _ = await listed(ada, games)
    assert f"<#{games.threads[1].id}> · you are seated" in mine and f"<#{games.threads[0].id}> · you play" in mine


async def test_a_table_in_a_channel_the_asker_cannot_see_is_not_listed(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    hidden, staff = staff_channel(env, guild)
    ada = guild.add_member(env.create_user("ada"), roles=[staff])
    bo = guild.add_member(env.create_user("bo"))
    secret = await lobby_in(env, hidden, ada, "augsburg1520")
    assert f"**#{secret}** " in (await listed(ada, games))[0]
    text, _ = await listed(bo, games)
    assert f"#{secret}" not in text and "No table is open or being played in this server" in text


async def test_tournament_tables_are_left_to_tournament_status(simcord_env):
    event = new_event(simcord_env, 4)
    tournament = await create(event, rounds=1)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    assert await simcord_env.bot.store.tables.of_tournament(tournament)
    text, _ = await listed(event.players[0], event.channel)
    assert "No table is open or being played in this server" in text


async def test_a_long_list_shows_the_newest_and_says_there_are_more(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(f"p{n}")) for n in range(17)]
    numbers = [await lobby_in(env, games, person, "augsburg1520") for person in people]
    text, _ = await listed(people[0], games)
    assert f"**#{numbers[-1]}** " in text and f"**#{numbers[2]}** " in text and f"**#{numbers[1]}** " not in text
    assert "… and more: the newest 15 are listed." in text


def long_name(n: int) -> str:
    return f"Maximilian von Habsburg-Lothr {n:02d}"  # 32 characters, Discord's longest


@pytest.mark.slow
async def test_fifteen_games_of_long_names_are_listed_in_whole_lines(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    joiners = [guild.add_member(env.create_user(f"j{i}", global_name=long_name(90 + i))) for i in range(4)]
    running = []
    for n in range(16):
        creator = guild.add_member(env.create_user(f"c{n}", global_name=long_name(n)))
        running.append(await lobby_in(env, games, creator, "augsburg1520", joiners))
        await creator.click(games.threads[-1].history()[0], label="Start")
    lobbies = [await lobby_in(env, games, guild.add_member(env.create_user(f"l{n}", global_name=long_name(40 + n))),
                              "augsburg1520") for n in range(15)]
    text, _ = await listed(guild.add_member(env.create_user("asker")), games)
    assert len(text) <= 4096 and text.endswith("Join a lobby with its **Join** button in the table's thread.")
    listed_ids = [int(line.split("**#")[1].split("**")[0]) for line in text.splitlines() if line.startswith("**#")]
    assert listed_ids == lobbies[::-1] + running[:0:-1]  # newest first, 15 of each
    assert "Maximilian von…" in text and "… and more: the newest 15 are listed." in text


async def test_tables_in_hidden_channels_do_not_crowd_out_the_visible_ones(simcord_env, monkeypatch):
    env = simcord_env
    monkeypatch.setattr("bot.ui.listing.LISTED", 2)  # as if many more were open than a list reads
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    hidden, staff = staff_channel(env, guild)
    public = await lobby_in(env, games, guild.add_member(env.create_user("ada")), "augsburg1520")
    for n in range(4):
        await lobby_in(env, hidden, guild.add_member(env.create_user(f"s{n}"), roles=[staff]), "augsburg1520")
    text, _ = await listed(guild.add_member(env.create_user("bo")), games)
    assert f"**#{public}** " in text and text.count("**#") == 1


async def test_a_game_the_asker_abandoned_is_not_marked_as_theirs(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    ada, bo, cy = (guild.add_member(env.create_user(name)) for name in ("ada", "bo", "cy"))
    table = await lobby_in(env, games, ada, "augsburg1520", [bo, cy])
    await ada.click(games.threads[-1].history()[0], label="Start")
    await cy.slash(games.threads[-1], "table abandon")
    assert (await env.bot.store.tables.get(table)).status == "running"
    assert "you play" not in (await listed(cy, games))[0] and "you play" in (await listed(bo, games))[0]


async def test_a_lobby_whose_thread_a_moderator_deleted_is_closed_and_its_players_told(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    ada, bo = guild.add_member(env.create_user("ada")), guild.add_member(env.create_user("bo"))
    lobby = await lobby_in(env, games, ada, "augsburg1520", [bo])
    running = await lobby_in(env, games, bo, "augsburg1520", [ada])
    await bo.click(games.threads[-1].history()[0], label="Start")
    for thread in list(games.threads):
        env.backend.delete_channel(thread.id)
    await env.settle()
    assert (await env.bot.store.tables.get(lobby)).status == "cancelled"
    assert (await env.bot.store.tables.get(running)).status == "running"  # goes on by DM
    for player in (ada, bo):
        assert any(f"table #{lobby}** was closed: its thread was deleted" in (m.content or "")
                   for m in player.user.dm_channel.history())
    text, _ = await listed(ada, games)
    assert f"**#{lobby}** " not in text and f"**#{running}** " in text
    # the lobby no longer counts against ada's open tables
    assert (await env.bot.store.tables.open_casual(guild.id, ada.id))[0] == []


async def test_a_lobby_whose_thread_was_deleted_while_the_bot_was_stopped_is_closed_at_the_start(simcord_env,
                                                                                                 settings):
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    ada = guild.add_member(env.create_user("ada"))
    gone = await lobby_in(env, games, ada, "augsburg1520")
    kept = await lobby_in(env, games, ada, "augsburg1520")

    async def stopped(payload):  # the bot is down: the event reaches nobody, and is not replayed
        return None

    env.bot.on_raw_thread_delete = stopped
    env.backend.delete_channel(games.threads[0].id)
    await env.settle()
    assert (await env.bot.store.tables.get(gone)).status == "lobby"
    await env.restart_bot(create_bot(settings))
    assert (await env.bot.store.tables.get(gone)).status == "cancelled"
    assert (await env.bot.store.tables.get(kept)).status == "lobby"
    assert any(f"table #{gone}** was closed" in (m.content or "") for m in ada.user.dm_channel.history())


async def test_players_called_alike_or_cut_alike_are_told_apart(simcord_env):
    """README: "Two players ... called alike (also when they differ only by invisible characters)
    read `ada (1)` and `ada (2)`, with their seat number"; in the list, names cut alike too."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alike = [guild.add_member(env.create_user(f"user{i}"), nick=nick)
             for i, nick in enumerate(["ada", "ada", "ada\u200b"])]
    long = [guild.add_member(env.create_user(f"long{i}"), nick=f"Bartholomew the Magnificent {i}") for i in (1, 2)]
    for players, game in ((alike, "baumeister"), (long, "augsburg1520")):
        await lobby_in(env, channel, players[0], game, players[1:])
        await players[0].click(channel.threads[-1].history()[0], label="Start")
    text, _ = await listed(alike[0], channel)
    lines = text.replace("\u200b", "").splitlines()
    assert any("ada (1), ada (2), ada (3)" in line for line in lines), text
    assert any("Bartholomew the… (1), Bartholomew the… (2)" in line for line in lines), text


async def test_a_lobby_whose_creator_left_is_listed_as_run_by_who_took_it_over(simcord_env):
    """README: the creator is "who opened it, or took it over when its creator left the lobby": the
    list says who runs it now, not that they opened it."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await table.players[0].click(table.thread.history()[0], label="Leave")
    text, _ = await listed(table.players[1], table.channel)
    line = next(line for line in text.splitlines() if line.startswith(f"**#{table.table_id}** "))
    assert "run by bo" in line and "opened by" not in line, line
