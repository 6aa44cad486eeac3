"""Views carry what a board picture and an embed need; the rules text marks chosen values."""

from __future__ import annotations

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.describe import component_tables
from tests.games.aelderman.helpers import act, new_game, start_turn


def test_public_view_has_the_map_wheels_and_turn():
    state = new_game(3, seed=2)
    view = SPEC.view(state, None)
    assert {c.name for c in view.cities} == set(D.PLACES)
    hamburg = next(c for c in view.cities if c.name == "Hamburg")
    assert hamburg.zone == "purple" and "Ribe" in hamburg.neighbours
    assert len(hamburg.card.rows) == 2 and all(len(r) == 3 for r in hamburg.card.rows)
    assert view.turn is not None and view.turn.ap_available == view.periods_revealed[0]
    assert view.periods_hidden == 3
    wheel = view.players[0].wheel
    assert set(wheel.sectors) == set(D.ZONES) and len(wheel.rings["blue"]) == 3
    assert all(p.mission is None and p.requirements == [] for p in view.players)


def test_own_view_shows_mission_progress():
    state = new_game(2, seed=2)
    view = SPEC.view(state, 1)
    me = view.players[1]
    assert me.mission == state.players[1].mission and me.mission_name
    assert {r.level for r in me.requirements} == {"basic", "advanced", "expert"}
    assert view.players[0].mission is None


def test_pending_step_is_visible():
    state = new_game(2, seed=2)
    state.players[0].coins = 20
    start_turn(state, 0, "Lübeck", ap=4)
    state.cards["Hamburg"] = 9
    state, _ = act(state, 0, "move", city="Hamburg")
    state, _ = act(state, 0, "card_action", action="place2")
    view = SPEC.view(state, None)
    assert view.pending.kind == "place" and view.pending.data["city"] == "Hamburg"
    assert view.to_act == [0]


def test_rules_tables_mark_chosen_values():
    tables = dict(component_tables())
    assert "Sea map" in tables and "Missions" in tables
    buildings = tables["Buildings"]
    brewery = next(line for line in buildings if line.startswith("Brewery"))
    gabled = next(line for line in buildings if line.startswith("Gabled House"))
    assert brewery.endswith("(chosen)") and not gabled.endswith("(chosen)")
    assert any("spare colour" in line for line in tables["Rules summary"])
    # What a player reads: actions in words, no names of the code's tables.
    assert "Chosen tables" not in tables
    assert not [line for table in tables.values() for line in table if " 1 coins" in line or " 1 markers" in line]
    card = next(line for line in tables["Action cards"] if line.startswith("Card 001:"))
    assert card.startswith("Card 001: Upgrade 1 good · Upgrade 2 goods, +1 coin") and "upgrade1" not in card
    sheets = [line for line in tables["2 players and solo: spare colour and dummy"]
              if line.startswith("Dummy ")]
    assert len(sheets) == 3 and all(line.endswith("(chosen)") for line in sheets)
    votes = tables["Main version components"]
    assert "District St. Johannis: 14 / 8 council votes" in votes  # the rulebook's example
    assert any(line.startswith("District Lohberg") and line.endswith("(chosen)") for line in votes)


def test_first_period_indicator_is_face_up_during_setup():
    """Setup step 4: "The first tile is placed face-up, all others face-down." The start boosters
    (step 8) are chosen after it, so the first period's action points are shown while choosing."""
    for options in ({}, {"version": "main"}):
        state = SPEC.setup(3, 5, options)
        assert state.phase == "setup"
        view = SPEC.view(state, min(SPEC.to_act(state)))
        assert view.periods_revealed == state.periods[:1]
        assert view.periods_hidden == len(state.periods) - 1


def test_the_sea_map_table_marks_as_known_only_the_zones_the_rulebook_names():
    """components.md: "Zones: blue (Aalborg ...), purple (Hamburg ...), green (London, Edinburgh ...)";
    Ribe's zone is not given (only that Aalborg-Ribe and Ribe-Hamburg are adjacent): it is chosen."""
    sea = dict(component_tables())["Sea map"]
    purple = next(line for line in sea if line.startswith("purple:"))
    assert purple.endswith("(chosen except Hamburg)"), purple
    assert next(line for line in sea if line.startswith("blue:")).endswith("(chosen except Aalborg)")


def test_rules_say_when_the_dummy_first_removes_an_improvement():
    """Solo: "In the preparation phase for each new round, you remove an improvement using the four
    selection cards"; the first round has no preparation phase ("This phase is skipped in the first
    round"). Which reading is played is the project's choice, and /rules says so."""
    solo = next(line for line in dict(component_tables())["Main version"] if line.startswith("Solo"))
    assert "by selection card from round 2 on" in solo and "(chosen)" in solo


def test_mission_progress_in_a_view_is_the_scoring_checklist():
    """A panel's task list (cached by mission and progress) says what scoring counts: for random
    short games, each level's requirements, met or not, with what the seat has and needs."""
    import random

    from games.aelderman.scoring import checklist

    for seed in range(3):
        rng, state = random.Random(seed), new_game(2, seed=seed)
        for _ in range(120):
            if SPEC.outcome(state) is not None:
                break
            seat = min(SPEC.to_act(state))
            state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
            for viewer in range(2):
                mine = SPEC.view(state, viewer).players[viewer]
                shown = [(r.level, r.text, r.met, r.have, r.need) for r in mine.requirements]
                scored = [(level, *task) for number, level in enumerate(D.LEVELS)
                          for task in checklist(state, viewer, number)]
                assert shown == scored
