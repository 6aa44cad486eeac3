"""Sabotage against buildings (pay-off or die roll) and against a hand of five cards."""

from __future__ import annotations

import re

import pytest

from games import RuleError
from games.baumeister import SPEC
from games.baumeister.city import slots_for
from games.baumeister.flow import begin_build
from games.baumeister.state import Phase
from games.core import DECISION_SECONDS
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


def at_the_table(**money):
    """Seat 0's saboteur stands on seat 2's Church 7; seat 2 may offer a pay-off."""
    state = attack_ready(**money)
    state, _ = play(state, 0, SABOTAGE_CITY, aim(0))
    return state


def offer(amount):
    return {"kind": "offer", "amount": amount}


def test_pay_off_accepted_calls_the_saboteur_off():
    """rulebook: "The victim and saboteur may then negotiate a pay-off, a payment in Thalers
    paid by the victim to persuade the saboteaur not to act. If an agreement is made then the
    money is handed over and the saboteur is discarded with no further effect."""
    state = at_the_table()
    offers = SPEC.legal_actions(state, 2)
    assert kinds(offers)[-1] == "no_offer" and [a.amount for a in offers[:-1]] == list(range(1, 11))
    state, _ = play(state, 2, offer(4))
    assert SPEC.to_act(state) == {0}
    answers = SPEC.legal_actions(state, 0)
    assert kinds(answers)[0] == "accept" and kinds(answers)[-1] == "refuse"
    assert SPEC.view(state, 0).sabotage.offer == 4 and SPEC.view(state, 0).sabotage.proposer == 2
    state, events = play(state, 0, {"kind": "accept"})
    assert state.money[0] == 14 and state.money[2] == 6
    assert ids(state.cities[2]) == ["church-7a", "tower-1a"]
    assert state.reserve == 5 and state.actor == 1  # discarded to the reserve (chosen reading); the turn is over
    SPEC.check_invariants(state)


def test_either_side_may_counter_until_one_accepts():
    """rulebook: "The victim and saboteur may then negotiate a pay-off": the attacker answers an
    offer by asking for more, the victim answers that by offering less, and so on; the amount
    accepted is what is handed over."""
    state = at_the_table()
    state, _ = play(state, 2, offer(2))
    state, _ = play(state, 0, offer(6))  # the attacker asks for 6
    assert SPEC.to_act(state) == {2} and state.phase == "answer"
    assert SPEC.view(state, 2).sabotage.offer == 6 and SPEC.view(state, 2).sabotage.proposer == 0
    assert kinds(SPEC.legal_actions(state, 2))[0] == "accept"
    state, _ = play(state, 2, offer(4))  # the victim offers 4 instead
    assert SPEC.to_act(state) == {0} and state.offer == 4
    state, _ = play(state, 0, {"kind": "accept"})
    assert (state.money[0], state.money[2]) == (14, 6) and state.reserve == 5
    SPEC.check_invariants(state)


def test_a_demand_may_be_paid_by_the_victim():
    state = at_the_table()
    state, _ = play(state, 2, offer(1))
    state, _ = play(state, 0, offer(5))
    state, _ = play(state, 2, {"kind": "accept"})
    assert (state.money[0], state.money[2]) == (15, 5) and state.actor == 1


def test_counters_go_the_right_way_and_ask_no_more_than_others_hold():
    """The attacker asks for more than was offered, at most what the other players hold together
    (the cash supply is public, so the bound reveals nobody's money); the victim offers less
    than was asked, at most what it has, and cannot accept a demand it cannot pay."""
    state = at_the_table(victim_money=10)
    state, _ = play(state, 2, offer(3))
    others = sum(state.money) - state.money[0]
    ask = SPEC.amount_choice(state, 0)
    assert (ask.low, ask.high) == (4, others)
    with pytest.raises(RuleError, match=f"from 4 to {others}"):
        SPEC.apply(state, 0, offer(3))
    state, _ = play(state, 0, offer(12))  # more than the victim has
    assert "accept" not in kinds(SPEC.legal_actions(state, 2))
    with pytest.raises(RuleError, match="cannot pay the 12 thalers"):
        SPEC.apply(state, 2, {"kind": "accept"})
    back = SPEC.amount_choice(state, 2)
    assert (back.low, back.high) == (1, 10)
    state, _ = play(state, 2, offer(10))
    assert state.offer == 10


