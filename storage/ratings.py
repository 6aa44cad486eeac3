"""Player ratings per game and server, and the history of rated results."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from storage.db import Database, run, utcnow

# The display rating (OpenSkill's ordinal, mu - 3 sigma) used for ordering.
_ORDINAL = "(mu - 3 * sigma)"


class RatingRow(BaseModel):
    guild_id: int
    game: str
    user_id: int
    display_name: str
    mu: float
    sigma: float
    games: int
    wins: int


class RatedResult(BaseModel):
    """One player's line of one rated game: where they finished and how the rating moved."""

    user_id: int
    display_name: str
    place: int
    seats: int
    won: bool
    forfeited: bool = False
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


class HistoryRow(BaseModel):
    guild_id: int
    game: str
    user_id: int
    table_id: int
    place: int
    seats: int
    forfeited: bool
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    created_at: str


def _history(row: Any) -> HistoryRow:
    data = dict(row)
    data.pop("id", None)
    return HistoryRow.model_validate(data)


class RatingStore:
    """Typed access to ratings. Every SQL statement about ratings lives here."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def of_players(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, RatingRow]:
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetchall(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *user_ids))
        return {r["user_id"]: _rating(r) for r in rows}

    async def record_game(self, guild_id: int, game: str, table_id: int, results: list[RatedResult]) -> bool:
        """Apply one rated game in one transaction: new ratings, game and win counts, history lines.
        A table is rated once: returns False (and changes nothing) if it was already."""
        now = utcnow()
        async with self.db.transaction() as conn:
            async with conn.execute("SELECT 1 FROM rating_history WHERE table_id = ? LIMIT 1",
                                    (table_id,)) as cursor:
                if await cursor.fetchone() is not None:
                    return False
            for r in results:
                await run(conn,
                    "INSERT INTO ratings (guild_id, game, user_id, display_name, mu, sigma, games, wins,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)"
                    " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET display_name = excluded.display_name,"
                    " mu = excluded.mu, sigma = excluded.sigma, games = games + 1,"
                    " wins = wins + excluded.wins, updated_at = excluded.updated_at",
                    (guild_id, game, r.user_id, r.display_name, r.mu_after, r.sigma_after, int(r.won), now))
                await run(conn,
                    "INSERT INTO rating_history (guild_id, game, user_id, table_id, place, seats, forfeited,"
                    " mu_before, sigma_before, mu_after, sigma_after, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, game, r.user_id, table_id, r.place, r.seats, int(r.forfeited), r.mu_before,
                     r.sigma_before, r.mu_after, r.sigma_after, now))
            return True

    async def history_of_table(self, table_id: int) -> list[HistoryRow]:
        """The rated lines of one game (empty when it was not rated)."""
        rows = await self.db.fetchall("SELECT * FROM rating_history WHERE table_id = ? ORDER BY id", (table_id,))
        return [_history(r) for r in rows]

    async def is_rated(self, table_id: int) -> bool:
        row = await self.db.fetchone("SELECT 1 FROM rating_history WHERE table_id = ? LIMIT 1", (table_id,))
        return row is not None

    async def leaderboard(self, guild_id: int, game: str, *, offset: int = 0, limit: int = 10) -> list[RatingRow]:
        """Rated players of a game on a server, best display rating first."""
        rows = await self.db.fetchall(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? ORDER BY {_ORDINAL} DESC, user_id"
            " LIMIT ? OFFSET ?", (guild_id, game, limit, offset))
        return [_rating(r) for r in rows]

    async def count(self, guild_id: int, game: str) -> int:
        row = await self.db.fetchone("SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ?",
                                     (guild_id, game))
        return int(row["n"]) if row else 0

    async def position(self, guild_id: int, game: str, user_id: int) -> int | None:
        """1-based place of a player on the game's leaderboard (None if unrated); players of equal
        rating as shown (one decimal) share a place, as players tied in a game do (1, 1, 3)."""
        row = await self.db.fetchone(
            "SELECT (SELECT COUNT(*) FROM ratings o WHERE o.guild_id = r.guild_id AND o.game = r.game AND"
            " ROUND(o.mu - 3 * o.sigma, 1) > ROUND(r.mu - 3 * r.sigma, 1)) + 1 AS place"
            " FROM ratings r WHERE r.guild_id = ? AND r.game = ? AND r.user_id = ?", (guild_id, game, user_id))
        return int(row["place"]) if row else None

    async def of_user(self, guild_id: int, user_id: int) -> list[RatingRow]:
        """A player's rating in every game they played rated on the server, most games first."""
        rows = await self.db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY games DESC, game",
            (guild_id, user_id))
        return [_rating(r) for r in rows]

    async def history(self, guild_id: int, user_id: int, *, limit: int = 5,
                      game: str | None = None) -> list[HistoryRow]:
        """A player's latest rated results, newest first."""
        sql, params = "SELECT * FROM rating_history WHERE guild_id = ? AND user_id = ?", [guild_id, user_id]
        if game is not None:
            sql, params = sql + " AND game = ?", [*params, game]
        rows = await self.db.fetchall(sql + " ORDER BY id DESC LIMIT ?", [*params, limit])
        return [_history(r) for r in rows]


def _rating(row: Any) -> RatingRow:
    data = dict(row)
    data.pop("updated_at", None)
    return RatingRow.model_validate(data)
