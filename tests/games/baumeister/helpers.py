"""Building blocks for Baumeister rule tests: states with chosen hands, cities and dice."""

from __future__ import annotations

from games.baumeister import SPEC
from games.baumeister.data import CARD_BY_ID, DIE_FACES
from games.baumeister.state import Options, State
from games.core import Rng


def card(card_id: str) -> int:
    return CARD_BY_ID[card_id].index


def cards(*ids: str) -> tuple[int, ...]:
    return tuple(card(i) for i in ids)


def ids(items) -> list[str]:
    from games.baumeister.data import CARDS

    return [CARDS[c].id if c >= 0 else None for c in items]


def new_game(seats: int = 4, seed: int = 7, **options) -> State:
    """A game at the start of seat 0's turn."""
    state = SPEC.setup(seats, seed, Options(**options))
    state.current = state.actor = 0
    state.announced = True
    return state


def take_out(state: State, *moved: int) -> None:
    """Remove cards from both stacks (so they can be put somewhere else)."""
    state.open_stack = tuple(c for c in state.open_stack if c not in moved)
    state.hidden_stack = tuple(c for c in state.hidden_stack if c not in moved)


def give(state: State, seat: int, hand: tuple[str, ...] | None = None, city: tuple[str | None, ...] | None = None,
         money: int | None = None, saboteurs: int | None = None, built: bool | None = None) -> None:
    """Set a seat's hand, city (None = gap), money and saboteurs, keeping totals right."""
    hand_cards = cards(*hand) if hand is not None else state.hands[seat]
    city_cards = tuple(-1 if c is None else card(c) for c in city) if city is not None else state.cities[seat]
    take_out(state, *hand_cards, *[c for c in city_cards if c >= 0])
    state.hands = state.hands[:seat] + (tuple(hand_cards),) + state.hands[seat + 1:]
    if city is not None:
        state.cities = state.cities[:seat] + (city_cards,) + state.cities[seat + 1:]
        closed = 0
        from games.baumeister.data import CORNER_TOWER, TYPE
        if city_cards and TYPE[city_cards[0]] == CORNER_TOWER:
            closed |= 1
        if len(city_cards) > 1 and TYPE[city_cards[-1]] == CORNER_TOWER:
            closed |= 2
        state.closed = state.closed[:seat] + (closed,) + state.closed[seat + 1:]
        if built is None:
            built = bool(city_cards)
    if built:
        state.built |= 1 << seat
    elif built is not None:
        state.built &= ~(1 << seat)
    if money is not None:
        state.bank += state.money[seat] - money
        state.money = state.money[:seat] + (money,) + state.money[seat + 1:]
    if saboteurs is not None:
        state.reserve += state.saboteurs[seat] - saboteurs
        state.saboteurs = state.saboteurs[:seat] + (saboteurs,) + state.saboteurs[seat + 1:]


def stash(state: State, *moved: int) -> None:
    """Put cards back on the face-down stack (keeps the card count right)."""
    state.hidden_stack = tuple(moved) + state.hidden_stack


def rig_die(state: State, *faces: int) -> None:
    """Set the generator so the next die rolls show `faces` (0 = the saboteur face)."""
    for counter in range(100_000):
        rng = Rng(seed=state.rng.seed, counter=counter)
        if all(DIE_FACES[rng.below(len(DIE_FACES))] == face for face in faces):
            state.rng = Rng(seed=state.rng.seed, counter=counter)
            return
    raise AssertionError(f"no die sequence {faces}")


def play(state: State, seat: int, *actions):
    """Apply actions (dicts or models) in turn; returns the state and all events."""
    events = []
    for action in actions:
        state, new = SPEC.apply(state, seat, action)
        events.extend(new)
    return state, events


def kinds(actions) -> list[str]:
    return [a.kind for a in actions]
