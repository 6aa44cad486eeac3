"""Influence comes from the general supply only while it has markers; the log says what came."""

from __future__ import annotations

import re

from tests.games.aelderman.helpers import act, new_game, start_turn


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
