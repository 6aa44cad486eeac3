"""Durable timers: rows in the timers table, one task sleeping until the soonest is due.

Timers survive restarts because they live in the database; the task is rebuilt at start-up.
A timer is claimed (deleted) before its handler runs, so it fires once.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Awaitable, Callable

from storage import Store, TimerRow

log = logging.getLogger(__name__)
Handler = Callable[[TimerRow], Awaitable[None]]

IDLE_SLEEP = 24 * 3600  # with no timer due, look again daily (adding a timer wakes it sooner)


class Scheduler:
    """Sleeps until the soonest timer is due. `wake(due_at)` restarts the sleep (never a running
    handler) only when the new timer is due before the one it sleeps for, so a move that adds a
    timer costs no query here; the pattern of RoboDanny's reminder cog."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self.handlers: dict[str, Handler] = {}
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._recheck = False
        self._target = math.inf  # when the current sleep ends

    def on(self, kind: str, handler: Handler) -> None:
        self.handlers[kind] = handler

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="timer-scheduler")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    def wake(self, due_at: float | None = None) -> None:
        """Call after adding a timer (due at `due_at`) so a sooner one is not slept through."""
        if due_at is not None and due_at >= self._target:
            return
        if self._task is not None and self._sleeping:
            self._task.cancel()
            self._task = None
            self.start()
        else:
            self._recheck = True

    async def _run(self) -> None:
        while True:
            self._recheck = False
            timer = await self.store.tables.next_timer()
            delay = IDLE_SLEEP if timer is None else timer.due_at - self.clock()
            if delay > 0:
                if self._recheck:
                    continue
                self._sleeping = True
                self._target = self.clock() + min(delay, IDLE_SLEEP)
                try:
                    await asyncio.sleep(min(delay, IDLE_SLEEP))
                finally:
                    self._sleeping = False
                    self._target = math.inf
                continue
            if await self.store.tables.delete_timer(timer.id):
                await self._fire(timer)

    async def _fire(self, timer: TimerRow) -> None:
        handler = self.handlers.get(timer.kind)
        if handler is None:
            log.warning("no handler for timer kind %r; dropped", timer.kind)
            return
        try:
            await handler(timer)
        except Exception:  # one failing timer must not stop the others
            log.exception("timer %s (%s) failed", timer.id, timer.kind)
