"""Start-up work does not grow with stored tables that have nothing due: what is due is found by
indexed queries, and a restart with hundreds of idle running tables reads no more than with one."""

from __future__ import annotations

import simcord

from bot import create_bot
from storage import Store
from tests.bot.conftest import SETTLE_TIMEOUT, close_store
from tests.bot.driver import heuristic_players, open_table, play_turn_by_dm, start
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
    # Nothing in it reads the tables by status (every running table).
    assert not [s for s in many if s.startswith("SELECT") and "game_tables" in s and "status" in s]
