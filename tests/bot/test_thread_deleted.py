"""A running game whose thread a moderator deletes goes on in a new thread of the same channel,
with its lobby, its board and its whole log; where no thread can be opened, it goes on by DM and
`/table hand`. Its players are told by DM where it went."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot import create_bot
from tests.bot.driver import (board_message, heuristic_players, open_table, play_turn_by_dm, play_until, start, text_of,
                              thread_text)


async def started_game(env, moves: int = 4):
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(moves):
        assert await play_turn_by_dm(table, policy)
    return table, policy


async def unheard(payload):  # Discord's notice of a deletion is lost (a stop, a gateway gap)
    return None


async def channel_and_thread_deleted(env, table, *, heard: bool = True) -> None:
    """A moderator deletes the table's channel, and so its thread (`heard`: Discord tells the bot)."""
    if not heard:
        env.bot.on_raw_thread_delete = unheard
    env.backend.delete_channel(table.channel.id)
    env.backend.delete_channel(table.thread.id)
    await env.settle()


def dm_texts(actor) -> list[str]:
    return [text_of(m) for m in actor.user.dm_channel.history()]


async def test_a_running_games_deleted_thread_is_replaced_with_its_board_and_whole_log(simcord_env, caplog):
    env = simcord_env
    caplog.set_level(logging.INFO)
    table, policy = await started_game(env, moves=14)
    old = table.thread
    log_before = [line for line in thread_text(table).splitlines() if " buys " in line or " bids " in line]
    assert len(log_before) >= 3
    env.backend.delete_channel(old.id)
    await env.settle()

    row = await table.row()
    assert row.status == "running" and row.thread_id not in (None, old.id)
    new = next(t for t in table.channel.threads if t.id == row.thread_id)
    table.thread = new
    first = new.history()[0]
    assert "goes on here: its thread was deleted" in first.content
    assert f"<@{table.players[0].id}>" in first.content and f"<@{table.players[1].id}>" in first.content
    assert row.lobby_message_id == first.id
    board = await board_message(table)  # a new board, in the new thread
    assert board.channel.id == new.id
    shown = thread_text(table)
    assert all(line in shown for line in log_before), "the new thread shows the game's log so far"
    for player in table.players:
        assert any(f"goes on in a new thread: <#{new.id}>" in text for text in dm_texts(player))
    # The operator's log says so too, naming the table.
    assert f"the thread {old.id} of table {table.table_id} was deleted; the game goes on in a new thread, {new.id}" \
        in caplog.text
    # Play goes on there: a move edits the new board, and My hand on it works.
    assert await play_turn_by_dm(table, policy)
    assert (await board_message(table)).channel.id == new.id
    hand = await table.players[0].click(await board_message(table), label="My hand")
    assert hand.response.ephemeral


async def test_a_thread_deleted_while_the_bot_was_stopped_is_replaced_when_the_table_is_next_shown(simcord_env,
                                                                                                   settings):
    env = simcord_env
    table, policy = await started_game(env)
    old = table.thread

    env.bot.on_raw_thread_delete = unheard  # the bot is down: the event reaches nobody
    env.backend.delete_channel(old.id)
    await env.settle()
    await env.restart_bot(create_bot(settings))  # its last moves are shown again at the start
    assert await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.thread_id not in (None, old.id)
    new = next(t for t in table.channel.threads if t.id == row.thread_id)
    assert any(m.id == row.board_message_id for m in new.history())
    assert "goes on here" in new.history()[0].content


async def test_with_its_channel_gone_the_game_goes_on_by_dm_and_its_players_are_told(simcord_env, caplog):
    env = simcord_env
    caplog.set_level(logging.INFO)
    table, policy = await started_game(env)
    await channel_and_thread_deleted(env, table)
    assert f"of table {table.table_id} was deleted; the game goes on without one (by DM and /table hand)" in caplog.text
    row = await table.row()
    assert row.status == "running" and row.thread_id is None
    for player in table.players:
        assert any("goes on without a thread" in text and "/table hand" in text for text in dm_texts(player))
    assert await play_turn_by_dm(table, policy)  # the DM panels still play
    assert (await table.row()).version > row.version


async def test_a_bot_that_may_not_open_threads_any_more_plays_on_by_dm(simcord_env):
    env = simcord_env
    table, policy = await started_game(env)
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, create_public_threads=False)
    await env.settle()
    env.backend.delete_channel(table.thread.id)
    await env.settle()
    assert (await table.row()).thread_id is None
    assert [t.id for t in table.channel.threads if not t.id == table.thread.id] == []
    for player in table.players:
        assert any("goes on without a thread" in text and "**Create Public Threads**" in text
                   for text in dm_texts(player))
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).thread_id is None


