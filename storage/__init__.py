"""Every SQL statement of the project lives in this package.

`Store.open(path)` opens (and migrates) the SQLite database; its attributes group the typed
async functions by subject, so another backend can sit behind the same interface.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from storage.db import Database, Sync
from storage.ratings import HistoryRow, RatedResult, RatingRow, RatingStore
from storage.db import NewerSchema, NotOurs
from storage.move_statements import MoveWrite
from storage.tables import SeatRow, StaleVersion, TableRow, TableStore
from storage.timers import NewTimer, TimerRow
from storage.tournaments import (EntrantRow, NewGame, RoundRow, TournamentGameRow, TournamentRow,
                                 TournamentStore)


class Store:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.tables = TableStore(db)
        self.tournaments = TournamentStore(db)
        self.ratings = RatingStore(db)

    @classmethod
    async def open(cls, path: str | Path, sync: Sync = "normal") -> "Store":
        return cls(await Database.open(path, sync))

    def transaction(self):  # type: ignore[no-untyped-def]
        """One transaction around several store calls (they join it): one commit for all."""
        return self.db.transaction()

    def after_commit(self, then: Callable[[], None]) -> None:
        """Call `then` once the open transaction commits (at once outside one; never on a rollback)."""
        self.db.after_commit(then)

    async def refuse_if_damaged(self) -> None:
        """Raise sqlite3.DatabaseError if the check of the whole file begun at open found damage."""
        await self.db.refuse_if_damaged()

    async def close(self) -> None:
        await self.db.close()


__all__ = ["EntrantRow", "HistoryRow", "MoveWrite", "NewGame", "NewTimer", "NewerSchema", "NotOurs", "RatedResult", "RatingRow", "RatingStore", "RoundRow", "SeatRow",
           "StaleVersion", "Store", "TableRow", "TableStore", "TimerRow", "TournamentGameRow", "TournamentRow",
           "TournamentStore"]
