"""Game tables, seats, the action log and timers."""

from __future__ import annotations

import json
from collections import OrderedDict
from datetime import datetime, timedelta
from typing import Any, Literal, Sequence

from pydantic import BaseModel, ConfigDict, ValidationError

from storage.damaged_rows import damaged_row
from storage.db import Database, NothingChanged, Statement, execute, run, utcnow
from storage.move_statements import (MoveWrite, SEAT_FIELDS, action_statements, seat_statements, sql_value, table_update,
                                     take_back_statements, timer_statements)
from storage.timers import TimerStore

Status = Literal["lobby", "running", "finished", "cancelled"]


class StaleVersion(Exception):
    """The table moved on since the caller loaded it: someone else acted first."""


class TableRow(BaseModel):
    """A table as stored. Read, never changed (a changed copy is made with model_copy): a load
    may give the same object again while its stored row is the same (TableStore.load)."""

    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    options: dict[str, Any]
    status: Status
    seed: int
    state: str | None
    version: int
    creator_id: int
    rated: bool
    lobby_message_id: int | None
    board_message_id: int | None
    board_key: str | None
    prompts: dict[int, tuple[int, str]]
    outcome: str | None
    tournament_id: int | None
    created_at: str
    computer_due: bool = False
    finish_due: bool = False
    recent_events: list[tuple[int, str]] = []
    board_version: int = 0
    damaged: str | None = None  # why the stored game could not be read; such a table is not served
    seed_salt: str | None = None  # the salt of the deal commitment (play/record.py)
    seed_chosen: bool = False  # dealt from a seed an admin chose: never rated, no commitment
    pace: Literal["off", "live", "async"] = "off"  # deadlines on decisions (play/pace.py)
    pace_seconds: int = 0
    deadlines: dict[int, float] = {}  # seat -> when its current decision is due
    votes: dict[str, dict[str, Any]] = {}  # open votes of the players (play/votes.py)
    handover_after: int = 2  # missed deadlines before the others may vote a seat to a computer
    rematch_id: int | None = None  # the table its Rematch button opened (play/rematch.py)
    started_at: float | None = None  # when the game started, by the bot's clock (play/undo.py)
    unrated_reason: str | None = None  # why a game made rated stopped being rated


class SeatRow(BaseModel):
    model_config = ConfigDict(frozen=True)  # as TableRow

    table_id: int
    seat: int
    user_id: int | None
    display_name: str
    ai: str | None
    forfeited: bool
    dm_ok: bool | None
    dm_channel_id: int | None
    dm_message_id: int | None
    away: bool = False  # missed a deadline: a computer player plays the seat until they are back
    missed: int = 0  # deadlines missed in this game
    away_told: bool = False  # the player was told of their current absence (its notice was sent)

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def handed_over(self) -> bool:
        """Given to a computer player for good: abandoned (forfeited) or replaced by one."""
        return bool(self.forfeited or self.ai)

    @property
    def played_in_person(self) -> bool:
        """A person plays the seat now: seated, not handed over, not away."""
        return self.user_id is not None and not (self.handed_over or self.away)


def _table(row: Any) -> TableRow:
    data = dict(row)
    data.pop("seats_json", None)
    data["options"] = json.loads(data["options"])
    data["prompts"] = {int(k): tuple(v) for k, v in json.loads(data["prompts"]).items()}
    data["recent_events"] = [tuple(e) for e in json.loads(data.get("recent_events") or "[]")]
    data["deadlines"] = {int(k): v for k, v in json.loads(data.get("deadlines") or "{}").items()}
    data["votes"] = json.loads(data.get("votes") or "{}")
    return TableRow.model_validate(data)


def _readable(rows: list[Any]) -> list[TableRow]:
    """The rows that can be read, undamaged; a damaged one is left out of lists (it is reported
    when it is loaded by itself)."""
    tables = []
    for row in rows:
        try:
            table = _table(row)
        except (ValueError, TypeError, KeyError):
            continue
        if table.damaged is None:
            tables.append(table)
    return tables


# The table row and its seats in one statement (seats as a JSON array).
_SEAT_JSON = ("json_object('table_id', table_id, 'seat', seat, 'user_id', user_id, 'display_name', display_name,"
              " 'ai', ai, 'forfeited', forfeited, 'dm_ok', dm_ok, 'dm_channel_id', dm_channel_id,"
              " 'dm_message_id', dm_message_id, 'away', away, 'missed', missed, 'away_told', away_told)")
