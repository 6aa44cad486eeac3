"""Small state operations shared by the phases: money, hands, stacks, the die."""

from __future__ import annotations

from functools import lru_cache

from games.baumeister.data import CARD_BY_ID, DIE_FACES, KIND, NAMES, TIE_STACK, TYPE
from games.baumeister.state import State
from games.core import Event, Rng, RuleError, public


@lru_cache(maxsize=1 << 12)
def event(kind: str, text: str, **data) -> Event:
    """A public event. Events are immutable and many repeat (the same bid by the same
    player, the same roll), so each distinct one is built once."""
    return public(kind, text, **data)


def replace_at(items: tuple, index: int, value) -> tuple:
    changed = list(items)  # cheaper than joining two slices around the new value
    changed[index] = value
    return tuple(changed)


def fresh_rng(state: State) -> Rng:
    """The state's generator, copied first: older states share the old one."""
    rng = state.rng = state.rng.copy()
    return rng


def roll_die(state: State) -> int:
    """A die roll: 1-5, or 0 for the saboteur face."""
    face = DIE_FACES[fresh_rng(state).below(len(DIE_FACES))]
    state.last_roll = face
    return face


def face_text(face: int) -> str:
    return "the saboteur" if face == 0 else f"a {face}"


def next_seat(state: State, seat: int) -> int:
    return (seat + 1) % state.seats


def name(card: int) -> str:
    return NAMES[card]


def card_from_id(card_id: str) -> int:
    card = CARD_BY_ID.get(card_id)
    if card is None:
        raise RuleError(f"There is no building card called {card_id!r}.")
    return card.index


def from_bank(state: State, seat: int, amount: int) -> int:
    """Pay a player from the cash supply (only what is left in it). Returns what was paid."""
    paid = min(amount, state.bank)
    state.bank -= paid
    state.money = replace_at(state.money, seat, state.money[seat] + paid)
    return paid


def to_bank(state: State, seat: int, amount: int) -> None:
    state.bank += amount
    state.money = replace_at(state.money, seat, state.money[seat] - amount)


def transfer(state: State, payer: int, payee: int, amount: int) -> None:
    money = list(state.money)
    money[payer] -= amount
    money[payee] += amount
    state.money = tuple(money)


def add_to_hand(state: State, seat: int, card: int, *, public: bool = False, typed: bool = False) -> None:
    state.hands = replace_at(state.hands, seat, state.hands[seat] + (card,))
    if public:
        state.public_cards |= 1 << card
    elif typed:
        state.typed_cards |= 1 << card


def remove_from_hand(state: State, seat: int, card: int) -> None:
    """Take `card` out of the hand in everyone's sight (built, or drawn by a saboteur). The others
    see only its kind, so for them it may be any card of the hand they knew of that fits (one of
    that kind everyone saw, one of that type only named) or one they knew nothing of: the marks
    left are what stays true whichever it was. One mark of that kind goes (else one of that type),
    and the others that fit are laid on the cards of that kind and type still in the hand."""
    hand = list(state.hands[seat])
    hand.remove(card)
    state.hands = replace_at(state.hands, seat, tuple(hand))
    kind, kind_type = KIND[card], TYPE[card]
    seen = [c for c in (card, *hand) if KIND[c] == kind and state.public_cards >> c & 1]
    named = [c for c in (card, *hand) if TYPE[c] == kind_type and state.typed_cards >> c & 1]
    for mark in seen:
        state.public_cards &= ~(1 << mark)
    for mark in named:
        state.typed_cards &= ~(1 << mark)
    # The same counts whichever card left, so the marks tell nothing of which it was.
    seen_left, named_left = (len(seen) - 1, len(named)) if seen else (0, max(len(named) - 1, 0))
    rest = [c for c in hand if TYPE[c] == kind_type and not state.public_cards >> c & 1]
    for mark in [c for c in rest if KIND[c] == kind][:seen_left]:
        state.public_cards |= 1 << mark
    for mark in [c for c in rest if not state.public_cards >> c & 1][:named_left]:
        state.typed_cards |= 1 << mark


def under_smaller_stack(state: State, card: int) -> str:
    """rulebook: a card goes "at the bottom of the smallest stack"; on a tie, see data.TIE_STACK."""
    opened, hidden = len(state.open_stack), len(state.hidden_stack)
    if opened < hidden or (opened == hidden and TIE_STACK == "open"):
        state.open_stack = (card,) + state.open_stack
        return "open"
    state.hidden_stack = (card,) + state.hidden_stack
    return "face-down"


def amount_choices(low: int, high: int, limit: int) -> list[int]:
    """At most `limit` amounts from low to high: every amount when they fit, otherwise the
    first ones one by one and then larger steps up to `high` (everything one owns)."""
    if high < low:
        return []
    if high - low + 1 <= limit:
        return list(range(low, high + 1))
    head = limit - 5
    start = low + head
    tail = sorted({start + round(k * (high - start) / 4) for k in range(5)})
    return list(range(low, start)) + tail
