"""The table service: everything a table does, without Discord.

A request (join, start, a chosen action...) arrives from the Discord layer, a tournament or a
tool, with the `Caller` that makes it. The service loads the table once under its lock, checks
first that the table belongs to the caller's server, asks the engine, and commits the accepted
actions with everything that follows them in one transaction (see play/moves.py). It returns a
`TableNews` with all the Discord layer needs. Rules stay in games/; SQL stays in storage/.
"""

from __future__ import annotations

import json
import logging
import secrets
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterator

from games import GameSpec, registry
from play import damage, pace, rematch, undo, votes
from play.common import NOT_SEATED_IN_DM, OTHER_SERVER, BoundedCache, Caller, KeyedLocks, TableError, id_in_range
from play.kept import KeptStates
from play.lobby import LobbyMixin, check_pressed_in_thread, check_shown, creator_name, one_person
from play.moves import MovesMixin
from play.record_access import RecordAccessMixin
from play.results import TableNews
from play.tournaments.rating_service import counts_for_rating
from storage import HistoryRow, SeatRow, Store, TableRow
from storage.damaged_rows import DamagedRow, fault_text

log = logging.getLogger(__name__)

FinishHook = Callable[[TableRow, list[SeatRow], Any], Awaitable[Any]]


@dataclass
class Loaded:
    """A table as one load read it: the row, its seats (with notes not yet stored) and state."""

    table: TableRow
    seats: list[SeatRow]
    spec: GameSpec
    state: Any

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


def authorize(caller: Caller | None, table: TableRow, seats: list[SeatRow]) -> None:
    """The one rule for every request that names a table: it comes from the table's own server
    (a click in a direct message: from a player seated at it), and from someone who may see its
    channel unless they are seated at it. `None` is the bot itself."""
    authorize_ids(caller, table.id, table.guild_id, [s.user_id for s in seats if s.user_id is not None])
    if caller is not None and caller.guild_id is not None and not seated(seats, caller.user_id):
        caller.check_sees(table.channel_id, f"Table #{table.id}")  # nothing of it told, as /table list


def authorize_ids(caller: Caller | None, table_id: int, guild_id: int | None, user_ids: list[int]) -> None:
    """`authorize` from the ids alone (also for a row too damaged to read as a table)."""
    if caller is None:
        return
    if caller.guild_id is None:
        if caller.user_id not in user_ids:
            raise TableError(NOT_SEATED_IN_DM.format(id=table_id))
    elif caller.guild_id != guild_id:
        raise TableError(OTHER_SERVER.format(id=table_id))


def seated(seats: list[SeatRow], user_id: int) -> bool:
    """Whether `user_id` has a seat at the table, played by them or given to the computer (an
    abandoned seat still counts for them: ranked last in a rated or tournament game)."""
    return any(s.user_id == user_id for s in seats)


def own_rated_cancel(table: TableRow) -> str:
    """The refusal of a cancel by Manage Server of a rated or tournament game they play (or
    played) in."""
    if table.tournament_id is not None:
        return ("You have a seat at this tournament table: cancelling it would decide it. Another member with Manage "
                "Server can cancel it; the tournament's organisers can forfeit or replace a seat, and you can "
                "forfeit with `/table abandon`.")
    return ("You have a seat in this rated game: cancelling it would spare your rating. Ask the other players to agree "
            "(if you created it, `/table cancel` asks them), let another member with Manage Server cancel it, or "
            "forfeit with `/table abandon`.")


def tables_listed(tables: list[TableRow]) -> str:
    """"#4 Augsburg 1520 in <#thread>; #7 ...": the tables an answer names (the first ten)."""
    return "; ".join(f"#{t.id} {registry.get(t.game).title}" + (f" in <#{t.thread_id}>" if t.thread_id else "")
                     for t in tables[:10]) + ("; …" if len(tables) > 10 else "")


