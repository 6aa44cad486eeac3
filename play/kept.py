"""The last state each table stored or read, parsed, and the choices its seats have in it.

A load whose stored text is the one kept reuses the parsed state instead of parsing again
(states are never changed in place), and a click picks from the choices the move that stored
the state listed, instead of listing them and hashing them again. Keyed by the exact text, so a
state another process stored is parsed and listed anew.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import GameSpec
from play.common import BoundedCache
from storage import TableRow


@dataclass(frozen=True)
class KeptState:
    text: str  # as stored
    state: Any
    choices: dict[int, tuple[list[Any], str]] | None = None  # seat -> its choices and their digest
    version: int | None = None  # the table's version that stored it, when this process did
    prompts: dict[int, tuple[int, str]] | None = None  # ... and each seat's prompt then (version, digest)


class KeptStates:
    def __init__(self, limit: int) -> None:
        self._kept: BoundedCache[int, KeptState] = BoundedCache(limit)

    def get(self, table_id: int) -> KeptState | None:
        return self._kept.get(table_id)

    def forget(self, table_id: int) -> None:
        self._kept.pop(table_id)

    def state_of(self, table: TableRow, spec: GameSpec) -> Any:
        """The table's state from its stored JSON, parsed once for as long as the text is the same."""
        kept = self._kept.get(table.id)
        if kept is not None and kept.text == table.state:
            return kept.state
        state = spec.load_state(table.state)
        self._kept.put(table.id, KeptState(table.state, state))
        return state

    def keep(self, table_id: int, text: str, state: Any, choices: dict[int, list[Any]],
             prompts: dict[int, tuple[int, str]], version: int) -> None:
        """A state just stored as `text` at table version `version`, with each seat's choices in it
        (`choices`: the seats that have some) and their prompts (`prompts`: every seat's)."""
        known = {seat: (choices.get(seat, []), digest) for seat, (_, digest) in prompts.items()}
        self._kept.put(table_id, KeptState(text, state, known, version, prompts))

    def overtaken(self, table_id: int, version: int, prompt: tuple[int, str] | None = None,
                  seat: int | None = None) -> bool:
        """Whether this process stored a later version of the table than `version` (with `seat`:
        one in which that seat's prompt is no longer `prompt`)."""
        kept = self._kept.get(table_id)
        if kept is None or kept.version is None or kept.version <= version:
            return False
        if seat is None:
            return True
        now = (kept.prompts or {}).get(seat)
        return now is not None and prompt is not None and tuple(now) != tuple(prompt)

    def choices(self, table: TableRow, seat: int) -> tuple[list[Any], str] | None:
        """The seat's choices in the table's state and their digest, when they were kept with it."""
        kept = self._kept.get(table.id)
        if kept is None or kept.choices is None or kept.text != table.state:
            return None
        return kept.choices.get(seat)
