"""The lobby half of TableService: opening a table, seats, computer players, options and limits
(kept apart so each file stays readable)."""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any, Sequence

from games import GameSpec, RuleError, registry
from games.core import plural
from play import pace, record
from play.common import Caller, TableError, lobby_closed, not_seated, table_state
from play.results import TableNews
from storage import SeatRow, TableRow
from storage.timers import MEMBERS_TIMER

if TYPE_CHECKING:
    from play.tables import Loaded, TableService

COMPUTER_KINDS = ("heuristic", "random")


NAMED_TABLES = 10  # a refusal names this many of a member's open tables, and counts the rest
MEMBERS_RETRIES = (60, 600, 3600)  # seconds before each try to add a private thread's players again; then none


def table_numbers(table_ids: list[int]) -> str:
    """ "#1, #2" (and how many more, past NAMED_TABLES)."""
    named = ", ".join(f"#{n}" for n in table_ids[:NAMED_TABLES])
    rest = len(table_ids) - NAMED_TABLES
    return named if rest <= 0 else f"{named} and {rest} more"


class LobbyMixin:
    """Tables before their game starts, for TableService."""

    async def create_table(self: TableService, *, guild_id: int, channel_id: int, game: str,
                           options: dict[str, Any], creator_id: int, creator_name: str | None, rated: bool = False,
                           tournament_id: int | None = None, seed: int | None = None,
                           chosen_seed: int | None = None, pace_name: str | None = None,
                           handover_after: int | None = None) -> TableRow:
        """Open a lobby. The creator takes the first seat unless `creator_name` is None. `seed` is a
        tournament's deal; `chosen_seed` an admin's (the table is then never rated)."""
        if chosen_seed is not None and rated:
            raise TableError("A table dealt from a chosen seed is never rated: leave `rated` off.")
        try:
            spec = registry.get(game)
        except KeyError as exc:
            raise TableError(str(exc.args[0])) from None
        try:
            parsed = spec.parse_options(options)
        except RuleError as exc:
            raise TableError(str(exc)) from None
        async with self.store.transaction():  # counted and created in one transaction: no race
            if tournament_id is None:
                await self._check_open_limits(guild_id, creator_id)
            kind, seconds = pace.parse(pace_name or ("off" if tournament_id is not None else pace.CASUAL_PACE))
            table_id = await self.store.tables.create_table(
                guild_id=guild_id, channel_id=channel_id, game=game, options=parsed.model_dump(mode="json"),
                seed=self.deal_seed(seed, chosen_seed), creator_id=creator_id, rated=rated,
                tournament_id=tournament_id, seed_salt=None if chosen_seed is not None else record.new_salt(),
                seed_chosen=chosen_seed is not None, pace=kind, pace_seconds=seconds,
                handover_after=handover_after or self.missed_for_handover)
            if creator_name is not None:
                await self.store.tables.add_seat(table_id, user_id=creator_id, display_name=creator_name,
                                                 max_seats=spec.max_seats)
        return await self.get(table_id)

    async def _check_open_limits(self: TableService, guild_id: int, creator_id: int) -> None:
        mine, server = await self.store.tables.open_casual(guild_id, creator_id)
        per_member, per_server = self.open_limits
        if len(mine) >= per_member:
            raise TableError(f"You already have {plural(len(mine), 'open table')} in this server "
                             f"({table_numbers(mine)}), as their creator; one member may have {per_member} open "
                             "at once. Finish one, cancel it (`/table cancel`), or abandon it (`/table abandon`) first.")
        if server >= per_server:
            raise TableError(f"This server already has {plural(server, 'open table')}, the most it allows "
                             f"({per_server}). Open one when another has ended, or ask an admin to cancel an "
                             "abandoned one.")

    async def opened(self: TableService, table_id: int, *, thread_id: int | None = None,
                     lobby_message_id: int | None = None) -> None:
        """Record the thread and lobby message the Discord layer opened for a table."""
        await self.store.tables.set_messages(table_id, thread_id=thread_id, lobby_message_id=lobby_message_id)

    async def members_due(self: TableService, table_id: int, users: Sequence[int], attempt: int = 0) -> float | None:
        """The players a table's private thread may still lack, added again when the returned time
        falls due (`attempt`: tries so far). Written before they are first added, so a stop on the
        way leaves it due; with nobody missing or no try left, the timer goes and None is returned."""
        if not users or attempt >= len(MEMBERS_RETRIES):
            await self.store.tables.delete_timers(table_id=table_id, kind=MEMBERS_TIMER)
            return None
        due = self.clock() + MEMBERS_RETRIES[attempt]
        await self.store.tables.replace_table_timer(MEMBERS_TIMER, due, table_id=table_id,
                                                    payload={"users": list(users), "attempt": attempt + 1})
        return due

    async def board_posted(self: TableService, table_id: int, message_id: int, key: str, since: int) -> None:
        """Record a new board message (posted at a round or phase boundary) and where its log starts."""
        await self.store.tables.set_board(table_id, message_id, key, since)

    async def abort(self: TableService, table_id: int) -> None:
        """Close a lobby whose thread could not be opened."""
        await self.store.tables.set_status(table_id, "cancelled", expected=("lobby",))

    async def _lobby(self: TableService, table_id: int, caller: Caller, by_tournament: bool = False) -> Loaded:
        """The table, if its lobby is open to `caller` (a tournament's lobby only to the tournament)."""
        loaded = await self.load(table_id, caller)
        if loaded.table.status != "lobby":
            raise TableError(lobby_closed(table_id, loaded.table.status))
        if not by_tournament:
            check_not_tournament(loaded)
            check_pressed_in_thread(loaded.table, caller)
        return loaded

    def _creator_only(self: TableService, loaded: Loaded, caller: Caller, what: str) -> None:
        if caller.user_id != loaded.table.creator_id:
            name = creator_name(loaded)
            raise TableError(f"Only the table's creator{f' ({name})' if name else ''} can {what}; ask them, or use "
                             "**Join** / **Leave** for your own seat.", names=[name])

    async def join(self: TableService, table_id: int, caller: Caller, *, by_tournament: bool = False) -> TableNews:
        """`caller` takes a seat (`by_tournament`: seated by its tournament, at a tournament table)."""
        async with self.lock(table_id):
            loaded = await self._lobby(table_id, caller, by_tournament)
            if loaded.seat_of(caller.user_id):
                raise TableError("You are already seated at this table.")
            seat = await self.store.tables.add_seat(table_id, user_id=caller.user_id, display_name=caller.name,
                                                    max_seats=loaded.spec.max_seats)
            if seat is None:
                raise TableError(f"This table is full ({loaded.spec.max_seats} players at most).")
            return await self.news(table_id)

    async def leave(self: TableService, table_id: int, caller: Caller) -> tuple[TableNews, bool]:
        """Leave a lobby. Also returned: whether the caller ran it (and so passed it on), as it
        stood under the table's lock (a creator leaving at the same moment may have passed it on
        to the caller)."""
        async with self.lock(table_id):
            loaded = await self.load(table_id, caller)
            seat = loaded.seat_of(caller.user_id)
            if seat is None:
                raise not_seated(table_id)
            if loaded.table.status == "running" and seat.handed_over:  # abandoned, or handed over for good
                raise TableError("A computer player plays your seat now, so there is nothing to leave; "
                                 "the board shows how the game goes on.")
            if loaded.table.status == "running":
                raise TableError("The game has started: use `/table abandon` to forfeit your seat.")
            if loaded.table.status != "lobby":
                raise TableError(f"Table #{table_id} {table_state(loaded.table.status)}: there is nothing to leave.")
            check_not_tournament(loaded)
            # The successor is counted and made creator in one transaction, as a table is counted and
            # created: two hand-overs (or a hand-over and a create) at once cannot both pass the limit.
            async with self.store.transaction():
                if not await self._unseat(loaded, seat, frozenset({caller.user_id})):
                    raise TableError(f"You are not seated at table #{table_id}.")
            return await self.news(table_id), loaded.table.creator_id == caller.user_id

    async def unseat_departed(self: TableService, table_id: int, caller: Caller, gone: frozenset[int]) -> TableNews:
        """Take the players who have left the server (`gone`, as Discord says) off a lobby, as if
        they had left it (a creator among them passes it on): a start would seat them, and a game
        would wait for them."""
        async with self.lock(table_id):
            loaded = await self._lobby(table_id, caller)
            async with self.store.transaction():
                for seat in [s for s in loaded.seats if s.user_id in gone]:
                    await self._unseat(loaded, seat, gone, forced=True)
            return await self.news(table_id)

    async def _unseat(self: TableService, loaded: Loaded, seat: SeatRow, leaving: frozenset[int],
                      forced: bool = False) -> bool:
        """Remove one seat of a lobby (inside the caller's transaction); a creator leaving passes the
        lobby to the next person seated who is not `leaving` (`forced`: even one at their limit of
        open tables, when the creator left the server: else nobody could run it). False if it was
        no longer there."""
        successor = None
        if seat.user_id == loaded.table.creator_id:
            successor = await self._successor(loaded, leaving, forced)
        if not await self.store.tables.remove_seat(loaded.table.id, seat.seat):
            return False
        if successor is not None:
            await self.store.tables.set_creator(loaded.table.id, successor.user_id)
        return True

    async def _successor(self: TableService, loaded: Loaded, leaving: frozenset[int], forced: bool = False) -> SeatRow:
        """Who takes over a lobby its creator leaves: the next person seated who may run one more
        open table (the per-member limit counts the lobbies a member took over)."""
        others = [s for s in loaded.seats if s.user_id is not None and s.user_id not in leaving]
        if not others:
            only = "person" if any(s.user_id is None for s in loaded.seats) else "player"  # computers seated too
            raise TableError(f"You are the only {only} at this table: press **Cancel** on its lobby (or use "
                             "`/table cancel`) to close it.")
        for seat in others:
            mine, _ = await self.store.tables.open_casual(loaded.table.guild_id, seat.user_id)
            if loaded.table.tournament_id is not None or len(mine) < self.open_limits[0]:
                return seat
        if forced:  # the creator left the server: someone must run it, over their limit if need be
            return others[0]
        raise TableError(f"Nobody else at this table may take it over: each already runs "
                         f"{plural(self.open_limits[0], 'open table')}, the most one member may. Press **Cancel** "
                         "to close it.")

    async def add_computer(self: TableService, table_id: int, caller: Caller, kind: str = "heuristic",
                           shown: int | None = None) -> TableNews:
        async with self.lock(table_id):
            loaded = await self._lobby(table_id, caller)
            self._creator_only(loaded, caller, "add computer players")
            check_shown(loaded, shown)
            if kind not in COMPUTER_KINDS:
                raise TableError(f"Unknown computer player {kind!r}; choose {', '.join(COMPUTER_KINDS)}.")
            number = sum(1 for s in loaded.seats if s.user_id is None) + 1
            seat = await self.store.tables.add_seat(
                # The lobby's kind goes unnamed: players know it only as "a computer player".
                table_id, user_id=None, display_name=f"Computer {number}" + ("" if kind == COMPUTER_KINDS[0] else
                                                                              f" ({kind})"), ai=kind,
                max_seats=loaded.spec.max_seats)
            if seat is None:
                raise TableError(f"This table is full ({loaded.spec.max_seats} players at most).")
            return await self.news(table_id)

    async def remove_computer(self: TableService, table_id: int, caller: Caller, shown: int | None = None) -> TableNews:
        async with self.lock(table_id):
            loaded = await self._lobby(table_id, caller)
            self._creator_only(loaded, caller, "remove computer players")
            check_shown(loaded, shown)
            computers = [s for s in loaded.seats if s.user_id is None]
            if not computers:
                raise TableError("There is no computer player to remove.")
            await self.store.tables.remove_seat(table_id, computers[-1].seat)
            return await self.news(table_id)

    async def check_option_change(self: TableService, table_id: int, caller: Caller, key: str) -> Loaded:
        """The lobby, if the caller may change its option `key` (TableError says why not: the lobby
        is closed, only its creator sets options, the game has no such option)."""
        loaded = await self._lobby(table_id, caller)
        self._creator_only(loaded, caller, "change the options")
        spec = loaded.spec
        if key not in spec.Options.model_fields:
            known = ", ".join(spec.Options.model_fields) or "none"
            raise TableError(f"{spec.title} has no option {key!r}; its options are: {known}.")
        return loaded

    async def set_option(self: TableService, table_id: int, caller: Caller, key: str, value: Any) -> TableNews:
        async with self.lock(table_id):
            loaded = await self.check_option_change(table_id, caller, key)
            spec = loaded.spec
            try:
                parsed = spec.parse_options({**loaded.table.options, key: value})
            except RuleError as exc:
                raise TableError(str(exc)) from None
            await self.store.tables.set_options(table_id, parsed.model_dump(mode="json"))
            return await self.news(table_id)

    async def toggle_rated(self: TableService, table_id: int, caller: Caller, shown: int | None = None) -> TableNews:
        async with self.lock(table_id):
            loaded = await self._lobby(table_id, caller)
            self._creator_only(loaded, caller, "change whether the table is rated")
            check_shown(loaded, shown)
            if loaded.table.seed_chosen:
                raise TableError("This table is dealt from a chosen seed, so it is never rated.")
            await self.store.tables.set_rated(table_id, not loaded.table.rated)
            return await self.news(table_id)