@pytest.mark.parametrize("who", [0, 2])
def test_either_side_may_break_off_and_the_die_decides(who):
    """rulebook: "If no agreement is reached then the attacker rolls the dice." """
    state = at_the_table(victim_city=("church-7a", "tower-2a"))
    state, _ = play(state, 2, offer(2))
    if who == 2:
        state, _ = play(state, 0, offer(7))
    rig_die(state, 5)
    state, events = play(state, who, {"kind": "refuse"})
    assert [e.text for e in events if e.kind == "refuse"] == [
        "No pay-off is agreed between {p2} and {p0}: the negotiation ends."]  # public: not who did
    assert [(e.text, e.seats) for e in events if e.kind == "refused_by"] == [
        ("{p%d} breaks off the negotiation." % who, frozenset({0, 2}))]
    kinds = [e.kind for e in events]
    assert kinds.index("refused_by") < kinds.index("refuse"), kinds  # the cause, then the outcome
    assert [e.data["success"] for e in events if e.kind == "attack"] == [True]
    assert state.money[0] == 10 and state.money[2] == 10 and state.reserve == 5


def test_counter_proposals_go_on_until_one_accepts_or_either_breaks_off():
    """rulebook: "The victim and saboteur may then negotiate a pay-off" (no number of rounds is
    set): either side counters the other's amount as often as it likes; the negotiation ends when
    one accepts, either breaks off, or an answer's time runs out."""
    state = at_the_table(victim_money=10)
    state, _ = play(state, 2, offer(1))
    for ask, bid in [(9, 2), (9, 2), (8, 3), (8, 3), (7, 4), (7, 4)]:  # twelve counter-proposals
        state, _ = play(state, 0, offer(ask))
        assert "offer" in kinds(SPEC.legal_actions(state, 2)) and SPEC.amount_choice(state, 2).high == ask - 1
        state, _ = play(state, 2, offer(bid))
        assert SPEC.amount_choice(state, 0).low == bid + 1
    assert state.phase == Phase.ANSWER and state.actor == 0
    state, events = play(state, 0, {"kind": "accept"})
    assert [e.text for e in events if e.kind == "payoff_amount"] == ["{p2} pays {p0} 4 thalers."]
    assert state.money[2] == 6


def test_a_counter_proposal_needs_an_amount_that_fits():
    """The victim offers less than was asked (a demand of 1 thaler leaves no smaller amount): the
    answer then is to pay or to break off, and the refusal says so."""
    state = at_the_table(victim_money=10)
    state, _ = play(state, 2, offer(1))
    state, _ = play(state, 0, offer(2))
    state, _ = play(state, 2, offer(1))
    state, _ = play(state, 0, offer(2))
    assert kinds(SPEC.legal_actions(state, 2)) == ["accept", "offer", "refuse"]
    state.offer = 1  # a demand of a single thaler
    assert SPEC.amount_choice(state, 2) is None
    assert kinds(SPEC.legal_actions(state, 2)) == ["accept", "refuse"]
    with pytest.raises(RuleError, match="No other amount can be proposed now. Answer the pay-off: accept or refuse"):
        SPEC.apply(state, 2, offer(1))


def words(text: str) -> list[str]:
    return re.sub(r"\{p\d\}", "", text).replace(".", " ").split()


def test_every_step_is_private_until_the_negotiation_is_settled():
    """The two players see the amounts; the table sees that they negotiate and how it ends."""
    state = at_the_table()
    state, opened = play(state, 2, offer(2))
    state, countered = play(state, 0, offer(6))
    for event in opened + countered:
        if event.kind == "offer":
            assert event.seats == {0, 2}
        else:
            assert event.seats is None and not {"2", "6"} & set(words(event.text)) and "amount" not in event.data
    assert [e.kind for e in opened if e.seats is None] == ["negotiation"]
    for seat in (None, 1, 3):
        sabotage = SPEC.view(state, seat).sabotage
        assert sabotage.negotiating and sabotage.offer is None and sabotage.proposer is None
    state, settled = play(state, 2, {"kind": "accept"})
    public = [e for e in settled if e.seats is None and e.kind == "payoff"]
    assert public and "6" not in words(public[0].text) and "amount" not in public[0].data
    assert [e.text for e in settled if e.seats == {0, 2}] == ["{p2} pays {p0} 6 thalers."]


