"""Dealing promissory notes and buying them, secretly and at the same time (phases "buy" and
"shortage"). Handlers return what comes next to the order of play (flow)."""

from __future__ import annotations

from pydantic import BaseModel

from games.augsburg1520 import data
from games.augsburg1520.actions import BuyCard, DiscardCard, FinishBuying, PutBackCard
from games.augsburg1520.cards import CARD_COST, is_joker, label, sorted_cards
from games.augsburg1520.choices import (BUY_CARDS, DISCARD_CARDS, PUT_BACK_CARDS, card_from, card_options,
                                       reset_filters, take_back_options, unchoose)
from games.augsburg1520.common import (
    ROUND_START, Step, cards_available, cost_of, draw_card, own_list, own_rng, own_row, pay, seat_order,
)
from games.augsburg1520.state import State
from games.core import Event, RuleError, own_choice, plural, private, public

FINISH = FinishBuying()


def cards_due(state: State, seat: int) -> tuple[int, int]:
    """(free cards, cards to buy) for the end of a round: by office level, +1 free for a Mintmaster."""
    free, dealt = data.OFFICE_CARDS[state.levels[seat][2] - 1]
    if state.rights[seat]["mintmaster"]:
        free += data.MINTMASTER_FREE_CARDS
    return free, dealt


def begin_dealing(state: State, events: list[Event]) -> Step:
    """Deal, unless there are too few cards: then everybody with cards discards one first
    (see data.SHORTAGE_RULE)."""
    needed = sum(sum(cards_due(state, s)) for s in range(state.seats))
    if cards_available(state) < needed and any(state.hands):
        state.shortage = True
        state.phase = "shortage"
        state.done = [not hand for hand in state.hands]
        state.picks = [[] for _ in range(state.seats)]
        reset_filters(state)
        events.append(public("shortage", "There are not enough cards to deal: everybody with cards discards "
                                         "one under the draw pile.", needed=needed))
        return None
    return _deal(state, events)


def _deal(state: State, events: list[Event]) -> Step:
    """'The first player to receive cards is always the player who won the last auction, then the
    other players in seating order.' Free cards go straight to the hand."""
    dealt_any = False
    own_list(state, "draw")
    for seat in seat_order(state, state.opener):
        free, count = cards_due(state, seat)
        got_free: list[int] = []
        offer = own_row(state, "offers", seat)
        for n in range(free + count):
            card = draw_card(state, events)
            if card is None:
                break
            (got_free if n < free else offer).append(card)
            if state.shortage and not dealt_any:
                # 'The top card is dealt to the winner of the Maximillian-auction whereafter the
                # deck is reshuffled before further distribution.'
                own_rng(state).shuffle(state.draw)
                state.shortage = False
            dealt_any = True
        own_row(state, "hands", seat).extend(got_free)
        free = f"{plural(len(got_free), 'free card')} and " if got_free else ""
        events.append(public("dealt", f"{{p{seat}}} receives {free}{plural(len(state.offers[seat]), 'card')} to buy.",
                             seat=seat))
        if got_free:
            free_cards = ", ".join(map(label, got_free))
            events.append(private(seat, "free_cards", f"{{p{seat}}}'s free cards: {free_cards}."))
    state.shortage = False
    return begin_buying(state, events)


def begin_buying(state: State, events: list[Event]) -> Step:
    state.phase = "buy"
    state.picks = [[] for _ in range(state.seats)]
    state.done = [not offer for offer in state.offers]
    return resolve_buying(state, events) if all(state.done) else None


def budget(state: State, seat: int) -> int:
    return state.money[seat] - cost_of(state.picks[seat])


