"""Round preparation and the production phase (from round 2)."""

from __future__ import annotations

from collections import Counter

from games.aelderman import data as D
from games.aelderman.city import building_effect, offer_ability
from games.aelderman.council import lay_out_rows, new_order
from games.aelderman.dummy import dummy_buildings, dummy_selection, is_solo_dummy
from games.aelderman.improvements import new_round
from games.aelderman.rules import describe, gain, operating_costs, say
from games.aelderman.state import Player, State
from games.core import Event, plural


def draw_periods(state: State) -> None:
    """Four of the period indicators (the short version has no 2), one per period."""
    tiles = list(D.PERIOD_TILES_MAIN if state.version == "main" else D.PERIOD_TILES_SHORT)
    state.rng.shuffle(tiles)
    state.periods = tiles[: D.PERIODS_PER_ROUND]


def prepare_round(state: State, events: list[Event]) -> None:
    state.order = new_order(state)
    for player in state.players:
        player.general += player.held + player.feast_markers  # the old round indicator goes
        player.held = player.feast_markers = 0
        player.bid_total = 0
    state.round += 1
    state.period = 0
    state.feasts = 0
    draw_periods(state)
    lay_out_rows(state)
    if state.version == "main":
        # Rulebook (solo): the selection card counts on the display as it was; "remember to also
        # move all the improvements one position to the right, as described in the preparation phase".
        if is_solo_dummy(state):
            dummy_selection(state, events)
        new_round(state, events)
        if is_solo_dummy(state):
            dummy_buildings(state, events)
    order = ", ".join(f"{{p{s}}}" for s in state.order)
    say(events, "round", f"Round {state.round} begins. Player order: {order}.", order=state.order,
        round=state.round)


def produce(state: State, events: list[Event]) -> None:
    """Income for every seat; ability decisions are queued so the first seat decides first."""
    state.phase = "production"
    say(events, "production", "Production: every player receives their income.")  # shortfalls follow
    for seat in state.order:  # what each receives, in player order (a shortfall is told after it)
        got = Counter(production_bar(state.players[seat]))
        for name in state.players[seat].buildings:
            got.update(D.BUILDINGS[name].produces or {})
        if any(got.values()):
            say(events, "income", f"{{p{seat}}} receives {describe(+got)}.", seat=seat)
    for seat in reversed(state.order):
        player = state.players[seat]
        gain(state, seat, production_bar(player), events)
        for index in range(len(player.buildings)):
            building_effect(state, seat, index, events, at_once=False)
        # Abilities once all income is in: a Deli Market's coins may come from a Merchant House
        # built after it ("operating costs can be offset against your income").
        for index in range(len(player.buildings)):
            offer_ability(state, seat, index)


def production_bar(player: Player) -> dict[str, int]:
    """Every good on the production bar is produced (wood to fish from the start, tools from Council
    Hall card 128 or a start booster), with its action points and influence (which a general
    supply short of markers cuts, saying so)."""
    prod = player.production
    goods = {g: n for g, n in prod.items() if n and g in D.LEVEL}
    return {"ap": prod["ap"], "influence": prod["influence"], **goods}


def pay_operating_costs(state: State, events: list[Event]) -> None:
    """Unpaid coins of operating costs cost two council votes each."""
    for seat in state.order:
        player = state.players[seat]
        costs = operating_costs(player)
        paid = min(costs, player.coins)
        player.coins -= paid
        unpaid = costs - paid
        player.penalty += D.UNPAID_COIN_PENALTY * unpaid
        if costs:
            text = f"{{p{seat}}} pays {plural(paid, 'coin')} of operating costs"
            if unpaid:
                text += f" and loses {D.UNPAID_COIN_PENALTY * unpaid} council votes"
            say(events, "operating_costs", text + ".", seat=seat, paid=paid, unpaid=unpaid)
