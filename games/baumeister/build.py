"""Step 3 of a turn, building: pick a hand card, then choose where it goes.

The final round uses the same two steps. A first build must reach its minimum (three
cards), so while it is short only cards that still allow a complete first build are
offered (checked by looking ahead through the hand).
"""

from __future__ import annotations

from functools import lru_cache

from games.baumeister import moves
from games.baumeister.city import REPRESENTATIVE, can_extend, fitting_types, place, slots_for, type_row
from games.baumeister.common import card_from_id, event, name, remove_from_hand, replace_at
from games.baumeister.data import IDS, KIND, TYPE
from games.baumeister.flow import finish_step, sabotage_targets
from games.baumeister.state import Phase, State
from games.core import Event, RuleError, public

BUILD_PHASES = (Phase.BUILD, Phase.FINAL)
PLACE_PHASES = (Phase.PLACE, Phase.FINAL_PLACE)


_FINAL_PHASES = (Phase.FINAL, Phase.FINAL_PLACE)


def is_final(state: State) -> bool:
    return state.phase in _FINAL_PHASES


# A hand's building types as one number: 4 bits per type count its cards (fewer than 16
# cards of a type exist), so the count is a cheap sum and a small cache key.
_TYPE_WEIGHT = tuple(1 << 4 * TYPE[card] for card in range(len(TYPE)))
_TYPE_CARD = tuple(REPRESENTATIVE[TYPE.index(kind)] for kind in range(max(TYPE) + 1))


def type_count(cards) -> int:
    return sum(map(_TYPE_WEIGHT.__getitem__, cards))


@lru_cache(maxsize=None)
def _hand_types(count: int, cap: int) -> tuple[int, ...]:
    """The hand of a type count as sorted representatives, at most `cap` cards of a type:
    a build that needs `cap` more cards never uses more of one type."""
    types: list[int] = []
    for kind, card in enumerate(_TYPE_CARD):
        types.extend([card] * min(count >> 4 * kind & 15, cap))
    return tuple(types)


def fitting_slots(state: State, seat: int, card: int) -> tuple[int, ...]:
    """Slots where `card` may go now, keeping a first build completable."""
    needed = state.min_place - state.placed - 1
    if needed <= 0:  # nothing to look ahead for: the city alone decides
        return tuple(slots_for(state.cities[seat], state.closed[seat], card, state.phase in _FINAL_PHASES))
    rest = type_count(state.hands[seat]) - _TYPE_WEIGHT[card]
    return _slots(state.cities[seat], state.closed[seat], card, rest, needed, state.phase in _FINAL_PHASES)


@lru_cache(maxsize=1 << 16)
def _slots(city: tuple[int, ...], closed: int, card: int, rest: int, needed: int, final: bool) -> tuple[int, ...]:
    """`_fitting` asked with the city's cards and the type count of the rest of the hand."""
    return _fitting(type_row(city), closed, REPRESENTATIVE[card], _hand_types(rest, needed), needed, final)


# The building rules look only at building types, so the questions below are asked about
# rows and hands of types (see city.REPRESENTATIVE): few enough to keep every answer.
@lru_cache(maxsize=1 << 16)
def _fitting(row: tuple[int, ...], closed: int, card: int, rest: tuple[int, ...], needed: int,
             final: bool) -> tuple[int, ...]:
    slots = slots_for(row, closed, card, final)
    if needed <= 0 or not slots:
        return tuple(slots)
    return tuple(s for s in slots if can_extend(*place(row, closed, card, s), rest, needed, final))


@lru_cache(maxsize=1 << 16)
def _fitting_types(row: tuple[int, ...], closed: int, hand: tuple[int, ...], needed: int, final: bool) -> int:
    """A bitmask of the building types of `hand` (types) that can be laid out now."""
    found = 0
    for i, card in enumerate(hand):
        if i and hand[i - 1] == card:
            continue
        rest = hand[:i] + hand[i + 1:] if needed > 0 else ()
        if _fitting(row, closed, card, rest, needed, final):
            found |= 1 << TYPE[card]
    return found


@lru_cache(maxsize=1 << 14)
def _placeable(city: tuple[int, ...], closed: int, count: int, needed: int, final: bool) -> int:
    """`_fitting_types` asked with the city's cards and the hand's type count."""
    return _fitting_types(type_row(city), closed, _hand_types(count, needed + 1), needed, final)


_KIND_OF = KIND.__getitem__


