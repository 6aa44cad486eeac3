"""The bot checks its own permissions in a channel before it stores or creates anything there: a
table or tournament round it could not show is refused, naming the permissions to grant (README,
Permissions), and nothing is left behind. A board picture refused mid-game is left out."""

from __future__ import annotations

import discord

from tests.bot.driver import board_message, start
from tests.bot.tournament_driver import ORGANISER_ROLE, Event, answer, create, register_all, tournament_message


def channel_without(env, **denied: bool):
    guild = env.create_guild()
    channel = guild.create_text_channel("games", overwrites={env.bot.user: discord.PermissionOverwrite(**denied)})
    return guild, channel


async def test_a_table_the_bot_could_not_post_in_is_refused_and_leaves_no_thread(simcord_env):
    guild, channel = channel_without(simcord_env, send_messages_in_threads=False)
    ada = guild.add_member(simcord_env.create_user("ada"))
    result = await ada.slash(channel, "table create", game="augsburg1520")
    assert result.ephemeral and "**Send Messages in Threads**" in result.response.content
    assert "Attach Files" not in result.response.content  # Augsburg 1520's board has no picture
    assert channel.threads == []
    assert await simcord_env.bot.store.tables.tables_of_user(ada.id, "lobby", "running") == []


async def test_a_game_with_a_board_picture_needs_attach_files(simcord_env):
    guild, channel = channel_without(simcord_env, attach_files=False)
    ada = guild.add_member(simcord_env.create_user("ada"))
    refused = await ada.slash(channel, "table create", game="aelderman")
    assert "**Attach Files**" in refused.response.content and channel.threads == []
    opened = await ada.slash(channel, "table create", game="baumeister")  # no picture: fine here
    assert "is open in" in answer(opened) and len(channel.threads) == 1


async def test_a_channel_where_the_bot_posts_only_in_threads_is_enough_for_a_table(simcord_env):
    """Tables are played in threads: a channel that allows the bot Send Messages in Threads but not
    Send Messages runs them, pictures and all (Discord then goes by the former for links and files)."""
    guild, channel = channel_without(simcord_env, send_messages=False, send_messages_in_threads=True)
    ada = guild.add_member(simcord_env.create_user("ada"))
    opened = await ada.slash(channel, "table create", game="aelderman")
    assert "is open in" in answer(opened) and len(channel.threads) == 1


async def test_a_tournament_round_the_bot_could_not_seat_is_refused_and_stays_in_registration(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    role = guild.create_role(ORGANISER_ROLE)
    channel = guild.create_text_channel("tournaments")
    organiser = guild.add_member(env.create_user("org"), roles=[role])
    event = Event(env, guild, channel, organiser, [guild.add_member(env.create_user(f"p{i}")) for i in range(3)])
    tournament = await create(event, rounds=1)
    await register_all(event, tournament)
    # A moderator takes a permission away after registration.
    await env.bot.get_channel(channel.id).set_permissions(env.bot.user, create_public_threads=False)
    result = await organiser.click(tournament_message(event, tournament), label="Start")
    assert "**Create Public Threads**" in answer(result)
    assert (await env.bot.store.tournaments.get(tournament)).status == "registration"
    assert channel.threads == []
    assert "Start" in [c.label for row in tournament_message(event, tournament).components for c in row.children]


async def test_a_board_picture_refused_mid_game_leaves_the_board_without_it(simcord_env):
    """The bot lost Attach Files after the table opened: the board is posted without its picture
    (its text gives the same) instead of not at all."""
    from tests.bot.driver import open_table

    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=403, code=50013,
                             message="Missing Permissions")
    await start(table)
    board = await board_message(table)
    assert board.embeds and board.attachments == []
    assert (await table.row()).board_message_id == board.id


async def test_a_tournament_whose_tables_could_not_be_run_is_refused_before_anyone_registers(simcord_env):
    from tests.bot.tournament_driver import new_event

    event = new_event(simcord_env, 3)
    guild, channel = channel_without(simcord_env, attach_files=False)
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    refused = await organiser.slash(channel, "tournament create", game="aelderman", format="swiss",
                                    table_size=2, rounds=1)
    assert refused.ephemeral and "**Attach Files**" in refused.response.content
    assert channel.history() == [] and await simcord_env.bot.store.tournaments.with_status(
        "registration", guild_id=guild.id) == []
    assert event  # a server elsewhere is not affected


async def test_a_round_note_discord_fails_to_post_does_not_stop_the_round(simcord_env):
    """Each round table's thread opens with a note naming its players; Discord failing that post
    (once) must not leave the round half seated: every table starts and the organiser is told."""
    from tests.bot.tournament_driver import new_event

    event = new_event(simcord_env, 6)
    tournament = await create(event, rounds=1)
    await register_all(event, tournament)
    simcord_env.check_errors = False
    simcord_env.inject_error("POST", "/channels/*/messages", status=500)
    result = await event.organiser.click(tournament_message(event, tournament), label="Start")
    assert "has started" in answer(result)
    tables = [await simcord_env.bot.store.tables.get(g.table_id)
              for g in await simcord_env.bot.store.tournaments.games(tournament, 1)]
    assert len(tables) == 2 and all(t.status == "running" and t.thread_id for t in tables)


