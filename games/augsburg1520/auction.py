"""The visits: bidding with promissory notes, and how an auction is decided (phases "bid",
"discard_bid" and "reveal"). Handlers return what comes next to the order of play (flow)."""

from __future__ import annotations

from pydantic import BaseModel

from games.augsburg1520 import data
from games.augsburg1520.actions import Bid, DiscardBidCard, Pass, ReturnShownCard, RevealCard
from games.augsburg1520.cards import CARD_COUNT, CARD_STRENGTH, SUITABILITY, is_joker, label, suits
from games.augsburg1520.choices import (DISCARD_BID_CARDS, RETURN_CARDS, REVEAL_CARDS, card_from, card_options,
                                       reset_filters, take_back_options, unchoose)
from games.augsburg1520.common import AUCTION_OVER, AUCTION_WON, Step, own_list, own_row, receive, seat_order
from games.augsburg1520.state import State
from games.core import AmountChoice, Event, RuleError, own_choice, plural, public

# Bid amounts offered at once: Pass plus at most 24 amounts fill one select menu.
MAX_BID_OPTIONS = 24
PASS = Pass()
BIDS = tuple(Bid(cards=k) for k in range(CARD_COUNT + 1))


def noble(state: State) -> str:
    return data.AUCTIONS[state.auction]


def noble_name(state: State) -> str:
    return data.NOBLE_NAMES[noble(state)]


def start_auction(state: State, events: list[Event]) -> None:
    n = state.seats
    state.phase = "bid"
    state.bids = [0] * n
    state.passed = [False] * n
    state.high = 0
    state.leader = -1
    state.bidder = state.opener
    state.winner = -1
    state.discarded_bid = 0
    events.append(public(
        "auction", f"Visit {state.auction + 1} of 5: {noble_name(state)}. {{p{state.opener}}} bids first.",
        auction=state.auction, opener=state.opener,
    ))


def suitable_counts(state: State, seat: int) -> tuple[int, int]:
    """(suitable cards, suitable notes) in a hand for the current auction."""
    table = SUITABILITY[state.auction]
    total = notes = 0
    for card in state.hands[seat]:
        kind = table[card]
        if kind:
            total += 1
            notes += kind == 2
    return total, notes


def max_bid(state: State, seat: int) -> int:
    """'A bid consisting of Jokers only is not allowed': without a suitable note, no bid at all."""
    total, notes = suitable_counts(state, seat)
    return total if notes else 0


def legal_bids(state: State, seat: int) -> list[BaseModel]:
    """Pass and the lowest bids; a hand with more suitable cards bids the rest as a typed amount
    (bid_range)."""
    low = max(state.high, 1)
    top = min(max_bid(state, seat), low + MAX_BID_OPTIONS - 1)
    return [PASS, *BIDS[low:top + 1]]


def bid_range(state: State, seat: int) -> AmountChoice | None:
    """'If bidding he announces any number of suitable Promissory cards': every bid from the
    lowest allowed (hold) to all of the bidder's suitable cards, also those the menu leaves out."""
    low, high = max(state.high, 1), max_bid(state, seat)
    return AmountChoice("Your bid (number of cards)", low, high, BIDS.__getitem__) if high >= low else None


def apply_bid(state: State, seat: int, action: Bid, events: list[Event]) -> Step:
    cards = action.cards
    name = noble_name(state)
    total, notes = suitable_counts(state, seat)
    if not notes:
        raise RuleError(f"You hold no {name} note, so you can only pass (a bid of jokers only is not allowed).")
    if cards < max(state.high, 1):
        raise RuleError(f"Bid at least {max(state.high, 1)} cards (hold), or more to raise, or pass.")
    if cards > total:
        raise RuleError(f"You hold only {total} cards you may bid at {name}.")
    own_list(state, "bids")[seat] = cards
    if cards > state.high:
        verb = "bids" if state.high == 0 else "raises to"
        state.high, state.leader = cards, seat
    else:
        verb = "holds"
    events.append(public("bid", f"{{p{seat}}} {verb} {cards} card{'s' * (cards != 1)} on {name}.",
                         seat=seat, cards=cards))
    return _advance(state, events)


def apply_pass(state: State, seat: int, action: Pass, events: list[Event]) -> Step:
    own_list(state, "passed")[seat] = True
    events.append(public("pass", f"{{p{seat}}} passes.", seat=seat))
    return _advance(state, events)


def _advance(state: State, events: list[Event]) -> Step:
    """Next bidder clockwise; bidding ends when it comes back to the high bidder unraised."""
    for step in range(1, state.seats + 1):
        seat = (state.bidder + step) % state.seats
        if state.passed[seat]:
            continue
        if seat == state.leader:
            _end_bidding(state, events)
        else:
            state.bidder = seat
        return None
    events.append(public("no_winner", f"Everybody passed: nobody wins {noble_name(state)}.",
                         auction=state.auction))
    state.result_auction, state.shown = state.auction, []
    return AUCTION_OVER


def _end_bidding(state: State, events: list[Event]) -> None:
    finalists = [s for s in seat_order(state, state.opener)
                 if not state.passed[s] and state.bids[s] == state.high]
    state.picks = [[] for _ in range(state.seats)]
    reset_filters(state)
    if len(finalists) == 1:
        state.winner = finalists[0]
        state.phase = "discard_bid"
        events.append(public("lone_bid", f"{{p{state.winner}}} alone bids {state.high}: they win "
                                         f"{noble_name(state)} and discard the bid.", seat=state.winner))
        return
    state.phase = "reveal"
    state.done = [s not in finalists for s in range(state.seats)]
    names = ", ".join(f"{{p{s}}}" for s in finalists)
    events.append(public("tie_to_show", f"{names} tie at {plural(state.high, 'card')} and each choose cards to show.",
                         finalists=finalists))


