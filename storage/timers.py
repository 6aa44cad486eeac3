"""Durable timers (a decision's time limit, a table's deadlines and reminders, a tournament
round's deadline): rows the scheduler (play/scheduler.py) sleeps on."""

from __future__ import annotations

import json
import logging
from typing import Any

from pydantic import BaseModel

from storage.damaged_rows import fault_text
from storage.db import Database, execute, utcnow

log = logging.getLogger(__name__)

DECISION_TIMER = "decision"  # an engine's time limit on a decision (GameSpec.time_limit)
DEADLINE_TIMER = "deadline"  # the table's pace: a seat's decision is due
REMINDER_TIMER = "reminder"  # the table's pace: a reminder before the deadline
AWAY_TIMER = "away"  # the table's pace: a seat the computer plays while away misses another deadline
STANDINGS_TIMER = "standings"  # a game's final standings that Discord refused: posted again
SHOW_TIMER = "show"  # a board or a due player's panel that Discord refused: shown again
FINISH_TIMER = "finish"  # a game's finish work (ratings, tournament result) the database refused: tried again
MEMBERS_TIMER = "members"  # players a table's private thread (a duplicate round's) may still lack: added again
SEAT_TIMERS = (DECISION_TIMER, DEADLINE_TIMER, REMINDER_TIMER)  # replaced when a seat's decision changes


class TimerRow(BaseModel):
    id: int
    kind: str
    due_at: float
    table_id: int | None
    seat: int | None = None
    payload: dict[str, Any]


class NewTimer(BaseModel):
    """A timer a move starts (a decision's time limit)."""

    kind: str
    due_at: float
    seat: int | None = None
    payload: dict[str, Any] = {}


class TimerStore:
    """Timer rows; TableStore has these methods."""

    db: Database

    async def add_timer(self, kind: str, due_at: float, *, table_id: int | None = None,
                        payload: dict[str, Any] | None = None, seat: int | None = None) -> int:
        async with self.db.transaction() as conn:
            rowcount, lastrowid = await execute(conn,
                "INSERT INTO timers (kind, due_at, table_id, seat, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (kind, due_at, table_id, seat, json.dumps(payload or {}), utcnow()),
            )
            return int(lastrowid)

    async def replace_table_timer(self, kind: str, due_at: float, *, table_id: int,
                                  payload: dict[str, Any] | None = None) -> None:
        """A table's one timer of `kind` (any earlier one of that kind replaced)."""
        async with self.db.transaction() as conn:
            await execute(conn, "DELETE FROM timers WHERE table_id = ? AND kind = ?", (table_id, kind))
            await execute(conn, "INSERT INTO timers (kind, due_at, table_id, seat, payload, created_at) "
                                "VALUES (?, ?, ?, NULL, ?, ?)", (kind, due_at, table_id, json.dumps(payload or {}), utcnow()))

    async def next_timer(self) -> TimerRow | None:
        """The timer due first. One that cannot be read (a damaged row) could never fire, and would
        hold up every timer behind it: it is logged and deleted."""
        while (row := await self.db.fetchone("SELECT * FROM timers ORDER BY due_at, id LIMIT 1")) is not None:
            timer = _readable_timer(row, dropped=True)
            if timer is not None:
                return timer
            await self.db.write([("DELETE FROM timers WHERE id = ?", (row["id"],))])
        return None

    async def timers(self, *, table_id: int | None = None, kind: str | None = None) -> list[TimerRow]:
        sql, params = "SELECT * FROM timers WHERE 1 = 1", []
        if table_id is not None:
            sql, params = sql + " AND table_id = ?", [*params, table_id]
        if kind is not None:
            sql, params = sql + " AND kind = ?", [*params, kind]
        rows = await self.db.fetchall(sql + " ORDER BY due_at, id", params)
        return [timer for r in rows if (timer := _readable_timer(r)) is not None]  # the scheduler drops the others

    async def claim_timer(self, timer: TimerRow, until: float) -> bool:
        """Take a due timer until `until`: no other look at the timers (this process's or another's)
        fires it meanwhile. Its handler deletes it when done; if the handler fails or the process
        dies first, the timer falls due again at `until`. False if it was taken or changed since
        it was read."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn, "UPDATE timers SET due_at = ? WHERE id = ? AND due_at = ?",
                                        (until, timer.id, timer.due_at))
            return rowcount == 1

    async def delete_claimed_timer(self, timer: TimerRow, claimed_until: float) -> bool:
        """Delete a timer whose handler is done, if it is still the row claimed (the handler's own
        move may have replaced it, and a new row can reuse its id)."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn, "DELETE FROM timers WHERE id = ? AND kind = ? AND due_at = ?",
                                        (timer.id, timer.kind, claimed_until))
            return rowcount == 1

    async def postpone_claimed_timer(self, timer: TimerRow, claimed_until: float, due_at: float) -> bool:
        """Move a claimed timer whose handler failed to `due_at`, if it is still the row claimed."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn, "UPDATE timers SET due_at = ? WHERE id = ? AND kind = ? AND due_at = ?",
                                        (due_at, timer.id, timer.kind, claimed_until))
            return rowcount == 1

    async def delete_timer(self, timer_id: int) -> bool:
        async with self.db.transaction() as conn:
            rowcount, lastrowid = await execute(conn, "DELETE FROM timers WHERE id = ?", (timer_id,))
            return rowcount == 1

    async def delete_timers(self, *, table_id: int, kind: str | None = None) -> int:
        sql, params = "DELETE FROM timers WHERE table_id = ?", [table_id]
        if kind is not None:
            sql, params = sql + " AND kind = ?", [*params, kind]
        async with self.db.transaction() as conn:
            rowcount, lastrowid = await execute(conn, sql, params)
            return rowcount


    async def delete_tournament_timers(self, kind: str, tournament_id: int) -> int:
        """Delete a tournament's timers of `kind` (a round's deadline once the round ended or moved)."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn, "DELETE FROM timers WHERE kind = ?"
                                        " AND json_extract(payload, '$.tournament_id') = ?", (kind, tournament_id))
            return rowcount


def _timer(row: Any) -> TimerRow:
    data = dict(row)
    data["payload"] = json.loads(data["payload"])
    data.pop("created_at", None)
    return TimerRow.model_validate(data)


def _readable_timer(row: Any, *, dropped: bool = False) -> TimerRow | None:
    """The timer, or None when its row cannot be read; `dropped`: it is deleted, and logged (without
    the stored values) as such."""
    try:
        return _timer(row)
    except (ValueError, TypeError) as exc:  # a ValidationError is a ValueError
        if dropped:
            log.error("timer %s (%s, table %s) cannot be read and is dropped: %s", row["id"], row["kind"],
                      row["table_id"], fault_text(exc))
        return None
