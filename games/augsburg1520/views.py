"""What each seat may see.

Hands are secret, but 'the value of the cards' can be checked 'by looking at the card backs':
other seats see each hand as counts of backs by cost. Card ids ("maria-14") appear only in the
owner's view. Money is shown to others only with the `open_money` option.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel

from games.augsburg1520 import data
from games.augsburg1520.cards import CARD_COST, CARD_ID, CARD_NOBLE, CARD_VALUE, sorted_cards
from games.augsburg1520.state import State


class CardFace(BaseModel):
    """A card shown face up (no id): noble ("joker" for a joker), value (0 for a joker), cost."""

    noble: str  # the noble visited now, "" between visits
    value: int
    cost: int


class HandCard(CardFace):
    """A card in the viewer's own hand, offer or selection, with its id for actions."""

    id: str


class PrivilegeCardView(BaseModel):
    number: int
    privileges: list[str]  # codes: M, P6, P7, C, A, N, O (see data.PRIVILEGE_NAMES)


class PlayerView(BaseModel):
    seat: int
    score: int
    money: int | None  # None when hidden from this viewer
    levels: dict[str, int]  # category -> 1..4
    rights: dict[str, int]  # right -> tile value (cost, prestige per round or 1); 0 = none
    hand_size: int
    hand_backs: dict[int, int]  # cost -> number of cards
    offer_backs: dict[int, int]  # dealt cards waiting to be bought, cost -> number
    picked: int  # cards in a secret selection (shown as backs only)
    bid: int
    passed: bool
    to_act: bool


class ShownBid(BaseModel):
    seat: int
    cards: list[CardFace]
    place: int
    prize: int


class AugsburgView(BaseModel):
    viewer: int | None
    seats: int
    round: int  # 0 while the first cards are bought
    rounds: int
    phase: str
    auction: int
    noble: str
    start_player: int
    opener: int
    to_act: list[int]
    high: int
    leader: int
    bidder: int
    winner: int
    open_money: bool
    players: list[PlayerView]
    display: list[PrivilegeCardView]
    reserve: int
    used_privileges: list[int]
    card_in_use: PrivilegeCardView | None
    slots_used: list[bool]
    builder_used: bool
    level_pool: dict[str, list[int]]  # category -> tiles of levels 2, 3, 4 in the pool
    stacks: dict[str, list[int]]  # right -> tiles left, top first
    draw_size: int
    draw_top_cost: int | None
    discard_size: int
    discard_top: CardFace | None
    result_noble: str | None
    shown: list[ShownBid]
    victim: int
    pending_category: str | None
    # the viewer's own secrets (empty in the public view)
    hand: list[HandCard]
    offer: list[HandCard]
    picks: list[HandCard]
    money: int | None
    noble_filter: str


@cache  # a card's face depends on the card alone; views are read, never changed
def face(card: int) -> CardFace:
    return CardFace(noble=CARD_NOBLE[card], value=CARD_VALUE[card], cost=CARD_COST[card])


@cache
def own_card(card: int) -> HandCard:
    return HandCard(id=CARD_ID[card], noble=CARD_NOBLE[card], value=CARD_VALUE[card], cost=CARD_COST[card])