def pick_candidates(state: State, seat: int) -> list[int]:
    """Suitable cards still in hand; the last card must be a note if none was picked yet."""
    need_note = (state.high - len(state.picks[seat]) == 1
                 and all(is_joker(c) for c in state.picks[seat]))
    lowest = 2 if need_note else 1
    table = SUITABILITY[state.auction]
    return [c for c in state.hands[seat] if table[c] >= lowest]


def legal_picks(state: State, seat: int) -> list[BaseModel]:
    if state.phase == "discard_bid":
        return card_options(state, seat, pick_candidates(state, seat), DISCARD_BID_CARDS)
    # A tied finalist's cards are shown together once every finalist has chosen: until their last
    # card, a card chosen by mistake goes back to the hand (jokers, being alike, as one option). Listed
    # after the cards to show, so that the first choice always moves on.
    return [*card_options(state, seat, pick_candidates(state, seat), REVEAL_CARDS),
            *take_back_options(state.picks[seat], RETURN_CARDS)]


def _take_pick(state: State, seat: int, card_id: str) -> None:
    card = card_from(card_id)
    if card not in state.hands[seat]:
        raise RuleError(f"{label(card)} is not in your hand.")
    if card not in pick_candidates(state, seat):
        if not suits(card, noble(state)):
            raise RuleError(f"Only {noble_name(state)} notes and jokers count at this visit.")
        raise RuleError("Your bid needs at least one note besides jokers: choose a note now.")
    own_row(state, "hands", seat).remove(card)
    own_row(state, "picks", seat).append(card)


def apply_discard_bid_card(state: State, seat: int, action: DiscardBidCard, events: list[Event]) -> Step:
    _take_pick(state, seat, action.card)
    if len(state.picks[seat]) < state.high:
        return None
    chosen = state.picks[seat]
    own_list(state, "discard").extend(chosen)
    own_list(state, "picks")[seat] = []
    state.result_auction, state.shown = state.auction, [[seat, *chosen]]
    events.append(public("discard_bid", f"{{p{seat}}} discards {', '.join(label(c) for c in chosen)}.",
                         seat=seat, cards=[label(c) for c in chosen]))
    return AUCTION_WON  # state.winner, set when the bidding ended


def apply_reveal_card(state: State, seat: int, action: RevealCard, events: list[Event]) -> Step:
    _take_pick(state, seat, action.card)
    if len(state.picks[seat]) < state.high:
        return None
    own_list(state, "done")[seat] = True
    events.append(public("show_chosen", f"{{p{seat}}} has chosen the cards to show.", seat=seat))
    # The player's own secret choice, in their log until every tied player has chosen.
    shown = [label(c) for c in state.picks[seat]]
    events.append(own_choice(seat, "show_cards", f"{{p{seat}}} will show {', '.join(shown)}.", seat=seat, cards=shown))
    return _resolve_reveal(state, events) if all(state.done) else None


def apply_return_card(state: State, seat: int, action: ReturnShownCard, events: list[Event]) -> Step:
    own_row(state, "hands", seat).append(unchoose(state, seat, action.card, "to show"))
    return None


def best_card(cards: list[int]) -> tuple[int, int]:
    return max(CARD_STRENGTH[c] for c in cards)


def _say_ties(state: State, ranked: list[int], events: list[Event]) -> None:
    """Where two of the places that count showed the same value, the line says what decided it."""
    for higher, lower in zip(ranked, ranked[1:]):
        better, worse = (max(state.picks[s], key=CARD_STRENGTH.__getitem__) for s in (higher, lower))
        if CARD_STRENGTH[better][0] == CARD_STRENGTH[worse][0]:
            events.append(public("reveal_tie", f"{label(better)} beats {label(worse)}: of equal values, the noble "
                                               "closest to Maximilian wins (Maria, Leo, Louise, Philipp).",
                                 tied=[higher, lower]))


def _resolve_reveal(state: State, events: list[Event]) -> Step:
    """'The winner is the player with highest single value'; the winner discards, the others take
    their cards back; 100 and 50 guilders to the second and third highest."""
    finalists = [s for s in seat_order(state, state.opener) if state.picks[s]]
    ranked = sorted(finalists, key=lambda s: best_card(state.picks[s]), reverse=True)
    state.shown = [[s, *state.picks[s]] for s in ranked]
    state.result_auction = state.auction
    for s in ranked:
        events.append(public("reveal", f"{{p{s}}} shows {', '.join(label(c) for c in state.picks[s])}.",
                             seat=s, cards=[label(c) for c in state.picks[s]]))
    _say_ties(state, ranked[:4], events)  # the places that count: 1st to 3rd, and who is 3rd over a 4th
    winner = ranked[0]
    own_list(state, "discard").extend(state.picks[winner])
    for place, s in enumerate(ranked[1:], start=2):
        own_row(state, "hands", s).extend(state.picks[s])
        prize = {2: data.SECOND_PRIZE, 3: data.THIRD_PRIZE}.get(place, 0)
        if prize:
            receive(state, s, prize)
            events.append(public("prize", f"{{p{s}}} showed the {'second' if place == 2 else 'third'} "
                                          f"highest bid and receives {prize} guilders.", seat=s, amount=prize))
    state.picks = [[] for _ in range(state.seats)]
    events.append(public("auction_won", f"{{p{winner}}} wins {noble_name(state)} and discards the shown cards.",
                         seat=winner))
    state.winner = winner
    return AUCTION_WON

