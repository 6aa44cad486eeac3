"""Step 3 of a turn, building: pick a hand card, then choose where it goes.

The final round uses the same two steps. A first build must reach its minimum (three
cards), so while it is short only cards that still allow a complete first build are
offered (checked by looking ahead through the hand).
"""

from __future__ import annotations

from functools import lru_cache

from games.baumeister import moves
from games.baumeister.city import REPRESENTATIVE, can_extend, place, slots_for
from games.baumeister.common import card_from_id, event, name, remove_from_hand, replace_at
from games.baumeister.data import CARDS, KIND
from games.baumeister.flow import finish_step, sabotage_targets
from games.baumeister.models import Phase, State
from games.core import Event, RuleError

BUILD_PHASES = (Phase.BUILD, Phase.FINAL)
PLACE_PHASES = (Phase.PLACE, Phase.FINAL_PLACE)


def is_final(state: State) -> bool:
    return state.phase in (Phase.FINAL, Phase.FINAL_PLACE)


def _canonical(cards) -> tuple[int, ...]:
    return tuple(sorted(REPRESENTATIVE[c] for c in cards))


def fitting_slots(state: State, seat: int, card: int) -> tuple[int, ...]:
    """Slots where `card` may go now, keeping a first build completable."""
    needed = state.min_place - state.placed - 1
    rest: tuple[int, ...] = ()
    if needed > 0:
        hand = list(state.hands[seat])
        hand.remove(card)
        rest = _canonical(hand)
    return _fitting(state.cities[seat], state.closed[seat], REPRESENTATIVE[card], rest, needed, is_final(state))


@lru_cache(maxsize=1 << 14)
def _fitting(city: tuple[int, ...], closed: int, card: int, rest: tuple[int, ...], needed: int,
             final: bool) -> tuple[int, ...]:
    # The same question comes up several times per move (legal moves, then the move itself).
    slots = slots_for(city, closed, card, final)
    if needed <= 0 or not slots:
        return tuple(slots)
    return tuple(s for s in slots if can_extend(*place(city, closed, card, s), rest, needed, final))


@lru_cache(maxsize=1 << 14)
def _fitting_kinds(city: tuple[int, ...], closed: int, hand: tuple[int, ...], needed: int,
                   final: bool) -> frozenset[int]:
    """The kinds of the (canonical) hand that can be laid out now."""
    kinds = set()
    for i, card in enumerate(hand):
        if KIND[card] in kinds or (i and hand[i - 1] == card):
            continue
        rest = hand[:i] + hand[i + 1:] if needed > 0 else ()
        if _fitting(city, closed, card, rest, needed, final):
            kinds.add(KIND[card])
    return frozenset(kinds)


def _visibility(state: State, card: int) -> int:
    bit = 1 << card
    return 2 if state.public_cards & bit else 1 if state.typed_cards & bit else 0


def pickable_cards(state: State, seat: int) -> list[int]:
    """One card per kind (type and value) that can be laid out now; among equal cards the
    one everybody already knows is offered, so a secret card stays secret."""
    if state.placed >= state.max_place:
        return []
    hand = state.hands[seat]
    needed = state.min_place - state.placed - 1
    kinds = _fitting_kinds(state.cities[seat], state.closed[seat], _canonical(hand), needed, is_final(state))
    if not kinds:
        return []
    best: dict[int, int] = {}
    for card in hand:
        kind = KIND[card]
        if kind in kinds and (kind not in best or _visibility(state, card) > _visibility(state, best[kind])):
            best[kind] = card
    return [best[kind] for kind in sorted(best)]


def build_actions(state: State, seat: int) -> list:
    actions = [moves.PICKS[c] for c in pickable_cards(state, seat)]
    if state.phase == Phase.BUILD and state.placed == 0:
        for victim, target in sabotage_targets(state, seat):
            actions.append((moves.SABOTAGE_CITY if target == "city" else moves.SABOTAGE_HAND)[victim])
    if state.placed == 0 or state.placed >= state.min_place:
        actions.append(moves.DONE)
    return actions


def place_actions(state: State, seat: int) -> list:
    return [moves.PLACES[s + 1] for s in fitting_slots(state, seat, state.picked)] + [moves.UNPICK]


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
    if action.kind == "unpick":
        state.picked = -1
        state.phase = Phase.FINAL if is_final(state) else Phase.BUILD
        return
    slots = fitting_slots(state, seat, card)
    if action.kind != "place" or action.slot not in slots:
        raise RuleError(f"Choose where {name(card)} goes: one of the positions offered, or take it back.")
    city = state.cities[seat]
    where = _where(city, action.slot)
    row, closed = place(city, state.closed[seat], card, action.slot)
    state.cities = replace_at(state.cities, seat, row)
    state.closed = replace_at(state.closed, seat, closed)
    remove_from_hand(state, seat, card)
    state.built |= 1 << seat
    state.placed += 1
    state.picked = -1
    events.append(event("build", "{p%d} builds %s %s." % (seat, name(card), where),
                         seat=seat, card=CARDS[card].id, slot=action.slot))
    state.phase = Phase.FINAL if is_final(state) else Phase.BUILD
    if state.placed >= state.max_place or not state.hands[seat]:
        finish_step(state, events)


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
        events.append(event("no_build", "{p%d} does not build." % seat, seat=seat))
    finish_step(state, events)
