"""A stored table row that cannot be read: what is needed to tell its server and players about it."""

from __future__ import annotations

import json
from typing import Any


class DamagedRow(Exception):
    """A stored table row that cannot be read. Carries what is needed to tell its server and
    players (read straight from the row's columns)."""

    def __init__(self, table_id: int, guild_id: int | None, thread_id: int | None, user_ids: list[int],
                 reason: str, game: str | None = None) -> None:
        super().__init__(reason)
        self.table_id, self.guild_id, self.thread_id, self.user_ids = table_id, guild_id, thread_id, user_ids
        self.game = game


def damaged_row(row: Any, exc: Exception) -> DamagedRow:
    try:
        user_ids = [s["user_id"] for s in json.loads(row["seats_json"] or "[]") if s.get("user_id")]
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        user_ids = []
    game = row["game"] if isinstance(row["game"], str) else None
    return DamagedRow(row["id"], row["guild_id"], row["thread_id"], user_ids, f"{type(exc).__name__}: {exc}", game)
