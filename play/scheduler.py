"""Durable timers: rows in the timers table, one task sleeping until the soonest is due.

Timers survive restarts because they live in the database; the wait is set again at start-up.
A due timer is claimed for a while before its handler runs (its due time moved on), and deleted
once the handler is done: a handler that fails, or a process that dies while it runs, leaves the
timer to fire again when the claim runs out. Handlers check that what they act on is still
current (a move's prompt version), so firing again after the work was done changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Awaitable, Callable

from play.common import BoundedCache
from storage import Store, TimerRow

log = logging.getLogger(__name__)
Handler = Callable[[TimerRow], Awaitable[None]]

IDLE_SLEEP = 24 * 3600  # with no timer due, look again daily (adding a timer wakes it sooner)
RETRY_SECONDS = 60  # after a failed look at the timers
CLAIM_SECONDS = 120  # a claimed timer fires again after this long unless its handler finished
# A handler that failed this many times in a row (a disk failing for a while) is tried less often
# from then on, but never given up: a deadline dropped would leave its table waiting for good.
SLOW_AFTER = 5
SLOW_RETRY_SECONDS = (600, 3600)  # ten minutes, then an hour (and hourly after that)


class Scheduler:
    """Waits for the soonest timer with one timer callback of the event loop (no task sleeps in
    the background). When it falls due, a short task fires what is due, finds the next timer and
    sets the callback for it. `wake(due_at)` moves the callback only when the new timer is due
    before the one it waits for, so a move that adds a timer costs no query here; the pattern of
    RoboDanny's reminder cog."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self.handlers: dict[str, Handler] = {}
        self._handle: asyncio.TimerHandle | None = None  # the callback for the soonest timer
        self._task: asyncio.Task[None] | None = None  # a check in progress
        self._recheck = False
        self._target = math.inf  # when the callback is due
        self._started = self._stopped = False
        self._failures: BoundedCache[int, int] = BoundedCache(1_000)  # timer id: failed runs in a row
        self._once: set[str] = set()
        self._outage = 0  # checks in a row the database failed (see _check)

    def on(self, kind: str, handler: Handler, *, at_most_once: bool = False) -> None:
        """`at_most_once`: the timer goes before its handler runs, so a stop while it runs (a reminder
        just sent) loses it rather than repeat it (others go after, and fire again after a stop)."""
        self.handlers[kind] = handler
        if at_most_once:
            self._once.add(kind)

    def start(self) -> None:
        if not self._started and not self._stopped:
            self._started = True
            self._check_now()

    async def stop(self) -> None:
        """Stop for good: a start after it (a start-up resume ending during the bot's stop) does nothing."""
        self._started, self._stopped = False, True
        self._cancel_wait()
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    def wake(self, due_at: float | None = None) -> None:
        """Call after adding a timer (due at `due_at`) so a sooner one is not slept through."""
        if not self._started or (due_at is not None and due_at >= self._target):
            return
        if self._task is not None:
            self._recheck = True  # the check in progress looks again before it waits
        elif due_at is None:
            self._check_now()
        else:
            self._wait_until(due_at)

    def _wait_until(self, due_at: float) -> None:
        self._cancel_wait()
        self._target = due_at
        delay = max(0.0, min(due_at - self.clock(), IDLE_SLEEP))
        self._handle = asyncio.get_running_loop().call_later(delay, self._check_now)

    def _cancel_wait(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle, self._target = None, math.inf

    def _check_now(self) -> None:
        self._cancel_wait()
        self._task = asyncio.get_running_loop().create_task(self._check(), name="timer-scheduler")

    async def _check(self) -> None:
        """Fire every timer that is due, then wait for the next one."""
        try:
            while True:
                self._recheck = False
                timer = await self.store.tables.next_timer()
                self._outage_over()  # the database answers again
                delay = IDLE_SLEEP if timer is None else timer.due_at - self.clock()
                if delay > 0:
                    if self._recheck:
                        continue
                    self._task = None
                    self._wait_until(self.clock() + min(delay, IDLE_SLEEP))
                    return
                until = self.clock() + CLAIM_SECONDS
                if await self.store.tables.claim_timer(timer, until):
                    await self._fire(timer, until)
        except Exception:  # the database failed: try again later rather than never
            self._outage += 1
            if self._outage == 1:
                log.exception("the timer scheduler failed; it tries again every %s s", RETRY_SECONDS)
            elif self._outage & (self._outage - 1) == 0:  # an outage's log: a line at 2, 4, 8... tries
                log.warning("the timer scheduler still fails (%s tries in a row); it goes on trying", self._outage)
            self._task = None
            self._wait_until(self.clock() + RETRY_SECONDS)

    def _outage_over(self) -> None:
        if self._outage > 1:
            log.warning("the timer scheduler works again after %s failed tries", self._outage)
        self._outage = 0

    async def _fire(self, timer: TimerRow, claimed_until: float) -> None:
        """Run a claimed timer's handler; delete the timer when it is done (or given up)."""
        handler = self.handlers.get(timer.kind)
        if handler is not None and timer.kind in self._once:  # see `on`
            await self.store.tables.delete_claimed_timer(timer, claimed_until)
            try:
                await handler(timer)
            except Exception:
                log.exception("timer %s (%s) of %s failed; not tried again", timer.id, timer.kind, whose(timer))
            return
        if handler is None:
            log.warning("no handler for timer kind %r; dropped", timer.kind)
        else:
            try:
                await handler(timer)
            except Exception:  # one failing timer must not stop the others
                await self._failed(timer, claimed_until)
                return
        self._failures.pop(timer.id)
        await self.store.tables.delete_claimed_timer(timer, claimed_until)

    async def _failed(self, timer: TimerRow, claimed_until: float) -> None:
        """A handler failed: its timer fires again when the claim runs out, or, after several
        failures in a row, later still (its table named, so an operator can find it)."""
        failures = (self._failures.get(timer.id) or 0) + 1
        self._failures.put(timer.id, failures)
        delay = CLAIM_SECONDS
        if failures >= SLOW_AFTER:
            delay = SLOW_RETRY_SECONDS[min(failures - SLOW_AFTER, len(SLOW_RETRY_SECONDS) - 1)]
            try:
                await self.store.tables.postpone_claimed_timer(timer, claimed_until, self.clock() + delay)
            except Exception:  # the database still fails: the claim's own time stands
                delay = CLAIM_SECONDS
        log.exception("timer %s (%s) of %s failed %s time%s in a row; it fires again in %s s", timer.id,
                      timer.kind, whose(timer), failures, "" if failures == 1 else "s", round(delay))


def whose(timer: TimerRow) -> str:
    """The table or tournament a timer is for, as a log line names it."""
    if timer.table_id is not None:
        return f"table {timer.table_id}"
    tournament = timer.payload.get("tournament_id")
    return f"tournament {tournament}" if tournament is not None else "no table"
