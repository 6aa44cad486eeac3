"""Council orders (main version): four on display, fulfilled as a city action once their
requirement holds, never replaced."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.actions import FulfilOrder
from games.aelderman.placement import controls, markers_in, push_placement
from games.aelderman.rules import gain, listed, say
from games.aelderman.state import State
from games.core import Event, and_list, plural


def production_of(state: State, seat: int, what: str) -> int:
    """Production on the bar: beer and glass come from Breweries and Glassblowers, influence from
    the bar and Fountains, tools from the bar."""
    player = state.players[seat]
    if what == "beer":
        return player.buildings.count("Brewery")
    if what == "glass":
        return player.buildings.count("Glassblower")
    if what == "influence":
        return player.production["influence"] + player.buildings.count("Fountain")
    return player.production[what]


def order_met(state: State, seat: int, number: int) -> bool:
    order = D.COUNCIL_ORDERS[number]
    player = state.players[seat]
    if order.kind == "production":
        return production_of(state, seat, order.subject[0]) >= order.count
    if order.kind == "district":
        return sum(1 for s in player.sites if s >= 0 and D.SITES[s].district == order.subject[0]) \
            >= order.count
    if order.kind == "strength_one":
        return sum(1 for b in player.buildings if D.BUILDINGS[b].strength == 1) >= order.count
    if order.kind == "placed_in":
        return all(markers_in(state, seat, city) >= order.count for city in order.subject)
    return controls(state, seat, order.subject[0])  # placed_every


def order_options(state: State, seat: int) -> list[FulfilOrder]:
    return [FulfilOrder(order=n) for n in state.orders if n and order_met(state, seat, n)]


def fulfil(state: State, seat: int, number: int, events: list[Event]) -> None:
    """The reward at once (final council votes are kept with the order); the order leaves the
    display and is not replaced (rulebook)."""
    state.orders[state.orders.index(number)] = 0
    player = state.players[seat]
    player.orders.append(number)
    reward = {k: v for k, v in D.COUNCIL_ORDERS[number].reward.items() if k != "votes"}
    say(events, "order", f"{{p{seat}}} fulfils Council order {number}: {reward_text(number)}.", seat=seat,
        order=number)
    gain(state, seat, reward, events)
    push_placement(state, seat, None, optional=False, count=D.COUNCIL_ORDERS[number].places)


def reward_text(number: int, final: str = "at the final scoring") -> str:
    """What an order gives: "3 coins now and 4 council votes at the final scoring" (its votes count
    only then; `final` says so in fewer words where room is short)."""
    order = D.COUNCIL_ORDERS[number]
    now = {k: v for k, v in order.reward.items() if k != "votes"}
    votes = order.reward.get("votes", 0)
    parts = [f"{listed(now)} now"] if now else []
    parts += [f"{plural(votes, 'council vote')} {final}"] if votes else []
    parts += [plural(order.places, "influence marker to place", "influence markers to place")] if order.places else []
    return and_list(parts) or "no reward"


def order_votes(player) -> int:
    return sum(D.COUNCIL_ORDERS[n].reward.get("votes", 0) for n in player.orders)
