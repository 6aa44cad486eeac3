"""What a move writes (MoveWrite) and its SQL, which storage/tables.py runs in one transaction:
the table row at its expected version, its actions and notes, the timers the move made stale
replaced, and the seats it changed; and of a take-back."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from storage.db import Statement, iso_time, utcnow
from storage.timers import SEAT_TIMERS, NewTimer

SEAT_FIELDS = {"display_name", "ai", "forfeited", "dm_ok", "dm_channel_id", "dm_message_id", "user_id", "away",
                "missed", "away_told"}


@dataclass
class MoveWrite:
    """Everything one request changes at a running table, written in one transaction: the
    actions it accepted (the requester's and the computer seats' after it), the new state and
    prompts, the timers of the seats whose decision changed, and seat changes. (A dataclass: the
    service builds one per move from values it has checked.)"""

    table_id: int
    expected_version: int
    state: str
    prompts: dict[int, tuple[int, str]]
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat, action JSON), in order
    by_computer: list[int] = field(default_factory=list)  # indexes in `actions` of the moves the computer made
    outcome: str | None = None  # set when the game ended: the table is finished, finish work due
    computer_due: bool = False
    was_computer_due: bool = True  # as loaded; False with computer_due False: the flags stay as they are
    recent_events: list[tuple[int, str]] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)  # (version, text): the bot's own log lines (table_notes)
    timer_seats: list[int] = field(default_factory=list)  # seats whose decision timers are replaced by `timers`
    timers: list[NewTimer] = field(default_factory=list)
    deadlines: dict[int, float] = field(default_factory=dict)  # seat -> due time of its decision under the table's pace
    deadlines_met: dict[int, float] = field(default_factory=dict)  # seat -> the paced deadline its person's action met
    at: float | None = None  # when the actions were made, by the bot's clock (its deadlines' clock)
    seat_updates: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> fields (see TableStore.update_seat)

    def __post_init__(self) -> None:
        self.timers = [t if isinstance(t, NewTimer) else NewTimer.model_validate(t) for t in self.timers]

    @property
    def new_version(self) -> int:
        return self.expected_version + len(self.actions)


def table_update(move: MoveWrite, now: str) -> Statement:
    """The table row of a move, changed only at the expected version. A move that neither ends
    the game nor changes whether computer seats are due leaves the status columns alone, so
    their indexes are not rewritten."""
    finished = move.outcome is not None
    common = (move.state, move.new_version, json.dumps(move.prompts), json.dumps(move.recent_events),
              json.dumps({} if finished else move.deadlines), now)
    where = " WHERE id = ? AND version = ? AND status = 'running' AND damaged IS NULL RETURNING id"
    if not (finished or move.computer_due or move.was_computer_due):
        return ("UPDATE game_tables SET state = ?, version = ?, prompts = ?, recent_events = ?, deadlines = ?,"
                " updated_at = ?" + where, (*common, move.table_id, move.expected_version))
    return ("UPDATE game_tables SET state = ?, version = ?, prompts = ?, recent_events = ?, deadlines = ?,"
            " updated_at = ?, outcome = ?, status = ?, computer_due = ?, finish_due = ?" + where,
            (*common, move.outcome, "finished" if finished else "running", int(move.computer_due and not finished),
             int(finished), move.table_id, move.expected_version))


def action_statements(move: MoveWrite, now: str) -> list[Statement]:
    """The actions a move accepted, and the bot's notes that came with them (rarely any)."""
    statements: list[Statement] = []
    if move.actions:
        computer = set(move.by_computer)
        made = now if move.at is None else iso_time(move.at)
        rows = [(move.table_id, move.expected_version + i + 1, seat, action, made, int(i in computer),
                 None if i in computer else move.deadlines_met.get(seat))
                for i, (seat, action) in enumerate(move.actions)]
        statements.append(("INSERT INTO actions (table_id, version, seat, action, created_at, by_computer, deadline) "
                           "VALUES " + ", ".join("(?, ?, ?, ?, ?, ?, ?)" for _ in rows),
                           [v for row in rows for v in row]))
    return statements + note_statements(move)


def note_statements(move: MoveWrite) -> list[Statement]:
    if not move.notes:
        return []
    rows = [(move.table_id, version, text) for version, text in move.notes]
    return [("INSERT INTO table_notes (table_id, version, text) VALUES " + ", ".join("(?, ?, ?)" for _ in rows),
             [v for row in rows for v in row])]


def take_back_statements(move: MoveWrite, undone_version: int) -> list[Statement]:
    """A take-back: the table back at the state before the undone action, at a new version; the
    action and its notes deleted; the take-back's own note and timers written."""
    now = utcnow()
    return [
        ("UPDATE game_tables SET state = ?, version = ?, prompts = ?, recent_events = ?, deadlines = ?,"
         " updated_at = ? WHERE id = ? AND version = ? AND status = 'running' AND damaged IS NULL RETURNING id",
         (move.state, move.expected_version + 1, json.dumps(move.prompts), json.dumps(move.recent_events),
          json.dumps(move.deadlines), now, move.table_id, move.expected_version)),
        ("DELETE FROM actions WHERE table_id = ? AND version = ?", (move.table_id, undone_version)),
        ("DELETE FROM table_notes WHERE table_id = ? AND version = ?", (move.table_id, undone_version)),
        *note_statements(move), *timer_statements(move, False, now)]


def sql_value(value: Any) -> Any:
    return int(value) if isinstance(value, bool) else value


def timer_statements(move: MoveWrite, finished: bool, now: str) -> list[Statement]:
    """Replace the timers the move made stale with the ones it needs (all of them at the end);
    `now`: the time they are stored, as stored."""
    if finished:
        return [("DELETE FROM timers WHERE table_id = ?", (move.table_id,))]
    statements: list[Statement] = []
    if move.timer_seats:
        marks = ", ".join("?" for _ in move.timer_seats)
        statements.append((f"DELETE FROM timers WHERE table_id = ? AND kind IN (?, ?, ?) AND seat IN ({marks})",
                           (move.table_id, *SEAT_TIMERS, *move.timer_seats)))
    if move.timers:
        rows = [(t.kind, t.due_at, move.table_id, t.seat, json.dumps(t.payload), now) for t in move.timers]
        statements.append(("INSERT INTO timers (kind, due_at, table_id, seat, payload, created_at) VALUES "
                           + ", ".join("(?, ?, ?, ?, ?, ?)" for _ in rows), [v for row in rows for v in row]))
    return statements


def seat_statements(table_id: int, updates: dict[int, dict[str, Any]]) -> list[Statement]:
    """Several seats' fields in one statement for each set of fields changed (usually one:
    the DM panels sent since the last write)."""
    by_fields: dict[tuple[str, ...], list[tuple[int, dict[str, Any]]]] = {}
    for seat, fields in sorted(updates.items()):
        unknown = set(fields) - SEAT_FIELDS
        if unknown:
            raise ValueError(f"unknown seat fields {sorted(unknown)}")
        by_fields.setdefault(tuple(sorted(fields)), []).append((seat, fields))
    statements: list[Statement] = []
    for names, rows in by_fields.items():
        columns = ", ".join(["? AS seat", *(f"? AS {name}" for name in names)])
        values = " UNION ALL ".join(f"SELECT {columns}" for _ in rows)
        params = [v for seat, fields in rows for v in (seat, *(sql_value(fields[n]) for n in names))]
        statements.append((f"UPDATE seats SET {', '.join(f'{n} = v.{n}' for n in names)} FROM ({values}) AS v"
                           " WHERE seats.table_id = ? AND seats.seat = v.seat", (*params, table_id)))
    return statements
