"""A table's pace: every decision of a person has a deadline (`live`: minutes, `async`: hours) or
none (`off`). Deadlines are timers stored with the move that starts them, so they fire after a
restart too (also those that fell due while the bot was down). A reminder comes at half the time
and again near the end; when the deadline passes, a computer player makes the seat's move and keeps
playing it until its player says they are back. Choices made at once (sealed bids) share one
deadline: they start with the same move. While the computer plays a seat, each further stretch
of the pace's time counts as another missed deadline (an away timer), so a player who never comes
back can be voted out however many missed deadlines the table asks for."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from games.core import public
from play.common import Caller, TableError, not_seated, table_state
from play.results import Move, TableNews, everyone_away
from storage import NewTimer
from storage.timers import AWAY_TIMER, DEADLINE_TIMER, REMINDER_TIMER

FINISH_TURN_STEPS = 100  # a turn's decisions, at most (a purchase is a card at a time)

if TYPE_CHECKING:
    from play.tables import Loaded, TableService

# name -> (pace, seconds a decision may take, how it reads)
PACES: dict[str, tuple[str, int, str]] = {
    "off": ("off", 0, "no deadlines"),
    "live-2m": ("live", 120, "live, 2 minutes a decision"),
    "live-5m": ("live", 300, "live, 5 minutes a decision"),
    "live-15m": ("live", 900, "live, 15 minutes a decision"),
    "async-12h": ("async", 12 * 3600, "async, 12 hours a decision"),
    "async-24h": ("async", 24 * 3600, "async, 24 hours a decision"),
    "async-72h": ("async", 72 * 3600, "async, 3 days a decision"),
}
CASUAL_PACE = "async-24h"  # the default of a casual table (a tournament's rounds have their own deadline)
REMINDERS = (("half", 0.5), ("late", 0.9))  # reminders at these shares of the time


def pace_name(table: Any) -> str:
    return next((name for name, (pace, seconds, _) in PACES.items()
                 if pace == table.pace and seconds == table.pace_seconds), "off")


def describe(table: Any) -> str:
    if table.pace == "off":
        return PACES["off"][2]
    return PACES.get(pace_name(table), ("", 0, f"{table.pace}, {table.pace_seconds} seconds a decision"))[2]


def following(table: Any) -> str:
    """The pace after the table's in the list (round to the first)."""
    names = list(PACES)
    return names[(names.index(pace_name(table)) + 1) % len(names)]


def parse(name: str) -> tuple[str, int]:
    if name not in PACES:
        raise TableError(f"Unknown pace `{name[:20]}`; choose one of: {', '.join(PACES)}.")
    pace, seconds, _ = PACES[name]
    return pace, seconds


def timers(loaded: Loaded, state: Any, prompts: dict[int, tuple[int, str]], changed: set[int],
           now: float, movers: set[int] = frozenset()) -> tuple[list[NewTimer], dict[int, float]]:
    """The deadline and reminders of each person whose decision starts with this move, and every
    open deadline (for the board). A decision the game times itself (`time_limit`) has neither:
    its own timer decides, and the board shows when (TableService._save)."""
    table, spec = loaded.table, loaded.spec
    if table.pace == "off" or spec.outcome(state) is not None:
        return [], {}
    due = spec.to_act(state)
    people = {s.seat for s in loaded.seats if s.user_id is not None and not s.forfeited and not s.away}
    deadlines = {seat: at for seat, at in table.deadlines.items() if seat in due and seat not in changed}
    unclocked = {seat for seat in due & people if seat not in table.deadlines}  # e.g. back from away
    new = []
    for seat in sorted((changed | unclocked) & due & people):
        if spec.time_limit(state, seat) is not None:
            continue  # a decision with its own time limit ends by it (the game's timeout move), not by the pace
        payload = {"seat": seat, "prompt_version": prompts[seat][0]}
        began = now
        if seat in movers and seat in table.deadlines and _same_turn(loaded, state, seat):
            began = min(now, table.deadlines[seat] - table.pace_seconds)  # it goes on: same clock
        deadlines[seat] = began + table.pace_seconds
        new.append(NewTimer(kind=DEADLINE_TIMER, due_at=deadlines[seat], seat=seat, payload=payload))
        new.extend(NewTimer(kind=REMINDER_TIMER, due_at=began + table.pace_seconds * share, seat=seat,
                            payload={**payload, "when": when})
                   for when, share in REMINDERS if began + table.pace_seconds * share > now)
    return new, deadlines