# A press of a creator's control on a lobby that no longer shows what it showed (a double click:
# the second press comes from the message as it was before the first changed it).
LOBBY_OUT_OF_DATE = ("That button was pressed on the lobby as it was before your last change (a double click?): "
                     "nothing more was changed. The lobby shows the table as it is now; press again there to "
                     "change it further.")


def creator_controls_shown(table: TableRow, seats: Sequence[SeatRow]) -> int:
    """What the creator's lobby controls stand at (computer players, Rated, Pace, Vote out after),
    as a number their buttons carry: a press whose number is not the lobby's now is out of date."""
    shown = f"{sum(s.user_id is None for s in seats)}|{table.rated}|{table.pace}|{table.pace_seconds}|" \
            f"{table.handover_after}"
    return zlib.crc32(shown.encode()) % 1_000_000


def creator_name(loaded: Loaded) -> str:
    """The table's creator's name as seated ("" when they are not seated any more)."""
    creator = loaded.seat_of(loaded.table.creator_id)
    return creator.display_name if creator is not None else ""


def check_pressed_in_thread(table: TableRow, caller: Caller) -> None:
    """README: a lobby's buttons and menus "work only where the lobby is, in the table's thread"
    (where Discord says who is still in the server): one forged onto a message elsewhere is refused."""
    if caller.pressed_in is not None and table.thread_id is not None and caller.pressed_in != table.thread_id:
        raise TableError(f"That control belongs to table #{table.id}, whose lobby is in its own thread "
                         f"(<#{table.thread_id}>): use the buttons and menus of its message there.")


