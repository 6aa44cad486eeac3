"""Start-up work does not grow with stored tables that have nothing due: what is due is found by
indexed queries, and a restart with hundreds of idle running tables reads no more than with one."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import discord
import pytest
import simcord

from bot import create_bot
from bot.settings import Settings
from storage import Store
from tests.bot.conftest import SETTLE_TIMEOUT, close_store
from tests.bot.driver import (Table, board_message, buttons, choose, heuristic_players, labels, open_table,
                              play_turn_by_dm, start, table_control)
from tests.bot.stored import store_copies


async def statements_of_restart_and_click(settings, monkeypatch, copies: int) -> list[str]:
    """The SQL a restarted bot runs from opening its database to the end of the first click, with
    `copies` idle running tables stored besides the one clicked."""
    statements: list[str] = []
    async with simcord.run(create_bot(settings), settle_timeout=SETTLE_TIMEOUT) as env:
        table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
        await start(table)
        await store_copies(env.bot, table.table_id, copies)
        opened = Store.open

        async def traced_open(*args, **kwargs):
            store = await opened(*args, **kwargs)
            await store.db.trace(statements.append)
            return store

        with monkeypatch.context() as patch:
            patch.setattr(Store, "open", traced_open)
            old = env.bot
            await env.restart_bot(create_bot(settings))
            await close_store(old)
        assert await play_turn_by_dm(table, heuristic_players("augsburg1520", 3))
        await close_store(env.bot)
    return statements


async def test_a_restart_reads_the_same_with_many_idle_tables(settings, monkeypatch, tmp_path):
    many = await statements_of_restart_and_click(settings, monkeypatch, 300)
    alone_settings = settings.model_copy(update={"database": tmp_path / "alone.sqlite3"})
    alone = await statements_of_restart_and_click(alone_settings, monkeypatch, 0)
    assert len(many) == len(alone), (many, alone)
    assert any("computer_due = 1" in s for s in many)  # the resume sweep ran, through its index
    # Nothing in it reads the tables by status (every running table). The sweep of the last changes
    # reads a few; the check of lobbies' threads reads lobbies alone (the open-table limits keep them few).
    assert not [s for s in many if s.startswith("SELECT") and "game_tables" in s and "status" in s
                and "ORDER BY updated_at DESC LIMIT" not in s and "WHERE status = 'lobby'" not in s]


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


async def test_a_move_stored_just_before_a_stop_is_shown_after_the_start(simcord_env, settings):
    """A move is stored before Discord hears of it: after a stop in between, the start shows the
    board again and sends the player due to act their panel."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    for _ in range(60):  # up to a move that hands the turn to another player
        row = await table.row()
        spec, state = table.bot.service.spec(row), table.bot.service.state(row)
        mover = next(s.seat for s in await table.seats() if s.seat in spec.to_act(state) and s.user_id)
        after, _ = spec.apply(state, mover, policy(state, mover))
        if spec.to_act(after) - spec.to_act(state) - {mover}:
            break
        assert await play_turn_by_dm(table, policy)

    async def stopped(*args, **kwargs):
        raise Stopped()

    simcord_env.bot.presenter.publish = stopped
    simcord_env.check_errors = False
    before = await table.row()
    with contextlib.suppress(Stopped):  # the simulated stop
        await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.version > before.version  # stored; the board and the next panel were not sent
    due = [s for s in await table.seats() if s.seat in table.bot.service.spec(row).to_act(table.bot.service.state(row))]
    new_decision = {s.user_id for s in due if row.prompts[s.seat][0] > before.version}
    assert new_decision, "the stopped move started someone's decision"
    dms = {p.id: len(p.user.dm_channel.history()) for p in table.players}
    await simcord_env.restart_bot(create_bot(settings))
    board = await board_message(table)
    for player in table.players:  # a panel for each new decision; a panel still current is kept
        assert len(player.user.dm_channel.history()) == dms[player.id] + (player.id in new_decision)
    assert all(f"<@{s.user_id}>" in (board.content or "") for s in due)
    assert await play_turn_by_dm(table, policy)  # the panels work


async def started_before_a_stop(env):
    """A 2-player table whose start was stored and then cut off by a stop before Discord heard of it."""
    table = await open_table(env, "augsburg1520", ["ada", "bo"])

    async def stopped(*args, **kwargs):
        raise Stopped()

    env.bot.presenter.publish = stopped
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await start(table)
    return table


