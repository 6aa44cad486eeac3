"""Opening a table: /table create, the lobby buttons and their refusals."""

from __future__ import annotations

import discord

from tests.bot.driver import buttons, labels, open_table, start


async def test_create_opens_a_thread_with_a_lobby(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    embed = lobby.embeds[0]
    assert "Augsburg 1520" in embed.title
    players = next(f for f in embed.fields if f.name.startswith("Players"))
    assert "ada" in players.value and "bo" in players.value
    assert "(2 of 2-5)" in players.name
    assert {"Join", "Leave", "Start", "Cancel"} <= set(labels(lobby))
    seats = await table.seats()
    assert [s.user_id for s in seats] == [table.players[0].id, table.players[1].id]


async def test_malformed_and_unknown_options_are_refused_with_the_allowed_ones(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    for text, expected in [("open_money", "key=value"), ("colour=red", "no option `colour`"),
                           ("open_money=maybe", "on or off"),
                           ("open_money=`x", "not `'x`"),  # a backtick typed cannot end the quote
                           ("open_money=true,open_money=false", "`open_money` is given twice")]:
        result = await ada.slash(channel, "table create", game="augsburg1520", options=text)
        assert result.ephemeral and expected in result.response.content
        assert "open_money (true, false; default false)" in result.response.content  # says what is allowed
    assert channel.threads == []
    assert await simcord_env.bot.store.tables.with_status("lobby") == []
    ok = await ada.slash(channel, "table create", game="augsburg1520", options="open_money=true")
    assert "is open in" in ok.followups[-1].content if ok.followups else ok.response.content
    table = (await simcord_env.bot.store.tables.with_status("lobby"))[0]
    assert table.options == {"open_money": True}


async def test_lobby_refusals_and_start_checks_the_player_count(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada"])
    bo = table.guild.add_member(simcord_env.create_user("bo"))
    lobby = table.thread.history()[0]
    ada = table.players[0]
    alone = await ada.click(lobby, label="Start")
    assert alone.ephemeral and alone.response.content == (
        "Augsburg 1520 needs 2-5 players; 1 is seated. Others take a seat with **Join**, or press **Add computer** "
        "for a computer player.")
    twice = await ada.click(lobby, label="Join")
    assert "already seated" in twice.response.content
    not_creator = await bo.click(lobby, label="Start")
    # Who runs the lobby, and what the presser can do instead.
    assert not_creator.response.content == ("Only the table's creator (ada) can start the game; ask them, or use "
                                            "**Join** / **Leave** for your own seat.")
    cancel = await bo.click(lobby, label="Cancel")
    assert "Only the table's creator (ada) or someone with Manage Server" in cancel.response.content
    leave = await bo.click(lobby, label="Leave")
    assert "not seated" in leave.response.content
    assert (await table.row()).status == "lobby"

    await bo.click(lobby, label="Join")
    for _ in range(3):
        await ada.click(lobby, label="Add computer")
    lobby = table.thread.history()[0]
    assert lobby.embeds[0].description.startswith("Full") and not {"Join", "Add computer"} & set(labels(lobby))
    # A Join left on someone's screen from before (or forged) is refused all the same.
    from tests.reliability.forge import forge_component
    cy = table.guild.add_member(simcord_env.create_user("cy"))
    full = await forge_component(cy, lobby, f"lobby:join:{table.table_id}")
    assert "full (5 players at most)" in full.response.content and len(await table.seats()) == 5
    await ada.click(lobby, label="Remove computer")
    players = next(f for f in table.thread.history()[0].embeds[0].fields if f.name.startswith("Players"))
    assert "(4 of 2-5)" in players.name
    started = await ada.click(lobby, label="Start")
    assert "has started" in started.response.content
    assert (await table.row()).status == "running"
    late = await bo.click(table.thread.history()[0], label="Join") if labels(table.thread.history()[0]) else None
    assert late is None  # the lobby lost its buttons when the game started
    leave_running = await bo.slash(table.thread, "table leave")
    assert "/table abandon" in leave_running.response.content


async def test_options_menu_and_rated_toggle_belong_to_the_creator(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    ada, bo = table.players
    custom_id = f"option:{table.table_id}:open_money"
    refused = await bo.select(lobby, ["true"], custom_id=custom_id)
    # who runs the table, and what bo may do himself
    assert refused.response.content.startswith("Only the table's creator (ada) can "), refused.response.content
    assert "**Join** / **Leave** for your own seat" in refused.response.content
    assert (await table.row()).options == {"open_money": False}
    await ada.select(lobby, ["true"], custom_id=custom_id)
    assert (await table.row()).options == {"open_money": True}
    assert "face up" in str(table.thread.history()[0].embeds[0].to_dict())
    assert "Only the table's creator" in (await bo.click(lobby, label="Rated: off")).response.content
    await ada.click(lobby, label="Rated: off")
    assert (await table.row()).rated is True


async def test_a_cancelled_lobby_tells_its_players_by_dm_whose_hand_was_promised_there(simcord_env):
    """README: once cancelled, "each player's latest DM panel say so"; a lobby's players have only
    the DM that said "Your hand and your private choices will come here": a DM tells them it will not."""
    table = await open_table(simcord_env, "baumeister", ["fay", "gus"])
    fay, gus = table.players
    joined = gus.user.dm_channel.history()[-1]
    assert "will come here" in joined.content
    await fay.click(table.thread.history()[0], label="Cancel")
    told = gus.user.dm_channel.history()[-1]
    assert told.id != joined.id and told.content == (
        f"**Table #{table.table_id} (Wettstreit der Baumeister) was cancelled.**"), told.content


async def test_a_cancelled_lobbys_dm_goes_once_whatever_restarts_follow(simcord_env, settings):
    """The lobby's thread refuses the bot's edits (locked), so each start finds the cancel not shown
    and closes the table again: its players are told by DM once, not at every start."""
    from bot import create_bot

    table = await open_table(simcord_env, "baumeister", ["fay", "gus"])
    fay, gus = table.players
    for method in ("POST", "PATCH"):
        simcord_env.inject_error(method, f"/channels/{table.thread.id}/messages*", status=400, code=50083,
                                 message="Thread is archived", times=None)
    await fay.slash(table.channel, "table cancel", table=table.table_id)
    assert (await table.row()).status == "cancelled"
    for _ in range(2):
        await simcord_env.restart_bot(create_bot(settings))
        await simcord_env.settle()
    told = [m for m in gus.user.dm_channel.history() if "cancelled" in (m.content or "")]
    assert [m.content for m in told] == [f"**Table #{table.table_id} (Wettstreit der Baumeister) was cancelled.**"]


async def test_cancel_by_creator_and_by_a_server_manager(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await table.players[0].click(table.thread.history()[0], label="Cancel")
    assert (await table.row()).status == "cancelled"
    assert "was cancelled" in table.thread.last_message.content

    second = await open_table(simcord_env, "augsburg1520", ["cy", "dee"])
    await start(second)
    refused = await second.players[1].slash(second.thread, "table cancel")
    assert "Manage Server" in refused.response.content
    manager_role = second.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = second.guild.add_member(simcord_env.create_user("mod"), roles=[manager_role])
    done = await mod.slash(second.thread, "table cancel")
    assert "is cancelled" in done.response.content
    assert (await second.row()).status == "cancelled"


async def test_rules_command_shows_component_values_with_chosen_ones_marked(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    result = await ada.slash(channel, "rules", game="augsburg1520")
    assert result.ephemeral
    text = " ".join(str(e.to_dict()) for e in result.response.embeds)
    assert "chosen" in text and "1500" in text and "Philipp" in text


async def test_cancelling_a_running_game_takes_the_controls_away(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    assert any(m.components for m in ada.user.dm_channel.history())
    manager_role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[manager_role])
    await mod.slash(table.thread, "table cancel")
    assert not any(m.components for m in ada.user.dm_channel.history())
    row = await table.row()
    board = next(m for m in table.thread.history() if m.id == row.board_message_id)
    assert not board.components  # no "My hand" on a cancelled table's board
    hand = await ada.slash(table.thread, "table hand")
    assert "cancelled" in hand.response.content


async def test_a_creator_who_leaves_hands_the_lobby_to_the_next_player(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    lobby = table.thread.history()[0]
    left = await ada.click(lobby, label="Leave")
    assert left.ephemeral and "bo now runs its lobby" in left.response.content
    row = await table.row()
    assert row.creator_id == bo.id and ada.id not in [s.user_id for s in await table.seats()]
    refused = await ada.click(table.thread.history()[0], label="Start")
    assert refused.ephemeral and "Only the table's creator" in refused.response.content
    assert (await table.row()).status == "lobby"
    await ada.click(table.thread.history()[0], label="Join")
    # `/table leave` says it too: the lobby goes on to the next seated, cy.
    command = await bo.slash(table.thread, "table leave")
    assert command.ephemeral and f"You left table #{row.id}; cy now runs its lobby" in command.response.content
    await bo.click(table.thread.history()[0], label="Join")
    await cy.click(table.thread.history()[0], label="Leave")
    await ada.click(table.thread.history()[0], label="Leave")
    alone = await bo.click(table.thread.history()[0], label="Leave")
    assert alone.ephemeral and "only player" in alone.response.content and "Cancel" in alone.response.content
    started = await bo.click(table.thread.history()[0], label="Add computer")
    assert started.ephemeral and (await table.row()).creator_id == bo.id


async def test_a_lobby_cancelled_before_its_game_has_no_log_or_record(simcord_env):
    table = await open_table(simcord_env, "baumeister", ["bo"])
    bo = table.players[0]
    await bo.click(table.thread.history()[0], label="Cancel")
    assert (await table.row()).status == "cancelled"
    cy = table.guild.add_member(simcord_env.create_user("cy"))
    for command in ("table export", "table log"):
        answer = await cy.slash(table.channel, command, table=table.table_id)
        assert answer.ephemeral and "before its game started" in answer.response.content, command


async def test_a_lobby_the_bot_may_not_post_leaves_no_table_and_says_why(simcord_env):
    """The thread opens but posting the lobby in it is refused (no Send Messages in Threads): the
    creator is told which permissions the bot needs, and no table stays open without its Join and
    Start buttons (it would count against the open-table limit)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    simcord_env.inject_error("POST", "/channels/*/messages", status=403, code=50013, message="Missing Permissions",
                             times=1)
    result = await ada.slash(channel, "table create", game="augsburg1520")
    simcord_env.check_errors = False  # the refused post is this test's own doing
    said = " ".join(m.content for m in result.followups if m.content) or (result.response and result.response.content) or ""
    assert "Send Messages in Threads" in said, said
    assert await simcord_env.bot.store.tables.tables_of_user(ada.id, "lobby", "running") == []


async def test_a_command_in_another_table_s_thread_says_which_table_it_meant(simcord_env):
    """A command without `table:` in a thread means that thread's table: someone not seated there
    is told its number and how to reach their own table, and nothing changes."""
    first = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    cy = first.players[2]
    dee = first.guild.add_member(simcord_env.create_user("dee"))
    await dee.slash(first.channel, "table create", game="baumeister")
    other = await simcord_env.bot.store.tables.by_thread(first.channel.threads[-1].id)
    result = await cy.slash(first.channel.threads[-1], "table leave")
    assert result.ephemeral and result.response.content == (
        f"You are not seated at this table (#{other.id}). If you play at another table, use its own board, or a "
        "command in its thread or with its number (`table:<n>`).")
    assert cy.id in [s.user_id for s in await first.seats()]


def moderator(env, guild):
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    return guild.add_member(env.create_user("mod"), roles=[mods])


async def test_a_lobby_a_moderator_deleted_is_posted_anew_at_its_next_change(simcord_env):
    """README: "a lobby or a tournament's message that a moderator deleted is posted anew at its
    next change": the lobby is the only place with Join and Start."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    await moderator(simcord_env, table.guild).delete(table.thread.history()[0])
    assert not [m for m in table.thread.history() if "Join" in labels(m)]
    assert "You left" in (await bo.slash(table.thread, "table leave")).response.content
    (lobby,) = [m for m in table.thread.history() if {"Join", "Start"} <= set(labels(m))]
    assert (await table.row()).lobby_message_id == lobby.id
    assert "joined" in (await bo.click(lobby, label="Join")).response.content.lower()
    await ada.click(table.thread.history()[-1], label="Start")
    assert (await table.row()).status == "running"


async def test_a_lone_creator_whose_lobby_was_deleted_gets_it_back(simcord_env):
    """README: a lobby "that a moderator deleted is posted anew at its next change"; a creator
    sitting alone can make no change, so their `/table leave` (which points to **Cancel**) and
    `/table hand` post it anew, and link to it: others can join it again."""
    table = await open_table(simcord_env, "augsburg1520", ["ada"])
    ada = table.players[0]
    await moderator(simcord_env, table.guild).delete(table.thread.history()[0])
    said = (await ada.slash(table.thread, "table leave")).response
    assert said.ephemeral and "only player" in said.content and "**Cancel**" in said.content
    (lobby,) = [m for m in table.thread.history() if {"Join", "Cancel"} <= set(labels(m))]
    assert (await table.row()).lobby_message_id == lobby.id and str(lobby.id) in said.content
    bo = table.guild.add_member(simcord_env.create_user("bo"))
    assert "joined" in (await bo.click(lobby, label="Join")).response.content.lower()
    assert (await table.row()).status == "lobby" and len(await table.seats()) == 2


async def test_hand_in_a_lobby_shows_the_deleted_lobby_anew_for_its_start(simcord_env, settings):
    """Two seated, the lobby deleted, then a restart: the creator's `/table hand` says the game has
    not started and where its **Start** is, the lobby posted anew; a second `/table hand` posts no
    second lobby."""
    from bot import create_bot

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada, bo = table.players
    await moderator(simcord_env, table.guild).delete(table.thread.history()[0])
    await simcord_env.restart_bot(create_bot(settings))
    said = (await ada.slash(table.thread, "table hand")).response
    assert said.ephemeral and "not started" in said.content and "**Start**" in said.content
    (lobby,) = [m for m in table.thread.history() if "Start" in labels(m)]
    assert str(lobby.id) in said.content
    await ada.slash(table.thread, "table hand")
    assert len([m for m in table.thread.history() if "Start" in labels(m)]) == 1
    spectator = table.guild.add_member(simcord_env.create_user("cy"))
    assert "not seated" in (await spectator.slash(table.thread, "table hand", table=table.table_id)).response.content
    await ada.click(lobby, label="Start")
    assert (await table.row()).status == "running"


async def test_options_typed_as_readme_writes_them(simcord_env):
    """README writes options in code marks (`version=main`) and after the field's name
    (options:version=main): pasted so, they are read, not refused."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    for text, setup in [("`version=main`", 1), ("options:version=main", 1), ("`version=main` `setup=2`", 2),
                        ("`version=main`, `setup=3`", 3), ("version = main setup = 2", 2), ("version=main; setup=3", 3)]:
        ok = await ada.slash(channel, "table create", game="aelderman", options=text)
        assert "is open in" in (ok.followups[-1].content if ok.followups else ok.response.content), text
        assert [(t.options["version"], t.options["setup"])
                for t in await simcord_env.bot.store.tables.with_status("lobby")] == [("main", setup)], text
        await ada.click(channel.threads[-1].history()[0], label="Cancel")  # one open lobby a member


async def test_an_option_picked_on_the_lobby_is_confirmed_with_its_new_value(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    menu = next(c for c in buttons(lobby) if getattr(c, "custom_id", "") == f"option:{table.table_id}:open_money")
    assert [o.value for o in menu.options if o.default] == ["false"]  # the game's default shows as chosen
    said = await table.players[0].select(lobby, ["true"], custom_id=menu.custom_id)
    assert said.response.content == "Set: Money face up: everyone sees every player's money.", said.response.content


async def test_options_pasted_with_invisible_or_lookalike_characters(simcord_env):
    """An invisible character pasted with an option (a zero-width space, a byte-order mark) is
    left out; a letter that only looks like a plain one is named as the reason of the refusal."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    ok = await ada.slash(channel, "table create", game="aelderman", options="\ufeffversion=main\u200b")
    assert "is open in" in (ok.followups[-1].content if ok.followups else ok.response.content)
    assert (await simcord_env.bot.store.tables.with_status("lobby"))[0].options["version"] == "main"
    refused = await ada.slash(channel, "table create", game="aelderman", options="version=m\u0430in")  # Cyrillic а
    assert refused.ephemeral and "only looks like a plain letter" in refused.response.content, refused.response.content
    assert len(channel.threads) == 1


def test_only_a_lookalike_letter_is_named_as_the_reason_of_a_refusal():
    from games import registry
    from play.options import read_pairs

    for pair in ("take_three=\u2713", "take_three=\u662f", "\u7248\u672c=main", "take_three=\u043e\u043d"):
        try:
            read_pairs(registry.get("baumeister"), [pair])
        except ValueError as refused:
            assert ("only looks like a plain letter" in str(refused)) == pair.endswith("\u043e\u043d"), str(refused)
        else:
            raise AssertionError(f"{pair!r} was accepted")


async def test_a_lobby_whose_edit_at_the_start_failed_is_brought_up_to_date_when_pressed(simcord_env):
    """Discord refused the lobby's edit as the game started: it still offers Join and Start. A press
    is refused (the game has started) and the lobby then shows the game in progress, without them."""
    simcord_env.check_errors = False
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    simcord_env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/{lobby.id}", status=500, times=1)
    await start(table)
    assert "Join" in labels(table.thread.history()[0])  # as it was
    cy = table.guild.add_member(simcord_env.create_user("cy"))
    refused = await cy.click(table.thread.history()[0], label="Join")
    closed = "is being played: its lobby is closed; its game goes on in its thread, and `/table list` shows the tables"
    assert refused.ephemeral and refused.response.content == f"Table #{table.table_id} {closed} open to join."
    lobby = table.thread.history()[0]
    assert not {"Join", "Start"} & set(labels(lobby)) and lobby.embeds[0].description == "Game in progress"


async def test_rated_pressed_on_a_cancelled_lobby_left_showing_its_buttons_says_it_was_cancelled(simcord_env):
    """Like every other lobby control, Rated on a lobby that was cancelled (its edit refused) says
    what became of the table; it never started."""
    simcord_env.check_errors = False
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    simcord_env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/{lobby.id}", status=500, times=1)
    await table.players[0].click(lobby, label="Cancel")
    assert "Rated: off" in labels(table.thread.history()[0])  # as it was
    refused = await table.players[0].click(table.thread.history()[0], label="Rated: off")
    assert refused.ephemeral and refused.response.content == (
        f"Table #{table.table_id} was cancelled: its lobby is closed; `/table list` shows the tables open to join, "
        "and `/table create` opens a new one."), refused.response.content
    assert not (await table.row()).rated


async def test_leave_pressed_on_a_lobby_left_showing_its_buttons_brings_it_up_to_date(simcord_env):
    simcord_env.check_errors = False
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    simcord_env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/{lobby.id}", status=500, times=1)
    await start(table)
    refused = await table.players[1].click(table.thread.history()[0], label="Leave")
    assert refused.ephemeral and "The game has started" in refused.response.content
    assert table.thread.history()[0].embeds[0].description == "Game in progress"


async def test_options_typed_in_capitals_open_the_table_they_name(simcord_env):
    table = await open_table(simcord_env, "aelderman", ["ada"], options="Version=MAIN, DIFFICULTY=Hard")
    assert (await table.row()).options["version"] == "main"
    assert (await table.row()).options["difficulty"] == "hard"


async def test_the_player_a_leaving_creator_hands_the_lobby_to_is_told_so(simcord_env):
    """README: a creator who leaves hands the lobby on. The next runner hears of it in the thread
    (pinged: the table waits for their **Start**), and the lobby's footer names who runs it."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    lobby = table.thread.history()[0]
    assert lobby.embeds[0].footer.text.startswith("Join to play. ada runs this table")
    await ada.click(lobby, label="Leave")
    told = [m for m in table.thread.history() if "runs it now" in (m.content or "")]
    assert len(told) == 1 and f"<@{bo.id}> runs it now" in told[0].content, [m.content for m in told]
    assert set(simcord_env.backend.messages[table.thread.id][told[0].id].ping_user_ids) == {bo.id}
    lobby = next(m for m in table.thread.history() if m.id == lobby.id)
    assert lobby.embeds[0].footer.text.startswith("Join to play. bo runs this table")
    await cy.click(lobby, label="Leave")  # not the runner: nobody is told anything new
    assert len([m for m in table.thread.history() if "runs it now" in (m.content or "")]) == 1


async def test_a_rated_lobby_says_a_seated_computer_keeps_the_game_from_counting(simcord_env):
    """README: a rated game counts "if at least two people play it and no computer player does".
    Adding a computer to a rated lobby says so, and the lobby shows it; Remove computer is offered
    only while a computer is seated."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada = table.players[0]
    lobby = table.thread.history()[0]
    assert "Remove computer" not in labels(lobby)
    await ada.click(lobby, label="Rated: off")
    added = await ada.click(table.thread.history()[0], label="Add computer")
    assert "will not count for ratings while a computer player is seated" in added.response.content
    lobby = table.thread.history()[0]
    rated = next(f.value for f in lobby.embeds[0].fields if f.name == "Rated")
    assert rated.startswith("On, but this game will not count") and "Remove computer" in labels(lobby)
    await ada.click(lobby, label="Remove computer")
    lobby = table.thread.history()[0]
    assert next(f.value for f in lobby.embeds[0].fields if f.name == "Rated").startswith("Yes")
    assert "Remove computer" not in labels(lobby)
