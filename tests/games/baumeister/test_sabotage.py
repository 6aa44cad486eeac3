"""Sabotage against buildings (pay-off or die roll) and against a hand of five cards."""

from __future__ import annotations

import pytest

from games import RuleError
from games.baumeister import SPEC
from games.baumeister.flow import begin_build
from tests.games.baumeister.helpers import card, give, ids, kinds, new_game, play, rig_die


def attack_ready(victim_city=("church-7a", "tower-1a"), attacker_money=10, victim_money=10):
    """Seat 0 holds a saboteur in its build step; seat 2 has a city."""
    state = new_game()
    give(state, 0, saboteurs=1, money=attacker_money)
    give(state, 2, city=victim_city, money=victim_money)
    begin_build(state, 0, False, [])
    return state


SABOTAGE_CITY = {"kind": "sabotage", "seat": 2, "target": "city"}


def aim(slot):
    return {"kind": "aim", "slot": slot}


def test_saboteur_targets_and_aim():
    """rulebook: "The player puts down his/her own saboteur on the building that he/she would
    like to attack."""
    state = attack_ready()
    assert SPEC.parse_action(SABOTAGE_CITY) in SPEC.legal_actions(state, 0)
    state, _ = play(state, 0, SABOTAGE_CITY)
    assert [a.slot for a in SPEC.legal_actions(state, 0)] == [0, 1]
    state, events = play(state, 0, aim(0))
    assert state.saboteurs[0] == 0
    assert state.phase == "offer" and SPEC.to_act(state) == {2}
    assert "Church 7" in events[-1].text
    SPEC.check_invariants(state)


def test_pay_off_accepted_calls_the_saboteur_off():
    """rulebook: "The victim and saboteur may then negotiate a pay-off, a payment in Thalers
    paid by the victim to persuade the saboteaur not to act. If an agreement is made then the
    money is handed over and the saboteur is discarded with no further effect."""
    state = attack_ready()
    state, _ = play(state, 0, SABOTAGE_CITY, aim(0))
    offers = SPEC.legal_actions(state, 2)
    assert kinds(offers)[-1] == "no_offer" and [a.amount for a in offers[:-1]] == list(range(1, 11))
    state, _ = play(state, 2, {"kind": "offer", "amount": 4})
    assert SPEC.to_act(state) == {0} and kinds(SPEC.legal_actions(state, 0)) == ["accept", "refuse"]
    assert SPEC.view(state, None).sabotage.offer == 4
    state, _ = play(state, 0, {"kind": "accept"})
    assert state.money[0] == 14 and state.money[2] == 6
    assert ids(state.cities[2]) == ["church-7a", "tower-1a"]
    assert state.reserve == 5 and state.actor == 1  # the turn is over
    SPEC.check_invariants(state)


def test_any_pay_off_up_to_own_money_can_be_offered():
    """A pay-off is "a payment in Thalers paid by the victim": any amount the victim owns, also
    those its menu leaves out; a victim without thalers has no amount to choose."""
    state = attack_ready(victim_money=40)
    state, _ = play(state, 0, SABOTAGE_CITY, aim(0))
    offer = SPEC.amount_choice(state, 2)
    assert (offer.low, offer.high) == (1, 40)
    assert 33 not in {a.amount for a in SPEC.legal_actions(state, 2) if a.kind == "offer"}
    state, _ = play(state, 2, offer.action(33))
    assert SPEC.view(state, None).sabotage.offer == 33
    poor = attack_ready(victim_money=0)
    poor, _ = play(poor, 0, SABOTAGE_CITY, aim(0))
    assert SPEC.amount_choice(poor, 2) is None


def test_offer_limited_to_own_money():
    state = attack_ready(victim_money=0)
    state, _ = play(state, 0, SABOTAGE_CITY, aim(0))
    assert kinds(SPEC.legal_actions(state, 2)) == ["no_offer"]
    with pytest.raises(RuleError, match="no thalers"):
        SPEC.apply(state, 2, {"kind": "offer", "amount": 1})


@pytest.mark.parametrize("face,torn", [(1, False), (2, True), (5, True), (0, True)])
def test_roll_must_beat_the_shields(face, torn):
    """rulebook: "If no agreement is reached then the attacker rolls the dice. To be successful
    either the dot must be rolled, or the number rolled must be strictly greater than the
    number of shields in the city being attacked." Here the city has one shield (Tower 2)."""
    state = attack_ready(victim_city=("church-7a", "tower-2a"))
    state, _ = play(state, 0, SABOTAGE_CITY, aim(0))
    rig_die(state, face)
    state, events = play(state, 2, {"kind": "no_offer"})
    attack = [e for e in events if e.kind == "attack"][0]
    assert attack.seats is None and attack.data["face"] == face and attack.data["success"] is torn
    if torn:
        # "the building sabotaged is placed on the bottom of the smaller of the two stacks"
        assert ids(state.cities[2]) == ["tower-2a"]  # an end card leaves no gap
        smaller = state.open_stack if len(state.open_stack) <= len(state.hidden_stack) else state.hidden_stack
        assert smaller[0] == card("church-7a")
    else:
        assert ids(state.cities[2]) == ["church-7a", "tower-2a"]
    # "Whether or not successful the sabotage token is returned to the pool."
    assert state.reserve == 5 and state.actor == 1
    SPEC.check_invariants(state)


