"""The engine protocol every game implements.

A game is a `GameSpec` subclass: pure functions over a pydantic `State`. No Discord,
no storage, no clock and no global random: all randomness comes from the `Rng` kept
inside the state, so a seed plus the action log replays a game byte for byte.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from types import MappingProxyType
from typing import (Any, Callable, ClassVar, Generic, Hashable, Mapping, NamedTuple, Protocol, Sequence, TypeVar,
                    get_args)

from pydantic import BaseModel, Field, TypeAdapter, ValidationError
from pydantic.dataclasses import dataclass as pydantic_dataclass

from games.state_copy import copier, copy_state  # noqa: F401 (copy_state: the engines take it from here)

_TWO64 = 1 << 64
_MASK64 = _TWO64 - 1


class RuleError(Exception):
    """An action the rules do not allow. The message says what is wrong and what is allowed.

    The text is shown to the acting player only, so it may mention their own hand but
    never another seat's secret.
    """


_NO_DATA: Mapping[str, Any] = MappingProxyType({})
OWN_CHOICE = "own_choice"  # marks an event of own_choice in its data

# Seconds a timed decision may take unless the bot's configuration says otherwise (chosen:
# the rulebooks set no clock).
DECISION_SECONDS = 300


class Event(NamedTuple):
    """Something that happened, with who may see it.

    `text` is an English sentence in which `{p0}`, `{p1}`... stand for the players'
    names (the engine does not know them). `seats=None` means everyone may see it.
    An immutable named tuple rather than a pydantic model: events are made on almost
    every move and never stored, so validating them would cost more than many moves.
    """

    kind: str
    text: str
    seats: frozenset[int] | None = None
    data: Mapping[str, Any] = _NO_DATA

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)


def public(kind: str, text: str, **data: Any) -> Event:
    return Event(kind, text, None, data)


def and_list(parts: list[str]) -> str:
    """Parts as a sentence lists them: "a", "a and b", "a, b and c"."""
    return " and ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else "".join(parts)


def plural(count: int, word: str, many: str = "") -> str:
    """ "1 card", "2 cards" (`many`: a plural not made with an s)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def private(seats: Sequence[int] | int, kind: str, text: str, **data: Any) -> Event:
    members = frozenset([seats] if isinstance(seats, int) else seats)
    return Event(kind, text, members, data)


def own_choice(chooser: int, kind: str, text: str, **data: Any) -> Event:
    """The `chooser` seat's own secret choice told back to it alone (so its log has it): it shows nobody
    anything hidden, so unlike other private events it does not keep the action from being
    taken back (see GameSpec.undo_refusal)."""
    return Event(kind, text, frozenset([chooser]), {**data, OWN_CHOICE: True})