def backs(cards: list[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in cards:
        counts[CARD_COST[card]] = counts.get(CARD_COST[card], 0) + 1
    return dict(sorted(counts.items()))


# Choices taken from the hand in secret, one seat after another although the table makes them at
# once: the showdown's cards, the winner's discarded bid, a card put back in a shortage.
_PICKED_FROM_HAND = frozenset({"reveal", "discard_bid", "shortage"})


def _hand_seen(state: State, seat: int, viewer: int | None) -> list[int]:
    """The hand as the others see its backs: until the choice is shown, cards chosen from it still
    count among them, or a player choosing later would read the cost of what was chosen first."""
    if viewer != seat and state.phase in _PICKED_FROM_HAND:
        return state.hands[seat] + state.picks[seat]
    return state.hands[seat]


def _player(state: State, seat: int, viewer: int | None, acting: frozenset[int]) -> PlayerView:
    show_money = state.open_money or viewer == seat
    hand = _hand_seen(state, seat, viewer)
    return PlayerView(
        seat=seat, score=state.score[seat], money=state.money[seat] if show_money else None,
        levels=dict(zip(data.CATEGORIES, state.levels[seat])), rights=dict(state.rights[seat]),
        hand_size=len(hand), hand_backs=backs(hand),
        offer_backs=backs(state.offers[seat]), picked=len(state.picks[seat]),
        bid=state.bids[seat], passed=state.passed[seat], to_act=seat in acting,
    )


def _shown(state: State) -> list[ShownBid]:
    prizes = {2: data.SECOND_PRIZE, 3: data.THIRD_PRIZE} if len(state.shown) > 1 else {}
    return [ShownBid(seat=entry[0], cards=[face(c) for c in entry[1:]], place=place, prize=prizes.get(place, 0))
            for place, entry in enumerate(state.shown, start=1)]


@cache
def _privilege(number: int) -> PrivilegeCardView:
    return PrivilegeCardView(number=number, privileges=list(data.PRIVILEGE_CARDS[number]))


def _current_noble(state: State) -> str:
    """The noble visited now; "" between the visits (buying cards, end of round, game over)."""
    if state.phase in ("buy", "shortage", "over") or state.auction >= len(data.AUCTIONS):
        return ""
    return data.AUCTIONS[state.auction]


def build(state: State, viewer: int | None, acting: frozenset[int]) -> AugsburgView:
    own = viewer is not None and 0 <= viewer < state.seats
    return AugsburgView(
        viewer=viewer if own else None, seats=state.seats, round=state.round, rounds=state.rounds,
        phase=state.phase, auction=state.auction, noble=_current_noble(state),
        start_player=state.start_player, opener=state.opener, to_act=sorted(acting),
        high=state.high, leader=state.leader, bidder=state.bidder, winner=state.winner,
        open_money=state.open_money,
        players=[_player(state, s, viewer, acting) for s in range(state.seats)],
        display=[_privilege(n) for n in state.display], reserve=len(state.reserve),
        used_privileges=list(state.used_privileges),
        card_in_use=_privilege(state.card_in_use) if state.card_in_use else None,
        slots_used=list(state.slots_used), builder_used=state.builder_used,
        level_pool={cat: list(state.pool[i]) for i, cat in enumerate(data.CATEGORIES)},
        stacks={k: list(v) for k, v in state.stacks.items()},
        draw_size=len(state.draw), draw_top_cost=CARD_COST[state.draw[-1]] if state.draw else None,
        discard_size=len(state.discard), discard_top=face(state.discard[-1]) if state.discard else None,
        result_noble=data.AUCTIONS[state.result_auction] if state.result_auction >= 0 else None,
        shown=_shown(state), victim=state.victim,
        pending_category=data.CATEGORIES[state.pending_category] if state.pending_category >= 0 else None,
        hand=[own_card(c) for c in sorted_cards(state.hands[viewer])] if own else [],
        offer=[own_card(c) for c in sorted_cards(state.offers[viewer])] if own else [],
        picks=[own_card(c) for c in state.picks[viewer]] if own else [],
        money=state.money[viewer] if own else None,
        noble_filter=state.noble_filter[viewer] if own else "",
    )


def seat_view(state: State, viewer: int, public: AugsburgView, acting: frozenset[int]) -> AugsburgView:
    """build(state, viewer, acting) from `public` (build of the same state for everyone): the
    others' boards look the same to everyone; the viewer's own board, money and cards are added."""
    if not 0 <= viewer < state.seats:
        return build(state, viewer, acting)
    players = list(public.players)
    players[viewer] = _player(state, viewer, viewer, acting)
    return public.model_copy(update=dict(
        viewer=viewer, players=players,
        hand=[own_card(c) for c in sorted_cards(state.hands[viewer])],
        offer=[own_card(c) for c in sorted_cards(state.offers[viewer])],
        picks=[own_card(c) for c in state.picks[viewer]],
        money=state.money[viewer], noble_filter=state.noble_filter[viewer]))


def secret_tokens(state: State) -> dict[int, set[str]]:
    """Card ids only their holder may see: hand, cards dealt to buy, secret selection."""
    return {
        seat: {CARD_ID[c] for c in state.hands[seat] + state.offers[seat] + state.picks[seat]}
        for seat in range(state.seats)
    }
