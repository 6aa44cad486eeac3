"""Tables whose stored game can no longer be read (a corrupted row, or a state this version of the
game cannot load). Such a table is marked damaged once, its row is never written again, its players
and thread are told once, and every request naming it is refused; the rest of the bot goes on."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable

from play.common import TableError

log = logging.getLogger(__name__)

DAMAGED = ("Table #{id} cannot be played any more: its stored game could not be read. Nothing was "
           "changed. The bot's operator finds the details in the bot's log under table #{id}.")


@dataclass(frozen=True)
class Damage:
    """What the Discord layer needs to tell a damaged table's thread and players."""

    table_id: int
    thread_id: int | None
    user_ids: list[int]
    game: str | None = None  # the game's name as stored (None: unreadable too)


DamageHook = Callable[[Damage], None]  # called once per table, must not block (it schedules work)


def refuse_damaged(table_id: int) -> TableError:
    return TableError(DAMAGED.format(id=table_id))


async def mark(store, hooks: list[DamageHook], damage: Damage, reason: str) -> TableError:
    """Record the damage (the first time: log it for the operator and tell the table); returns the
    refusal to raise."""
    if await store.tables.mark_damaged(damage.table_id, reason[:1000]):
        log.error("table %s is damaged and no longer served: %s", damage.table_id, reason)
        for hook in hooks:
            try:
                hook(damage)
            except Exception:
                log.exception("telling table %s about its damage failed", damage.table_id)
    return refuse_damaged(damage.table_id)
