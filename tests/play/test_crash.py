"""The bot process killed (SIGKILL) right after a move is stored: what the move started is not lost.
A decision timer is written in the move's own transaction, and a game's end records that its
finish work (the rating) is due, which the next start completes."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from play.common import Caller
from play.tables import TableService
from play.tournaments.rating_service import RatingService
from storage import Store

GUILD = 10
PLAYERS = [Caller(user_id=100 + n, guild_id=GUILD, name=f"p{n}") for n in range(3)]

# Played in a child process: a rated table of real people choosing the first option, until the
# move that `stop` names is stored; then the process kills itself as a crash or kill -9 would.
CHILD = textwrap.dedent("""
    import asyncio, os, signal, sys, time
    from play.common import Caller
    from play.results import panel_token
    from play.tables import TableService
    from storage import Store

    async def main(path, game, stop):
        store = await Store.open(path)
        service = TableService(store, clock=time.time)
        players = [Caller(user_id=100 + n, guild_id=10, name=f"p{n}") for n in range(3)]
        table = await service.create_table(guild_id=10, channel_id=20, game=game, options={},
                                           creator_id=100, creator_name="p0", rated=True, seed=7,
                                           pace_name="off")
        for caller in players[1:]:
            await service.join(table.id, caller)
        news = await service.start(table.id, players[0])
        for _ in range(5000):
            if (stop == "timer" and news.timers) or (stop == "finish" and news.finished):
                print(news.table.version, flush=True)
                os.kill(os.getpid(), signal.SIGKILL)
            table_now = news.table
            spec = service.spec(table_now)
            seat = min(spec.to_act(news.state))
            caller = next(p for p in players if p.user_id == news.seats[seat].user_id)
            news = await service.act(table.id, caller, panel_token(table_now, table_now.prompts[seat][0]), 0)
        sys.exit("the stopping move never came")

    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3]))
""")


def crash_after(path: Path, game: str, stop: str) -> int:
    """Run the child until it kills itself; the table version it had stored."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", CHILD, str(path), game, stop], cwd=root,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == -signal.SIGKILL, done.stderr
    return int(done.stdout.split()[-1])


@pytest.mark.slow
async def test_a_timer_written_with_its_move_survives_a_kill(tmp_path):
    # Wettstreit der Baumeister times the pay-off negotiation: the first timed decision.
    path = tmp_path / "bot.sqlite3"
    version = await asyncio.to_thread(crash_after, path, "baumeister", "timer")
    store = await Store.open(path)
    try:
        table = await store.tables.get(1)
        assert table.version == version  # the last move is stored...
        timers = await store.db.fetchall("SELECT * FROM timers WHERE table_id = 1")
        assert len(timers) == 1 and timers[0]["kind"] == "decision"  # ...and its timer with it
        assert timers[0]["due_at"] > time.time()
    finally:
        await store.close()


@pytest.mark.slow
async def test_a_rating_due_at_a_kill_is_completed_at_the_next_start(tmp_path):
    path = tmp_path / "bot.sqlite3"
    version = await asyncio.to_thread(crash_after, path, "augsburg1520", "finish")
    store = await Store.open(path)
    try:
        service = TableService(store, clock=time.time)
        ratings = RatingService(store)
        service.on_finish.append(ratings.on_finished)
        table = await store.tables.get(1)
        assert (table.version, table.status) == (version, "finished")
        assert not await store.db.fetchall("SELECT * FROM rating_history")  # killed before rating
        computers, finishes = await service.due_tables()
        assert (computers, finishes) == ([], [1])
        for table_id in finishes:  # what the start-up sweep does
            await service.finish_work(table_id)
        rated = await store.db.fetchall("SELECT user_id FROM rating_history WHERE table_id = 1")
        assert sorted(r["user_id"] for r in rated) == [p.user_id for p in PLAYERS]
        assert await service.due_tables() == ([], [])
    finally:
        await store.close()


@pytest.mark.slow
async def test_a_deadline_written_with_its_move_survives_a_kill(tmp_path):
    """With a pace, the move that starts a decision stores its deadline and reminders."""
    path = tmp_path / "bot.sqlite3"
    child = CHILD.replace('pace_name="off"', 'pace_name="live-5m"')
    root = Path(__file__).resolve().parents[2]
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-c", child, str(path), "augsburg1520", "timer"],
                                   cwd=root, capture_output=True, text=True, timeout=300)
    assert done.returncode == -signal.SIGKILL, done.stderr
    store = await Store.open(path)
    try:
        table = await store.tables.get(1)
        assert table.version == int(done.stdout.split()[-1])
        kinds = sorted(t["kind"] for t in await store.db.fetchall("SELECT kind FROM timers WHERE table_id = 1"))
        assert "deadline" in kinds and "reminder" in kinds
        assert set(table.deadlines) and all(due > time.time() for due in table.deadlines.values())
    finally:
        await store.close()