async def test_a_board_picture_refused_on_an_edit_is_taken_off_and_not_sent_again_that_round(simcord_env,
                                                                                          monkeypatch):
    """Attach Files taken away mid-round: the edit that brings a new picture is refused, the board
    is edited without any (not left showing an earlier position) and later moves of the round do
    not try again. Discord's refusal is simulated on edits that upload a file."""
    from types import SimpleNamespace

    from tests.bot.driver import heuristic_players, open_table, play_turn_by_dm

    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    refused = []
    real_edit = discord.http.HTTPClient.edit_message

    async def edit(http, channel_id, message_id, *, params):
        if params.files:  # a message edit that uploads a file
            refused.append(message_id)
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50013, "message": "Missing Permissions"})
        return await real_edit(http, channel_id, message_id, params=params)

    monkeypatch.setattr(discord.http.HTTPClient, "edit_message", edit)
    policy = heuristic_players("aelderman", 2)
    for _ in range(60):
        assert await play_turn_by_dm(table, policy)
        if refused:
            break
    board = await board_message(table)
    assert refused == [board.id] and board.attachments == []
    for _ in range(10):  # the same board goes on, without trying the picture on every move
        assert await play_turn_by_dm(table, policy)
        if (await table.row()).board_message_id != board.id:
            break
    assert refused == [board.id]


async def test_start_refuses_in_a_channel_that_lost_a_permission_while_the_lobby_waited(simcord_env):
    """README: the bot checks its permissions "and, if one is missing, refuses and names the
    permissions to grant": also at Start, since a moderator may change them while a lobby waits."""
    from tests.bot.driver import open_table

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await simcord_env.bot.get_channel(table.channel.id).set_permissions(simcord_env.bot.user,
                                                                         send_messages_in_threads=False)
    refused = await start(table)
    assert refused.ephemeral and "I cannot start this game in" in refused.response.content
    assert "**Send Messages in Threads**" in refused.response.content
    assert (await table.row()).status == "lobby"
    await simcord_env.bot.get_channel(table.channel.id).set_permissions(simcord_env.bot.user,
                                                                         send_messages_in_threads=True)
    started = await start(table)
    assert "The game has started" in started.response.content and (await table.row()).status == "running"


async def test_a_refusal_names_only_the_permissions_to_grant(simcord_env):
    """Without Send Messages in Threads, links and files cannot be posted in threads either, but
    they are granted: granting the one denied is the whole fix, and only it is named."""
    guild, channel = channel_without(simcord_env, send_messages_in_threads=False)
    ada = guild.add_member(simcord_env.create_user("ada"))
    text = (await ada.slash(channel, "table create", game="aelderman")).response.content
    assert "missing the permission **Send Messages in Threads** there" in text, text
    assert channel.threads == []


async def test_discord_failing_as_a_table_opens_is_not_called_a_missing_permission(simcord_env):
    """Every permission is there (checked first); Discord then fails (500) as the lobby is posted
    in the new thread: the answer says Discord failed and to try again, the thread goes, and no
    table is left open."""
    simcord_env.check_errors = False
    guild, channel = channel_without(simcord_env)
    ada = guild.add_member(simcord_env.create_user("ada"))
    simcord_env.inject_error("POST", "/channels/*/messages", status=500, times=1)
    result = await ada.slash(channel, "table create", game="augsburg1520")
    text = answer(result)
    assert text == ("Discord failed while I opened the table's thread and lobby (500 Internal Server Error (injected "
                    "by test)), so no table was opened. Try again in a moment."), text
    assert channel.threads == []
    assert await simcord_env.bot.store.tables.tables_of_user(ada.id, "lobby", "running") == []
    again = await ada.slash(channel, "table create", game="augsburg1520")
    assert "is open in" in answer(again) and len(channel.threads) == 1


async def test_a_tournament_refused_for_send_messages_names_only_that(simcord_env):
    """README: "the check names only the permissions to grant". Without Send Messages Discord
    withholds Embed Links in the channel too, but granting Send Messages gives it back."""
    guild, channel = channel_without(simcord_env, send_messages=False)
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    refused = answer(await organiser.slash(channel, "tournament create", game="baumeister", format="swiss",
                                           table_size=3, rounds=1))
    assert "missing the permission **Send Messages** there" in refused and "Embed Links" not in refused, refused
    guild, channel = channel_without(simcord_env, send_messages=False, embed_links=False)
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    refused = answer(await organiser.slash(channel, "tournament create", game="baumeister", format="swiss",
                                           table_size=3, rounds=1))
    assert "**Embed Links**" in refused and "**Send Messages**" in refused, refused


async def test_a_permission_denied_to_the_bot_by_name_is_said_to_be_mended_only_in_the_channel(simcord_env):
    """A channel setting that denies a permission to the bot's own member beats any grant to its
    role: the refusal points to that setting, not to the role (which the usual refusal offers)."""
    guild = simcord_env.create_guild()
    ada = guild.add_member(simcord_env.create_user("ada"))
    by_name = guild.create_text_channel("games", overwrites={
        simcord_env.bot.user: discord.PermissionOverwrite(create_public_threads=False)})
    said = answer(await ada.slash(by_name, "table create", game="augsburg1520"))
    assert "**Create Public Threads**" in said and "where it is denied to me by name" in said, said
    assert "my role" not in said
    role = next(r for r in simcord_env.bot.get_guild(guild.id).me.roles if not r.is_default())
    by_role = guild.create_text_channel("more-games", overwrites={
        role: discord.PermissionOverwrite(create_public_threads=False)})
    said = answer(await ada.slash(by_role, "table create", game="augsburg1520"))
    assert "**Create Public Threads**" in said and "or to my role" in said and "by name" not in said, said