@pydantic_dataclass
class Rng:
    """A counter-based generator (SplitMix64) whose whole state is two integers.

    It does not depend on Python's `random` implementation, so a stored game replays
    identically on any Python version. A pydantic dataclass: it sits in every game's state
    (serialised as {"seed": ..., "counter": ...}), and plain attributes keep draws and copies cheap.
    """

    seed: int
    counter: int = 0

    def copy(self) -> Rng:
        """An independent copy: a state copy shares its generator until it draws from it."""
        copy = _new(Rng)
        copy.__dict__ = self.__dict__.copy()
        return copy

    def next64(self) -> int:
        self.counter += 1
        return _splitmix64(self.seed, self.counter)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        value, self.counter = _below(self.seed, self.counter, n)
        return value

    def between(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both included."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        seed, counter = self.seed, self.counter
        for i in range(len(items) - 1, 0, -1):
            j, counter = _below(seed, counter, i + 1)
            items[i], items[j] = items[j], items[i]
        self.counter = counter


_new = object.__new__


def _splitmix64(seed: int, counter: int) -> int:
    """The generator's value number `counter` (SplitMix64's mix of the seed and the counter)."""
    z = (seed * 0x9E3779B97F4A7C15 + counter * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _below(seed: int, counter: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) drawn from the values after `counter`, and the last
    counter used (a value is drawn again when it would favour small results)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = _TWO64 - _TWO64 % n
    while True:
        counter += 1
        value = _splitmix64(seed, counter)
        if value < limit:
            return value % n, counter


class Outcome(BaseModel):
    """The result of a finished game.

    `ranking` lists places best first; seats tied for a place share one inner list.
    `winners` is usually the first place, but a game may declare several winners
    (Aelderman's short version). `details` holds per-seat scoring lines for display.
    `winners_by_place`: the winners are whoever places first (so if they forfeit, the best
    of the others wins); False when winning is earned otherwise (a mission fulfilled).
    """

    ranking: list[list[int]]
    scores: dict[int, float]
    winners: list[int]
    tie_break: str | None = None
    details: dict[int, list[str]] = Field(default_factory=dict)
    winners_by_place: bool = True

    def place_of(self, seat: int) -> int:
        """1-based place of a seat (tied seats share the better place)."""
        place = 1
        for group in self.ranking:
            if seat in group:
                return place
            place += len(group)
        raise KeyError(seat)


@dataclass(frozen=True)
class AmountChoice:
    """A decision that is any whole amount from `low` to `high` (a bid, an offer). Its menu in
    `legal_actions` may list only some amounts (a menu holds 25), so the bot also lets the
    player type one; `make(amount)` is the action for an amount in the range."""

    what: str  # what is chosen, e.g. "Your bid in thalers"
    low: int
    high: int
    make: Callable[[int], Any]

    def action(self, amount: int) -> Any:
        if not self.low <= amount <= self.high:
            raise RuleError(f"Choose a whole number from {self.low} to {self.high}.")
        return self.make(amount)


StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=BaseModel)


class Policy(Protocol):
    """A computer player: picks one of the legal actions for a seat."""

    def choose(self, state: Any, seat: int) -> Any: ...


class RandomPolicy:
    """Plays a uniformly random legal action. Its own generator, not the game's."""

    def __init__(self, spec: GameSpec[Any, Any], seed: int = 0) -> None:
        self.spec = spec
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> Any:
        actions = self.spec.legal_actions(state, seat)
        if not actions:
            raise RuleError(f"Seat {seat} has nothing to do now.")
        return self.rng.choice(actions)


class GameSpec(ABC, Generic[StateT, ActionT]):
    """Base class of a game. Subclasses fill the class attributes and the `_` methods.

    The public methods add the checks every game shares (finished game, seat that is
    not due to act, malformed action), so engines only write their rules.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type]  # a pydantic model or pydantic dataclass (see copy_state)
    Action: ClassVar[Any]  # the tagged union of action models
    # Kinds of public event that open a private exchange (see shown_to_act): its players whose DMs
    # are closed are told once, as it opens, to follow it with My hand.
    private_exchange_events: ClassVar[frozenset[str]] = frozenset()
    # Kinds of private event that settle such an exchange: the side that did not move is shown them
    # at once (with its panel), not only at its next decision.
    settling_events: ClassVar[frozenset[str]] = frozenset()

    def __init__(self) -> None:
        self._action_adapter: TypeAdapter[Any] = TypeAdapter(self.Action)
        self._action_models = frozenset(_models_in(self.Action))
        self._state_adapter: TypeAdapter[Any] = TypeAdapter(self.State)
        self._copy = copier(self.State)  # copy_state's plan for this game, looked up once

    # -- the protocol ---------------------------------------------------------------
    def setup(self, seats: int, seed: int, options: BaseModel | dict[str, Any] | None = None) -> StateT:
        if not self.min_seats <= seats <= self.max_seats:
            raise RuleError(
                f"{self.title} needs {self.min_seats}-{self.max_seats} players, not {seats}."
            )
        return self._setup(seats, seed, self.parse_options(options))

    @abstractmethod
    def _setup(self, seats: int, seed: int, options: Any) -> StateT: ...

    @abstractmethod
    def to_act(self, state: StateT) -> frozenset[int]:
        """The seats that must act now: empty exactly when the game is over (a running game
        always waits for someone), so callers can loop on it alone."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]: ...

    def apply(self, state: StateT, seat: int, action: ActionT | dict[str, Any] | str) -> tuple[StateT, list[Event]]:
        """Apply one action of one seat: the one entry for a move of every game. Returns a new
        state; the given one is untouched. The checks every game shares come first (a finished
        game, a seat not due to act, a malformed action), then the engine's own (`check_action`),
        and the engine's `_apply` changes a private copy made by `copy_state`."""
        if seat not in self.to_act(state):  # empty once the game is over
            if self.outcome(state) is not None:
                raise RuleError("The game is over; no more moves can be made.")
            raise RuleError(self.not_your_turn(state, seat))
        if type(action) not in self._action_models:  # checked here first: most actions are models
            action = self.parse_action(action)
        if self.check_action is not None:
            self.check_action(state, seat, action)
        return self._apply(self._copy(state), seat, action)

    def apply_offered(self, state: StateT, seat: int, action: ActionT) -> tuple[StateT, list[Event]]:
        """`apply` for an action model just taken from `legal_actions(state, seat)`: the checks
        `apply` makes would pass, so they are skipped. For computer players that judge many
        moves by playing them out, and for a player's pick from the choices listed for this very
        state (play/moves.py); any other move that reaches a table goes through `apply`."""
        return self._apply(self._copy(state), seat, action)

    def check_action(self, state: StateT, seat: int, action: ActionT) -> None:
        """The engine's own check of an action, on the given state before it is copied: raise
        RuleError (saying what is allowed) when `seat` may not take `action` now.

        The default accepts what `legal_actions` lists; an engine whose menus leave amounts out
        (see `amount_choice`) overrides it to accept those too. An engine whose `_apply` refuses
        every illegal action itself sets `check_action = None` (it changes only the copy anyway)."""
        if action not in self.legal_actions(state, seat):
            raise RuleError("You cannot do that now: choose one of the moves offered.")

    @abstractmethod
    def _apply(self, state: StateT, seat: int, action: ActionT) -> tuple[StateT, list[Event]]:
        """Mutate `state` (already a private copy) and return it with the events."""

    @abstractmethod
    def view(self, state: StateT, seat: int | None) -> BaseModel: ...

    def seat_view(self, state: StateT, seat: int, public: BaseModel) -> BaseModel:
        """`view(state, seat)`, given `public`, the view of the same state for everyone: a move
        shows both (the board and a panel), and an engine whose views share costly parts that
        everyone sees may take them from `public` (views are read, never changed)."""
        return self.view(state, seat)

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None: ...

    # -- helpers shared by tools and tests --------------------------------------------
    def num_seats(self, state: StateT) -> int:
        return int(getattr(state, "seats"))

    def not_your_turn(self, state: StateT, seat: int) -> str:
        shown = self.shown_to_act(state)
        # Whose step of a private exchange it is, only its sides may know (see shown_to_act).
        acting = self.to_act(state) if seat in shown else shown
        waiting = ", ".join(f"{{p{s}}}" for s in sorted(acting))
        return f"It is not your turn: waiting for {waiting or 'nobody'}."

    def parse_options(self, options: BaseModel | dict[str, Any] | None) -> Any:
        if options is None:
            return self.Options()
        if isinstance(options, self.Options):
            return options
        try:
            return self.Options.model_validate(
                options if isinstance(options, dict) else options.model_dump()
            )
        except ValidationError as exc:
            raise RuleError(f"Invalid options for {self.title}: {first_error(exc)}") from None

    def parse_action(self, action: Any) -> ActionT:
        if type(action) in self._action_models:  # the common case, checked first: it is cheap
            return action  # type: ignore[no-any-return]
        if isinstance(action, BaseModel) and not isinstance(action, dict):
            return action  # type: ignore[return-value]
        try:
            if isinstance(action, str):
                return self._action_adapter.validate_json(action)
            return self._action_adapter.validate_python(action)
        except ValidationError as exc:
            raise RuleError(f"That is not a valid move: {first_error(exc)}") from None

    def dump_action(self, action: ActionT) -> str:
        return action.model_dump_json()

    def dump_state(self, state: StateT) -> str:
        return self._state_adapter.dump_json(state).decode()

    def load_state(self, data: str) -> StateT:
        """A stored state, validated (a model or a pydantic dataclass alike)."""
        return self._state_adapter.validate_json(data)  # type: ignore[no-any-return]

    def policy(self, kind: str, seed: int = 0) -> Policy:
        """A computer player: 'random' or 'heuristic'. Games override to add theirs."""
        if kind == "random":
            return RandomPolicy(self, seed)
        raise KeyError(f"{self.name} has no computer player called {kind!r}")

    def secret_tokens(self, state: StateT) -> dict[int, set[str]]:
        """Strings that only one seat may see (card ids in a hand, sealed choices).

        The shared test asserts that none of them appears in the public view or in
        another seat's view.
        """
        return {}

    def amount_choice(self, state: StateT, seat: int) -> AmountChoice | None:
        """When the seat's decision is an amount (see AmountChoice), its range; else None."""
        return None

    def shown_to_act(self, state: StateT) -> frozenset[int]:
        """The seats the public board shows as acting: by default those who act. A game whose private
        exchange must not show whose step it is (a Baumeister pay-off) shows every side of it."""
        return self.to_act(state)

    def turn_key(self, state: StateT, seat: int) -> Hashable:
        """Which turn of the seat its current decision belongs to. A table's pace gives the decisions
        a player makes one after another in one turn a single clock (stepping back and forth buys no
        time); a decision with another key (a new phase, round or turn, a new choice made at once)
        has its whole time. By default every decision is a turn of its own."""
        return object()

    def time_limit(self, state: StateT, seat: int) -> int | None:
        """Seconds the seat's current decision may take, or None when it has no time limit (the
        table then waits as long as it takes). A cheap check, asked after every move; the move
        made when time runs out (`timeout_action`) is computed only then."""
        return None

    def undo_refusal(self, before: StateT, after: StateT, events: list[Event]) -> str | None:
        """Why the action that led from `before` to `after` (making `events`) may not be taken back,
        or None when it may. By default it may not when something was drawn at random (the state's
        generator moved on), anything was shown to only some players, or something hidden was
        revealed (an event whose kind says so: it has "reveal" in it, which no other event's kind
        may have). Games whose hidden information works otherwise override this."""
        if getattr(before, "rng", None) != getattr(after, "rng", None):
            return "something was drawn at random since (a card or a roll), so the game cannot go back"
        for event in events:
            if event.seats is not None and not event.data.get(OWN_CHOICE):
                return "it showed hidden information to a player"
            if "reveal" in event.kind:
                return "it revealed hidden cards or choices"
        if self._made_public(before, after):
            return "it showed everyone a card or tile that was secret until then"
        return None

    def _made_public(self, before: StateT, after: StateT) -> bool:
        """Whether a seat's secret before the action (see secret_tokens) is in the public view after
        it: going back would hide again what everyone has seen."""
        still = self.secret_tokens(after)
        lost = {token for seat, tokens in self.secret_tokens(before).items() for token in tokens - still.get(seat, set())}
        if not lost:
            return False
        public = self.view(after, None).model_dump_json()
        return any(json.dumps(token) in public for token in lost)

    def timeout_action(self, state: StateT, seat: int) -> ActionT | None:
        """The action taken for a seat whose time ran out on its current decision (asked only
        when `time_limit` gave a limit and it passed), or None to keep waiting."""
        return None

    def stats(self, state: StateT) -> dict[int, dict[str, float]]:
        """Per-seat numbers of a finished game that the simulator averages
        (for example whether a mission was fulfilled). Optional."""
        return {}

    def solo_goal(self, options: Any) -> str:
        """What a win means in a one-player game with these options (the simulator's report)."""
        return "the solo goal"

    def option_variants(self) -> list[BaseModel]:
        """Option sets the shared random-game test plays (the default first)."""
        return [self.Options()]

    def check_invariants(self, state: StateT) -> None:
        """Raise AssertionError if conservation rules are broken (cards, money)."""


def _models_in(annotation: Any) -> list[type]:
    """The model classes of an action annotation: a model, a union or an Annotated union."""
    if isinstance(annotation, type):
        return [annotation] if issubclass(annotation, BaseModel) else []
    return [model for arg in get_args(annotation) for model in _models_in(arg)]


def first_error(exc: ValidationError) -> str:
    """A pydantic report as one line: where the first problem is, and what it is."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    if err.get("type") in ("union_tag_not_found", "union_tag_invalid"):  # no kind, or one the game has not
        tags = err.get("ctx", {}).get("expected_tags")
        given = err.get("ctx", {}).get("tag")
        what = (f"its kind {given!r} is not one of this game's ({tags})" if given not in (None, "None", "")
                else "it names no kind of move")
        return f"{where}: {what}" if where else what
    return f"{where}: {err.get('msg')}" if where else str(err.get("msg"))