async def test_a_start_stored_just_before_a_stop_is_shown_after_the_start(simcord_env, settings):
    """A start stores no action: the start-up sweep finds the tables that changed last by their last
    change, so a game started just before a stop gets its board and first panels at the next start."""
    table = await started_before_a_stop(simcord_env)
    row = await table.row()
    assert row.status == "running" and row.board_message_id is None
    dms = {p.id: len(p.user.dm_channel.history()) for p in table.players}
    await simcord_env.restart_bot(create_bot(settings))
    board = await board_message(table)
    assert board is not None and (await table.row()).board_message_id == board.id
    for player in table.players:  # both choose their first cards at once: a panel each
        assert len(player.user.dm_channel.history()) == dms[player.id] + 1
    assert await play_turn_by_dm(table, heuristic_players("augsburg1520", 2))


async def test_a_game_changed_before_a_stop_is_not_crowded_out_by_newer_lobbies(simcord_env, settings):
    """The start-up reads a bounded number of the newest changes; lobbies opened after the last move
    (any number of them) do not push the game out of it."""
    table = await started_before_a_stop(simcord_env)
    for number in range(5):  # newer lobbies, each a change
        await open_table(simcord_env, "augsburg1520", [f"p{number}"])
    store = simcord_env.bot.store
    real = store.tables.last_moved
    store.tables.last_moved = lambda window, limit=200: real(window, 3)  # a small window of changes
    assert table.table_id in await store.tables.last_moved(120)
    store.tables.last_moved = real
    await simcord_env.restart_bot(create_bot(settings))
    assert (await table.row()).board_message_id is not None


async def test_a_cancel_stored_just_before_a_stop_is_shown_after_the_start(simcord_env, settings):
    """README: "Once cancelled, the board and each player's latest DM panel say so, and the table's
    buttons in their recent DMs go." A cancel (by a server manager, a vote, or the last player
    abandoning) is stored before Discord hears of it: after a stop in between, the next start shows
    it, once; a lobby cancelled that way loses its buttons."""
    async def stopped(*args, **kwargs):
        raise Stopped()

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby_table = await open_table(simcord_env, "baumeister", ["cy", "dee", "eve"])
    await start(table)
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    manager = table.guild.add_member(simcord_env.create_user("mod"), roles=[role])
    lobby_manager = lobby_table.guild.add_member(simcord_env.create_user("mod2"), roles=[
        lobby_table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))])
    simcord_env.bot.controller.closed = stopped
    simcord_env.check_errors = False
    for who, where in ((manager, table), (lobby_manager, lobby_table)):
        with contextlib.suppress(Stopped):  # the simulated stop
            await who.slash(where.thread, "table cancel")
        assert (await where.row()).status == "cancelled"
    assert labels(await board_message(table))  # nothing in Discord heard of it yet

    for _ in range(2):  # shown at the first start, not again at the next
        await simcord_env.restart_bot(create_bot(settings))
        board = await board_message(table)
        assert board.content.startswith(f"**Table #{table.table_id} was cancelled**") and not labels(board)
        notes = [m for m in table.thread.history() if m.content == f"Table #{table.table_id} was cancelled."]
        assert len(notes) == 1
        for player in table.players:
            assert not [m for m in player.user.dm_channel.history()
                        if any(table_control(c, table.table_id) for c in buttons(m))]
        lobby = lobby_table.thread.history()[0]
        assert not labels(lobby)


async def test_a_stop_stores_which_dm_panels_were_sent_so_the_next_move_takes_their_controls_off(
        simcord_env, settings):
    """The DM panels a move sends are noted with the table's next write (a move stays one commit).
    A stop (Ctrl+C, or SIGTERM to `python -m bot`) stores the notes first: a player who answers
    from My hand has their DM panel's controls taken off, not left to be refused as out of date.
    (The start stores its panels' notes at once.)"""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, policy = table.players[0], heuristic_players("augsburg1520", 2)
    stored = simcord_env.bot.store.tables.seats
    assert (await stored(table.table_id))[0].dm_message_id == ada.user.dm_channel.history()[-1].id
    for _ in range(40):  # on to a move that sends ada a new panel, noted but not stored
        await play_turn_by_dm(table, policy)
        panel = ada.user.dm_channel.history()[-1]
        if panel.components and (await stored(table.table_id))[0].dm_message_id != panel.id:
            break
    else:
        raise AssertionError("no move sent ada a panel left to the next write")
    await simcord_env.bot.close()
    simcord_env.bot.store = None  # closed by the stop
    await simcord_env.restart_bot(create_bot(settings))
    assert (await simcord_env.bot.store.tables.seats(table.table_id))[0].dm_message_id == panel.id
    hand = (await ada.click(await board_message(table), label="My hand")).response.message
    answered = await choose(ada, hand, 0)
    assert answered.acknowledged and not answered.ephemeral
    assert not next(m for m in ada.user.dm_channel.history() if m.id == panel.id).components


