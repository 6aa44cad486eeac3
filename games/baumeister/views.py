"""What each seat may see. Money and unseen hand cards belong to their owner alone;
the face-down lot belongs to the auctioneer. Others see counts, and the hand cards
everybody has seen (bought from the open stack) or whose type was named."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel

from games.baumeister.auction import can_swap
from games.baumeister.build import BUILD_PHASES, pickable_cards
from games.baumeister.city import coins, is_complete, shields
from games.baumeister.data import CARDS, TYPE_KEYS, VALUE
from games.baumeister.flow import sabotage_targets
from games.baumeister.sabotage import can_accept, counter_range, negotiators
from games.baumeister.state import Options, Phase, State


class CardView(BaseModel):
    id: str
    type: str  # corner_tower, tower, gate, town_hall, church
    name: str  # e.g. "Tower 1 (2 shields)"
    value: int
    shields: int
    coins: int


class PlayerView(BaseModel):
    seat: int
    city: list[CardView | None]  # left to right; None is a gap
    closed_left: bool  # a corner tower closes the left end
    closed_right: bool
    complete: bool
    shields: int
    coins: int  # coin symbols on the city gates: extra income each turn
    city_value: int  # printed values of the buildings
    saboteurs: int
    has_built: bool
    hand_count: int
    hand_known: list[CardView]  # hand cards everybody has seen
    hand_types: list[str]  # types named in a face-down auction, value unknown
    money: int | None = None  # only in the player's own view
    hand: list[CardView] | None = None  # only in the player's own view
    hand_typed: list[str] = []  # own view: ids of hand cards whose type (only) the others know


class BidView(BaseModel):
    seat: int
    amount: int | None  # None: passed


class AuctionView(BaseModel):
    auctioneer: int
    stack: Literal["open", "hidden"]
    card: CardView | None  # the lot; a face-down lot only in the auctioneer's view
    card_type: str | None  # the type named for a face-down lot
    high_bid: int | None
    high_bidder: int | None
    passed: list[int]
    bids: list[BidView]
    to_bid: int | None


class SabotageView(BaseModel):
    attacker: int
    victim: int
    target: Literal["city", "hand"]
    slot: int | None  # the attacked building's position in the victim's city
    building: CardView | None
    shields: int  # the victim's city: the roll must beat this
    negotiating: bool  # a pay-off is being negotiated (everyone sees that, not the amounts)
    # Only in the views of the attacker and the victim, during the negotiation:
    offer: int | None  # the amount on the table
    proposer: int | None  # who put it there


class BaumeisterView(BaseModel):
    game: Literal["baumeister"] = "baumeister"
    viewer: int | None
    seats: int
    options: Options
    phase: str
    turn: int
    current: int | None  # whose turn (the auctioneer during an auction)
    to_act: list[int]
    start_player: int
    start_rolls: list[int]  # the die faces rolled for the start player
    last_roll: int | None  # 1-5, or 0 for the saboteur face
    open_card: CardView | None
    open_stack: int
    hidden_stack: int
    reserve: int  # saboteurs in the reserve
    bank: int  # thalers in the cash supply
    last_turn: bool  # the last card has been auctioned: this turn ends the auctions
    final_round: bool
    final_queue: list[int]
    players: list[PlayerView]
    auction: AuctionView | None
    sabotage: SabotageView | None
    picked: CardView | None  # own view only: the card waiting for its position
    placed: int  # cards laid out in the current build step
    min_place: int
    max_place: int
    swapped: bool
    # the player on turn may play a saboteur instead of building (all it depends on lies open)
    may_sabotage: bool = False
    # own view of the player in a build step: whether a hand card fits the city, a saboteur can be played
    can_build: bool = False
    can_sabotage: bool = False
    # own view, what the choices allow: swap the open card, raise a bid, accept the amount on the
    # table of a pay-off, counter it (so the panel's words never offer what its buttons do not)
    can_swap: bool = False
    can_raise: bool = False
    can_accept: bool = False
    can_counter: bool = False


@cache  # a card's view depends on the card alone; views are read, never changed
def card_view(card: int) -> CardView:
    c = CARDS[card]
    return CardView(id=c.id, type=c.type_key, name=c.name, value=c.value, shields=c.shields, coins=c.coins)


AUCTION_PHASES = (Phase.OPENING, Phase.BIDDING)
SABOTAGE_PHASES = (Phase.AIM, Phase.OFFER, Phase.ANSWER, Phase.GRAB)


def _shown_acting(state: State, viewer: int | None) -> list[int]:
    """Who acts, as the viewer may know it: to anyone but its two sides, a pay-off negotiation shows
    both of them (whose step it is would tell how the private bargaining goes)."""
    sides = negotiators(state)
    return sorted(sides) if sides and viewer not in sides else [state.actor]


def build_view(state: State, seat: int | None) -> BaumeisterView:
    over = state.phase == Phase.OVER
    return BaumeisterView(
        seats=state.seats,
        options=state.options,
        phase=state.phase,
        turn=state.turn,
        current=None if over else state.current,
        start_player=state.start_player,
        start_rolls=list(state.start_rolls),
        last_roll=None if state.last_roll < 0 else state.last_roll,
        open_card=card_view(state.open_stack[-1]) if state.open_stack else None,
        open_stack=len(state.open_stack),
        hidden_stack=len(state.hidden_stack),
        reserve=state.reserve,
        bank=state.bank,
        last_turn=state.last_turn,
        final_round=state.phase in (Phase.FINAL, Phase.FINAL_PLACE) or (over and state.last_turn),
        final_queue=list(state.final_queue),
        players=[_player_view(state, p, seat) for p in range(state.seats)],
        placed=state.placed,
        min_place=state.min_place,
        max_place=state.max_place,
        swapped=state.swapped,
        may_sabotage=(not over and state.phase == Phase.BUILD and not state.placed
                      and bool(sabotage_targets(state, state.current))),
        **_seat_fields(state, seat),
    )


def seat_view(state: State, seat: int, public: BaumeisterView) -> BaumeisterView:
    """build_view(state, seat) from `public` (build_view of the same state for everyone): the
    other players' cities and hands look the same to everyone."""
    players = list(public.players)
    players[seat] = _player_view(state, seat, seat)
    return public.model_copy(update={"players": players, **_seat_fields(state, seat)})


