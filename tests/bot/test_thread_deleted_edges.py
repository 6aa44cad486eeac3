"""Deleted threads of running games, at awkward moments: the database refusing to record the new
thread, the last move landing while the new thread opens, a vote asked after a deletion the bot did
not hear of, and a duplicate round whose other board has ended."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.bot.database_faults import refuse
from tests.bot.driver import heuristic_players, open_table, play_turn_by_dm, play_until, start
from tests.bot.test_thread_deleted import channel_and_thread_deleted, dm_texts, started_game, unheard


async def at_the_last_decision(env):
    """Ada and Bo's Augsburg 1520 game, one decision from its end: (table, policy)."""
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    spec = await table.spec()

    def last_decision(state) -> bool:
        seats = sorted(spec.to_act(state))
        return len(seats) == 1 and spec.outcome(spec.apply(state, seats[0], policy(state, seats[0]))[0]) is not None

    await play_until(table, policy, last_decision, "the last decision", limit=2000)
    return table, policy


async def test_a_refused_record_of_the_new_thread_leaves_no_thread_behind_and_the_next_move_tries_again(simcord_env):
    env = simcord_env
    table, policy = await started_game(env)
    old = table.thread.id
    refuse(env, env.bot.store.tables, "move_thread", lambda n, kw: n == 1)
    env.backend.delete_channel(old)
    await env.settle()
    assert (await table.row()).thread_id == old  # nothing recorded
    assert [t for t in table.channel.threads if t.id != old] == []  # and no empty thread left
    assert await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.thread_id not in (None, old)
    assert [t.id for t in table.channel.threads if t.id != old] == [row.thread_id]


@pytest.mark.slow
async def test_a_refused_record_at_the_last_move_still_ends_the_game_in_a_new_thread(simcord_env):
    env = simcord_env
    table, policy = await at_the_last_decision(env)
    env.bot.on_raw_thread_delete = unheard
    env.backend.delete_channel(table.thread.id)
    await env.settle()
    refuse(env, env.bot.store.tables, "move_thread", lambda n, kw: n == 1)
    assert await play_turn_by_dm(table, policy)
    await env.advance_time(4000)  # the retries of what could not be shown
    row = await table.row()
    assert row.status == "finished" and not row.finish_due
    assert [m for t in table.channel.threads for m in t.history()
            if m.embeds and "final standings" in (m.embeds[0].title or "")]


@pytest.mark.slow
async def test_a_game_that_ends_while_its_new_thread_opens_is_not_said_to_go_on(simcord_env):
    env = simcord_env
    table, policy = await at_the_last_decision(env)
    controller, opened, gate = env.bot.controller, asyncio.Event(), asyncio.Event()
    create = controller.create_thread

    async def slow_create(*args, **kwargs):  # Discord is slow to open the thread
        opened.set()
        await gate.wait()
        return await create(*args, **kwargs)

    async def open_once_the_game_ended():
        while (await table.row()).status != "finished":
            await asyncio.sleep(0.01)
        gate.set()

    controller.create_thread = slow_create
    old = table.thread.id
    env.backend.delete_channel(old)
    while not opened.is_set():
        await asyncio.sleep(0)
    opener = asyncio.ensure_future(open_once_the_game_ended())
    assert await play_turn_by_dm(table, policy)  # the last move, while the new thread opens
    await opener
    await env.settle()
    row = await table.row()
    assert row.status == "finished" and row.thread_id not in (None, old)
    first = next(t for t in table.channel.threads if t.id == row.thread_id).history()[0]
    assert "ended; its thread was deleted" in first.content and "/table cancel" not in first.content
    for player in table.players:
        told = [text for text in dm_texts(player) if "was deleted" in text]
        assert told and not any("goes on" in text for text in told)


@pytest.mark.slow
async def test_a_game_that_ended_with_no_thread_possible_is_not_said_to_go_on(simcord_env):
    env = simcord_env
    table, policy = await at_the_last_decision(env)
    await channel_and_thread_deleted(env, table, heard=False)
    assert await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.status == "finished" and row.thread_id is None
    for player in table.players:
        told = [text.strip() for text in dm_texts(player) if "was deleted" in text]
        assert told == [f"The thread of **Augsburg 1520 — table #{table.table_id}** was deleted. The game ended: "
                        "your last panel here shows your result."]


async def test_a_vote_after_an_unheard_deletion_with_no_thread_possible_is_refused_and_not_stored(simcord_env):
    env = simcord_env
    table, _ = await started_game(env)
    await channel_and_thread_deleted(env, table, heard=False)
    elsewhere = table.guild.create_text_channel("elsewhere")
    asked = await table.players[0].slash(elsewhere, "table cancel")
    assert asked.ephemeral and "cannot be asked" in asked.response.content
    row = await table.row()
    assert row.thread_id is None and row.votes == {}


@pytest.mark.slow
async def test_a_duplicate_rounds_last_running_board_keeps_a_private_thread(simcord_env):
    from tests.bot.test_duplicate_deal import duplicate_round
    from tests.bot.tournament_driver import play_out

    env = simcord_env
    event, games, first, second = await duplicate_round(env)
    await play_out(event.bot, first.id)  # the other board of the deal has ended
    env.backend.delete_channel(second.thread_id)
    await env.settle()
    moved = await event.bot.store.tables.get(second.id)
    assert moved.status == "running" and moved.thread_id not in (None, second.thread_id)
    thread = env.backend.get_channel(moved.thread_id)
    assert thread.type == discord.ChannelType.private_thread.value
    assert set(games[1].players) <= set(thread.thread_members)


async def test_a_tournament_tables_new_thread_is_named_by_its_round_and_board_as_the_first_was(simcord_env):
    from tests.bot.test_duplicate_deal import duplicate_round

    env = simcord_env
    event, games, first, second = await duplicate_round(env)
    first_name = env.backend.get_channel(second.thread_id).name
    env.backend.delete_channel(second.thread_id)
    await env.settle()
    moved = await event.bot.store.tables.get(second.id)
    assert moved.thread_id not in (None, second.thread_id)
    assert env.backend.get_channel(moved.thread_id).name == first_name
    assert f"round {games[1].round_no} · board {games[1].board}" in first_name


@pytest.mark.slow  # over half a second
async def test_a_thread_replaced_at_a_secret_pay_off_step_opens_with_its_board(simcord_env, monkeypatch):
    """README: a running game whose thread was deleted goes on in a new thread that opens with "a new
    board whose log holds the game from its start". Also when the move that finds the deletion is a
    secret step of a Baumeister pay-off (whose board is otherwise not touched): the new thread's
    opening told the moment already, and without a board it has no My hand."""
    from games import registry
    from games.baumeister import moves
    from tests.bot.driver import buttons
    from tests.bot.moderation import follow_thread
    from tests.bot.test_baumeister_sabotage import table_at_a_pay_off_offer

    env = simcord_env
    table, state = await table_at_a_pay_off_offer(env, monkeypatch)
    attacker = state.current
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim's public offer
    env.bot.on_raw_thread_delete = unheard
    env.backend.delete_channel(table.thread.id)  # a moderator deletes the thread; the bot does not hear it
    await env.settle()
    ask = next(a for a in registry.get("baumeister").legal_actions(await table.state(), attacker) if a.kind == "offer")
    assert await play_turn_by_dm(table, lambda st, seat: ask)  # the saboteur's secret counter-offer
    await follow_thread(table)
    board = next(m for m in table.thread.history() if any(c.label == "My hand" for c in buttons(m)))
    assert f"asks for {ask.amount}" not in str([e.to_dict() for e in board.embeds])  # the step stays secret
