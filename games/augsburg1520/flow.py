"""The order of play: setup, the rounds, the end of a round and the game's end, and the one table
that maps each phase to its handlers.

Phase modules (auction, buying, privileges, levels) do not import each other or this module: a
handler changes the state and returns a `Step` (see common), and `follow` runs what comes next.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from games.augsburg1520 import auction, buying, data, levels, privileges
from games.augsburg1520.cards import JOKER_IDS, NOTE_COUNT
from games.augsburg1520.choices import apply_pick_noble
from games.augsburg1520.common import (
    AUCTION_OVER, AUCTION_WON, LEVEL_DONE, RAISE_LEVEL, ROUND_START, Step, gain_prestige, prestige_text, own_rng,
    receive, seat_order,
)
from games.augsburg1520.state import Options, State
from games.core import Event, Rng, RuleError, public

Handler = Callable[[State, int, Any, list[Event]], Step]


def setup(seats: int, seed: int, options: Options) -> tuple[State, list[Event]]:
    rng = Rng(seed=seed)
    # 'placed in front of the wealthiest player': everyone starts with 1500, so it is drawn.
    start = rng.below(seats)
    jokers = list(JOKER_IDS)
    hands = [[jokers.pop(0) for _ in range(data.START_JOKERS)] for _ in range(seats)]
    draw = list(range(NOTE_COUNT)) + jokers
    rng.shuffle(draw)
    privilege_cards = sorted(data.PRIVILEGE_CARDS)
    rng.shuffle(privilege_cards)
    tiles = data.LEVEL_TILES[seats]
    state = State(
        seats=seats, open_money=options.open_money, rng=rng, round=0, rounds=seats + 2, phase="buy",
        start_player=start, opener=start, auction=0,
        draw=draw, discard=[], hands=hands, offers=[[] for _ in range(seats)],
        picks=[[] for _ in range(seats)], done=[False] * seats, noble_filter=[""] * seats,
        money=[data.START_MONEY] * seats, bank=data.BANK_START - data.START_MONEY * seats,
        score=[0] * seats, levels=[[1, 1, 1] for _ in range(seats)],
        pool=[list(tiles) for _ in data.CATEGORIES],
        stacks={
            "church": list(data.CHURCHES), "cathedral": list(data.CATHEDRALS),
            "weapon": list(data.WEAPONS), "patent": list(data.PATENTS),
            "mintmaster": [1] * data.MINTMASTERS, "builder": [1] * data.BUILDERS,
        },
        rights=[{r: 0 for r in data.RIGHTS} for _ in range(seats)],
        bids=[0] * seats, passed=[False] * seats, high=0, leader=-1, bidder=start, winner=-1,
        discarded_bid=0, result_auction=-1, shown=[],
        display=privilege_cards[:data.DISPLAYED_PRIVILEGES],
        reserve=privilege_cards[data.DISPLAYED_PRIVILEGES:], used_privileges=[], card_in_use=0,
        slots_used=[False, False, False], builder_used=False, pending_category=-1, victim=-1,
        shortage=False,
    )
    events = [public("setup", f"{{p{start}}} is the start player. Everybody has 1500 guilders and 2 jokers "
                              f"and is dealt 7 cards to buy.", start_player=start)]
    # 'beginning with the Start player are the cards dealt one at a time'
    for _ in range(data.START_CARDS):
        for seat in seat_order(state, start):
            state.offers[seat].append(state.draw.pop())
    follow(state, buying.begin_buying(state, events), events)
    return state, events


def start_round(state: State, events: list[Event]) -> Step:
    """'Turn over the next 5 Privilege cards. When all 10 cards have been used (every other round)
    are all 10 cards reshuffled and 5 new cards are revealed.'"""
    state.round += 1
    if state.round > 1:
        if state.reserve:
            state.display, state.reserve = state.reserve, []
        else:
            cards = sorted(state.used_privileges + state.display)
            own_rng(state).shuffle(cards)
            state.display = cards[:data.DISPLAYED_PRIVILEGES]
            state.reserve = cards[data.DISPLAYED_PRIVILEGES:]
            state.used_privileges = []
    state.auction = 0
    shown = ", ".join(str(n) for n in state.display)
    events.append(public("round", f"Round {state.round} of {state.rounds}. Privilege cards on display: {shown}.",
                         round=state.round))
    auction.start_auction(state, events)
    return None


def after_auction(state: State, events: list[Event]) -> Step:
    """'In all further auctions will the first bidder be the winner of the previous auction.'
    Without a winner, the opener of that auction opens the next (chosen, see data.NO_WINNER_RULE)."""
    if state.winner >= 0:
        state.opener = state.winner
    state.winner = -1
    state.auction += 1
    if state.auction < len(data.AUCTIONS):
        auction.start_auction(state, events)
        return None
    return end_round(state, events)


