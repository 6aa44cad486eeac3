"""What a request to a table returns, and the small pure helpers that build it.

A `TableNews` holds everything the Discord layer needs to answer a request, refresh the
board and send panels, so it never reads storage again after a move.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Sequence

from games import Event, GameSpec, Outcome
from games.core import public
from play.common import told_apart
from storage import SeatRow, TableRow

RECENT_EVENTS = 40  # public event lines kept with the table for the board's log
# Kinds of the lines the bot itself puts before a move's events ("ran out of time"): no replay of
# the actions makes them, so they are stored with the move (table_notes) for /table log.
NOTE_KINDS = frozenset({"away", "timeout"})


@dataclass
class Finished:
    """What a finished game's finish work reported (ratings, the tournament result), whether the
    hooks stored all of it (`stored`), whether the table is marked done too (`done`), and whether
    any was due at all."""

    reports: list[Any]
    done: bool
    due: bool = True
    stored: bool = True


@dataclass
class Move:
    seat: int
    action: Any
    events: list[Event]
    by_computer: bool = False  # a computer seat's, or an away seat's made for its player


@dataclass
class TableNews:
    """A table after a request: as stored, with the moves the request made (the requester's and
    the computer seats' after it) and the seats whose choices changed."""

    table: TableRow
    seats: list[SeatRow]
    state: Any  # None before the game starts
    moves: list[Move] = field(default_factory=list)
    changed: set[int] = field(default_factory=set)
    previous_prompts: dict[int, tuple[int, str]] = field(default_factory=dict)
    first_version: int = 0  # the table's version before the request
    more_computers: bool = False  # computer seats still have moves to make (done in the background)
    timers: list[float] = field(default_factory=list)  # due times of the timers the request started
    finish: list[Any] = field(default_factory=list)  # what the finish work reported (ratings, rounds)
    log: list[tuple[int, str]] = field(default_factory=list)  # (number of the move everyone saw, event text): /table log
    ended_votes: list[str] = field(default_factory=list)  # kinds of the votes the request ended (I'm back)
    undo_seat: int | None = None  # the seat that may take back the move just stored (play/undo.py)
    taken_back: int | None = None  # a take-back: the version the action taken back had made
    choices: dict[int, list[Any]] | None = None  # each seat's choices in `state`, when already known
    prompts_current: bool = False  # the prompts were just listed from `state` (a move, a take-back)
    same_turn: set[int] = field(default_factory=set)  # movers whose decision goes on in the same turn
    # What the Discord layer works out from this news once (views, names): not copied by dataclasses.replace.
    _derived: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def once(self, key: Any, make: Callable[[], Any]) -> Any:
        """`make()`, worked out once for this news: the answer, the board and the panels of one
        move show the same table and state."""
        if key not in self._derived:
            self._derived[key] = make()
        return self._derived[key]

    def view(self, spec: GameSpec, seat: int | None) -> Any:
        """What `seat` (None: everyone) sees of `state`; a seat's view is built from everyone's."""
        if seat is None:
            return self.once(("view", None), lambda: spec.view(self.state, None))
        return self.once(("view", seat), lambda: spec.seat_view(self.state, seat, self.view(spec, None)))

    def choices_of(self, spec: GameSpec, seat: int) -> list[Any]:
        """The choices the seat has now (what its panel offers)."""
        if self.choices is not None:
            return self.choices.get(seat, [])
        return seat_choices(spec, self.state, seat)

    def panel_token_of(self, spec: GameSpec, seat: int) -> int:
        """The token the seat's panel controls carry (see `offered_token`)."""
        version, digest = self.table.prompts.get(seat, (self.table.version, ""))
        if self.prompts_current or not digest:
            return panel_token(self.table, version)
        return offered_token(self.table, version, digest, choices_digest(spec, self.choices_of(spec, seat)))

    @property
    def outcome(self) -> Outcome | None:
        return Outcome.model_validate_json(self.table.outcome) if self.table.outcome else None

    @property
    def finished(self) -> bool:
        return self.table.status == "finished" and self.first_version < self.table.version

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def called(self, user_id: int, fallback: str) -> str:
        """How the table names a person's seat: told apart from others called alike, as the board
        named it before any "(forfeited)"; `fallback` for someone not seated."""
        row = self.seat_of(user_id)
        if row is None:
            return fallback
        return told_apart({s.seat: s.display_name for s in self.seats}, lambda seat: seat + 1)[row.seat]

    def had_controls(self, seat: int) -> bool:
        """Whether the seat's panel before this request offered choices."""
        old = self.previous_prompts.get(seat)
        return old is not None and old[1] != NO_CHOICES


def choices_digest(spec: GameSpec, actions: list[Any]) -> str:
    """A short fingerprint of the choices offered to a seat; a panel is current while it matches."""
    text = "\n".join(spec.dump_action(a) for a in actions)
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


NO_CHOICES = hashlib.blake2b(b"", digest_size=6).hexdigest()


def exchange_token(table: TableRow, spec: GameSpec, state: Any) -> int:
    """The number a private exchange's mention in the thread carries (a pay-off negotiation): the
    same for each of its secret steps, so a start knows its players were told of it without
    telling whose answer is due. The exchange is known by its turn (GameSpec.turn_key)."""
    return panel_token(table, f"exchange:{spec.turn_key(state, min(spec.shown_to_act(state)))!r}")


def panel_token(table: TableRow, version: int | str) -> int:
    """The number a panel's controls carry for the decision (or take-back) of table version
    `version`: it tells that version from any other without telling it. A version counts every
    stored action, a private exchange's secret steps too, so a player reading the versions of
    their own panels could count the steps of an exchange the rules keep from them. Keyed by the
    table's seed (secret while the game runs), so a forged control cannot guess one either."""
    return _token(table.id, table.seed, table.seed_salt, version)


def offered_token(table: TableRow, version: int, stored: str, offered: str) -> int:
    """The token of a seat's decision of table version `version`, whose choices were stored with
    the digest `stored` and are `offered` now. They differ only when a newer version of the bot
    lists other choices in the same game: panels shown before the update stay out of date (their
    positions name the old choices), and a panel shown now has a token of its own."""
    return panel_token(table, version if not stored or stored == offered else f"{version}:{offered}")


@lru_cache(maxsize=4096)  # a move asks for the same few tokens several times (answer, board, panels)
def _token(table_id: int, seed: int, salt: str | None, version: int | str) -> int:
    key = f"{seed}:{salt or ''}".encode()[:64]
    digest = hashlib.blake2b(f"{table_id}:{version}".encode(), key=key, digest_size=6).digest()
    return int.from_bytes(digest, "big")


def seat_choices(spec: GameSpec, state: Any, seat: int) -> list[Any]:
    return spec.legal_actions(state, seat) if seat in spec.to_act(state) else []


def next_prompts(spec: GameSpec, state: Any, old: dict[int, tuple[int, str]], version: int,
                 seats: int, turn_over: set[int] = frozenset(), moved: set[int] = frozenset(),
                 ) -> tuple[dict[int, tuple[int, str]], set[int], dict[int, list[Any]]]:
    """Each seat's prompt version changes only when its choices change, so one player's sealed
    choice does not make another player's open panel out of date. A seat that was out of turn
    between the moves (`turn_over`) has a new prompt even if its choices look the same: it is a
    new turn. So has a seat that just moved (`moved`): its panel was answered, and a second press
    of it (a double click, a retried click) must be out of date, not played again. Also returns
    the choices of the seats that have some (for the panels shown next)."""
    prompts, changed, choices = {}, set(), {}
    due = spec.to_act(state)
    for seat in range(seats):
        digest = NO_CHOICES
        if seat in due:
            choices[seat] = spec.legal_actions(state, seat)
            digest = choices_digest(spec, choices[seat])
        if seat in old and old[seat][1] == digest and not (seat in turn_over | moved and seat in due):
            prompts[seat] = old[seat]
        else:
            prompts[seat] = (version, digest)
            changed.add(seat)
    return prompts, changed, choices


def same_turn(spec: GameSpec, before: Any, after: Any, moves: Sequence[Move]) -> set[int]:
    """The people who moved and still act in the turn they moved in (a decision of several steps
    goes on); another mover still to act has begun a new turn (a new phase, round or choice)."""
    acting = spec.to_act(after)
    return {m.seat for m in moves if not m.by_computer and m.seat in acting and before is not None
            and spec.turn_key(before, m.seat) == spec.turn_key(after, m.seat)}


def everyone_away(seats: Sequence[Any]) -> bool:
    """Whether every person still playing their seat is away: the game then waits for the first
    to come back (the computer plays away seats only while someone plays their own)."""
    people = [s for s in seats if s.user_id is not None and not s.handed_over]
    return bool(people) and all(s.away for s in people)


def ranked_last(seats: Sequence[Any]) -> set[int]:
    """Seats ranked last whatever they scored: abandoned ones, and those whose player was away
    (the computer playing after a missed deadline) when the game ended, as on Board Game Arena."""
    return {s.seat for s in seats if s.forfeited or (s.away and not s.ai)}


# Where the next tie of a tie-break text begins ("{p0} and {p1} tied on 30 prestige; ... . {p2},
# {p3} and {p4} tied on ..."): each tie is kept or left out on its own.
TIE_SENTENCE = re.compile(r"(?<=\.)\s+(?=(?:\{p\d+\}(?:, | and ))+\{p\d+\} tied on )")


def final_outcome(outcome: Outcome, forfeited: set[int]) -> Outcome:
    """Seats that forfeited (see ranked_last) are ranked last (together), whatever the engine scored."""
    if not forfeited:
        return outcome
    ranking = [[s for s in group if s not in forfeited] for group in outcome.ranking]
    ranking = [g for g in ranking if g] + [sorted(forfeited)]
    winners = [s for s in outcome.winners if s not in forfeited]
    if outcome.winners and not winners and outcome.winners_by_place and not set(ranking[0]) & forfeited:
        winners = list(ranking[0])  # the winner was ranked last: the best of the others wins
    tie_break = outcome.tie_break
    if tie_break:  # a tie that ordered a seat ranked last for leaving: its place no longer follows from it
        kept = [tie for tie in TIE_SENTENCE.split(tie_break) if not any(f"{{p{s}}}" in tie for s in forfeited)]
        tie_break = " ".join(kept) or None
    return outcome.model_copy(update={"ranking": ranking, "winners": winners, "tie_break": tie_break})


def recent_events(old: list[tuple[int, str]], first_version: int, moves: list[Move]) -> list[tuple[int, str]]:
    """The table's latest public event texts, with the version of the move that made each."""
    lines = list(old)
    for number, move in enumerate(moves, start=first_version + 1):
        lines.extend((number, event.text) for event in move.events if event.seats is None and event.text)
    return lines[-RECENT_EVENTS:]


def move_notes(first_version: int, moves: list[Move]) -> list[tuple[int, str]]:
    """(version, text) of the bot's own lines among the moves' events (NOTE_KINDS)."""
    return [(number, event.text) for number, move in enumerate(moves, start=first_version + 1)
            for event in move.events if event.kind in NOTE_KINDS]


def timeout_note(spec: Any, state: Any, seat: int) -> Event:
    """The thread's line for a decision whose time ran out. In a secret step of an exchange (a
    pay-off's answers) it names both sides, as the board does: not whose step it was."""
    sides = sorted(spec.shown_to_act(state))
    if sides != [seat]:
        both = " and ".join(f"{{p{s}}}" for s in sides)
        return public("timeout", f"Time ran out for a secret step between {both}; the game goes on without its choice.")
    return public("timeout", f"{{p{seat}}} did not decide in time; the game goes on without their choice.")
