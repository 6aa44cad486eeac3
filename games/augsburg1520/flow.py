"""The course of the game: setup, the rounds, the end of a round and the game's end."""

from __future__ import annotations

from games.augsburg1520 import auction, buying, data
from games.augsburg1520.cards import JOKER_IDS, NOTE_COUNT
from games.augsburg1520.common import gain_prestige, own_rng, receive, seat_order
from games.augsburg1520.state import Options, State
from games.core import Event, Rng, public


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
    buying.begin_buying(state, events)
    return state, events


def start_round(state: State, events: list[Event]) -> None:
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


def after_auction(state: State, events: list[Event]) -> None:
    """'In all further auctions will the first bidder be the winner of the previous auction.'
    Without a winner, the opener of that auction opens the next (chosen, see data.NO_WINNER_RULE)."""
    if state.winner >= 0:
        state.opener = state.winner
    state.winner = -1
    state.auction += 1
    if state.auction < len(data.AUCTIONS):
        auction.start_auction(state, events)
    else:
        end_round(state, events)


def end_round(state: State, events: list[Event]) -> None:
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
        events.append(public("income", f"{{p{seat}}} {money_text}scores {gained} of {points} prestige.",
                             seat=seat, prestige=gained))
    if last:
        state.phase = "over"
        events.append(public("game_over", "The game is over."))
        return
    buying.begin_dealing(state, events)
