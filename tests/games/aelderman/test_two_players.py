"""The 2-player setups: a spare colour holds places on the sea map and in Lübeck."""

from __future__ import annotations

import json

import pytest

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.describe import summary_lines
from games.aelderman.dummy import place_spare
from games.aelderman.majority import district_strengths
from tests.games.aelderman.helpers import act, clear_player, finish_setup, new_game, new_main, start_turn

SPARE = 2


@pytest.mark.parametrize("version", ["short", "main"])
@pytest.mark.parametrize("option", [1, 2, 3])
def test_each_setup_places_the_listed_markers(version: str, option: int):
    """'Option 1: ... Place: one influence marker in Edinburgh, one influence marker in Köln, ...
    two influence markers in Hamburg, ... two influence markers in Malmö, ...' (options 2 and 3
    likewise)."""
    state = finish_setup(SPEC.setup(2, 3, {"version": version, "setup": option}))
    placed = {city: banner.count(SPARE) for city, banner in state.banners.items() if banner}
    assert placed == D.DUMMY_SETUPS[option]
    assert state.setup_option == option


def test_the_spare_colour_is_set_up_after_the_start_boosters():
    """Setup step 8, 'Choose start boosters', comes before step 9, 'For a 2-player game, select a
    spare player color ... place buildings in the city districts and influence markers on the sea
    map in the selected player color', and 'If a property is already occupied, you use the next
    free spot following the direction of the arrows.' A start booster's property may take the site
    the spare colour's building would have had; that building then goes to the next one."""
    state = SPEC.setup(2, 35, {"version": "main", "setup": 1})
    assert not any(state.banners.values()) and not state.spare.lots  # nothing placed yet
    first = D.PLAN["St. Johannis"][0]  # where option 1's St. Johannis building goes first
    while True:
        (seat,) = SPEC.to_act(state)
        options = SPEC.legal_actions(state, seat)
        if options[0].kind == "site":
            break
        pick = next((a for a in options if getattr(a, "tile", "") == "booster-27"), options[0])  # a property
        state, _ = SPEC.apply(state, seat, pick)
    assert first in {a.site for a in options}
    state, events = act(state, seat, "site", site=first)
    # Received with the booster, not bought: "receive the resources depicted on the tiles".
    assert [e.text for e in events if e.kind == "property"] == [
        f"{{p{seat}}} places the start booster's property tile in St. Johannis."]
    state = finish_setup(state)
    assert state.site_owner[first] == seat
    assert state.site_owner[D.PLAN["St. Johannis"][1]] == SPARE
    assert {c: b.count(SPARE) for c, b in state.banners.items() if b} == D.DUMMY_SETUPS[1]


def test_a_game_stored_with_its_spare_colour_already_placed_keeps_it_once():
    """A game stored while its setup steps were open, from before the spare colour waited for the
    start boosters, has the spare's pieces on the board already: they are not placed twice."""
    state = SPEC.setup(2, 3, {"version": "main", "setup": 1})
    place_spare(state, [])  # as the setup placed them then
    stored = json.loads(SPEC.dump_state(state))
    del stored["spare"]["placed"]  # a state of that time has no such field
    state = finish_setup(SPEC.load_state(json.dumps(stored)))
    assert {c: b.count(SPARE) for c, b in state.banners.items() if b} == D.DUMMY_SETUPS[1]
    assert len(state.spare.lots) == len(D.SETUP_BUILDINGS[1])


def test_setup_one_is_the_default_and_more_players_have_no_spare_colour():
    assert SPEC.setup(2, 3).setup_option == 1
    state = SPEC.setup(3, 3, {"setup": 2})
    assert state.spare is None and all(not b for b in state.banners.values())


def test_the_spare_markers_count_for_the_exchange_of_action_cards():
    """'be aware that those influence markers are also taken into account when it comes to an
    exchange of an action card.' (Option 1: two markers in Malmö fill its first row.)"""
    state = new_game(2, 8)
    clear_player(state, 0, coins=20)
    state.cards["Malmö"] = 13  # place1 place2 / buy1 - buy3
    start_turn(state, 0, "Lübeck", ap=4)
    state, _ = act(state, 0, "move", city="Malmö")
    state, _ = act(state, 0, "card_action", action="place2")
    state, _ = act(state, 0, "place", where="banner")
    assert state.cards["Malmö"] == 13
    state, _ = act(state, 0, "place", where="banner")
    assert state.banners["Malmö"] == [SPARE, SPARE, 0, 0] and state.cards["Malmö"] != 13


def test_rows_the_spare_markers_fill_at_setup_exchange_no_card_as_the_rules_summary_says():
    """A chosen reading of 'Whenever a row on the banner is filled with two influence markers, the
    action card is immediately exchanged': the setup's markers are part of the setup, as the cards
    laid out are, so a row they fill exchanges nothing; /rules names the choice."""
    before = SPEC.setup(2, 3, {"setup": 1})
    state = finish_setup(before)
    assert state.banners["Malmö"][:2] == [SPARE, SPARE]
    assert state.cards["Malmö"] == before.cards["Malmö"] and not state.card_discard
    assert any("a row they fill at setup exchanges none (chosen)" in line for line in summary_lines())


def test_the_spare_buildings_count_for_the_district_majorities():
    """'the buildings constructed and the influence markers placed in that spare color are relevant
    for scoring the majorities in the sea trading zones and the city districts'. 'you place
    influence markers of the chosen player color on the property tiles to mark their respective
    strength'."""
    state = new_main(2, 8, setup=2)
    expected: dict[str, int] = {}
    for district, strength in D.SETUP_BUILDINGS[2]:
        expected[district] = expected.get(district, 0) + strength
    got = {d: s[SPARE] for d, s in district_strengths(state).items() if SPARE in s}
    assert got == expected
    assert sum(1 for owner in state.site_owner if owner == SPARE) == len(D.SETUP_BUILDINGS[2])
    from games.aelderman.election import score_pad
    pad = score_pad(state)
    assert SPARE in pad and pad[SPARE]["districts"] > 0


def test_the_spare_colour_is_not_a_candidate():
    """It takes majority votes like a third player but is no player: the ranking lists the two."""
    from tests.games.playout import random_playout
    outcome = SPEC.outcome(random_playout(SPEC, 2, 5, {"version": "main"}).state)
    assert sorted(s for group in outcome.ranking for s in group) == [0, 1]
