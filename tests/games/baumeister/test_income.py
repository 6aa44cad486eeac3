"""Step 1 of a turn: revenues."""

from __future__ import annotations

import pytest

from games import RuleError
from games.baumeister import SPEC
from tests.games.baumeister.helpers import give, kinds, new_game, play, rig_die


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_roll_pays_the_number_plus_city_gate_coins(face):
    """rulebook: "With a result from 1 to 5, he/she gets that many Thalers" and "he/she gets
    for 1 additional Thaler for each coin on his/her city gates"."""
    state = new_game()
    give(state, 0, city=("gate-2a", "church-5a", "gate-4a"))  # 2 + 1 coins
    rig_die(state, face)
    state, events = play(state, 0, {"kind": "roll"})
    assert state.money[0] == 10 + face + 3
    assert state.phase == "lot"
    roll = [e for e in events if e.kind == "roll"][0]
    assert roll.seats is None and roll.data["face"] == face  # die rolls are public


def test_take_three_instead_of_rolling():
    """rulebook (variant): "a player may play safe and not roll the dice, but instead treat the
    dice as having rolled 3 (there is no chance of obtaining a saboteur this way though)"."""
    state = new_game()
    give(state, 0, city=("gate-3a",))
    assert kinds(SPEC.legal_actions(state, 0)) == ["roll", "take_three"]
    state, _ = play(state, 0, {"kind": "take_three"})
    assert state.money[0] == 10 + 3 + 2
    assert state.saboteurs[0] == 0


def test_take_three_is_a_table_option():
    state = new_game(take_three=False)
    assert kinds(SPEC.legal_actions(state, 0)) == ["roll"]
    with pytest.raises(RuleError, match="not played at this table"):
        SPEC.apply(state, 0, {"kind": "take_three"})


def test_saboteur_face_gives_a_saboteur_and_only_the_gate_coins():
    """rulebook: "If the saboteur appears as the die result (*), the player gets only the
    Thalers for his/her city-gates. Instead of the dice based income he/she takes from the
    reserve a saboteur, which he/she puts visibly for all to see"."""
    state = new_game()
    give(state, 0, city=("gate-5a",))
    rig_die(state, 0)
    state, _ = play(state, 0, {"kind": "roll"})
    assert state.money[0] == 11
    assert state.saboteurs[0] == 1 and state.reserve == 4
    assert SPEC.view(state, None).players[0].saboteurs == 1


def test_empty_reserve_take_from_a_player_of_your_choice():
    """rulebook: "If no more saboteurs lie in the reserve, he/she may take away a saboteur
    from any player."""
    state = new_game()
    give(state, 1, saboteurs=3)
    give(state, 3, saboteurs=2)
    assert state.reserve == 0
    rig_die(state, 0)
    state, _ = play(state, 0, {"kind": "roll"})
    assert state.phase == "steal"
    assert SPEC.legal_actions(state, 0) == [
        *(SPEC.parse_action({"kind": "steal", "seat": s}) for s in (1, 3)), SPEC.parse_action({"kind": "no_steal"})]
    with pytest.raises(RuleError, match="or take none"):
        SPEC.apply(state, 0, {"kind": "steal", "seat": 2})  # seat 2 has none
    state, events = play(state, 0, {"kind": "steal", "seat": 3})
    assert state.saboteurs == (1, 3, 0, 1)
    assert state.phase == "lot"
    assert "{p0} takes a saboteur away from {p3}" in events[-1].text


@pytest.mark.parametrize("holders", [1, 2])
def test_empty_reserve_the_player_may_take_no_saboteur(holders):
    """rulebook: "If no more saboteurs lie in the reserve, he/she *may* take away a saboteur
    from any player": the player is asked, also when only one player has saboteurs, and may
    take none."""
    state = new_game()
    give(state, 2, saboteurs=5 if holders == 1 else 3)
    if holders == 2:
        give(state, 1, saboteurs=2)
    rig_die(state, 0)
    state, _ = play(state, 0, {"kind": "roll"})
    assert state.phase == "steal" and kinds(SPEC.legal_actions(state, 0)) == ["steal"] * holders + ["no_steal"]
    before = state.saboteurs
    kept, events = play(state, 0, {"kind": "no_steal"})
    assert kept.saboteurs == before and kept.reserve == 0 and kept.phase == "lot"
    assert events[-1].seats is None and "{p0} takes no saboteur" in events[-1].text
    taken, _ = play(state, 0, {"kind": "steal", "seat": 2})
    assert taken.saboteurs[0] == 1 and taken.saboteurs[2] == before[2] - 1


def test_short_cash_supply_pays_what_is_left():
    """chosen: the rulebook's coins run out at 90 thalers; a player then gets what is left."""
    state = new_game()
    give(state, 1, money=state.money[1] + state.bank - 2)
    assert state.bank == 2
    rig_die(state, 5)
    state, _ = play(state, 0, {"kind": "roll"})
    assert state.money[0] == 12 and state.bank == 0
    SPEC.check_invariants(state)


def test_only_income_actions_now():
    state = new_game()
    with pytest.raises(RuleError, match="roll the die"):
        SPEC.apply(state, 0, {"kind": "auction", "stack": "open"})
    with pytest.raises(RuleError, match="not your turn"):
        SPEC.apply(state, 1, {"kind": "roll"})
