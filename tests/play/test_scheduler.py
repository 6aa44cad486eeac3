"""The durable timer scheduler: one event-loop callback waits for the soonest stored timer; a
timer added sooner moves it without a query; a failing database is tried again later."""

from __future__ import annotations

import asyncio
import time

import pytest

import play.scheduler as scheduler_module
from play.scheduler import Scheduler
from storage import Store


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "bot.sqlite3")
    yield opened
    await opened.close()


async def until(condition, seconds: float = 3.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def test_timers_fire_once_in_order_and_a_sooner_one_moves_the_wait_without_a_query(store, monkeypatch):
    fired: list[str] = []
    queries = {"n": 0}
    next_timer = store.tables.next_timer

    async def counted():
        queries["n"] += 1
        return await next_timer()

    monkeypatch.setattr(store.tables, "next_timer", counted)
    scheduler = Scheduler(store, time.time)

    async def handler(timer):
        fired.append(timer.payload["name"])

    scheduler.on("test", handler)
    await store.tables.add_timer("test", time.time() + 30, payload={"name": "late"})
    scheduler.start()
    await until(lambda: queries["n"] == 1 and scheduler._task is None)
    looked = queries["n"]

    await store.tables.add_timer("test", time.time() + 0.1, payload={"name": "soon"})
    scheduler.wake(time.time() + 0.1)
    assert queries["n"] == looked  # the new due time is known: no query until it falls due
    scheduler.wake(time.time() + 60)  # a later timer changes nothing
    await until(lambda: fired == ["soon"])
    await asyncio.sleep(0.1)
    assert fired == ["soon"]  # once, and the late one is not due yet
    assert [t.payload["name"] for t in await store.tables.timers()] == ["late"]
    await scheduler.stop()


async def test_a_failing_database_is_tried_again(store, monkeypatch, caplog):
    monkeypatch.setattr(scheduler_module, "RETRY_SECONDS", 0.1)
    fired: list[int] = []
    next_timer = store.tables.next_timer
    failures = {"left": 1}

    async def flaky():
        if failures["left"]:
            failures["left"] -= 1
            raise OSError("disk I/O error")
        return await next_timer()

    monkeypatch.setattr(store.tables, "next_timer", flaky)
    scheduler = Scheduler(store, time.time)

    async def handler(timer):
        fired.append(timer.id)

    scheduler.on("test", handler)
    await store.tables.add_timer("test", time.time() - 1)
    scheduler.start()
    await until(lambda: len(fired) == 1)
    assert "tries again" in caplog.text
    await scheduler.stop()


async def test_a_long_outage_of_the_database_logs_a_few_lines_not_one_a_minute(store, monkeypatch, caplog):
    """Operators: the first failure with its traceback, then a line at 2, 4, 8... tries in a row,
    and one when it works again (an outage of two hours was 120 tracebacks)."""
    monkeypatch.setattr(scheduler_module, "RETRY_SECONDS", 0.01)
    next_timer = store.tables.next_timer
    failures = {"left": 40}

    async def failing():
        if failures["left"]:
            failures["left"] -= 1
            raise OSError("disk I/O error")
        return await next_timer()

    monkeypatch.setattr(store.tables, "next_timer", failing)
    scheduler = Scheduler(store, time.time)
    scheduler.start()
    await until(lambda: "works again after 40 failed tries" in caplog.text)
    lines = [r for r in caplog.records if r.name == scheduler_module.__name__]
    assert [r.exc_info is not None for r in lines] == [True] + [False] * (len(lines) - 1)
    assert [r.getMessage().split("(")[1].split(" ")[0] for r in lines[1:-1]] == ["2", "4", "8", "16", "32"]
    await scheduler.stop()


async def test_a_timer_is_deleted_only_after_its_handler_and_a_failed_one_fires_again(store, monkeypatch):
    monkeypatch.setattr(scheduler_module, "CLAIM_SECONDS", 0.2)
    runs: list[int] = []
    scheduler = Scheduler(store, time.time)

    async def fails_once(timer):
        runs.append(timer.id)
        assert [t.id for t in await store.tables.timers()] == [timer.id]  # still stored while it runs
        if len(runs) == 1:
            raise RuntimeError("the move could not be stored")

    scheduler.on("test", fails_once)
    await store.tables.add_timer("test", time.time() - 1)
    scheduler.start()
    await until(lambda: len(runs) == 2)
    await until(lambda: scheduler._task is None)
    assert await store.tables.timers() == []
    await scheduler.stop()


async def test_a_timer_its_handler_replaced_is_kept(store):
    """A move replaces its table's timers; SQLite may give the new row the old one's id."""
    scheduler = Scheduler(store, time.time)
    replaced: list[int] = []

    async def replaces(timer):
        await store.tables.delete_timers(table_id=7)
        replaced.append(await store.tables.add_timer("test", time.time() + 3600, table_id=7, payload={"n": 2}))

    scheduler.on("test", replaces)
    first = await store.tables.add_timer("test", time.time() - 1, table_id=7)
    scheduler.start()
    await until(lambda: replaced and scheduler._task is None)
    assert replaced == [first]  # the id was reused
    assert [t.payload for t in await store.tables.timers()] == [{"n": 2}]
    await scheduler.stop()


async def test_a_stopped_scheduler_is_not_started_again(tmp_path):
    """A stop is for good: the start-up resume may end while the bot is stopping, and its start
    of the scheduler must not run timers against a store being closed."""
    store = await Store.open(tmp_path / "s.sqlite3")
    scheduler = Scheduler(store, lambda: 0.0)
    scheduler.start()
    await scheduler.stop()
    scheduler.start()
    assert not scheduler._started and scheduler._task is None and scheduler._handle is None
    await store.close()


@pytest.mark.slow  # over half a second
async def test_a_timer_whose_handler_keeps_failing_is_tried_less_often_but_never_dropped(store, monkeypatch, caplog):
    """README: "a deadline is deleted only once its computer move is stored, so one interrupted by
    a crash or a failed write fires again" — also when the disk fails for a long while: after
    several failures in a row it is tried less often, and fires once the handler works again."""
    monkeypatch.setattr(scheduler_module, "CLAIM_SECONDS", 0.05)
    monkeypatch.setattr(scheduler_module, "SLOW_AFTER", 3)
    monkeypatch.setattr(scheduler_module, "SLOW_RETRY_SECONDS", (0.3, 0.6))
    runs: list[float] = []
    scheduler = Scheduler(store, time.time)

    async def fails_six_times(timer):
        runs.append(time.time())
        if len(runs) <= 6:
            raise OSError("disk I/O error")

    scheduler.on("deadline", fails_six_times)
    await store.tables.add_timer("deadline", time.time() - 1, table_id=7)
    scheduler.start()
    await until(lambda: len(runs) == 7, seconds=10)
    await until(lambda: scheduler._task is None)
    assert await store.tables.timers() == [], "done at last: deleted"
    gaps = [later - earlier for earlier, later in zip(runs, runs[1:])]
    assert all(gap < 0.25 for gap in gaps[:2]), gaps  # the first failures: again when the claim runs out
    assert 0.25 <= gaps[2] and 0.55 <= gaps[3] and 0.55 <= gaps[4], gaps  # then later, never dropped
    failed = [r.getMessage() for r in caplog.records if "failed" in r.getMessage()]
    assert len(failed) == 6 and all("of table 7" in line for line in failed), failed
    assert "failed 6 times in a row" in failed[-1], failed
    await scheduler.stop()
