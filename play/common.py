"""What every request of the play layer shares: who asks, the error it answers with, id checks,
and bounded per-table locks and caches."""

from __future__ import annotations

import asyncio
import unicodedata
from collections import Counter, OrderedDict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, AsyncIterator, Callable, Generic, Hashable, Sequence, TypeVar

# Ids are stored as SQLite INTEGERs (and PostgreSQL BIGINTs): anything above does not exist.
MAX_ID = 2**63 - 1
QUOTE_LIMIT = 40  # characters of user input an error message repeats
# The answer to a table number that is not the caller's server's, whether another server's or none
# at all: told apart, a server could watch which numbers other servers' tables take, and when.
OTHER_SERVER = ("Table #{id} is not a table of this server: `/table list` shows this server's tables, and a table's "
                "commands work without `table:` in its own thread.")
# The same in a direct message, to someone not seated at that table (or at no table of that number).
NOT_SEATED_IN_DM = ("You are not seated at table #{id}: in a direct message, only its players can use its buttons "
                    "and forms. Anyone in its server who can see its channel may read its log there "
                    "(`/table log table:{id}`).")


class TableError(Exception):
    """A request that cannot be done. The message is shown to the requester only. `names`: the
    players' display names written in it, which the Discord layer shows as typed, never as
    formatting (this layer does not know Discord's markdown). `verbatim`: the message quotes what
    someone typed, so nothing in it is taken for the engine's {p0}... placeholders."""

    def __init__(self, message: str = "", *, names: Sequence[str] = (), verbatim: bool = False) -> None:
        super().__init__(message)
        self.names = tuple(name for name in names if name)
        self.verbatim = verbatim


class AmountOutOfRange(TableError):
    """A typed amount outside the range the decision allows (the Discord layer quotes what was typed)."""

    def __init__(self, amount: int, low: int, high: int) -> None:
        self.side = "below the lowest" if amount < low else "above the highest"
        self.low, self.high = low, high
        super().__init__(f"{amount} is {self.side} amount: choose one from {low} to {high}.")


def not_seated(table_id: int, so: str = "") -> TableError:
    """The refusal for someone not seated at a table (named, or found from the thread they wrote
    in): which table it is, and how to reach their own."""
    return TableError(f"You are not seated at this table (#{table_id}){so}. If you play at another table, use "
                      "its own board, or a command in its thread or with its number (`table:<n>`).")


def not_seated_so(table: Any) -> str:
    """For `not_seated`: what someone not seated at `table` may do there instead."""
    if table.status == "lobby" and table.tournament_id is None:
        return "; to play at it, press **Join** on its lobby while a seat is free"
    if table.status == "lobby":
        return "; it is a tournament's table, which seats the tournament's players"
    return "; its board shows everything spectators may see"


@dataclass(frozen=True)
class Caller:
    """Who makes a request and from where. `guild_id` is None for a click in a direct message;
    the permissions are those the member has in that server."""

    user_id: int
    guild_id: int | None = None
    name: str = ""
    can_manage: bool = False  # Manage Server (or Administrator)
    organiser: bool = False  # the organiser role, or Manage Server
    # Whether the caller may see a channel of that server (None: not known, as in a DM).
    sees_channel: Callable[[int], bool] | None = field(default=None, compare=False)
    # The channel of the message whose button or menu was pressed (None: a command).
    pressed_in: int | None = None

    def sees(self, channel_id: int) -> bool:
        """Whether the caller may see the channel of their server (always, when not known)."""
        return self.sees_channel is None or self.sees_channel(channel_id)

    def check_sees(self, channel_id: int, what: str, error: type[TableError] | None = None) -> None:
        """Refuse (with `error`, TableError by default) what is played in a channel of the server
        that the caller may not see: the server keeps it private from them, as `/table list` does."""
        if not self.sees(channel_id):
            raise (error or TableError)(f"{what} is played in a channel you cannot see.")


# How a refusal says where a table or a tournament stands ("This game has not started yet").
TABLE_STATES = {"lobby": "has not started yet", "running": "is being played", "finished": "has ended",
                "cancelled": "was cancelled"}
TOURNAMENT_STATES = {"registration": "has not started yet (registration is open)", "running": "is running",
                     "finished": "has finished", "cancelled": "was cancelled"}


def tables_named(table_ids: Sequence[int]) -> str:
    """"table #4", or "tables #4, #7": the tables a message names, in the number they are."""
    return ("table" if len(table_ids) == 1 else "tables") + " " + ", ".join(f"#{t}" for t in table_ids)


def table_state(status: str) -> str:
    return TABLE_STATES.get(status, f"is {status}")


def lobby_closed(table_id: int, status: str) -> str:
    """Why a lobby press on a table that is no longer a lobby does nothing, and what one can do."""
    then = ("its game goes on in its thread, and `/table list` shows the tables open to join" if status == "running"
            else "`/table list` shows the tables open to join, and `/table create` opens a new one")
    return f"Table #{table_id} {table_state(status)}: its lobby is closed; {then}."


def tournament_state(status: str) -> str:
    return TOURNAMENT_STATES.get(status, f"is {status}")