def one_person(table: TableRow, seats: Sequence[SeatRow], spec: GameSpec) -> bool:
    """One person plays (with computer players, or none), and nobody else can join: away, they hold
    the game up, and nobody can vote their seat out."""
    settled = table.status != "lobby" or len(seats) >= spec.max_seats
    return settled and sum(s.user_id is not None for s in seats) == 1


def check_shown(loaded: Loaded, shown: int | None) -> None:
    """Refuse a creator's press made on the lobby as it was before a change (`shown`: what its
    button carried; None: a button of an older lobby message, which carried nothing)."""
    if shown is not None and shown != creator_controls_shown(loaded.table, loaded.seats):
        raise TableError(LOBBY_OUT_OF_DATE)


def check_not_tournament(loaded: Loaded) -> None:
    """A tournament seats, deals and starts its own tables (one may wait in its lobby while
    Discord refuses its thread): nobody joins, leaves or changes them."""
    if loaded.table.tournament_id is not None:
        raise TableError(f"Table #{loaded.table.id} is a game of a tournament, which seats its players and starts "
                         "it (as soon as Discord lets its thread open): its lobby cannot be changed. Once it runs, the "
                         "tournament's organisers can replace or forfeit a seat (`/tournament replace`, "
                         "`/tournament forfeit`); they can also cancel the tournament.")
