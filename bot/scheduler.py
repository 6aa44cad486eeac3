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


class Scheduler:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.handlers: dict[str, Handler] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def on(self, kind: str, handler: Handler) -> None:
        self.handlers[kind] = handler

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="timer-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    def wake(self) -> None:
        """Call after adding a timer so a sooner one is not slept through."""
        self._wake.set()

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            timer = await self.store.tables.next_timer()
            if timer is None:
                await self._wake.wait()
                continue
            delay = timer.due_at - discord.utils.utcnow().timestamp()
            if delay > 0:
                try:
                    await asyncio.wait_for(self._wake.wait(), timeout=delay)
                except asyncio.TimeoutError:
                    pass
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
