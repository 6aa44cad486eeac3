"""Building Aelderman positions for rule tests."""

from __future__ import annotations

from typing import Any

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.state import State, Turn, Visit


def finish_setup(state: State, wheel: int = 0) -> State:
    """Resolve the setup steps: every wheel at `wheel`, the first two offered boosters."""
    while state.phase == "setup":
        seat = min(SPEC.to_act(state))
        options = SPEC.legal_actions(state, seat)
        if options[0].kind == "wheel_start":
            action = next(a for a in options if a.position == wheel)
        else:
            action = options[0]
        state, _ = SPEC.apply(state, seat, action)
    return state


def new_game(seats: int = 4, seed: int = 1) -> State:
    return finish_setup(SPEC.setup(seats, seed))


def clear_player(state: State, seat: int, coins: int = 0) -> None:
    player = state.players[seat]
    player.goods = {g: 0 for g in player.goods}
    player.coins = coins
    player.ap = 0


def start_turn(state: State, seat: int, city: str, ap: int, period: int = 0) -> None:
    """Make it `seat`'s turn with its ship in `city` and `ap` action points from the indicator."""
    state.pending = []
    state.phase = "trade"
    state.period = period
    state.turn_index = state.order.index(seat)
    state.players[seat].location = city
    state.turn = Turn(seat=seat, base=ap, base_left=ap, start=city, visit=Visit(city=city))


def act(state: State, seat: int, kind: str, **fields: Any) -> tuple[State, list]:
    """Apply the one legal action of `kind` matching `fields` (fails if it is not offered)."""
    options = [a for a in SPEC.legal_actions(state, seat)
               if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]
    assert options, f"{kind} {fields} not offered; offered: {SPEC.legal_actions(state, seat)}"
    return SPEC.apply(state, seat, options[0])


def kinds(state: State, seat: int) -> set[str]:
    return {a.kind for a in SPEC.legal_actions(state, seat)}


def new_main(seats: int = 4, seed: int = 1, **options: Any) -> State:
    """A main-version game after its setup steps."""
    return finish_setup(SPEC.setup(seats, seed, {"version": "main", **options}))


def give_building(state: State, seat: int, name: str, site: int, uses: int = 0) -> None:
    """Put a finished building of `seat` on a Lübeck site (main version)."""
    player = state.players[seat]
    player.buildings.append(name)
    player.uses.append(uses)
    player.sites.append(site)
    player.property_supply -= 1
    player.general -= uses
    state.site_owner[site] = seat


def first_trade_turn(seats: int = 3, seed: int = 12345) -> State:
    """A main-version game played from its setup by heuristic players up to its first sea turn with
    nothing pending."""
    state = SPEC.setup(seats, seed, {"version": "main"})
    while not (state.phase == "trade" and state.turn is not None and not state.pending):
        seat = min(SPEC.to_act(state))
        state, _ = SPEC.apply(state, seat, SPEC.policy("heuristic", seed=seat).choose(state, seat))
    return state


def empty_map(state):
    """No marker on any banner, no subsidiary: a map to place markers on from scratch."""
    for banner in state.banners.values():
        banner.clear()
    state.subsidiary.clear()
    return state


def sell_six_in_ribe(state):
    """Seat 0, at Hamburg, goes to Ribe and sells six goods there (spices, wheat and tools paid in
    the sale's goods), up to the sale's markers and coins."""
    for kind, fields in (("move", {"city": "Ribe"}), ("card_action", {"action": "sell2"}),
                         ("sell_count", {"count": 6}), ("pay", {"good": "spices"}), ("pay", {"good": "wheat"}),
                         ("pay", {"good": "tools"})):
        state, _ = act(state, 0, kind, **fields)
    return state


def in_lubeck_with_a_taverns_goods(top_two: tuple[int, int]):
    """Seat 0 holds exactly a Tavern's goods (2 wood, 2 stone, 1 tools), no coins and one property
    lot, and has sailed into Lübeck with one action point left. The face-down Council Hall pile
    holds the same cards whatever `top_two` is; only which two lie on top differs."""
    state = new_main(2, 4)
    clear_player(state, 0, coins=0)
    player = state.players[0]
    player.goods.update(wood=2, stone=2, tools=1)
    site = D.DISTRICT_SITES["Lohberg"][0]
    player.property, player.property_supply, player.lots = 1, player.property_supply - 1, [site]
    state.site_owner[site] = 0
    moved = {102, 117, 118}
    shown = [c for row in state.council_rows for c in row]
    spares = iter(c for c in (104, 105, 106, 107) if c not in state.council_pile and c not in shown)
    state.council_rows = [[next(spares) if c in moved else c for c in row] for row in state.council_rows]
    state.council_discard = [c for c in state.council_discard if c not in moved]
    pile = sorted(set(state.council_pile) | moved)
    for card in top_two:
        pile.remove(card)
    state.council_pile = [*pile, *top_two]
    start_turn(state, 0, "Hamburg", ap=1)
    state, _ = act(state, 0, "move", city="Lübeck")
    return state