def pickable_cards(state: State, seat: int) -> list[int]:
    """One card per kind (type and value) that can be laid out now; among equal cards the
    one everybody already knows is offered, so a secret card stays secret."""
    hand = state.hands[seat]
    if state.placed >= state.max_place or not hand:
        return []
    needed = state.min_place - state.placed - 1
    if needed <= 0:  # nothing to look ahead for: the city alone decides
        types = fitting_types(state.cities[seat], state.closed[seat], state.phase in _FINAL_PHASES)
    else:
        types = _placeable(state.cities[seat], state.closed[seat], type_count(hand), needed,
                           state.phase in _FINAL_PHASES)
    if not types:
        return []
    known, typed = state.public_cards, state.typed_cards
    offered: list[int] = []
    last_kind = -1
    for card in sorted(hand, key=_KIND_OF):  # a stable sort: equal kinds keep hand order
        if types >> TYPE[card] & 1:
            kind = KIND[card]
            if kind != last_kind:
                offered.append(card)
                last_kind = kind
            elif _seen(known, typed, card) > _seen(known, typed, offered[-1]):
                offered[-1] = card
    return offered


def _seen(known: int, typed: int, card: int) -> int:
    """2: everybody has seen the card, 1: its type was named, 0: secret."""
    return 2 if known >> card & 1 else 1 if typed >> card & 1 else 0


def build_actions(state: State, seat: int) -> list:
    actions = [moves.PICKS[c] for c in pickable_cards(state, seat)]
    if state.phase == Phase.BUILD and state.placed == 0:
        for victim, target in sabotage_targets(state, seat):
            actions.append((moves.SABOTAGE_CITY if target == "city" else moves.SABOTAGE_HAND)[victim])
    if state.placed == 0 or state.placed >= state.min_place:
        actions.append(moves.DONE)
    return actions


def place_actions(state: State, seat: int) -> list:
    return list(_place_menu(fitting_slots(state, seat, state.picked)))


@lru_cache(maxsize=None)
def _place_menu(slots: tuple[int, ...]) -> tuple:
    return tuple(moves.PLACES[s + 1] for s in slots) + (moves.UNPICK,)


def apply_pick(state: State, seat: int, action, events: list[Event]) -> None:
    card = card_from_id(action.card)
    if card not in state.hands[seat]:
        raise RuleError(f"{name(card)} is not in your hand.")
    if state.placed >= state.max_place:
        raise RuleError(f"You have laid out {state.placed} cards, the most allowed now: end your turn.")
    if not fitting_slots(state, seat, card):
        raise RuleError(_no_fit_text(state, card))
    state.picked = card
    state.phase = Phase.FINAL_PLACE if is_final(state) else Phase.PLACE


def _no_fit_text(state: State, card: int) -> str:
    text = (f"{name(card)} fits nowhere in your city now: two buildings of the same type may not "
            "stand side by side (towers and corner towers count as one type), a city has one town hall, "
            "and its second corner tower may only be laid out in the final round.")
    if state.min_place - state.placed > 1:
        text += f" Your first build must be {state.min_place} cards, and with this card it could not be."
    return text


def apply_place(state: State, seat: int, action, events: list[Event]) -> None:
    card = state.picked
    kind = action.kind
    final = state.phase == Phase.FINAL_PLACE
    if kind == "unpick":
        state.picked = -1
        state.phase = Phase.FINAL if final else Phase.BUILD
        return
    slot = action.slot if kind == "place" else None
    if slot is None or slot not in fitting_slots(state, seat, card):
        raise RuleError(f"Choose where {name(card)} goes: one of the positions offered, or take it back.")
    city = state.cities[seat]
    events.append(_build_event(seat, card, slot, _where(city, slot)))
    row, closed = place(city, state.closed[seat], card, slot)
    state.cities = replace_at(state.cities, seat, row)
    state.closed = replace_at(state.closed, seat, closed)
    remove_from_hand(state, seat, card)
    state.built |= 1 << seat
    state.placed += 1
    state.picked = -1
    state.phase = Phase.FINAL if final else Phase.BUILD
    if state.placed >= state.max_place or not state.hands[seat]:
        finish_step(state, events)


@lru_cache(maxsize=1 << 12)
def _build_event(seat: int, card: int, slot: int, where: str) -> Event:
    """Events are immutable and repeat, so each is built once."""
    return public("build", "{p%d} builds %s %s." % (seat, name(card), where), seat=seat, card=IDS[card], slot=slot)


def _where(city: tuple[int, ...], slot: int) -> str:
    if not city:
        return "as the first card of the city"
    if slot == -1:
        return "at the left end"
    if slot == len(city):
        return "at the right end"
    return "in the gap at position %d" % (slot + 1)


def apply_done(state: State, seat: int, events: list[Event]) -> None:
    if state.placed and state.placed < state.min_place:
        raise RuleError(f"A first build is {state.min_place} cards: lay out {state.min_place - state.placed} more.")
    if state.placed == 0:
        events.append(_NO_BUILD[seat])
    finish_step(state, events)


_NO_BUILD = tuple(event("no_build", "{p%d} does not build." % seat, seat=seat) for seat in range(4))