def _seat_fields(state: State, seat: int | None) -> dict[str, Any]:
    """What depends on who looks: whose step they may know, the auction and sabotage as they see
    them, and what the player on turn may do."""
    over = state.phase == Phase.OVER
    own = seat is not None and seat == state.actor
    return dict(
        viewer=seat,
        to_act=[] if over else _shown_acting(state, seat),
        auction=_auction_view(state, seat) if state.phase in AUCTION_PHASES else None,
        sabotage=_sabotage_view(state, seat) if state.phase in SABOTAGE_PHASES else None,
        picked=card_view(state.picked) if own and state.picked >= 0 else None,
        can_build=own and state.phase in BUILD_PHASES and bool(pickable_cards(state, seat)),
        can_sabotage=(own and state.phase == Phase.BUILD and not state.placed
                      and bool(sabotage_targets(state, seat))),
        can_swap=own and state.phase == Phase.LOT and can_swap(state, seat),
        can_raise=own and state.phase == Phase.BIDDING and state.money[seat] > state.high_bid,
        can_accept=own and state.phase == Phase.ANSWER and can_accept(state, seat),
        can_counter=own and state.phase == Phase.ANSWER and counter_range(state, seat) is not None,
    )


def _player_view(state: State, p: int, seat: int | None) -> PlayerView:
    city = state.cities[p]
    hand = state.hands[p]
    closed = state.closed[p]
    mine = seat == p
    shown = state.public_cards if state.phase != Phase.OVER else -1  # at the end every hand is scored openly
    return PlayerView(
        seat=p,
        city=[card_view(c) if c >= 0 else None for c in city],
        closed_left=bool(closed & 1),
        closed_right=bool(closed & 2),
        complete=is_complete(city),
        shields=shields(city),
        coins=coins(city),
        city_value=sum(VALUE[c] for c in city if c >= 0),
        saboteurs=state.saboteurs[p],
        has_built=bool(state.built >> p & 1),
        hand_count=len(hand),
        hand_known=[card_view(c) for c in sorted(hand) if shown >> c & 1],
        hand_types=sorted(TYPE_KEYS[CARDS[c].type] for c in hand if state.typed_cards >> c & 1 and not shown >> c & 1),
        money=state.money[p] if mine else None,
        hand=[card_view(c) for c in sorted(hand)] if mine else None,
        hand_typed=[CARDS[c].id for c in sorted(hand) if state.typed_cards >> c & 1 and not shown >> c & 1]
        if mine else [],
    )


def _auction_view(state: State, seat: int | None) -> AuctionView:
    hidden = state.lot_hidden
    shown = not hidden or seat == state.current
    opened = state.high_bidder >= 0
    return AuctionView(
        auctioneer=state.current,
        stack="hidden" if hidden else "open",
        card=card_view(state.lot) if shown else None,
        card_type=TYPE_KEYS[CARDS[state.lot].type] if hidden and state.type_named else None,
        high_bid=state.high_bid if opened else None,
        high_bidder=state.high_bidder if opened else None,
        passed=[s for s in range(state.seats) if state.passed >> s & 1],
        bids=[BidView(seat=s, amount=None if a < 0 else a) for s, a in state.bids],
        to_bid=state.actor,
    )


def _sabotage_view(state: State, seat: int | None) -> SabotageView:
    victim = state.victim
    city = state.cities[victim]
    on_city = state.phase != Phase.GRAB
    slot = state.target if on_city and state.target >= 0 else None
    negotiating = state.phase == Phase.ANSWER
    # The negotiation's steps are private to the two players until it is settled.
    private = negotiating and seat in (state.current, victim)
    return SabotageView(
        attacker=state.current,
        victim=victim,
        target="city" if on_city else "hand",
        slot=slot,
        building=card_view(city[slot]) if slot is not None else None,
        shields=shields(city),
        negotiating=negotiating,
        offer=state.offer if private else None,
        proposer=(victim if state.actor == state.current else state.current) if private else None,
    )
