"""Setting up a short game: cards, Council Hall, missions, order, then the players' setup steps."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.council import lay_out_rows
from games.aelderman.production import draw_periods
from games.aelderman.state import Pending, Player, State
from games.core import Rng


def new_player(mission: str) -> Player:
    return Player(
        mission=mission,
        coins=D.START_COINS,
        influence=D.START_INFLUENCE,
        general=D.INFLUENCE_MARKERS - D.START_INFLUENCE,
        goods={g: 0 for g in D.GOODS},
        location=D.LUBECK,
        production={k: 0 for k in ("ap", "influence", "wood", "wheat", "stone", "fish")},
        property_supply=D.PROPERTY_TILES,
    )


def new_game(seats: int, seed: int) -> State:
    rng = Rng(seed=seed)
    missions = list(D.MISSIONS)
    rng.shuffle(missions)
    order = list(range(seats))
    rng.shuffle(order)
    pile = list(D.DRAW_CARDS)
    rng.shuffle(pile)
    cards = {place: number for place, number in D.FIXED_CARDS.items()}
    for city in D.CITIES:
        cards[city] = pile.pop()
    council_pile = list(D.SHORT_COUNCIL_PILE)
    rng.shuffle(council_pile)
    state = State(
        seats=seats, rng=rng, order=order, players=[new_player(missions[s]) for s in range(seats)],
        cards=cards, card_pile=pile, banners={city: [] for city in D.CITIES},
        council_pile=council_pile, votes3_pile=list(D.VOTES3_CARDS),
    )
    draw_periods(state)
    lay_out_rows(state)
    _deal_boosters(state)
    for seat in reversed(order):
        state.pending.append(Pending(kind="booster", seat=seat, data={"left": D.BOOSTERS_KEPT}))
    for seat in reversed(order):
        state.pending.append(Pending(kind="wheel_start", seat=seat))
    return state


def _deal_boosters(state: State) -> None:
    tiles = list(D.START_BOOSTERS)
    state.rng.shuffle(tiles)
    for seat in state.order:
        state.players[seat].drawn = [tiles.pop() for _ in range(D.BOOSTERS_DRAWN)]