def cut_to(text: str, limit: int) -> str:
    """`text` if it has at most `limit` characters, else cut to them, ending "…" (never inside a
    character drawn from several: a flag, an emoji joined or modified, a letter and its accent)."""
    if len(text) <= limit:
        return text
    end = limit - 1
    while 0 < end < len(text) and _joined(text[end - 1], text[end]):
        end -= 1
    if end > 0 and _ZWJ == text[end - 1]:
        end -= 1
    flags = 0  # regional indicators go in pairs (one flag each): an odd one left at the cut goes too
    while flags < end and 0x1F1E6 <= ord(text[end - 1 - flags]) <= 0x1F1FF:
        flags += 1
    if flags % 2:
        end -= 1
    return text[:end].rstrip() + "…"


_ZWJ = "\u200d"


def _joined(before: str, after: str) -> bool:
    """Whether `after` belongs to the character `before` starts or continues (so no cut between)."""
    code = ord(after)
    return (before == _ZWJ or after == _ZWJ or unicodedata.combining(after) > 0
            or 0xFE00 <= code <= 0xFE0F or 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F)


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """User input as an error message may repeat it: one line, cut to a few dozen characters, its
    backticks shown as quotes."""
    flat = " ".join(str(text).split()).replace("`", "'")  # it cannot end the code span it is shown in
    flat = "".join("\ufffd" if unicodedata.category(c) == "Cc" else c for c in flat)  # a NUL shows as �
    return cut_to(flat, limit)


def id_in_range(value: int) -> bool:
    """Whether an id from a command or a custom_id can be stored: one out of range is not looked
    up (it would not fit SQL's integers), and is answered as any id that does not exist."""
    return 0 < value <= MAX_ID


class KeyedLocks:
    """One asyncio.Lock per key, dropped as soon as nobody holds it or waits for it, so the map
    is only as large as the work in flight."""

    def __init__(self) -> None:
        self._entries: dict[Hashable, list[Any]] = {}  # key -> [lock, holders and waiters]

    @asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        entry = self._entries.setdefault(key, [asyncio.Lock(), 0])
        entry[1] += 1
        try:
            async with entry[0]:
                yield
        finally:
            entry[1] -= 1
            if entry[1] == 0:
                del self._entries[key]

    def __len__(self) -> int:
        return len(self._entries)


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """A dict that forgets its least recently used entries beyond `size`."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def pop(self, key: K) -> V | None:
        return self._items.pop(key, None)

    def items(self) -> list[tuple[K, V]]:
        return list(self._items.items())

    def drop(self, match: Any) -> None:
        """Forget every entry whose key satisfies `match(key)`."""
        for key in [k for k in self._items if match(k)]:
            del self._items[key]

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items


# Characters that draw nothing although Unicode files them as letters, symbols or marks: names
# made of them pass for blank (Braille blank, Hangul fillers, the grapheme joiner, variation selectors).
BLANK_LOOKING = frozenset("\u2800\u3164\uffa0\u115f\u1160\u034f" + "".join(map(chr, range(0xFE00, 0xFE10))))
# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt), which text is drawn
# without, also those not assigned yet (they are reserved to stay invisible): Khmer's inherent
# vowels, Mongolian variation selectors, the musical format controls, tags, variation selectors.
DEFAULT_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
                     (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
                     (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
                     (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))


def draws_nothing(char: str) -> bool:
    """Spaces, line breaks, control and format (zero-width) characters, Unicode's default-ignorable
    ones and the blank-looking ones. Other unassigned characters may be newer emoji than this
    Python knows, so they count as drawn."""
    code = ord(char)
    return (unicodedata.category(char) in ("Zs", "Zl", "Zp", "Cc", "Cf") or char in BLANK_LOOKING
            or any(low <= code <= high for low, high in DEFAULT_IGNORABLE))


@lru_cache(maxsize=4096)  # every board and panel tells the same few names apart again
def looks(name: str) -> str:
    """A name as a reader sees it: without what draws nothing, spaces aside (single ones), and with
    each accented letter written one way (NFC: "é" typed as one character or as "e" and an accent)."""
    seen = " ".join("".join(" " if c.isspace() else "" if draws_nothing(c) else c for c in name).split())
    return unicodedata.normalize("NFC", seen)


def told_apart(names: dict[Any, str], number: Callable[[Any], int], *, reads: Callable[[str], str] = looks,
               fit: Callable[[str], str] = str) -> dict[Any, str]:
    """Display names need not be unique: those that read alike (`reads`: by default also when they
    differ only by a character that draws nothing) get their number in the list after them ("ada
    (1)", "ada (2)"; `fit` cuts the result to its room), again until no two read alike (a third
    may be called "ada (2)")."""
    result = dict(names)
    for _ in range(len(result)):
        counts = Counter(reads(name) for name in result.values())
        alike = [key for key, name in result.items() if counts[reads(name)] > 1]
        if not alike:
            break
        for key in alike:
            result[key] = fit(f"{result[key]} ({number(key)})")
    return result


def entrant_names(entrants: Sequence[Any]) -> dict[int, str]:
    """A tournament's entrants (user_id, display_name) by user id, named as its list of players
    and its tables name them: those called alike told apart by their number in that list."""
    number = {e.user_id: index for index, e in enumerate(entrants, start=1)}
    return told_apart({e.user_id: e.display_name for e in entrants}, number.__getitem__)
