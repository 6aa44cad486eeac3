"""Influence comes from the general supply only while it has markers; the log says what came."""

from __future__ import annotations

import re

from games.aelderman.production import produce
from tests.games.aelderman.helpers import act, first_trade_turn, new_game, new_main, start_turn


def test_bought_goods_name_the_influence_the_general_supply_could_give():
    """"The influence markers in your player color are stored next to the player board as general
    supply. Through certain actions and buildings, you can either directly add influence markers to
    your active supply": with one marker left there, a yield of 3 influence brings 1, and the log
    says 1."""
    state = new_game(2, seed=3)
    seat = state.order[0]
    player = state.players[seat]
    state.cards["Aalborg"] = 7  # buy1 buy2 buy3
    player.rotation = 0  # the outer ring of sector 0: 3 influence and 1 coin
    player.influence += player.general - 1  # one marker left in the general supply (35 in all)
    player.general = 1
    start_turn(state, seat, "Ribe", 3)
    state, _ = act(state, seat, "move", city="Aalborg")
    before = state.players[seat].influence
    state, events = act(state, seat, "card_action", action="buy3")
    assert state.players[seat].influence - before == 1
    line = next(e.text for e in events if e.kind == "goods_bought")
    assert re.search(r"\b1 influence \(the general supply had only 1 left\)", line), line


def test_a_reward_short_of_markers_says_how_much_influence_came():
    from games.aelderman.rules import gain

    state = new_game(2, seed=3)
    player = state.players[0]
    player.influence += player.general
    player.general = 0
    events: list = []
    gain(state, 0, {"coins": 10, "influence": 1}, events)
    assert [e.text for e in events] == ["{p0} gains no influence: no marker is left in their general supply."]


def test_a_big_sale_with_no_marker_left_places_none_and_says_the_markers_are_lost():
    """"When you sell eight goods, you receive 20 coins, three council votes, and you may use the
    action placing influence marker twice." and "These influence markers are always taken from the
    general supply": with none left there, the sale brings nothing to place, and the log says so."""
    from games import registry
    from games.aelderman import data as D
    from games.aelderman.actions import SellCount
    from games.aelderman.state import Pending, Visit

    spec = registry.get("aelderman")
    state = first_trade_turn()
    seat = state.turn.seat
    city, card = next((city, D.ACTION_CARDS[number]) for city, number in state.cards.items()
                      if city in D.CITY_ZONE and any(name and D.SEA_ACTIONS[name].family == "sell"
                                                     for row in D.ACTION_CARDS[number].rows for name in row))
    player = state.players[seat]
    player.location = city
    state.turn.moved, state.turn.visit = True, Visit(city=city, rows=[True, True], spent=2)
    player.goods = {good: 0 for good in player.goods}
    for token in card.demand:
        player.goods["pelt" if token == "luxury" else "wood" if token == "any" else token] += 1
    player.influence, player.general = player.influence + player.general, 0
    votes = player.votes
    state.pending.append(Pending(kind="sell_count", seat=seat, data={"counts": [4, 6, 8]}))
    state, events = spec.apply(state, seat, SellCount(count=8))
    assert state.players[seat].votes == votes + 3 and not state.pending  # sold; nothing left to place
    lost = next(e.text for e in events if e.kind == "sale_markers_lost")
    assert lost == (f"{{p{seat}}}'s 2 influence markers to place from the sale are lost: no influence marker is "
                    "left in the general supply.")


def test_influence_production_short_of_markers_says_so():
    """Influence comes 'as income per round in each production phase' from the general supply; what
    it cannot give is said, as for every other reward short of markers."""
    state = new_main(2, seed=4)
    seat = state.order[0]
    player = state.players[seat]
    player.production["influence"] = 2
    player.influence, player.general = player.influence + player.general - 1, 1  # one marker left
    before, events = player.influence, []
    produce(state, events)
    assert player.general == 0 and player.influence == before + 1
    short = [e for e in events if e.kind == "influence_short" and e.data.get("seat") == seat]
    assert short and short[0].data["influence"] == 1
    kinds = [e.kind for e in events]
    assert kinds.index("production") < kinds.index("influence_short")  # after the line naming the income


def test_a_promised_placement_with_no_marker_left_says_it_is_lost():
    """"These influence markers are always taken from the general supply": a Council Hall card
    (125, 126) or the Trade Guild that lets a player place a marker in any city places none when
    that supply is empty, and the log says so, as it does for a big sale's markers."""
    from games.aelderman.placement import push_placement
    from games.aelderman.steps import settle_forced

    state = new_game(2, seed=21)
    player = state.players[0]
    player.influence, player.general = player.influence + player.general, 0
    push_placement(state, 0, None, optional=False)
    events = []
    assert settle_forced(state, events)
    assert "{p0} places no influence marker: no marker is left in their general supply." in [e.text for e in events]