def end_round(state: State, events: list[Event]) -> Step:
    """Second phase: money, prestige, promissory notes (the last round scores prestige only)."""
    state.used_privileges = state.used_privileges + state.display  # 'Unclaimed ... are discarded'
    state.display = []
    last = state.round == state.rounds
    for seat in range(state.seats):
        agency, peerage, _ = state.levels[seat]
        if not last:
            income = data.INCOME[agency - 1]
            receive(state, seat, income)
        rights = state.rights[seat]
        points = data.PEERAGE_PRESTIGE[peerage - 1] + rights["weapon"] + rights["patent"]
        gained = gain_prestige(state, seat, points)
        money_text = "" if last else f"receives {income} guilders and "
        events.append(public("income", f"{{p{seat}}} {money_text}scores {prestige_text(state, seat, gained, points)}.",
                             seat=seat, prestige=gained))
    if last:
        state.phase = "over"
        events.append(public("game_over", "The game is over."))
        return None
    return buying.begin_dealing(state, events)


# -- the phase table ----------------------------------------------------------------------------
class Phase(NamedTuple):
    legal: Callable[[State, int], list[Any]]  # the seat's choices
    moves: dict[str, Handler]  # action kind -> handler


_CARD_CHOICE = {"pick_noble": apply_pick_noble}
PHASES: dict[str, Phase] = {
    "buy": Phase(buying.legal_buys, {
        "buy_card": buying.apply_buy, "put_back_card": buying.apply_put_back, "finish_buying": buying.apply_finish,
    }),
    "bid": Phase(auction.legal_bids, {"bid": auction.apply_bid, "pass": auction.apply_pass}),
    "discard_bid": Phase(auction.legal_picks, {"discard_bid_card": auction.apply_discard_bid_card, **_CARD_CHOICE}),
    "reveal": Phase(auction.legal_picks, {"reveal_card": auction.apply_reveal_card,
                                          "return_card": auction.apply_return_card, **_CARD_CHOICE}),
    "privilege_card": Phase(privileges.legal_privilege_cards, {"take_privilege_card": privileges.apply_take_card}),
    "privileges": Phase(privileges.legal_privileges, {
        "use_privilege": privileges.apply_use, "builder_build": privileges.apply_builder_build,
        "end_privileges": privileges.apply_end,
    }),
    "privilege_discard": Phase(privileges.legal_discards,
                               {"discard_card": privileges.apply_privilege_discard, **_CARD_CHOICE}),
    "choose_victim": Phase(levels.legal_victims, {"take_tile_from": levels.apply_take_tile_from}),
    "consolation": Phase(levels.legal_consolations, {"consolation": levels.apply_consolation}),
    "shortage": Phase(buying.legal_shortage_discards, {"discard_card": buying.apply_shortage_discard, **_CARD_CHOICE}),
}

# What each step returned by a handler leads to.
STEPS: dict[str, Callable[[State, list[Event]], Step]] = {
    AUCTION_WON: privileges.begin,
    AUCTION_OVER: after_auction,
    ROUND_START: start_round,
    RAISE_LEVEL: levels.raise_level,
    LEVEL_DONE: privileges.resume,
}

# Why a move is refused when its phase is not on.
NOT_NOW: dict[str, str] = {
    "bid": "There is no bidding now.",
    "pass": "There is no bidding now.",
    "pick_noble": "You are not choosing a card now.",
    "discard_bid_card": "You have no bid to discard now.",
    "reveal_card": "There are no cards to show now.",
    "return_card": "You have no cards chosen to show now.",
    "buy_card": "You have no cards to buy now.",
    "put_back_card": "You have no cards to buy now.",
    "finish_buying": "You have no cards to buy now.",
    "take_privilege_card": "You cannot take a privilege card now.",
    "use_privilege": "You have no privilege to use now.",
    "builder_build": "You can build as Builder only while using a privilege card.",
    "end_privileges": "You are not using a privilege card now.",
    "discard_card": "You have no card to discard now.",
    "take_tile_from": "You are not taking a level tile from another player now.",
    "consolation": "There is no consolation to choose now.",
}


def legal(state: State, seat: int) -> list[Any]:
    phase = PHASES.get(state.phase)
    return phase.legal(state, seat) if phase is not None else []


def play(state: State, seat: int, action: Any, events: list[Event]) -> None:
    """Carry out a seat's move in the current phase, and everything that follows from it."""
    handler = PHASES[state.phase].moves.get(action.kind)
    if handler is None:
        raise RuleError(NOT_NOW.get(action.kind, f"You cannot do {action.kind!r} now."))
    follow(state, handler(state, seat, action, events), events)


def follow(state: State, step: Step, events: list[Event]) -> None:
    """Run the steps that follow a finished phase until the game waits for a decision."""
    while step is not None:
        step = STEPS[step](state, events)
