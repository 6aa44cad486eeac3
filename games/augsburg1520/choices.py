"""Choosing one card out of many in steps of at most 25 options.

Notes are offered one by one and jokers as one option (they are alike). When that makes more
than 25 options, the player first picks a noble (`PickNoble`) and then sees only that noble's
notes, with the other nobles still offered to switch.
"""

from __future__ import annotations

from pydantic import BaseModel

from games.augsburg1520 import data
from games.augsburg1520.cards import CARD_COUNT, CARD_ID, CARD_NOBLE, NOTE_COUNT, is_joker, label, parse, sorted_cards
from games.augsburg1520.common import own_list, own_row
from games.augsburg1520.actions import (
    BuyCard, DiscardBidCard, DiscardCard, Move, PickNoble, PutBackCard, ReturnShownCard, RevealCard, make,
)
from games.augsburg1520.state import State
from games.core import Event, RuleError

MAX_OPTIONS = 25


def card_actions(kind: type[Move]) -> tuple[Move, ...]:
    """One prebuilt action of this kind per card, indexed by card number."""
    return tuple(kind(card=CARD_ID[c]) for c in range(CARD_COUNT))


# Prebuilt actions for every card choice.
BUY_CARDS = card_actions(BuyCard)
PUT_BACK_CARDS = card_actions(PutBackCard)
DISCARD_CARDS = card_actions(DiscardCard)
DISCARD_BID_CARDS = card_actions(DiscardBidCard)
REVEAL_CARDS = card_actions(RevealCard)
RETURN_CARDS = card_actions(ReturnShownCard)


def card_from(card_id: str) -> int:
    """The card an action names; RuleError for an id no card has."""
    try:
        return parse(card_id)
    except ValueError as exc:
        raise RuleError(str(exc)) from None


def unchoose(state: State, seat: int, card_id: str, chosen_to: str) -> int:
    """Take the card `card_id` out of the seat's secret selection (cards chosen `chosen_to` buy or
    show); RuleError, naming what is chosen, when it is not there."""
    card = card_from(card_id)
    if card not in state.picks[seat]:
        chosen = ", ".join(map(label, sorted_cards(state.picks[seat]))) or "none"
        raise RuleError(f"You have not chosen {label(card)} {chosen_to}; the cards you have chosen: {chosen}.")
    own_row(state, "picks", seat).remove(card)
    return card


def take_back_options(picked: list[int], table: tuple[Move, ...]) -> list[Move]:
    """The choice to take back one of the cards `picked` so far, as actions taken from `table`:
    each note, and the jokers (being alike) as one option."""
    jokers = [card for card in picked if is_joker(card)]
    notes = [table[card] for card in sorted_cards(picked) if not is_joker(card)]
    return notes + ([table[min(jokers)]] if jokers else [])


def card_options(state: State, seat: int, candidates: list[int], table: tuple[Move, ...]) -> list[BaseModel]:
    """The choice among `candidates`, as actions taken from `table` (see card_actions)."""
    notes = sorted(c for c in candidates if c < NOTE_COUNT)
    jokers = [c for c in candidates if c >= NOTE_COUNT]
    joker_option = [table[min(jokers)]] if jokers else []
    if len(notes) + len(joker_option) <= MAX_OPTIONS:
        return [table[c] for c in notes] + joker_option
    chosen = state.noble_filter[seat]
    present = [n for n in data.NOBLES if any(CARD_NOBLE[c] == n for c in notes)]
    switch: list[BaseModel] = [make(PickNoble, noble=n) for n in present if n != chosen]
    listed = [table[c] for c in notes if CARD_NOBLE[c] == chosen]
    return listed + joker_option + switch


def apply_pick_noble(state: State, seat: int, action: PickNoble, events: list[Event]) -> None:
    """List only this noble's cards in the card choice of the phase (it goes on afterwards)."""
    if action.noble not in data.NOBLES:
        raise RuleError(f"Choose one of {', '.join(data.NOBLE_NAMES[n] for n in data.NOBLES)}.")
    own_list(state, "noble_filter")[seat] = action.noble


def reset_filters(state: State) -> None:
    state.noble_filter = [""] * state.seats