def deadlines_met(loaded: Loaded, moves: list[Move]) -> dict[int, float]:
    """The deadline each person's move met on the table's pace, stored with the action: taking it
    back gives the decision back with that deadline (also one "I'm back" restarted)."""
    table, spec = loaded.table, loaded.spec
    if table.pace == "off" or loaded.state is None:
        return {}
    return {m.seat: table.deadlines[m.seat] for m in moves if not m.by_computer and m.seat in table.deadlines
            and spec.time_limit(loaded.state, m.seat) is None}


def _same_turn(loaded: Loaded, state: Any, seat: int) -> bool:
    """Whether the seat's new decision goes on with the turn it just played, on the table's pace
    (not a decision the game timed itself, such as a Baumeister pay-off step)."""
    spec, before = loaded.spec, loaded.state
    return spec.time_limit(before, seat) is None and spec.turn_key(before, seat) == spec.turn_key(state, seat)


def stale(loaded: Loaded, changed: set[int]) -> set[int]:
    """Seats whose deadline timers the move makes stale: their open decision changed."""
    if loaded.table.pace == "off" or loaded.state is None:
        return set()
    return changed & set(loaded.spec.to_act(loaded.state))


def current(loaded: Loaded, seat: int, prompt_version: int) -> bool:
    """Whether the seat's decision of `prompt_version` is still open and its person plays it."""
    table = loaded.table
    row = next((s for s in loaded.seats if s.seat == seat), None)
    return (table.status == "running" and table.prompts.get(seat, (None,))[0] == prompt_version
            and seat in loaded.spec.to_act(loaded.state) and row is not None and row.user_id is not None
            and not row.forfeited and not row.away)


async def deadline_passed(service: TableService, table_id: int, seat: int, prompt_version: int) -> TableNews | None:
    """The seat's time ran out: the computer moves for it, and plays it until its player is back."""
    async with service.lock(table_id):
        loaded = await service.load(table_id)
        if not current(loaded, seat, prompt_version):
            return None
        row = next(s for s in loaded.seats if s.seat == seat)
        update = {"away": True, "missed": row.missed + 1, "away_told": False}  # a new absence, not told yet
        loaded.seats = [s.model_copy(update=update) if s.seat == seat else s for s in loaded.seats]
        action = service._computer_choice(loaded, loaded.state, seat, "heuristic")
        state, events = loaded.spec.apply(loaded.state, seat, action)
        note = public("away", f"{{p{seat}}} ran out of time: a computer player moves for them until they are back.")
        moves = [Move(seat, action, [note, *events], by_computer=True)]
        if everyone_away(loaded.seats):  # the game now waits (_computer_moves), but not in a turn half made
            state = finish_turn(service, loaded, state, seat, moves)
        return await service._continue(loaded, state, moves, {seat: update},
                                       [away_timer(loaded.table, seat, update["missed"], service.clock())])


def finish_turn(service: TableService, loaded: Loaded, state: Any, seat: int, moves: list[Move]) -> Any:
    """The rest of the seat's turn that ran out (spec.turn_key), say a purchase chosen card by card,
    played by the computer and appended to `moves`; returns the state after it. Everyone is away: the
    steps of that turn that the game itself times (a Baumeister pay-off, whoever's they are) are
    played too, or their own time limits would move the game on while it waits."""
    spec, key = loaded.spec, loaded.spec.turn_key(loaded.state, seat)
    for _ in range(FINISH_TURN_STEPS):
        if spec.turn_key(state, seat) != key:
            break
        due = [s for s in sorted(spec.to_act(state)) if s == seat or spec.time_limit(state, s) is not None]
        if not due:
            break
        action = service._computer_choice(loaded, state, due[0], "heuristic")
        state, events = spec.apply(state, due[0], action)
        moves.append(Move(due[0], action, events, by_computer=True))
    return state


def away_timer(table: Any, seat: int, missed: int, now: float) -> NewTimer:
    """When an away seat misses its next deadline; `missed` is its count now, so a timer of an
    earlier absence (the player came back and went away again) finds it changed and stops."""
    return NewTimer(kind=AWAY_TIMER, due_at=now + table.pace_seconds, seat=seat,
                    payload={"seat": seat, "missed": missed})