def test_two_shields_need_a_three():
    state = attack_ready(victim_city=("church-7a", "tower-1a"))  # Tower 1 has 2 shields
    state, _ = play(state, 0, SABOTAGE_CITY, aim(1))
    rig_die(state, 2)
    state, _ = play(state, 2, {"kind": "offer", "amount": 1})
    state, events = play(state, 0, {"kind": "refuse"})
    assert [e.data["success"] for e in events if e.kind == "attack"] == [False]


def test_middle_building_leaves_a_gap():
    """rulebook: "It will leave a space which may later be filled in by another suitable building."""
    state = attack_ready(victim_city=("church-7a", "gate-2a", "church-4a"))
    state, _ = play(state, 0, SABOTAGE_CITY, aim(1))
    rig_die(state, 4)
    state, _ = play(state, 2, {"kind": "no_offer"})
    assert ids(state.cities[2]) == ["church-7a", None, "church-4a"]
    view = SPEC.view(state, None).players[2]
    assert view.city[1] is None and not view.complete


def test_corner_tower_torn_down_reopens_its_end():
    state = attack_ready(victim_city=("corner-1a", "church-4a"))
    state, _ = play(state, 0, SABOTAGE_CITY, aim(0))
    rig_die(state, 5)
    state, _ = play(state, 2, {"kind": "no_offer"})
    assert ids(state.cities[2]) == ["church-4a"] and state.closed[2] == 0


def test_timeouts_keep_the_negotiation_moving():
    """The victim's time runs out: no offer. The attacker's time runs out: refuse."""
    state = attack_ready()
    state, _ = play(state, 0, SABOTAGE_CITY, aim(0))
    assert SPEC.timeout_action(state, 2).kind == "no_offer"
    assert SPEC.timeout_action(state, 0) is None  # not the attacker's decision now
    state, _ = play(state, 2, {"kind": "offer", "amount": 2})
    assert SPEC.timeout_action(state, 0).kind == "refuse"


def test_hand_of_five_can_be_attacked_without_defence():
    """rulebook: "If a player has five or more cards in his/her hand, a saboteur may be played
    against them ... There is no defence against this sort of attack. No negotiation is allowed
    in this case. The attacked player mixes his/her cards and holds them out face down to the
    aggressor. The aggressor selects one of them, shows it to all players and puts it under the
    smaller stack. The saboteur is returned to the reserve."""
    state = attack_ready()
    give(state, 3, hand=("church-4a", "church-5a", "gate-2a", "gate-3a"))
    offered = [a.model_dump() for a in SPEC.legal_actions(state, 0)]
    assert {"kind": "sabotage", "seat": 3, "target": "hand"} not in offered
    give(state, 3, hand=("church-4a", "church-5a", "gate-2a", "gate-3a", "hall-5a"))
    state, _ = play(state, 0, {"kind": "sabotage", "seat": 3, "target": "hand"})
    assert SPEC.to_act(state) == {0}
    assert [a.position for a in SPEC.legal_actions(state, 0)] == [0, 1, 2, 3, 4]
    hand = set(state.hands[3])
    state, events = play(state, 0, {"kind": "grab", "position": 2})
    taken = hand - set(state.hands[3])
    assert len(taken) == 1 and len(state.hands[3]) == 4
    grab = events[0]
    assert grab.seats is None and card(grab.data["card"]) in taken
    assert taken <= set(state.open_stack[:1] + state.hidden_stack[:1])
    assert state.reserve == 5 and state.actor == 1
    SPEC.check_invariants(state)


def test_no_saboteur_no_sabotage():
    state = attack_ready()
    give(state, 0, saboteurs=0)
    assert "sabotage" not in kinds(SPEC.legal_actions(state, 0))
    with pytest.raises(RuleError, match="no saboteur"):
        SPEC.apply(state, 0, SABOTAGE_CITY)


def test_own_city_is_no_target():
    state = attack_ready()
    give(state, 0, city=("church-5a",))
    with pytest.raises(RuleError):
        SPEC.apply(state, 0, {"kind": "sabotage", "seat": 0, "target": "city"})