class TableService(MovesMixin, LobbyMixin, RecordAccessMixin):
    def __init__(self, store: Store, *, clock: Callable[[], float], decision_seconds: int | None = None,
                 open_limits: tuple[int, int] = (3, 50), missed_for_handover: int = votes.MISSED_FOR_HANDOVER) -> None:
        self.store = store
        self.missed_for_handover = missed_for_handover  # before the others may vote a seat to a computer
        self.open_limits = open_limits  # open casual tables per member, and per server
        self.clock = clock
        self.decision_seconds = decision_seconds  # replaces the engines' time limits when set
        self.locks = KeyedLocks()
        self.on_finish: list[FinishHook] = []  # ratings, tournament results (see finish_work)
        self.on_damaged: list[damage.DamageHook] = []  # tells a damaged table's thread and players
        # Seat facts learnt between moves (where a player's DM panel is); stored with the next write.
        self._notes: BoundedCache[int, dict[int, dict[str, Any]]] = BoundedCache(10_000)
        self._policies: BoundedCache[tuple[int, int, str], Any] = BoundedCache(1_000)
        self.kept = KeptStates(2_000)  # each table's last state, parsed, and its seats' choices
        # Tables this process saw end (finished or cancelled): news of a move made before, still
        # being shown, must not show the game as going on (a board, a "Your turn" DM) after it.
        self.ended: BoundedCache[int, bool] = BoundedCache(2_000)

    @staticmethod
    def deal_seed(seed: int | None, chosen_seed: int | None) -> int:
        """A new table's deal: an admin's chosen seed, a tournament's, or a fresh random one."""
        if chosen_seed is not None:
            return chosen_seed
        return secrets.randbits(62) if seed is None else seed

    # -- loading -----------------------------------------------------------------------
    def lock(self, table_id: int) -> Any:
        return self.locks.hold(table_id)

    @staticmethod
    def spec(table: TableRow) -> GameSpec:
        return registry.get(table.game)

    def state(self, table: TableRow) -> Any:
        if table.state is None:
            raise TableError(f"Table #{table.id} has not started yet.")
        return self.kept.state_of(table, self.spec(table))

    async def load(self, table_id: int, caller: Caller | None = None) -> Loaded:
        """The table, its seats and its state in one read, checked against the caller's server."""
        try:
            found = await self.store.tables.load(table_id) if id_in_range(table_id) else None
        except DamagedRow as row:
            authorize_ids(caller, table_id, row.guild_id, row.user_ids)
            raise await damage.mark(self.store, self.on_damaged,
                                    damage.Damage(table_id, row.thread_id, row.user_ids, row.game), str(row)) from None
        if found is None:  # answered as another server's table is (see OTHER_SERVER)
            text = ("Table #{id} does not exist." if caller is None else
                    NOT_SEATED_IN_DM if caller.guild_id is None else OTHER_SERVER)
            raise TableError(text.format(id=table_id))
        table, seats = found
        authorize(caller, table, seats)
        if table.damaged is not None:
            raise damage.refuse_damaged(table_id)
        seats = self._noted(table.id, seats)
        try:
            spec = self.spec(table)
            state = self.kept.state_of(table, spec) if table.state is not None else None
        except Exception as exc:  # a state this version cannot read: the table is damaged, not the bot
            users = [s.user_id for s in seats if s.user_id is not None]
            raise await damage.mark(self.store, self.on_damaged, damage.Damage(table_id, table.thread_id, users, table.game),
                                    fault_text(exc)) from None
        return Loaded(table, seats, spec, state)

    def overtaken(self, news: TableNews, seat: int | None = None) -> bool:
        """Whether a later move of the table was stored since `news` (with `seat`: one that changed
        that seat's decision). Its own showing then says what `news` would, and more truly: a click
        at the same moment as another must not leave a player an out-of-date panel or notice."""
        table = news.table
        if self.ended_since(news):
            return True
        prompt = table.prompts.get(seat) if seat is not None else None
        return self.kept.overtaken(table.id, table.version, prompt, seat)

    async def decision_opened_by_own_move(self, table: TableRow, seat: int) -> bool:
        """Whether the seat's current decision was put to it by its player's own move (whose answer
        showed it; computer moves may have followed in the same write), not by another person's."""
        opened = table.prompts.get(seat, (table.version,))[0]
        last = await self.store.tables.last_action(table.id, person=True, up_to=opened)
        return last is not None and last[1] == seat

    async def made_last_action(self, table: TableRow, seat: int) -> bool:
        """Whether the table's latest action (a computer's too) is the seat's, with nothing since."""
        return await self.store.tables.last_action(table.id) == (table.version, seat)

    def ended_since(self, news: TableNews) -> bool:
        """Whether the game `news` shows going on has ended since (say, cancelled meanwhile)."""
        return news.table.status == "running" and self.ended.get(news.table.id) is not None

    async def damaged_tables(self) -> list[int]:
        return await self.store.tables.damaged()

    async def get(self, table_id: int, caller: Caller | None = None) -> TableRow:
        return (await self.load(table_id, caller)).table

    async def news(self, table_id: int, caller: Caller | None = None) -> TableNews:
        """The table as it is now (for a panel or a board that was not just changed)."""
        loaded = await self.load(table_id, caller)
        return TableNews(loaded.table, loaded.seats, loaded.state, first_version=loaded.table.version)

    async def hand_news(self, table_id: int, caller: Caller) -> TableNews:
        """`news` for the caller's own panel (My hand, /table hand), with ↩ Take back while they may."""
        return await undo.hand_news(self, await self.load(table_id, caller), caller)

    async def seats(self, table_id: int, caller: Caller | None = None) -> list[SeatRow]:
        return (await self.load(table_id, caller)).seats

    async def resolve(self, caller: Caller, table_id: int | None, channel_id: int | None,
                      meant: tuple[str, ...] = ("lobby", "running")) -> int:
        """The table a command means: the given number, this thread's table, or the caller's only
        open table on this server; of several, the only one whose status the command is `meant` for
        (a hand is a running game's, a lobby is left)."""
        if table_id is not None:
            return (await self.get(table_id, caller)).id
        if channel_id is not None:
            here = await self.store.tables.in_thread(channel_id)
            if here is not None and here[1] == caller.guild_id:
                return here[0]
        mine = [t for t in await self.store.tables.tables_of_user(caller.user_id, "lobby", "running")
                if t.guild_id == caller.guild_id]
        fitting = [t for t in mine if t.status in meant]
        if len(mine) > 1 and not fitting:
            raise TableError(
                f"None of your tables here is a lobby ({tables_listed(mine)}): a game being played is left with "
                "`/table abandon`, which forfeits your seat." if meant == ("lobby",) else
                f"None of your tables here has started ({tables_listed(mine)}): this is for a game being played, "
                "and a game starts when its creator presses **Start** on its lobby (a lobby is left with its "
                "**Leave**).")
        if len(mine) > 1:
            mine = fitting
        if len(mine) == 1:
            return mine[0].id
        if not mine:
            raise TableError("You are not at any open table here. To play, press **Join** on a table's lobby "
                             "(`/table list` shows them) or open one with `/table create`; to look at a table, use "
                             "this in its thread or give `table:` its number.")
        raise TableError(f"You are at several tables ({tables_listed(mine)}); use this in the table's thread or "
                         "give `table:` its number.")

    async def listing(self, caller: Caller, channel_ids: list[int], limit: int) -> list[tuple[TableRow, list[SeatRow]]]:
        """The caller's server's tables outside tournaments in `channel_ids` (those the caller may
        see), open to join or being played, newest first (at most `limit` of each, with their seats)."""
        if caller.guild_id is None:
            raise TableError("Tables are listed per server: use this in a server's channel.")
        return await self.store.tables.casual_in_guild(caller.guild_id, channel_ids, "lobby", "running", limit=limit)

    # -- seat notes ----------------------------------------------------------------------
    def note_seat(self, table_id: int, user_id: int, **fields: Any) -> None:
        """Remember a fact about a player's seat learnt from Discord (DM channel, DM panel, whether
        DMs work). It is used at once and stored with the table's next write, so a move stays one
        commit."""
        notes = self._notes.get(table_id) or {}
        notes.setdefault(user_id, {}).update(fields)
        self._notes.put(table_id, notes)

    def dm_panel_noted(self, table_id: int, row: SeatRow) -> SeatRow:
        """`row` with the DM panel noted last (one sent while the request that read `row` ran)."""
        noted = (self._notes.get(table_id) or {}).get(row.user_id, {}).get("dm_message_id")
        return row if noted is None else row.model_copy(update={"dm_message_id": noted})

    async def note_told_away(self, table_id: int, seat: int) -> None:
        """A player away was told so (their notice with "I'm back" was sent). Stored at once, not
        as a seat note: a start after a crash must know it, however far back the notice is."""
        await self.store.tables.note_told_away(table_id, seat)

    def _noted(self, table_id: int, seats: list[SeatRow]) -> list[SeatRow]:
        """The stored seats with the notes not stored yet. Notes that only repeat what is stored
        (a DM panel answered in place keeps its ids) are dropped: nothing to write for them."""
        notes = self._notes.get(table_id)
        if not notes:
            return seats
        noted = []
        for seat in seats:
            fields = {k: v for k, v in notes.pop(seat.user_id, {}).items() if getattr(seat, k) != v}
            if fields:
                notes[seat.user_id] = fields
                seat = seat.model_copy(update=fields)
            noted.append(seat)
        if not notes:
            self._notes.pop(table_id)
        return noted

    async def store_notes(self) -> int:
        """Store the seat notes that no write took yet (the bot stops: the next start knows each
        player's latest DM panel, whose controls their next move takes off). Returns how many
        tables had some."""
        pending = self._notes.items()
        if not pending:
            return 0
        with ExitStack() as taken:  # kept if the transaction fails, up to its commit
            async with self.store.transaction():
                for table_id, notes in pending:
                    seats = await self.store.tables.seats(table_id)
                    for seat, fields in taken.enter_context(self._taking_notes(table_id, seats)).items():
                        await self.store.tables.update_seat(table_id, seat, **fields)
        return len(pending)

    @contextmanager
    def _taking_notes(self, table_id: int, seats: list[SeatRow]) -> Iterator[dict[int, dict[str, Any]]]:
        """The noted fields by seat number, to store in the block: forgotten once stored, and kept
        if the block fails (a refused write changes nothing: the next one stores them)."""
        notes = self._notes.pop(table_id) or {}
        try:
            yield {s.seat: dict(notes[s.user_id]) for s in seats if s.user_id in notes}
        except BaseException:
            newer = self._notes.get(table_id) or {}  # noted meanwhile: newer than the ones taken
            merged = {user: {**fields, **newer.get(user, {})} for user, fields in notes.items()}
            if merged or newer:
                self._notes.put(table_id, {**newer, **merged})
            raise

    def forget(self, table_id: int) -> None:
        """Drop what is kept in memory for a table that ended (and note that it did)."""
        self._notes.pop(table_id)
        self.kept.forget(table_id)
        self._policies.drop(lambda key: key[0] == table_id)
        # Only once the end is stored: an end rolled back (a failed last abandon) leaves it running.
        self.store.after_commit(lambda: self.ended.put(table_id, True))

    async def cancel(self, table_id: int, caller: Caller) -> TableNews:
        async with self.lock(table_id):
            loaded = await self.load(table_id, caller)
            table = loaded.table
            if table.status in ("finished", "cancelled"):
                raise TableError(f"Table #{table_id} is already {table.status}.")
            if table.tournament_id is not None and not caller.can_manage:
                raise TableError("A tournament game is cancelled by someone with Manage Server; its organisers can "
                                 "forfeit or replace a seat (`/tournament forfeit`, `/tournament replace`) or cancel "
                                 "the tournament; players can use `/table abandon` to forfeit.")
            if table.status == "running" and not caller.can_manage:
                raise TableError("A running game is cancelled by someone with Manage Server, or by its creator "
                                 "when every other player agrees; players can use `/table abandon` to forfeit.")
            if caller.user_id != table.creator_id and not caller.can_manage:
                name = creator_name(loaded)
                raise TableError(f"Only the table's creator{f' ({name})' if name else ''} or someone with Manage "
                                 "Server can cancel it; ask them, or use **Leave** for your own seat.", names=[name])
            if table.status == "lobby":
                check_pressed_in_thread(table, caller)
            rated = counts_for_rating(table, loaded.seats)  # not one a computer seated in the lobby unrated
            if table.status == "running" and (rated or table.tournament_id is not None) \
                    and seated(loaded.seats, caller.user_id):
                raise TableError(own_rated_cancel(table))
            await self._close(table_id)
            return await self.news(table_id)

    async def cancel_asks(self, table_id: int, caller: Caller) -> bool:
        """Whether `/table cancel` of this caller asks the players to agree rather than cancelling:
        the creator of a running casual game, unless Manage Server cancels it for them (not a rated
        game they play or played in: a cancel would spare their rating); another of its players
        without Manage Server too (the vote allows them once the creator has left the server)."""
        loaded = await self.load(table_id, caller)
        table = loaded.table
        if table.status != "running" or table.tournament_id is not None:
            return False
        playing = seated(loaded.seats, caller.user_id)
        if caller.user_id != table.creator_id:
            return playing and not caller.can_manage  # Manage Server cancels, or is told why not
        return not caller.can_manage or (counts_for_rating(table, loaded.seats) and playing)

    async def close(self, table_id: int) -> TableNews:
        """Cancel a table on the bot's own account (its tournament was cancelled)."""
        async with self.lock(table_id):
            await self._close(table_id)
            return await self.news(table_id)

    async def lobby_threads(self) -> list[int]:
        return await self.store.tables.lobby_threads()

    async def close_lobby_of_thread(self, thread_id: int) -> TableNews | None:
        """A deleted thread's lobby (not a tournament's): nobody can join or start it any more, so
        it is cancelled; None when the thread held no such lobby."""
        found = await self.store.tables.in_thread(thread_id)
        if found is None:
            return None
        async with self.lock(found[0]):
            table = (await self.load(found[0])).table
            if table.status != "lobby" or table.tournament_id is not None:
                return None
            await self._close(table.id)
            return await self.news(table.id)

    async def running_in_thread(self, thread_id: int) -> int | None:
        """The running table played in this thread, if any."""
        found = await self.store.tables.in_thread(thread_id)
        if found is None or (await self.get(found[0])).status != "running":
            return None
        return found[0]

    async def private_to(self, table: TableRow) -> list[int] | None:
        """The players a table's thread is private to: a duplicate tournament round's, whose boards
        must not read each other's play of their deal; None: a public thread."""
        if table.tournament_id is None:
            return None
        tournament = await self.store.tournaments.get(table.tournament_id)
        if tournament is None or not tournament.duplicate or not await self.store.tables.dealt_alike_in_tournament(table):
            return None
        return [s.user_id for s in await self.store.tables.seats(table.id) if s.user_id is not None]

    async def tournament_place(self, table: TableRow) -> Any:
        """The tournament round and board a table plays (None: not a tournament's table)."""
        if table.tournament_id is None:
            return None
        return await self.store.tournaments.game_of_table(table.id)

    async def moved_thread(self, table_id: int, old_thread_id: int | None, thread_id: int | None) -> TableNews | None:
        """A running table whose thread was deleted goes on in `thread_id` (None: by DM and `/table
        hand` alone); its board and lobby are posted anew there. None when the table is no longer
        in the old thread or was cancelled (nothing was changed)."""
        async with self.lock(table_id):
            if not await self.store.tables.move_thread(table_id, old_thread_id, thread_id):
                return None
            return await self.news(table_id)

    async def _close(self, table_id: int) -> None:
        """Cancel a table, storing the seat facts noted since its last write (where the DM panels
        are, so they can lose their controls)."""
        seats = (await self.load(table_id)).seats
        with self._taking_notes(table_id, seats) as noted:
            async with self.store.transaction():
                await self.store.tables.set_status(table_id, "cancelled")
                await self.store.tables.delete_timers(table_id=table_id)
                for seat, fields in noted.items():
                    await self.store.tables.update_seat(table_id, seat, **fields)
        self.forget(table_id)

    async def rating_changes(self, table_id: int) -> list[HistoryRow]:
        """The rated lines of a table's game (a closed one too: see _rate_left); empty: not rated."""
        return await self.store.ratings.history_of_table(table_id)

    async def set_pace(self, table_id: int, caller: Caller, name: str | None = None,
                       shown: int | None = None) -> TableNews:
        """The creator sets the table's pace in its lobby (play/pace.py); without a name, the next
        one of the list (the lobby's Pace button goes round them; `shown`: see check_shown)."""
        async with self.lock(table_id):
            loaded = await self._lobby(table_id, caller)
            self._creator_only(loaded, caller, "change the table's pace")
            check_shown(loaded, shown)
            kind, seconds = pace.parse(name or pace.following(loaded.table))
            await self.store.tables.set_pace(table_id, kind, seconds)
            return await self.news(table_id)

    async def next_handover_after(self, table_id: int, caller: Caller, shown: int | None = None) -> TableNews:
        """The lobby's "Vote out after" button: the next number of missed deadlines in the list."""
        async with self.lock(table_id):
            loaded = await self._lobby(table_id, caller)
            self._creator_only(loaded, caller, "change after how many missed deadlines a seat may be voted out")
            check_shown(loaded, shown)
            if loaded.table.pace == "off":  # a button of an older lobby message
                raise TableError("This table has no deadlines (its pace is off), so no seat can be voted out: "
                                 "choose a pace first.")
            if one_person(loaded.table, loaded.seats, loaded.spec):  # likewise
                raise TableError("Nobody else plays at this full table, so nobody could vote a seat out: there is "
                                 "nothing to set. Press **Remove computer** to make room for another player.")
            steps = sorted({*votes.HANDOVER_STEPS, self.missed_for_handover})  # with the server's default
            current = loaded.table.handover_after
            following = next((n for n in steps if n > current), steps[0])
            await self.store.tables.set_handover_after(table_id, following)
            return await self.news(table_id)

    async def deadline_passed(self, table_id: int, seat: int, prompt_version: int) -> TableNews | None:
        return await pace.deadline_passed(self, table_id, seat, prompt_version)

    async def still_away(self, table_id: int, seat: int, missed: int) -> None:
        await pace.still_away(self, table_id, seat, missed)

    async def remind(self, table_id: int, seat: int, prompt_version: int, when: str,
                     send: Callable[[TableNews], Awaitable[None]]) -> bool:
        """A reminder timer fell due: `send` it if the decision still waits (play/pace.py)."""
        return await pace.reminder_due(self, table_id, seat, prompt_version, when, send)

    async def back(self, table_id: int, caller: Caller) -> TableNews:
        return await pace.back(self, table_id, caller)

    async def ask_vote(self, table_id: int, caller: Caller, kind: str,
                       left_server: frozenset[int] = frozenset()) -> votes.VoteNews:
        """Open a vote of the other players: "cancel" or "handover:<seat>" (play/votes.py);
        `left_server`: players no longer in the table's server."""
        return await votes.ask(self, table_id, caller, kind, left_server)

    async def settle_votes(self, table_id: int, left_server: frozenset[int] = frozenset()) -> list[votes.VoteNews]:
        return await votes.settle(self, table_id, left_server)

    async def answer_vote(self, table_id: int, caller: Caller, kind: str, agree: bool, at: int,
                          left_server: frozenset[int] = frozenset()) -> votes.VoteNews:
        return await votes.answer(self, table_id, caller, kind, agree, at, left_server)

    async def rematch(self, table_id: int, caller: Caller, left_server: frozenset[int] = frozenset()) -> TableRow:
        """A new lobby with the same players and options (play/rematch.py)."""
        return await rematch.rematch(self, table_id, caller, left_server)

    async def check_rematch(self, table_id: int, caller: Caller) -> TableRow:
        """The finished table, unless the caller may not open its rematch now or it is open already
        (a TableError says which; play/rematch.py)."""
        return (await rematch.checked(self, table_id, caller))[0].table

    async def undo(self, table_id: int, caller: Caller, version: int | None = None) -> TableNews:
        """Take back the caller's own last action (play/undo.py)."""
        return await undo.take_back(self, table_id, caller, version)

    async def replay(self, table_id: int) -> Any:
        """Rebuild the state from the seed and the action log (for checks and tools)."""
        loaded = await self.load(table_id)
        spec = loaded.spec
        state = spec.setup(len(loaded.seats), loaded.table.seed, loaded.table.options)
        for _, seat, action in await self.store.tables.actions(table_id):
            state, _ = spec.apply(state, seat, json.loads(action))
        return state
