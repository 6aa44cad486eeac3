"""The end of the game: the final round and the scoring."""

from __future__ import annotations

import pytest

from games.baumeister import SPEC
from games.baumeister.city import score
from games.baumeister.flow import end_turn
from tests.games.baumeister.helpers import cards, give, new_game, play


def test_printed_values_count():
    """rulebook: "Each building card counts the printed point value."""
    points, lines = score(cards("church-9a", "gate-2a", "hall-5a"), ())
    assert points == 16
    assert lines[0] == "Buildings: 16 (3 cards)" and lines[-1] == "Total: 16"


def test_complete_city_with_all_three_bonuses():
    """rulebook: "If the city is complete and there is a Town Hall exactly in the middle, the
    city scores 10 extra points." "an equal number of Churches on each side of the the Town
    Hall ... the city scores 5 extra points." "the Corner Towers on both the left and right
    ends are the same value, the city scores 5 extra points."""
    city = cards("corner-2a", "church-4a", "gate-2a", "hall-7a", "church-9a", "gate-3a", "corner-2b")
    points, lines = score(city, ())
    assert points == 2 + 4 + 2 + 7 + 9 + 3 + 2 + 10 + 5 + 5
    assert "Town hall exactly in the middle: +10" in lines
    assert "1 church on each side of the town hall: +5" in lines
    assert "Corner towers of equal value (2): +5" in lines


def test_churches_need_not_mirror_and_zero_does_not_count():
    """rulebook: "(The churches do not have to be in the same position on the two sides.)" and
    "(zero churches doesn't count, of course)"."""
    city = cards("corner-1a", "church-4a", "gate-2a", "church-5a", "hall-7a", "church-9a", "gate-3a",
                 "church-6a", "tower-3a", "corner-2a")
    _, lines = score(city, ())
    assert "2 churches on each side of the town hall: +5" in lines
    assert not any("middle" in line for line in lines)  # even length: no middle
    city = cards("corner-1a", "gate-2a", "hall-7a", "gate-3a", "corner-1b")
    points, lines = score(city, ())
    assert points == 1 + 2 + 7 + 3 + 1 + 10 + 5
    assert not any("church" in line for line in lines)


def test_incomplete_city_scores_no_bonus():
    """rulebook: "If a city is complete, i.e. there are no gaps and there is a Corner Tower both
    on the left and right, extra-points can be scored"."""
    with_gap = cards("corner-2a", "church-4a", "hall-7a", "gate-3a", "corner-2b")
    with_gap = with_gap[:1] + (-1,) + with_gap[2:]
    points, lines = score(with_gap, ())
    assert points == 2 + 7 + 3 + 2
    assert "City not complete: no extra points" in lines
    one_corner = cards("corner-2a", "gate-2a", "hall-7a", "gate-3a", "church-5a")
    assert score(one_corner, ())[0] == 2 + 2 + 7 + 3 + 5


def test_cards_in_hand_count_minus():
    """rulebook: "Each building card that is still in a player's hand counts as a minus value.
    Finally, coins and saboteurs are worth nothing at the end."""
    points, lines = score(cards("church-9a"), cards("hall-6a", "tower-1a"))
    assert points == 9 - 6 - 1
    assert lines[-2] == "Cards in hand: -7 (Tower 1 (2 shields), Town hall 6)"


def finished(cities_and_hands, seats=3):
    state = new_game(seats)
    for seat, (city, hand) in enumerate(cities_and_hands):
        give(state, seat, city=city, hand=hand)
    state.last_turn = True
    state.current = seats - 1
    events = []
    end_turn(state, events)
    while SPEC.outcome(state) is None:
        state, more = play(state, state.actor, {"kind": "done"})
        events += more
    return state, events


def test_ties_share_first_place():
    """rulebook: "Whoever achieves the highest score has won" - equal scores tie."""
    state, _ = finished([(("church-9a",), ()), (("hall-7a", "gate-2a"), ()), (("church-5a",), ())])
    outcome = SPEC.outcome(state)
    assert outcome.scores == {0: 9, 1: 9, 2: 5}
    assert outcome.ranking == [[0, 1], [2]] and outcome.winners == [0, 1]
    assert outcome.place_of(2) == 3
    assert outcome.details[1] == ["Buildings: 9 (2 cards)", "City not complete: no extra points", "Total: 9"]


def test_final_round_from_the_next_player_and_completion_allowed():
    """rulebook: "Afterwards there is a final round: Each player may one last time lay out up
    to three building cards from their hand. Only now may a city be completed"."""
    state, _ = finished([((), ()), ((), ()), ((), ())])
    assert SPEC.outcome(state) is not None  # nobody holds a card: the round is skipped
    state = new_game(3)
    give(state, 0, city=("corner-2a", "church-4a"), hand=("corner-2b", "church-5a"))
    give(state, 1, city=("gate-2a",), hand=("church-6a",))
    give(state, 2, city=("gate-3a",), hand=("hall-5a",))
    state.last_turn = True
    state.current = 1
    end_turn(state, [])
    assert state.phase == "final" and state.actor == 2
    state, _ = play(state, 2, {"kind": "done"})
    assert state.actor == 0
    state, _ = play(state, 0, {"kind": "pick", "card": "corner-2b"}, {"kind": "place", "slot": 2})
    assert "sabotage" not in [a.kind for a in SPEC.legal_actions(state, 0)]
    state, _ = play(state, 0, {"kind": "done"})
    assert state.actor == 1
    state, events = play(state, 1, {"kind": "pick", "card": "church-6a"}, {"kind": "place", "slot": 1})
    outcome = SPEC.outcome(state)
    assert outcome is not None and events[-1].kind == "game_over"
    assert outcome.scores[0] == 2 + 4 + 2 + 5 - 5  # equal corner towers; church 5 left in hand
    assert "Corner towers of equal value (2): +5" in outcome.details[0]


def test_first_build_in_the_final_round_is_three_cards():
    state = new_game(3)
    give(state, 0, hand=("church-5a", "gate-2a"))
    give(state, 1, hand=("church-6a", "gate-3a", "hall-6a"))
    state.last_turn = True
    state.current = 2
    end_turn(state, [])
    assert state.actor == 1  # seat 0 cannot make a first build of three cards: skipped
    state, _ = play(state, 1, {"kind": "pick", "card": "gate-3a"}, {"kind": "place", "slot": 0})
    assert "done" not in [a.kind for a in SPEC.legal_actions(state, 1)]


@pytest.mark.parametrize("seats", [3, 4])
def test_outcome_details_for_every_seat(seats):
    from tests.games.playout import random_playout

    state = random_playout(SPEC, seats, 11).state
    outcome = SPEC.outcome(state)
    assert sorted(outcome.details) == list(range(seats))
    for seat, lines in outcome.details.items():
        assert lines[0].startswith("Buildings:") and lines[-1] == f"Total: {int(outcome.scores[seat])}"
    assert SPEC.stats(state)[0]["score"] == outcome.scores[0]
