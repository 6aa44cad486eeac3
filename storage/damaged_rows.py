"""A stored table row that cannot be read: what is needed to tell its server and players about it."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError


class DamagedRow(Exception):
    """A stored table row that cannot be read. Carries what is needed to tell its server and
    players (read straight from the row's columns)."""

    def __init__(self, table_id: int, guild_id: int | None, thread_id: int | None, user_ids: list[int],
                 reason: str, game: str | None = None) -> None:
        super().__init__(reason)
        self.table_id, self.guild_id, self.thread_id, self.user_ids = table_id, guild_id, thread_id, user_ids
        self.game = game


def fault_text(exc: Exception) -> str:
    """Why a stored table could not be read, for the operator's log and the row's mark: the error's
    kind and, for a validation error, where each fault lies and what was expected, never the stored
    values (they may be a hand, a sealed bid, the state of the deal's random generator)."""
    if isinstance(exc, ValidationError):
        faults = "; ".join(f"{'.'.join(map(str, error['loc'])) or 'the whole'}: {error['msg']}"
                           for error in exc.errors(include_url=False, include_input=False))
        return f"ValidationError: {faults}"
    first = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {first[:200]}"


def damaged_row(row: Any, exc: Exception) -> DamagedRow:
    try:
        user_ids = [s["user_id"] for s in json.loads(row["seats_json"] or "[]") if s.get("user_id")]
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        user_ids = []
    game = row["game"] if isinstance(row["game"], str) else None
    return DamagedRow(row["id"], row["guild_id"], row["thread_id"], user_ids, fault_text(exc), game)