PARSED_TABLES = 1_000  # tables whose last load is kept (a row and its parse: a few kB each)
_LOAD = (f"SELECT t.*, (SELECT json_group_array({_SEAT_JSON}) FROM seats WHERE table_id = t.id) AS seats_json"
         " FROM game_tables t WHERE t.id = ?")



class TableStore(TimerStore):
    """Typed access to the tables of games. Every SQL statement about tables lives here."""

    def __init__(self, db: Database) -> None:
        self.db = db
        # table id -> (the row as read, its table, its seats), the least recently loaded dropped first
        self._parsed: OrderedDict[int, tuple[tuple[Any, ...], TableRow, list[SeatRow]]] = OrderedDict()
        self.opened_at = utcnow()  # this process's start: a lobby created before it is not opening now

    # -- tables ------------------------------------------------------------------
    async def create_table(self, *, guild_id: int, channel_id: int, game: str, options: dict[str, Any],
                           seed: int, creator_id: int, rated: bool = False,
                           tournament_id: int | None = None, seed_salt: str | None = None,
                           seed_chosen: bool = False, pace: str = "off", pace_seconds: int = 0,
                           handover_after: int = 2) -> int:
        now = utcnow()
        async with self.db.transaction() as conn:
            rowcount, lastrowid = await execute(conn,
                "INSERT INTO game_tables (guild_id, channel_id, game, options, status, seed, seed_salt, seed_chosen,"
                " creator_id, rated, tournament_id, pace, pace_seconds, handover_after, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, game, json.dumps(options), seed, seed_salt, int(seed_chosen), creator_id,
                 int(rated), tournament_id, pace, pace_seconds, handover_after, now, now),
            )
            return int(lastrowid)

    async def open_casual(self, guild_id: int, creator_id: int) -> tuple[list[int], int]:
        """Ids of the open (lobby or running) casual tables `creator_id` runs in a server (opened, or
        took over when the creator left the lobby; not a game whose seat they gave up to a computer
        player), and how many the server has. Tournament tables and damaged ones do not count."""
        rows = await self.db.fetchall(
            "SELECT t.id, t.creator_id, t.status, s.ai IS NOT NULL OR s.forfeited AS given_up"
            " FROM game_tables t LEFT JOIN seats s ON s.table_id = t.id AND s.user_id = t.creator_id"
            " WHERE t.guild_id = ? AND t.status IN ('lobby', 'running') AND t.tournament_id IS NULL"
            " AND t.damaged IS NULL ORDER BY t.id", (guild_id,))
        return [r["id"] for r in rows if r["creator_id"] == creator_id
                and not (r["status"] == "running" and r["given_up"])], len(rows)

    async def get(self, table_id: int) -> TableRow | None:
        row = await self.db.fetchone("SELECT * FROM game_tables WHERE id = ?", (table_id,))
        return _table(row) if row else None

    async def load(self, table_id: int) -> tuple[TableRow, list[SeatRow]] | None:
        """The table and its seats (in seat order), in one statement. The row is read every time;
        when it is what the last load of the table read, value for value, that load's (frozen)
        rows are given again rather than parsed anew (about 80 us a move)."""
        row = await self.db.read_point(_LOAD, (table_id,))
        if row is None:
            return None
        raw = tuple(row)
        last = self._parsed.get(table_id)
        if last is not None and last[0] == raw:
            self._parsed.move_to_end(table_id)
            return last[1], list(last[2])
        try:
            seats = [SeatRow.model_validate(s) for s in json.loads(row["seats_json"] or "[]")]
            table, seats = _table(row), sorted(seats, key=lambda s: s.seat)
        except (ValueError, TypeError, KeyError) as exc:  # pydantic's and json's errors are ValueErrors
            raise damaged_row(row, exc) from exc
        self._parsed[table_id] = (raw, table, seats)
        self._parsed.move_to_end(table_id)
        if len(self._parsed) > PARSED_TABLES:
            self._parsed.popitem(last=False)
        return table, list(seats)

    async def mark_damaged(self, table_id: int, reason: str) -> bool:
        """Mark a table damaged (only that column is written). True the first time."""
        return bool(await self._update("UPDATE game_tables SET damaged = ? WHERE id = ? AND damaged IS NULL"
                                       " RETURNING id", (reason, table_id)))

    async def damaged(self) -> list[int]:
        """Ids of the tables marked damaged (through a small index)."""
        rows = await self.db.fetchall("SELECT id FROM game_tables WHERE damaged IS NOT NULL ORDER BY id")
        return [r["id"] for r in rows]

    async def due(self) -> tuple[list[int], list[int]]:
        """Ids of tables whose computer seats are due to move, and of finished tables whose finish
        work (ratings, tournament result) is not stored yet. Both are read through small indexes."""
        computers = await self.db.fetchall("SELECT id FROM game_tables WHERE computer_due = 1 ORDER BY id")
        # In the order the games ended (their last write): ratings depend on the order games are rated.
        finishes = await self.db.fetchall("SELECT id FROM game_tables WHERE finish_due = 1 ORDER BY updated_at, id")
        return [r["id"] for r in computers], [r["id"] for r in finishes]

    async def last_moved(self, window: float, limit: int = 200) -> list[int]:
        """Tables changed within `window` seconds of the newest change (the moves, starts, take-backs
        a stop may have cut off before Discord heard of them). Reads the newest `limit` changes
        through an index, so the work does not grow with the stored tables. Lobbies are left out:
        they have nothing to show again, and many of them must not crowd out a game."""
        rows = await self.db.fetchall(
            "SELECT id, updated_at FROM game_tables WHERE damaged IS NULL AND status != 'lobby'"
            " ORDER BY updated_at DESC LIMIT ?", (limit,))
        if not rows:
            return []
        newest = datetime.fromisoformat(rows[0]["updated_at"])
        return sorted({r["id"] for r in rows
                       if (newest - datetime.fromisoformat(r["updated_at"])).total_seconds() <= window})

    async def lobbies_changed_last(self, window: float, limit: int = 20) -> list[int]:
        """Lobbies changed within `window` seconds of the newest change of any table (a leave or a
        join a stop may have cut off before the lobby showed it); a range of the index, so the work
        does not grow with the stored tables."""
        newest = await self.db.fetchone("SELECT MAX(updated_at) AS at FROM game_tables")
        if newest is None or newest["at"] is None:
            return []
        since = (datetime.fromisoformat(newest["at"]) - timedelta(seconds=window)).isoformat(timespec="milliseconds")
        rows = await self.db.fetchall("SELECT id FROM game_tables WHERE updated_at >= ? AND status = 'lobby'"
                                      " AND damaged IS NULL ORDER BY updated_at DESC LIMIT ?", (since, limit))
        return sorted(row["id"] for row in rows)

    async def finish_done(self, table_id: int) -> None:
        await self._update("UPDATE game_tables SET finish_due = 0 WHERE id = ?", (table_id,))

    async def by_thread(self, thread_id: int) -> TableRow | None:
        row = await self.db.fetchone(
            "SELECT * FROM game_tables WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,))
        readable = _readable([row] if row else [])
        return readable[0] if readable else None

    async def in_thread(self, thread_id: int) -> tuple[int, int] | None:
        """(table id, server id) of the table whose thread this is, without reading the table."""
        row = await self.db.fetchone(
            "SELECT id, guild_id FROM game_tables WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,))
        return (row["id"], row["guild_id"]) if row else None

    async def with_status(self, *statuses: Status) -> list[TableRow]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetchall(
            f"SELECT * FROM game_tables WHERE status IN ({marks}) ORDER BY id", statuses)
        return _readable(rows)

    async def casual_in_guild(self, guild_id: int, channel_ids: list[int], *statuses: Status,
                              limit: int) -> list[tuple[TableRow, list[SeatRow]]]:
        """A server's tables outside tournaments in `channel_ids` with one of `statuses`, newest
        first, with their seats: at most `limit` of each status."""
        tables: list[TableRow] = []
        channels = ", ".join("?" for _ in channel_ids)
        for status in statuses if channel_ids else ():
            rows = await self.db.fetchall(
                "SELECT * FROM game_tables WHERE guild_id = ? AND status = ? AND tournament_id IS NULL"
                f" AND channel_id IN ({channels}) ORDER BY id DESC LIMIT ?", (guild_id, status, *channel_ids, limit))
            tables += _readable(rows)
        if not tables:
            return []
        marks = ", ".join("?" for _ in tables)
        seats: dict[int, list[SeatRow]] = {t.id: [] for t in tables}
        damaged: set[int] = set()
        for row in await self.db.fetchall(f"SELECT * FROM seats WHERE table_id IN ({marks}) ORDER BY seat",
                                          [t.id for t in tables]):
            try:
                seats[row["table_id"]].append(SeatRow.model_validate(dict(row)))
            except ValidationError:  # left out, as a damaged table row is (reported when it is loaded)
                damaged.add(row["table_id"])
        return [(table, seats[table.id]) for table in tables if table.id not in damaged]

    async def lobby_threads(self) -> list[int]:
        """The threads of the lobbies outside tournaments (a small set: the open-table limits). A
        lobby created before this process that never got its thread (a stop as it opened) is closed."""
        await self.db.write([("UPDATE game_tables SET status = 'cancelled' WHERE status = 'lobby' AND tournament_id"
                               " IS NULL AND thread_id IS NULL AND created_at < ?", (self.opened_at,))])
        rows = await self.db.fetchall("SELECT thread_id FROM game_tables WHERE status = 'lobby'"
                                      " AND tournament_id IS NULL AND thread_id IS NOT NULL ORDER BY id")
        return [row["thread_id"] for row in rows]

    async def of_tournament(self, tournament_id: int) -> list[TableRow]:
        rows = await self.db.fetchall(
            "SELECT * FROM game_tables WHERE tournament_id = ? ORDER BY id", (tournament_id,))
        return _readable(rows)

    async def same_deal_running(self, table: TableRow) -> list[TableRow]:
        """Tables of `table`'s server, game, options, seed (a small index) and number of seats playing
        its deal, or about to (the seed, the options and the players decide a deal)."""
        rows = await self.db.fetchall(
            "SELECT * FROM game_tables t WHERE seed = ? AND id != ? AND guild_id IS ? AND game = ?"
            " AND (status = 'running' OR (status = 'lobby' AND tournament_id IS NOT NULL))"
            " AND (SELECT COUNT(*) FROM seats WHERE table_id = t.id) = (SELECT COUNT(*) FROM seats WHERE table_id = ?)"
            " ORDER BY id", (table.seed, table.id, table.guild_id, table.game, table.id))
        return [twin for twin in _readable(rows) if twin.options == table.options]

    async def dealt_alike_in_tournament(self, table: TableRow) -> bool:
        """Whether another table of `table`'s tournament was dealt its seed (a duplicate round)."""
        row = await self.db.fetchone("SELECT 1 FROM game_tables WHERE tournament_id = ? AND seed = ? AND id != ?"
                                     " LIMIT 1", (table.tournament_id, table.seed, table.id))
        return row is not None

    async def set_messages(self, table_id: int, *, thread_id: int | None = None,
                           lobby_message_id: int | None = None) -> None:
        await self._update("UPDATE game_tables SET thread_id = COALESCE(?, thread_id),"
                           " lobby_message_id = COALESCE(?, lobby_message_id), updated_at = ? WHERE id = ?",
                           (thread_id, lobby_message_id, utcnow(), table_id))

    async def move_thread(self, table_id: int, old_thread_id: int | None, thread_id: int | None) -> bool:
        """A running table's thread was deleted: it goes on in `thread_id` (None: without one; from
        `old_thread_id` None: it has one again). The lobby and board messages were in the old thread
        (a game that just ended moves too, for its last board and standings). False when the table
        is no longer there (another request moved it first) or was cancelled."""
        rows = await self._update(
            "UPDATE game_tables SET thread_id = ?, lobby_message_id = NULL, board_message_id = NULL,"
            " board_key = NULL, board_version = 0, updated_at = ? WHERE id = ? AND thread_id IS ?"
            " AND status IN ('running', 'finished') RETURNING id", (thread_id, utcnow(), table_id, old_thread_id))
        return bool(rows)

    async def set_board(self, table_id: int, message_id: int | None, key: str | None, version: int = 0) -> None:
        """Record a newly posted board message, its key and the table version it starts at."""
        await self._update("UPDATE game_tables SET board_message_id = ?, board_key = ?, board_version = ?"
                           " WHERE id = ?", (message_id, key, version, table_id))

    async def _update(self, sql: str, params: Sequence[Any]) -> list[Any]:
        """One statement in a transaction of its own (or the caller's): no trip to the database thread."""
        return (await self.db.write([(sql, params)]))[0]

    async def set_status(self, table_id: int, status: Status, *, expected: tuple[Status, ...] = ()) -> bool:
        """Change the status; with `expected`, only from one of those (returns False otherwise)."""
        return await self.db.set_status("game_tables", table_id, status, expected)

    async def set_options(self, table_id: int, options: dict[str, Any]) -> None:
        await self._update("UPDATE game_tables SET options = ?, updated_at = ? WHERE id = ?",
                           (json.dumps(options), utcnow(), table_id))

    async def set_rematch(self, table_id: int, rematch_id: int) -> None:
        await self._update("UPDATE game_tables SET rematch_id = ? WHERE id = ?", (rematch_id, table_id))

    async def set_handover_after(self, table_id: int, missed: int) -> None:
        await self._update("UPDATE game_tables SET handover_after = ?, updated_at = ? WHERE id = ?",
                           (missed, utcnow(), table_id))

    async def set_pace(self, table_id: int, pace: str, seconds: int) -> None:
        await self._update("UPDATE game_tables SET pace = ?, pace_seconds = ?, updated_at = ? WHERE id = ?",
                           (pace, seconds, utcnow(), table_id))

    async def set_votes(self, table_id: int, votes: dict[str, Any]) -> None:
        await self._update("UPDATE game_tables SET votes = ? WHERE id = ?", (json.dumps(votes), table_id))

    async def set_creator(self, table_id: int, user_id: int) -> None:
        await self._update("UPDATE game_tables SET creator_id = ?, updated_at = ? WHERE id = ?",
                           (user_id, utcnow(), table_id))

    async def set_rated(self, table_id: int, rated: bool, reason: str | None = None) -> None:
        """Make a table rated or not; `reason`: why a rated game stops being rated."""
        await self._update("UPDATE game_tables SET rated = ?, unrated_reason = ?, updated_at = ? WHERE id = ?",
                           (int(rated), reason, utcnow(), table_id))

    async def start(self, table_id: int, *, state: str, prompts: dict[int, tuple[int, str]],
                    seat_order: list[int], started_at: float | None = None) -> None:
        """Lobby -> running: store the first state and renumber the seats 0..n-1 in `seat_order`
        (a list of the lobby seat numbers). Raises StaleVersion if the table already left the lobby."""
        async with self.db.transaction() as conn:
            rowcount, lastrowid = await execute(conn,
                "UPDATE game_tables SET status = 'running', state = ?, version = 0, prompts = ?,"
                " updated_at = ?, started_at = ? WHERE id = ? AND status = 'lobby'",
                (state, json.dumps(prompts), utcnow(), started_at, table_id),
            )
            if rowcount != 1:
                raise StaleVersion(f"table {table_id} is no longer in its lobby")
            # Two passes so the primary key never collides while renumbering.
            for new, old in enumerate(seat_order):
                await run(conn, "UPDATE seats SET seat = ? WHERE table_id = ? AND seat = ?",
                                   (-1 - new, table_id, old))
            await run(conn, "UPDATE seats SET seat = -1 - seat WHERE table_id = ? AND seat < 0",
                               (table_id,))

    async def save_move(self, move: MoveWrite) -> int:
        """Commit what one request changed at a running table, in one transaction (Database.write).

        Raises StaleVersion (and changes nothing) if the stored version is not the expected one:
        someone else moved first. Returns the new version."""
        now = utcnow()
        statements: list[Statement] = [table_update(move, now), *action_statements(move, now)]
        statements += timer_statements(move, move.outcome is not None, now)
        statements += seat_statements(move.table_id, move.seat_updates)
        await self._write_version(move, statements)
        return move.new_version

    async def take_back(self, move: MoveWrite, undone_version: int) -> int:
        """Undo the last action (the one that made `undone_version`): its log row and notes are
        deleted and the table stores the state before it, at a new version (versions only grow, so
        every panel shown before is out of date). `move` carries that state, prompts, events, notes
        and timers."""
        await self._write_version(move, take_back_statements(move, undone_version))
        return move.expected_version + 1

    async def _write_version(self, move: MoveWrite, statements: list[Statement]) -> None:
        """Write a move whose first statement changes the table only at the expected version."""
        try:
            await self.db.write(statements, must_change=0)
        except NothingChanged:
            raise StaleVersion(f"table {move.table_id} is not at version {move.expected_version}") from None

    async def last_action(self, table_id: int, person: bool = False,
                          up_to: int | None = None) -> tuple[int, int] | None:
        """(version, seat) of the table's latest action (`person`: not a computer's; `up_to`: by then)."""
        row = await self.db.fetchone(
            "SELECT version, seat FROM actions WHERE table_id = ? AND by_computer IN (0, ?) AND version <= "
            "COALESCE(?, version) ORDER BY version DESC LIMIT 1", (table_id, 0 if person else 1, up_to))
        return (row["version"], row["seat"]) if row else None

    async def by_computer(self, table_id: int, version: int) -> bool:
        """Whether the action that made `version` was the computer's."""
        return (await self.how_made(table_id, version))[0]

    async def how_made(self, table_id: int, version: int) -> tuple[bool, float | None]:
        """Whether the action that made `version` was the computer's, and the deadline on the
        table's pace that a person's action met (None: none, or stored by an earlier version)."""
        row = await self.db.fetchone(
            "SELECT by_computer, deadline FROM actions WHERE table_id = ? AND version = ?", (table_id, version))
        return (False, None) if row is None else (bool(row["by_computer"]), row["deadline"])

    async def timed_actions(self, table_id: int) -> list[tuple[int, int, str, str]]:
        """(version, seat, action JSON, time) of every accepted action, in order."""
        rows = await self.db.fetchall(
            "SELECT version, seat, action, created_at FROM actions WHERE table_id = ? ORDER BY version", (table_id,))
        return [(r["version"], r["seat"], r["action"], r["created_at"]) for r in rows]

    async def notes(self, table_id: int) -> list[tuple[int, str]]:
        """(version, text) of the bot's own log lines of the table (table_notes), in order."""
        rows = await self.db.fetchall(
            "SELECT version, text FROM table_notes WHERE table_id = ? ORDER BY version, rowid", (table_id,))
        return [(r["version"], r["text"]) for r in rows]

    async def actions(self, table_id: int) -> list[tuple[int, int, str]]:
        """(version, seat, action JSON) of every accepted action, in order."""
        rows = await self.db.fetchall(
            "SELECT version, seat, action FROM actions WHERE table_id = ? ORDER BY version", (table_id,))
        return [(r["version"], r["seat"], r["action"]) for r in rows]

    # -- seats -------------------------------------------------------------------
    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self.db.fetchall("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return [SeatRow.model_validate(dict(r)) for r in rows]

    async def add_seat(self, table_id: int, *, user_id: int | None, display_name: str,
                       ai: str | None = None, max_seats: int) -> int | None:
        """Seat someone in a lobby. Returns the seat number, or None if the table is full,
        not in its lobby, or the user already sits there."""
        async with self.db.transaction() as conn:
            async with conn.execute(
                "SELECT status, (SELECT COUNT(*) FROM seats WHERE table_id = t.id) AS taken,"
                " (SELECT COUNT(*) FROM seats WHERE table_id = t.id AND user_id = ?) AS mine,"
                " (SELECT COALESCE(MAX(seat), -1) FROM seats WHERE table_id = t.id) AS last"
                " FROM game_tables t WHERE id = ?", (user_id, table_id)) as cursor:
                row = await cursor.fetchone()
            if row is None or row["status"] != "lobby" or row["taken"] >= max_seats or row["mine"]:
                return None
            seat = int(row["last"]) + 1
            await run(conn,
                "INSERT INTO seats (table_id, seat, user_id, display_name, ai, joined_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, seat, user_id, display_name, ai, utcnow()),
            )
            return seat

    async def remove_seat(self, table_id: int, seat: int) -> bool:
        async with self.db.transaction() as conn:
            rowcount, lastrowid = await execute(conn,
                "DELETE FROM seats WHERE table_id = ? AND seat = ? AND"
                " (SELECT status FROM game_tables WHERE id = ?) = 'lobby'", (table_id, seat, table_id))
            return rowcount == 1

    async def update_seat(self, table_id: int, seat: int, **fields: Any) -> None:
        unknown = set(fields) - SEAT_FIELDS
        if unknown:
            raise ValueError(f"unknown seat fields {sorted(unknown)}")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        values = [sql_value(v) for v in fields.values()]
        await self._update(f"UPDATE seats SET {assignments} WHERE table_id = ? AND seat = ?",
                           (*values, table_id, seat))

    async def note_told_away(self, table_id: int, seat: int) -> None:
        """The seat's player was told of their current absence (unless they are back already)."""
        await self._update("UPDATE seats SET away_told = 1 WHERE table_id = ? AND seat = ? AND away",
                           (table_id, seat))

    async def tables_of_user(self, user_id: int, *statuses: Status) -> list[TableRow]:
        """The tables where `user_id` plays a seat: not one they abandoned or that was handed to
        the computer."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetchall(
            "SELECT t.* FROM game_tables t JOIN seats s ON s.table_id = t.id"
            f" WHERE s.user_id = ? AND NOT s.forfeited AND s.ai IS NULL AND t.status IN ({marks}) ORDER BY t.id",
            (user_id, *statuses))
        return _readable(rows)
