"""Durable timers: rows in the timers table, one task sleeping until the soonest is due.

Timers survive restarts because they live in the database; the task is rebuilt at start-up.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

import discord

from storage import Store, TimerRow

log = logging.getLogger(__name__)
Handler = Callable[[TimerRow], Awaitable[None]]


IDLE_SLEEP = 24 * 3600  # with no timer due, look again daily (adding a timer wakes it sooner)


class Scheduler:
    """Sleeps until the soonest timer is due. Adding a timer calls `wake()`, which restarts the
    sleep (never a running handler), the pattern of RoboDanny's reminder cog."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.handlers: dict[str, Handler] = {}
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._recheck = False

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

    def wake(self) -> None:
        """Call after adding a timer so a sooner one is not slept through."""
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
            delay = IDLE_SLEEP if timer is None else timer.due_at - discord.utils.utcnow().timestamp()
            if delay > 0:
                if self._recheck:
                    continue
                self._sleeping = True
                try:
                    await asyncio.sleep(min(delay, IDLE_SLEEP))
                finally:
                    self._sleeping = False
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
