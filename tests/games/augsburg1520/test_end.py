"""The end of the game: most prestige, then the most expensive cathedral, then church."""

from __future__ import annotations

from games.augsburg1520 import SPEC

from .states import after_first_purchase, give_right


def finished(seats, scores):
    state = after_first_purchase(seats, 4)
    state.score = list(scores)
    state.phase = "over"
    return state


def test_no_outcome_while_playing():
    assert SPEC.outcome(after_first_purchase(3, 4)) is None


def test_most_prestige_wins_and_scores_are_prestige():
    """'The winner is the player with the most Prestige points.'"""
    outcome = SPEC.outcome(finished(3, [30, 52, 41]))
    assert outcome.winners == [1]
    assert outcome.ranking == [[1], [2], [0]]
    assert outcome.scores == {0: 30.0, 1: 52.0, 2: 41.0}
    assert outcome.tie_break is None


def test_tie_broken_by_the_most_expensive_cathedral():
    """'If players tie with the most Prestige points, the player among those tied who has
    contributed the most to build a Cathedral (most expensive) wins the game'."""
    state = finished(3, [50, 50, 20])
    give_right(state, 0, "cathedral", 1100)
    give_right(state, 1, "cathedral", 1300)
    give_right(state, 0, "church", 700)
    outcome = SPEC.outcome(state)
    assert outcome.winners == [1]
    assert outcome.ranking == [[1], [0], [2]]
    assert "cathedral" in outcome.tie_break and "{p1} wins" in outcome.tie_break


def test_tie_broken_by_the_church_when_neither_has_a_cathedral():
    """'(or the most expensive Church if neither of them has built a Cathedral yet)'."""
    state = finished(4, [25, 10, 25, 25])
    give_right(state, 2, "church", 600)
    give_right(state, 3, "church", 700)
    outcome = SPEC.outcome(state)
    assert outcome.winners == [3]
    assert outcome.ranking == [[3], [2], [0], [1]]
    assert "church" in outcome.tie_break and "{p3} wins" in outcome.tie_break


def test_a_cathedral_beats_a_church_in_a_tie():
    state = finished(2, [25, 25])
    give_right(state, 0, "church", 700)
    give_right(state, 1, "cathedral", 900)
    outcome = SPEC.outcome(state)
    assert outcome.winners == [1]
    assert "cathedral" in outcome.tie_break


def test_without_any_building_the_tied_players_share_the_win():
    outcome = SPEC.outcome(finished(3, [25, 25, 3]))
    assert outcome.winners == [0, 1]
    assert outcome.ranking == [[0, 1], [2]]
    assert "share the win" in outcome.tie_break


def with_churches_600_and_700(scores: list[int]):
    """The outcome of a finished game with these prestige totals, seat 1 holding a church of 600
    guilders and seat 2 one of 700."""
    state = finished(len(scores), scores)
    give_right(state, 1, "church", 600)
    give_right(state, 2, "church", 700)
    return SPEC.outcome(state)


def test_a_tie_below_first_place_is_ordered_the_same_way_and_says_so():
    """The rulebook's tie-break names the winner: 'the player among those tied who has contributed
    the most to build a Cathedral (most expensive) wins the game (or the most expensive Church if
    neither of them has built a Cathedral yet)'. The same order places players tied lower down,
    and the standings say why."""
    outcome = with_churches_600_and_700([60, 45, 45, 30])
    assert outcome.ranking == [[0], [2], [1], [3]]
    assert outcome.tie_break == ("{p2} and {p1} tied on 45 prestige and have no cathedral; {p2} places ahead "
                                 "with the most expensive church (700 guilders).")


def test_a_three_way_tie_says_how_each_one_places():
    outcome = with_churches_600_and_700([60, 45, 45, 45])
    assert outcome.ranking == [[0], [2], [1], [3]]
    assert outcome.tie_break == ("{p2}, {p1} and {p3} tied on 45 prestige; the most expensive cathedral, then "
                                 "church, orders them: {p2} (church 700 guilders); {p1} (church 600 guilders); "
                                 "{p3} (neither).")
    state = finished(3, [45, 45, 45])
    give_right(state, 0, "cathedral", 900)
    outcome = SPEC.outcome(state)
    assert outcome.ranking == [[0], [1, 2]]
    assert outcome.tie_break.endswith("orders them: {p0} (cathedral 900 guilders); {p1} (neither); {p2} (neither). "
                                      "{p0} wins. Equal ones share their place.")


def test_three_tied_with_nothing_built_share_the_win_and_nothing_is_said_to_order_them():
    """'If players tie with the most Prestige points, the player among those tied who has contributed
    the most to build a Cathedral ... wins': with no church or cathedral among them, nothing does."""
    outcome = SPEC.outcome(finished(3, [45, 45, 45]))
    assert outcome.ranking == [[0, 1, 2]]
    assert outcome.tie_break == ("{p0}, {p1} and {p2} tied on 45 prestige and none of them has built a church or "
                                 "cathedral: they share the win.")