async def test_a_game_without_a_thread_has_one_again_once_the_bot_may_open_it(simcord_env):
    """README: once the permission is given back, the game moves to a new thread at its next move,
    with its board, and cancel and handover votes can be asked there again."""
    env = simcord_env
    table, policy = await started_game(env)
    channel = env.bot.get_channel(table.channel.id)
    await channel.set_permissions(env.bot.user, create_public_threads=False)
    env.backend.delete_channel(table.thread.id)
    await env.settle()
    assert await play_turn_by_dm(table, policy)  # still none: the bot may not open one
    assert (await table.row()).thread_id is None
    await channel.set_permissions(env.bot.user, create_public_threads=True)
    await env.settle()
    assert await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.thread_id is not None and row.board_message_id is not None
    thread = next(t for t in table.channel.threads if t.id == row.thread_id)
    assert any(m.id == row.board_message_id for m in thread.history())
    for player in table.players:
        assert any("has a thread again" in text and f"<#{row.thread_id}>" in text for text in dm_texts(player))
    asked = await table.players[0].slash(table.channel, "table cancel")
    assert asked.ephemeral and "cannot be asked" not in asked.response.content
    assert (await table.row()).votes  # the question went to the new thread


async def test_a_discord_failure_leaves_the_table_to_be_moved_at_its_next_showing(simcord_env):
    env = simcord_env
    simcord_env.check_errors = False
    table, policy = await started_game(env)
    old = table.thread
    env.inject_error("POST", "/channels/*/threads", status=500, times=10)
    env.backend.delete_channel(old.id)
    await env.settle()
    assert (await table.row()).thread_id == old.id  # nothing recorded, nothing lost
    env.backend.faults.clear()
    assert await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.thread_id not in (None, old.id)
    assert len([t for t in table.channel.threads if t.id != old.id]) == 1


async def test_a_duplicate_rounds_table_goes_on_in_a_thread_private_to_its_players(simcord_env):
    """Boards of the same deal must not read each other's play: the new thread is private too."""
    import discord

    from tests.bot.test_duplicate_deal import duplicate_round

    event, games, first, _ = await duplicate_round(simcord_env)
    simcord_env.backend.delete_channel(first.thread_id)
    await simcord_env.settle()
    moved = await event.bot.store.tables.get(first.id)
    assert moved.thread_id not in (None, first.thread_id)
    thread = simcord_env.backend.get_channel(moved.thread_id)
    assert thread.type == discord.ChannelType.private_thread.value
    assert set(games[0].players) <= set(thread.thread_members)
    assert not (set(p.id for p in event.players) - set(games[0].players)) & set(thread.thread_members)


@pytest.mark.slow
async def test_a_thread_deleted_just_before_the_last_move_gets_the_final_board_and_standings(simcord_env):
    env = simcord_env
    table, policy = await started_game(env)
    spec = await table.spec()

    def last_decision(state) -> bool:
        seats = sorted(spec.to_act(state))
        return len(seats) == 1 and spec.outcome(spec.apply(state, seats[0], policy(state, seats[0]))[0]) is not None

    await play_until(table, policy, last_decision, "the last decision", limit=2000)

    env.bot.on_raw_thread_delete = unheard
    old = table.thread.id
    env.backend.delete_channel(old)
    await env.settle()
    assert await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.status == "finished" and row.thread_id not in (None, old)
    new = next(t for t in table.channel.threads if t.id == row.thread_id)
    assert any(m.embeds and "final standings" in (m.embeds[0].title or "") for m in new.history())
    lobby = next(m for m in new.history() if m.id == row.lobby_message_id)
    assert "Game over" in text_of(lobby)  # the lobby in the new thread follows the game's end
    # Nobody is told that a game that has ended goes on.
    assert "ended; its thread was deleted" in lobby.content and "/table cancel" not in lobby.content
    for player in table.players:
        told = [text for text in dm_texts(player) if "was deleted" in text]
        assert told and all("The game ended: its last board and standings are in a new thread" in t for t in told)


def in_thread(thread) -> str:
    return "\n".join(text_of(m) for m in thread.history())


async def current_thread(table):
    row = await table.row()
    return next(t for t in table.channel.threads if t.id == row.thread_id)