@pytest.mark.slow
@pytest.mark.parametrize("how", [[], ["twice"], ["no-ctrl-c"], ["during-sync"]])
def test_sigterm_to_the_bot_process_closes_it_as_ctrl_c_does(tmp_path, how):
    """`python -m bot` takes SIGTERM (systemctl stop, docker stop) as Ctrl+C: the bot closes on its
    main task, stores its notes and closes the database (the last connection to close empties the
    write-ahead log), and the process ends with 0. Also when a second SIGTERM comes during that
    close, and when the process was started with Ctrl+C ignored. A bot inside tests leaves the
    signal alone."""
    assert not create_bot(Settings(token="", database=tmp_path / "unused.sqlite3")).handle_sigterm
    database = tmp_path / "bot.sqlite3"
    script = Path(__file__).with_name("stop_offline.py")
    done = subprocess.run([sys.executable, str(script), str(database), *how], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    connected = [] if "during-sync" in how else ["connected"]  # a stop before the gateway ends as cleanly
    assert done.stdout.splitlines() == [*connected, "notes stored (0 tables)", "stopped with 0"]
    wal = database.with_name(database.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0


async def test_a_player_at_two_tables_is_not_sent_their_shown_panels_again_at_each_start(simcord_env, settings):
    """README: at a start, a player "due to act whose latest DM panel of that table (among their
    last 100 DMs: they may play at other tables too) is not the panel of their current decision
    gets it". Ada's DMs can end with only one of her two tables' panels; both are current."""
    env = simcord_env
    ada = env.create_user("ada")
    tables = []
    for other in ("bo", "cy"):  # a table in each of two servers
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        players = [guild.add_member(ada), guild.add_member(env.create_user(other))]
        await players[0].slash(channel, "table create", game="augsburg1520")
        thread = channel.threads[-1]
        await players[1].click(thread.history()[0], label="Join")
        row = await env.bot.store.tables.by_thread(thread.id)
        tables.append(Table(env, guild, channel, thread, row.id, players))
        await start(tables[-1])
    for table in tables:  # each table waits for ada
        row = await table.row()
        assert ada.id in {s.user_id for s in await table.seats()
                          if s.seat in table.bot.service.spec(row).to_act(table.bot.service.state(row))}
    before = len(ada.dm_channel.history())
    for _ in range(2):
        await env.bot.service.store_notes()  # a clean stop
        await env.restart_bot(create_bot(settings))
    assert len(ada.dm_channel.history()) == before, [m.content[:50] for m in ada.dm_channel.history()[before:]]


STOP_WHILE_LOADING = """
import os, signal, sys, time
sys.path.insert(0, {root!r})
import bot.__main__ as entry
import bot.settings

def loading(*args, **kwargs):  # the signal comes while the bot's code is still loading
    os.kill(os.getpid(), signal.{signal})
    time.sleep(10)
    raise SystemExit("the signal did not stop the start")

bot.settings.load_settings = loading
sys.exit(entry.run_command([]))
"""


@pytest.mark.slow
@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGINT"])
def test_a_stop_while_the_bot_is_still_loading_ends_cleanly(tmp_path, signal_name):
    """README: Ctrl+C or SIGTERM to `python -m bot` "closes it cleanly, also while it is still
    starting (exit status 0)": also in the second or so before the bot can handle it itself, while
    its code loads (no traceback, no death by the signal)."""
    script = tmp_path / "stop_while_loading.py"
    script.write_text(STOP_WHILE_LOADING.format(root=str(Path(__file__).resolve().parents[2]), signal=signal_name))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "Stopped before the bot was running.\n"), done