def test_any_pay_off_up_to_own_money_can_be_offered():
    """A pay-off is "a payment in Thalers paid by the victim": any amount the victim owns, also
    those its menu leaves out; a victim without thalers has no amount to choose."""
    state = attack_ready(victim_money=40)
    state, _ = play(state, 0, SABOTAGE_CITY, aim(0))
    offer = SPEC.amount_choice(state, 2)
    assert (offer.low, offer.high) == (1, 40)
    assert 33 not in {a.amount for a in SPEC.legal_actions(state, 2) if a.kind == "offer"}
    state, _ = play(state, 2, offer.action(33))
    assert SPEC.view(state, 2).sabotage.offer == 33
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
    """The victim's time runs out before an offer: no offer. Whoever must answer an amount and
    runs out of time refuses it, and the die decides."""
    state = at_the_table()
    assert SPEC.time_limit(state, 2) == DECISION_SECONDS and SPEC.time_limit(state, 0) is None
    assert SPEC.timeout_action(state, 2).kind == "no_offer"
    assert SPEC.timeout_action(state, 0) is None  # not the attacker's decision now
    state, _ = play(state, 2, {"kind": "offer", "amount": 2})
    assert SPEC.time_limit(state, 0) == DECISION_SECONDS
    assert SPEC.timeout_action(state, 0).kind == "refuse"
    state, _ = play(state, 0, {"kind": "offer", "amount": 5})
    assert SPEC.time_limit(state, 2) == DECISION_SECONDS
    assert SPEC.timeout_action(state, 2).kind == "refuse" and SPEC.timeout_action(state, 0) is None


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


# rulebook: "The saboteur can sweep away a gap into a cityscape. This may be filled in again during the
# building phase by a new card of course." Only "Two buildings of same type may never stand side by
# side." limits it: a gap beside another gap is no church.
def test_a_church_fills_either_of_two_gaps_side_by_side():
    state = new_game(3)
    give(state, 2, city=("gate-2a", "church-7a", "tower-2a", "gate-3a"), hand=("church-4a",))
    give(state, 0, saboteurs=2)
    for slot in (1, 2):  # two turns of seat 0, each tearing down one building with the saboteur face
        state.current = state.actor = 0
        begin_build(state, 0, False, [])
        rig_die(state, 0)
        state, _ = play(state, 0, {"kind": "sabotage", "seat": 2, "target": "city"}, {"kind": "aim", "slot": slot})
        state, events = play(state, 2, {"kind": "no_offer"})
        assert events[-1].data["success"]
    assert ids(state.cities[2]) == ["gate-2a", None, None, "gate-3a"]
    state.current = state.actor = 2
    begin_build(state, 2, False, [])
    state, _ = play(state, 2, {"kind": "pick", "card": "church-4a"})
    assert [a.slot for a in SPEC.legal_actions(state, 2) if a.kind == "place"] == [-1, 1, 2, 4]
    state, _ = play(state, 2, {"kind": "place", "slot": 2})
    assert ids(state.cities[2]) == ["gate-2a", None, "church-4a", "gate-3a"]


def test_with_both_ends_closed_a_church_is_offered_for_two_gaps_side_by_side():
    state = new_game(3)
    give(state, 0, city=("corner-1a", None, None, "gate-3a"), hand=("church-4a", "corner-1b"))
    state.last_turn = True
    state.current = state.actor = 0
    begin_build(state, 0, True, [])
    state, _ = play(state, 0, {"kind": "pick", "card": "corner-1b"}, {"kind": "place", "slot": 4})
    assert "church-4a" in [a.card for a in SPEC.legal_actions(state, 0) if a.kind == "pick"]
    assert slots_for(state.cities[0], state.closed[0], card("church-4a"), True) == [1, 2]


def test_a_computer_player_stops_countering_so_a_negotiation_with_it_ends():
    """The rules set no end to the counter-proposals; a computer player's patience has one: once
    four have been made (by either side) it accepts or refuses, so a person who counters every
    amount it names, or another computer, cannot keep the table in the negotiation."""
    from games.baumeister.ai import COUNTERS_TRIED

    for computer in (0, 2):  # the saboteur, then the victim
        state = at_the_table(victim_money=10)
        state, _ = play(state, 2, offer(1))
        policy = SPEC.policy("heuristic", seed=computer)
        for answers in range(1, 40):
            seat = state.actor
            if seat == computer:
                action = policy.choose(state, seat)
            else:  # the person counters whatever they can, as far from the computer as allowed
                choice = SPEC.amount_choice(state, seat)
                action = choice.action(choice.high if seat == 0 else choice.low) if choice else {"kind": "refuse"}
            state, _ = play(state, seat, action)
            if state.phase != Phase.ANSWER:
                break
        assert state.phase != Phase.ANSWER and state.counters <= COUNTERS_TRIED + 1, (computer, state.counters)