async def test_an_away_notice_in_the_thread_goes_to_the_new_thread(simcord_env, monkeypatch):
    """A player whose DMs are closed is told in the thread that a computer moved for them: in the
    new thread when the old one was deleted unheard (the deadline is the table's first showing)."""
    from tests.bot.driver import fix_deal, labels
    from tests.bot.test_closed_dms import close_dms
    from tests.bot.test_pace import LIVE, live_table, play_seat

    env = simcord_env
    env.check_errors = False
    fix_deal(monkeypatch, 1)
    table = await live_table(env, seats=3)
    ada, bo, cy = table.players
    close_dms(env, bo)
    policy = heuristic_players("augsburg1520", 3)
    await play_seat(table, ada, policy)
    await play_seat(table, cy, policy)
    env.bot.on_raw_thread_delete = unheard
    old = table.thread.id
    env.backend.delete_channel(old)
    await env.settle()
    await env.advance_time(LIVE + 1)  # bo misses the deadline: a computer buys for bo
    new = await current_thread(table)
    assert new.id != old
    assert any(f"<@{bo.id}>" in (m.content or "") and "I'm back" in labels(m) for m in new.history())


async def test_an_abandon_note_goes_to_the_new_thread(simcord_env):
    env = simcord_env
    table, _ = await started_game(env)
    env.bot.on_raw_thread_delete = unheard
    old = table.thread.id
    env.backend.delete_channel(old)
    await env.settle()
    await table.players[1].slash(table.channel, "table abandon")
    new = await current_thread(table)
    assert new.id != old and "bo abandoned the game" in in_thread(new)


async def test_without_a_thread_a_vote_is_refused_saying_who_may_still_cancel(simcord_env):
    env = simcord_env
    table, _ = await started_game(env)
    await channel_and_thread_deleted(env, table)
    version = (await table.row()).version
    elsewhere = table.guild.create_text_channel("elsewhere")
    asked = await table.players[0].slash(elsewhere, "table cancel")
    assert asked.ephemeral and "cannot be asked" in asked.response.content
    assert "Manage Server" in asked.response.content
    row = await table.row()
    assert row.votes == {} and row.version == version and row.status == "running"


async def test_a_refused_note_in_the_new_thread_is_posted_at_the_next_move(simcord_env):
    env = simcord_env
    env.check_errors = False
    table, policy = await started_game(env)
    old = table.thread.id
    env.inject_error("POST", "/channels/*/messages", status=500, times=1)  # the new thread's first post
    env.backend.delete_channel(old)
    await env.settle()
    new = await current_thread(table)
    assert "goes on here" not in in_thread(new)
    table.thread = new
    assert await play_turn_by_dm(table, policy)
    assert "goes on here: its thread was deleted" in in_thread(new)
    assert (await table.row()).lobby_message_id is not None


async def test_a_casual_table_an_admin_dealt_a_seed_twice_keeps_a_public_thread(simcord_env):
    """Only a duplicate round's threads are private: two casual tables an admin dealt the same seed
    have public ones, and so does the thread that replaces one of them."""
    import discord

    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("ada"), roles=[mods])
    tables = []
    for name in ("bo", "cy"):
        await admin.slash(channel, "table create", game="augsburg1520", seed=42)
        lobby = channel.threads[-1].history()[0]
        await guild.add_member(env.create_user(name)).click(lobby, label="Join")
        await admin.click(lobby, label="Start")
        tables.append(await env.bot.store.tables.by_thread(channel.threads[-1].id))
    env.backend.delete_channel(tables[0].thread_id)
    await env.settle()
    moved = await env.bot.store.tables.get(tables[0].id)
    assert moved.thread_id not in (None, tables[0].thread_id)
    assert env.backend.get_channel(moved.thread_id).type == discord.ChannelType.public_thread.value


async def test_a_tournament_table_without_a_thread_gets_one_from_its_tournament_only(simcord_env):
    """The tournament opens its tables' threads itself (`/tournament next`, a start): a move at such
    a table does not open a second one beside it."""
    from tests.bot.tournament_driver import create, new_event, play_moves, register_all, tournament_message
    env = simcord_env
    event = new_event(env, 3)
    tournament = await create(event, rounds=1)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    (game,) = await event.bot.store.tournaments.games(tournament, 1)
    channel = env.bot.get_channel(event.channel.id)
    await channel.set_permissions(env.bot.user, create_public_threads=False)
    env.backend.delete_channel((await event.bot.store.tables.get(game.table_id)).thread_id)
    await env.settle()
    await channel.set_permissions(env.bot.user, create_public_threads=True)
    before = {t.id for t in event.channel.threads}
    await asyncio.gather(event.bot.tournament_ui.open_round(tournament),
                         event.bot.presenter.publish(await event.bot.service.news(game.table_id)))
    await env.settle()
    await play_moves(event.bot, game.table_id, 2)
    row = await event.bot.store.tables.get(game.table_id)
    opened = [t.id for t in event.channel.threads if t.id not in before]
    assert opened == [row.thread_id], (opened, row.thread_id)
