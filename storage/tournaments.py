"""Tournaments: their registrations, rounds and the tables each round seats."""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel

from storage.db import Database, execute, run, utcnow

TournamentStatus = Literal["registration", "running", "finished", "cancelled"]
RoundStatus = Literal["running", "finished"]


class TournamentRow(BaseModel):
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    game: str
    options: dict[str, Any]
    format: str
    rounds: int
    table_size: int
    advance: int | None
    duplicate: bool
    round_hours: int
    seed: int
    status: TournamentStatus
    current_round: int
    message_id: int | None
    created_at: str


class EntrantRow(BaseModel):
    tournament_id: int
    user_id: int
    display_name: str
    rating: float
    withdrawn: bool


class RoundRow(BaseModel):
    tournament_id: int
    round_no: int
    status: RoundStatus
    byes: list[int]
    deadline: float
    started_at: str
    finished_at: str | None
    announced: bool = True  # its end was posted
    opened: bool = True  # its start (tables, byes, deadline) was posted
    summary_message_id: int | None = None  # the post with its "Start next round" button


class TournamentGameRow(BaseModel):
    tournament_id: int
    round_no: int
    board: int
    table_id: int
    players: list[int]
    result: dict[str, Any] | None


class NewGame(BaseModel):
    """A table of a round about to start: its board number, table and players in seat order."""

    board: int
    table_id: int
    players: list[int]


def _tournament(row: Any) -> TournamentRow:
    data = dict(row)
    data["options"] = json.loads(data["options"])
    data.pop("updated_at", None)
    return TournamentRow.model_validate(data)


def _round(row: Any) -> RoundRow:
    data = dict(row)
    data["byes"] = json.loads(data["byes"])
    return RoundRow.model_validate(data)


def _game(row: Any) -> TournamentGameRow:
    data = dict(row)
    data["players"] = json.loads(data["players"])
    data["result"] = json.loads(data["result"]) if data["result"] else None
    return TournamentGameRow.model_validate(data)