async def still_away(service: TableService, table_id: int, seat: int, missed: int) -> None:
    """An away seat's player missed another deadline: count it, and look again one pace later."""
    async with service.lock(table_id):
        loaded = await service.load(table_id)
        row = next((s for s in loaded.seats if s.seat == seat), None)
        # A seat handed to a computer player for good (`ai`) is no longer its player's to miss.
        if (loaded.table.status != "running" or loaded.table.pace == "off" or row is None or not row.away
                or row.handed_over or row.user_id is None or row.missed != missed):
            return
        # While every player is away the game waits for the first back: nobody misses a turn then.
        counted = missed if everyone_away(loaded.seats) else missed + 1
        timer = away_timer(loaded.table, seat, counted, service.clock())
        async with service.store.transaction():
            if counted != missed:
                await service.store.tables.update_seat(table_id, seat, missed=counted)
            await service.store.tables.add_timer(AWAY_TIMER, timer.due_at, table_id=table_id, seat=seat,
                                                 payload=timer.payload)


async def reminder_due(service: TableService, table_id: int, seat: int, prompt_version: int, when: str,
                       send: Callable[[TableNews], Awaitable[None]]) -> bool:
    """Send (`send`) a reminder if the seat's decision of `prompt_version` is still waiting for its
    player and its deadline is still ahead; whether it was due. After a stop, reminders that fell
    due while down come together: only the latest is sent, and none once the deadline passed ("Time
    ran out" says it all). Decided and sent under the table's lock: a move stored just before is
    seen, and one made while the reminder goes out waits for it, so "Still your turn" never
    follows the move it asks for."""
    async with service.lock(table_id):
        loaded = await service.load(table_id)
        if not current(loaded, seat, prompt_version):
            return False
        deadline, now = loaded.table.deadlines.get(seat, float("inf")), service.clock()
        if deadline <= now:
            return False
        share = dict(REMINDERS).get(when, 0.0)
        left = deadline - now  # a later reminder comes when (1 - its share) of the time is left
        if any(later > share and left <= loaded.table.pace_seconds * (1 - later) for _, later in REMINDERS):
            return False
        await send(TableNews(loaded.table, loaded.seats, loaded.state, first_version=loaded.table.version))
        return True


async def back(service: TableService, table_id: int, caller: Caller) -> TableNews:
    """A player whose seat the computer plays after a missed deadline takes it back."""
    async with service.lock(table_id):
        loaded = await service.load(table_id, caller)
        seat = loaded.seat_of(caller.user_id)
        if seat is None:
            raise not_seated(table_id)
        if loaded.table.status != "running":
            raise TableError(f"This game {table_state(loaded.table.status)}.")
        if seat.handed_over:
            raise TableError("A computer player plays your seat for the rest of this game (you abandoned it, or the "
                             "other players handed it over).")
        if not seat.away:
            raise TableError("You are playing your seat already: nothing to come back to. (**I'm back** is for a "
                             "player whose seat the computer plays: a notice in the thread is for the one it names.)")
        votes = {kind: vote for kind, vote in loaded.table.votes.items() if kind != f"handover:{seat.seat}"}
        ended = [kind for kind in loaded.table.votes if kind not in votes]
        waited = everyone_away(loaded.seats)
        loaded.seats = [s.model_copy(update={"away": False}) if s.seat == seat.seat else s for s in loaded.seats]
        # After a wait the others' next missed deadline is a whole pace away: the clock starts now.
        fresh = [away_timer(loaded.table, s.seat, s.missed, service.clock())
                 for s in loaded.seats if waited and s.away and not s.handed_over and s.user_id is not None]
        async with service.store.transaction():  # back: a vote to hand the seat over ends for good
            if votes != loaded.table.votes:
                await service.store.tables.set_votes(table_id, votes)
            if waited:
                await service.store.tables.delete_timers(table_id=table_id, kind=AWAY_TIMER)
            loaded.table = loaded.table.model_copy(update={"votes": votes})
            # Saved as a move without actions: a decision of theirs gets its deadline, and a game
            # that waited because everyone was away goes on (the computer plays the others).
            news = await service._continue(loaded, loaded.state, [], {seat.seat: {"away": False}}, fresh)
        return dataclasses.replace(news, ended_votes=ended)