def legal_buys(state: State, seat: int) -> list[BaseModel]:
    left = budget(state, seat)
    picked = state.picks[seat]
    actions: list[BaseModel] = []
    joker_offered = False
    for card in sorted_cards(state.offers[seat]):  # in the order the panel lists them
        if card in picked or CARD_COST[card] > left:
            continue
        if is_joker(card):
            if joker_offered:
                continue
            joker_offered = True
        actions.append(BUY_CARDS[card])
    actions.append(FINISH)
    # Choices stay open until Done: a card chosen by mistake goes back among those dealt (jokers,
    # being alike, as one option). Listed after Done, so that the first choice always moves on.
    return actions + take_back_options(picked, PUT_BACK_CARDS)


def apply_buy(state: State, seat: int, action: BuyCard, events: list[Event]) -> Step:
    card = card_from(action.card)
    if card not in state.offers[seat]:
        raise RuleError(f"{label(card)} is not among the cards dealt to you.")
    if card in state.picks[seat]:
        raise RuleError(f"You have already chosen {label(card)}.")
    if CARD_COST[card] > budget(state, seat):
        raise RuleError(f"{label(card)} costs {CARD_COST[card]}; with the cards chosen so far you have "
                        f"{budget(state, seat)} guilders left.")
    own_row(state, "picks", seat).append(card)
    return None


def apply_put_back(state: State, seat: int, action: PutBackCard, events: list[Event]) -> Step:
    unchoose(state, seat, action.card, "to buy")
    return None


def apply_finish(state: State, seat: int, action: FinishBuying, events: list[Event]) -> Step:
    own_list(state, "done")[seat] = True
    picked = state.picks[seat]
    if picked:  # the buyer's own log has them before the others are done, as a reveal's cards
        cards = ", ".join(map(label, sorted_cards(picked)))
        events.append(own_choice(seat, "buy_choice", f"{{p{seat}}} chooses to buy {cards} "
                                                     f"({cost_of(picked)} guilders)."))
    events.append(public("bought_ready", f"{{p{seat}}} has chosen which cards to buy.", seat=seat))
    return resolve_buying(state, events) if all(state.done) else None


def resolve_buying(state: State, events: list[Event]) -> Step:
    """'When all players have made their choices are the total amount paid to the Bank'; cards
    not bought go face up on the discard pile."""
    discard = own_list(state, "discard")
    for seat in seat_order(state, state.opener):
        bought, offer = state.picks[seat], state.offers[seat]
        pay(state, seat, cost_of(bought))
        own_row(state, "hands", seat).extend(bought)
        discard.extend(c for c in offer if c not in bought)
        if offer:
            events.append(public("bought", f"{{p{seat}}} buys {len(bought)} of {len(offer)} cards "
                                           f"for {cost_of(bought)} guilders.",
                                 seat=seat, count=len(bought), cost=cost_of(bought)))
        if bought:  # which ones is the buyer's secret: in their own log only
            cards = ", ".join(map(label, sorted_cards(bought)))
            events.append(private(seat, "bought_cards", f"{{p{seat}}} buys {cards}."))
    state.offers = [[] for _ in range(state.seats)]
    state.picks = [[] for _ in range(state.seats)]
    return ROUND_START


def legal_shortage_discards(state: State, seat: int) -> list[BaseModel]:
    return card_options(state, seat, state.hands[seat], DISCARD_CARDS)


def apply_shortage_discard(state: State, seat: int, action: DiscardCard, events: list[Event]) -> Step:
    card = card_from(action.card)
    if card not in state.hands[seat]:
        raise RuleError(f"{label(card)} is not in your hand.")
    own_row(state, "hands", seat).remove(card)
    own_list(state, "picks")[seat] = [card]
    own_list(state, "done")[seat] = True
    events.append(public("shortage_ready", f"{{p{seat}}} has chosen a card to discard.", seat=seat))
    if not all(state.done):
        return None
    draw = own_list(state, "draw")
    for s in seat_order(state, state.opener):
        draw[0:0] = state.picks[s]  # 'Add the cards to the bottom of the deck.'
    state.picks = [[] for _ in range(state.seats)]
    return begin_dealing(state, events)


