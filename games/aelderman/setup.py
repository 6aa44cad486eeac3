"""Setting up a game: cards, Council Hall, missions or the main version's display, player order,
the spare colour of a 2-player game or the solo dummy, then the players' setup steps."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.council import lay_out_rows
from games.aelderman.dummy import choose_spare
from games.aelderman.production import draw_periods
from games.aelderman.state import Pending, Player, State
from games.core import Rng

PRODUCTION_KEYS = ("ap", "influence", "wood", "wheat", "stone", "fish", "tools")


def new_player(mission: str) -> Player:
    return Player(
        mission=mission,
        coins=D.START_COINS,
        influence=D.START_INFLUENCE,
        # "Place influence markers from the general supply to show the player order."
        general=D.INFLUENCE_MARKERS - D.START_INFLUENCE - D.ORDER_MARKERS,
        goods={g: 0 for g in D.GOODS},
        location=D.LUBECK,
        production={k: 0 for k in PRODUCTION_KEYS},
        property_supply=D.PROPERTY_TILES,
    )


def new_game(seats: int, seed: int, version: str = "short", setup_option: int = 1,
             difficulty: str = "medium") -> State:
    rng = Rng(seed=seed)
    main = version == "main"
    missions = list(D.MISSIONS)
    rng.shuffle(missions)
    order = list(range(seats))
    rng.shuffle(order)
    pile = list(D.MAIN_DRAW_CARDS if main else D.DRAW_CARDS)
    rng.shuffle(pile)
    cards = dict(D.MAIN_FIXED_CARDS if main else D.FIXED_CARDS)
    for city in D.CITIES:
        cards[city] = pile.pop()
    council_pile = list(D.SHORT_COUNCIL_PILE) + (list(D.MAIN_COUNCIL_PILE) if main else [])
    rng.shuffle(council_pile)
    # Rulebook: in the main version players have no missions ("you must not use the mission tiles").
    players = [new_player("" if main else missions[s]) for s in range(seats)]
    state = State(
        seats=seats, version=version, rng=rng, order=order, players=players,
        cards=cards, card_pile=pile, banners={city: [] for city in D.CITIES},
        council_pile=council_pile, votes3_pile=list(D.VOTES3_CARDS),
    )
    if main:
        _main_display(state)
    draw_periods(state)
    lay_out_rows(state)
    # Rulebook: a spare colour at two players; the solo game against the dummy (main version) uses
    # the 2-player setup too, the solo short version plays only its mission.
    if seats == 2 or (seats == 1 and main):
        choose_spare(state, setup_option, difficulty if seats == 1 else "")  # placed after the boosters
    _deal_boosters(state)
    for seat in reversed(order):
        state.pending.append(Pending(kind="booster", seat=seat, data={"left": D.BOOSTERS_KEPT}))
    for seat in reversed(order):
        state.pending.append(Pending(kind="wheel_start", seat=seat))
    return state


def _main_display(state: State) -> None:
    """Improvements (four face up), four Council orders, Lübeck's sites and the ten-votes pile."""
    tiles = [number for number, imp in D.IMPROVEMENTS.items() for _ in range(imp.copies)]
    state.rng.shuffle(tiles)
    state.display = [tiles.pop() for _ in range(D.IMPROVEMENT_DISPLAY)]
    state.improvement_pile = tiles
    orders = list(D.COUNCIL_ORDERS)
    state.rng.shuffle(orders)
    state.orders = sorted(orders[: D.ORDERS_SHOWN])
    state.site_owner = [-1] * D.SITE_COUNT
    state.votes10_pile = list(D.TEN_VOTES_CARDS)


def _deal_boosters(state: State) -> None:
    """Short version: four tiles with the short-version symbol each. Main version: two of each
    kind (rulebook: "two start boosters with the short version symbol and two without")."""
    short = list(D.START_BOOSTERS)
    state.rng.shuffle(short)
    main = list(D.MAIN_BOOSTERS)
    if state.version == "main":
        state.rng.shuffle(main)
    for seat in state.order:
        if state.version == "main":
            drawn = [short.pop() for _ in range(D.BOOSTERS_MAIN_SHORT)]
            drawn += [main.pop() for _ in range(D.BOOSTERS_MAIN_MAIN)]
        else:
            drawn = [short.pop() for _ in range(D.BOOSTERS_DRAWN)]
        state.players[seat].drawn = drawn
