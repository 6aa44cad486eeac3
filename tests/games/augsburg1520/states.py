"""Building Augsburg 1520 states directly for rule tests."""

from __future__ import annotations

from typing import Any

from games.augsburg1520 import SPEC, auction, data
from games.augsburg1520.cards import CARD_BY_ID, CARD_COUNT
from games.augsburg1520.scoring import level_held
from games.augsburg1520.state import State
from games.core import Event


def card(card_id: str) -> int:
    return CARD_BY_ID[card_id]


def joker_ids(count: int, start: int = 1) -> list[str]:
    return [f"joker-{n}" for n in range(start, start + count)]


def after_first_purchase(seats: int = 4, seed: int = 1) -> State:
    """A new game in which nobody bought any of the first seven cards: round 1, Philipp."""
    state = SPEC.setup(seats, seed)
    for seat in range(seats):
        state, _ = SPEC.apply(state, seat, {"kind": "finish_buying"})
    return state


def _remove_everywhere(state: State, cards: set[int]) -> None:
    state.draw = [c for c in state.draw if c not in cards]
    state.discard = [c for c in state.discard if c not in cards]
    state.hands = [[c for c in hand if c not in cards] for hand in state.hands]
    state.offers = [[c for c in offer if c not in cards] for offer in state.offers]


def set_hand(state: State, seat: int, card_ids: list[str]) -> None:
    """Give a seat exactly these cards; its old cards go on top of the draw pile."""
    wanted = [card(c) for c in card_ids]
    old = [c for c in state.hands[seat] if c not in wanted]
    _remove_everywhere(state, set(wanted))
    state.hands[seat] = list(wanted)
    state.draw.extend(old)


def set_offer(state: State, seat: int, card_ids: list[str]) -> None:
    """Replace the cards dealt to a seat for buying; the old ones go on top of the draw pile."""
    wanted = [card(c) for c in card_ids]
    old = [c for c in state.offers[seat] if c not in wanted]
    _remove_everywhere(state, set(wanted))
    state.offers[seat] = list(wanted)
    state.draw.extend(old)


def set_draw_top(state: State, card_ids: list[str]) -> None:
    """Put these cards on top of the draw pile, the first one on the very top."""
    wanted = [card(c) for c in card_ids]
    _remove_everywhere(state, set(wanted))
    state.draw.extend(reversed(wanted))


def start_auction(state: State, index: int, opener: int) -> list[Event]:
    """Begin the visit `index` (0 = Philipp ... 4 = Maximilian) with `opener` bidding first."""
    events: list[Event] = []
    state.auction = index
    state.opener = opener
    auction.start_auction(state, events)
    return events


def play(state: State, seat: int, action: dict[str, Any] | Any) -> tuple[State, list[Event]]:
    return SPEC.apply(state, seat, action)


def play_all(state: State, moves: list[tuple[int, dict[str, Any]]]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for seat, action in moves:
        state, new = SPEC.apply(state, seat, action)
        events += new
    return state, events


def bid(cards: int) -> dict[str, Any]:
    return {"kind": "bid", "cards": cards}


PASS = {"kind": "pass"}


def kinds(actions: list[Any]) -> list[str]:
    return [a.kind for a in actions]


def to_privileges(state: State, seat: int, number: int) -> State:
    """Hand a privilege card straight to a seat, as if it had just won an auction. A card that
    is not on display swaps places with the first displayed card."""
    if number not in state.display:
        swap = state.display[0]
        for where in ("reserve", "used_privileges"):
            pile = getattr(state, where)
            setattr(state, where, [swap if n == number else n for n in pile])
        state.display = [number if n == swap else n for n in state.display]
    state.winner = seat
    state.phase = "privilege_card"
    state, _ = SPEC.apply(state, seat, {"kind": "take_privilege_card", "number": number})
    return state


def all_cards_placed(state: State) -> bool:
    cards = list(state.draw) + list(state.discard)
    for seat in range(state.seats):
        cards += state.hands[seat] + state.offers[seat] + state.picks[seat]
    return sorted(cards) == list(range(CARD_COUNT))



def set_level(state: State, seat: int, category: str, level: int) -> None:
    """Put a seat at a level, moving level tiles between the pool and the board."""
    cat = data.CATEGORIES.index(category)
    old = state.levels[seat][cat]
    for tile in (2, 3, 4):
        state.pool[cat][tile - 2] += level_held(old, tile) - level_held(level, tile)
        assert state.pool[cat][tile - 2] >= 0, "no such tile left in the pool"
    state.levels[seat][cat] = level


def give_right(state: State, seat: int, right: str, value: int | None = None) -> None:
    """Give a seat a rights tile: the top one, or the one of this value."""
    stack = state.stacks[right]
    tile = stack[0] if value is None else value
    stack.remove(tile)
    state.rights[seat][right] = tile


def set_money(state: State, seat: int, amount: int) -> None:
    state.bank += state.money[seat] - amount
    state.money[seat] = amount


def use(slot: int, how: str) -> dict[str, Any]:
    return {"kind": "use_privilege", "slot": slot, "use": how}


END = {"kind": "end_privileges"}


def ruedigers_board(state, seat: int) -> None:
    """The rulebook's Rüdiger: an Agency in Innsbruck (agency level 2), a Count (peerage 3) with a
    Weapon and a Patent of Nobility, Mayor (office 4) and Mintmaster."""
    set_level(state, seat, "agency", 2)
    set_level(state, seat, "peerage", 3)
    set_level(state, seat, "office", 4)
    give_right(state, seat, "weapon", 1)
    give_right(state, seat, "patent", 4)
    give_right(state, seat, "mintmaster")