class TournamentStore:
    """Typed access to tournaments. Every SQL statement about tournaments lives here."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- tournaments ---------------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, organiser_id: int, game: str,
                     options: dict[str, Any], format: str, rounds: int, table_size: int,
                     advance: int | None, duplicate: bool, round_hours: int, seed: int) -> int:
        now = utcnow()
        async with self.db.transaction() as conn:
            _, lastrowid = await execute(conn,
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game, options, format, rounds,"
                " table_size, advance, duplicate, round_hours, seed, status, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'registration', ?, ?)",
                (guild_id, channel_id, organiser_id, game, json.dumps(options), format, rounds, table_size,
                 advance, int(duplicate), round_hours, seed, now, now))
            return int(lastrowid)

    async def get(self, tournament_id: int) -> TournamentRow | None:
        row = await self.db.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(row) if row else None

    async def with_status(self, *statuses: TournamentStatus, guild_id: int | None = None) -> list[TournamentRow]:
        marks = ", ".join("?" for _ in statuses)
        sql, params = f"SELECT * FROM tournaments WHERE status IN ({marks})", list(statuses)
        if guild_id is not None:
            sql, params = sql + " AND guild_id = ?", [*params, guild_id]
        rows = await self.db.fetchall(sql + " ORDER BY id", params)
        return [_tournament(r) for r in rows]

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        async with self.db.transaction() as conn:
            await run(conn, "UPDATE tournaments SET message_id = ?, updated_at = ? WHERE id = ?",
                          (message_id, utcnow(), tournament_id))

    async def set_status(self, tournament_id: int, status: TournamentStatus, *,
                         expected: tuple[TournamentStatus, ...] = ()) -> bool:
        """Change the status; with `expected`, only from one of those (returns False otherwise)."""
        return await self.db.set_status("tournaments", tournament_id, status, expected)

    # -- entrants ------------------------------------------------------------------------
    async def register(self, tournament_id: int, user_id: int, display_name: str) -> bool:
        """Add a player while registration is open. False if closed or already registered."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn,
                "INSERT OR IGNORE INTO tournament_players (tournament_id, user_id, display_name, registered_at)"
                " SELECT id, ?, ?, ? FROM tournaments WHERE id = ? AND status = 'registration'",
                (user_id, display_name, utcnow(), tournament_id))
            return rowcount == 1

    async def unregister(self, tournament_id: int, user_id: int) -> bool:
        """Remove a player while registration is open (before the first round)."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn,
                "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ? AND"
                " (SELECT status FROM tournaments WHERE id = ?) = 'registration'",
                (tournament_id, user_id, tournament_id))
            return rowcount == 1

    async def withdraw(self, tournament_id: int, user_id: int) -> bool:
        """Mark a player of a running tournament withdrawn; False if not registered or already out."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn,
                "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = ? AND user_id = ?"
                " AND withdrawn = 0", (tournament_id, user_id))
            return rowcount == 1

    async def players(self, tournament_id: int) -> list[EntrantRow]:
        rows = await self.db.fetchall(
            "SELECT tournament_id, user_id, display_name, rating, withdrawn FROM tournament_players"
            " WHERE tournament_id = ? ORDER BY registered_at, user_id", (tournament_id,))
        return [EntrantRow.model_validate(dict(r)) for r in rows]

    async def begin(self, tournament_id: int, ratings: dict[int, float]) -> bool:
        """Registration -> running, with each player's rating taken now (for seeding and tie-breaks)."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn,
                "UPDATE tournaments SET status = 'running', updated_at = ? WHERE id = ?"
                " AND status = 'registration'", (utcnow(), tournament_id))
            if rowcount != 1:
                return False
            for user_id, rating in ratings.items():
                await run(conn,
                    "UPDATE tournament_players SET rating = ? WHERE tournament_id = ? AND user_id = ?",
                    (rating, tournament_id, user_id))
            return True

    # -- rounds --------------------------------------------------------------------------
    async def start_round(self, tournament_id: int, round_no: int, *, byes: list[int], deadline: float,
                          games: list[NewGame]) -> bool:
        """Record a seated round and its tables in one transaction; False if it already exists."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn,
                "INSERT OR IGNORE INTO tournament_rounds (tournament_id, round_no, status, byes, deadline,"
                " started_at, announced, opened) VALUES (?, ?, 'running', ?, ?, ?, 0, 0)",
                (tournament_id, round_no, json.dumps(byes), deadline, utcnow()))
            if rowcount != 1:
                return False
            for game in games:
                await run(conn,
                    "INSERT INTO tournament_games (tournament_id, round_no, board, table_id, players)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (tournament_id, round_no, game.board, game.table_id, json.dumps(game.players)))
            await run(conn, "UPDATE tournaments SET current_round = ?, updated_at = ? WHERE id = ?",
                          (round_no, utcnow(), tournament_id))
            return True

    async def rounds(self, tournament_id: int) -> list[RoundRow]:
        rows = await self.db.fetchall(
            "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY round_no", (tournament_id,))
        return [_round(r) for r in rows]

    async def unannounced(self) -> list[tuple[int, int]]:
        """(tournament, round) of finished rounds whose end was not posted (through a small index)."""
        rows = await self.db.fetchall("SELECT tournament_id, round_no FROM tournament_rounds"
                                      " WHERE status = 'finished' AND announced = 0 ORDER BY tournament_id, round_no")
        return [(r["tournament_id"], r["round_no"]) for r in rows]

    async def set_announced(self, tournament_id: int, round_no: int, summary_message_id: int | None) -> None:
        await self.db.write([("UPDATE tournament_rounds SET announced = 1, summary_message_id ="
                              " COALESCE(?, summary_message_id) WHERE tournament_id = ? AND round_no = ?",
                              (summary_message_id, tournament_id, round_no))])

    async def set_opened(self, tournament_id: int, round_no: int) -> None:
        await self.db.write([("UPDATE tournament_rounds SET opened = 1 WHERE tournament_id = ? AND round_no = ?",
                              (tournament_id, round_no))])

    async def finish_between_rounds(self, tournament_id: int, round_no: int) -> bool:
        """Running -> finished, its last round's end to be posted again as the final standings (a
        stop before that post is made good at the next start); False if it was not running."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn, "UPDATE tournaments SET status = 'finished', updated_at = ? WHERE id = ?"
                                        " AND status = 'running'", (utcnow(), tournament_id))
            if rowcount == 1:
                await run(conn, "UPDATE tournament_rounds SET announced = 0 WHERE tournament_id = ? AND round_no = ?",
                          (tournament_id, round_no))
            return rowcount == 1

    async def cancel(self, tournament_id: int) -> list[int] | None:
        """Cancel the tournament and its open tables (their timers go) in one transaction; the ids of
        those tables, or None if the tournament was already over."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn, "UPDATE tournaments SET status = 'cancelled', updated_at = ? WHERE id = ?"
                                        " AND status IN ('registration', 'running')", (utcnow(), tournament_id))
            if rowcount != 1:
                return None
            rows = await run(conn, "UPDATE game_tables SET status = 'cancelled', updated_at = ? WHERE tournament_id = ?"
                             " AND status IN ('lobby', 'running') RETURNING id", (utcnow(), tournament_id))
            closed = sorted(r["id"] for r in rows)
            for table_id in closed:
                await run(conn, "DELETE FROM timers WHERE table_id = ?", (table_id,))
            return closed

    async def clear_summary(self, tournament_id: int, round_no: int) -> None:
        """The round end's "Start next round" button is gone: nothing left to remove."""
        await self.db.write([("UPDATE tournament_rounds SET summary_message_id = NULL WHERE tournament_id = ?"
                              " AND round_no = ?", (tournament_id, round_no))])

    async def set_deadline(self, tournament_id: int, round_no: int, deadline: float) -> bool:
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn,
                "UPDATE tournament_rounds SET deadline = ? WHERE tournament_id = ? AND round_no = ?"
                " AND status = 'running'", (deadline, tournament_id, round_no))
            return rowcount == 1

    async def finish_round(self, tournament_id: int, round_no: int) -> bool:
        """Running -> finished; False if it was not running (so only one caller announces it)."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn,
                "UPDATE tournament_rounds SET status = 'finished', finished_at = ? WHERE tournament_id = ?"
                " AND round_no = ? AND status = 'running'", (utcnow(), tournament_id, round_no))
            return rowcount == 1

    # -- games ---------------------------------------------------------------------------
    async def games(self, tournament_id: int, round_no: int | None = None) -> list[TournamentGameRow]:
        sql, params = "SELECT * FROM tournament_games WHERE tournament_id = ?", [tournament_id]
        if round_no is not None:
            sql, params = sql + " AND round_no = ?", [*params, round_no]
        rows = await self.db.fetchall(sql + " ORDER BY round_no, board", params)
        return [_game(r) for r in rows]

    async def game_of_table(self, table_id: int) -> TournamentGameRow | None:
        row = await self.db.fetchone("SELECT * FROM tournament_games WHERE table_id = ?", (table_id,))
        return _game(row) if row else None

    async def record_result(self, table_id: int, result: dict[str, Any]) -> bool:
        """Store a finished table's result once; False if it was already recorded."""
        async with self.db.transaction() as conn:
            rowcount, _ = await execute(conn,
                "UPDATE tournament_games SET result = ? WHERE table_id = ? AND result IS NULL",
                (json.dumps(result), table_id))
            return rowcount == 1
