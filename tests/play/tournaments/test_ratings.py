"""OpenSkill Plackett-Luce ratings kept as plain (mu, sigma) numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from play.tournaments import Rating, new_rating, ordinal, update


def test_a_new_player_starts_at_display_rating_zero():
    rating = new_rating()
    assert rating.mu == 25.0 and rating.sigma == pytest.approx(25 / 3)
    assert ordinal(rating) == 0.0


def test_the_winner_goes_up_and_the_loser_down():
    after = update({1: new_rating(), 2: new_rating()}, [[1], [2]])
    assert after[1].mu > 25 > after[2].mu
    assert ordinal(after[1]) > 0
    assert after[1].sigma < new_rating().sigma  # a played game makes both estimates surer


def test_places_at_a_four_seat_table_are_rated_in_order():
    after = update({}, [[1], [2], [3], [4]])
    assert after[1].mu > after[2].mu > after[3].mu > after[4].mu


def test_tied_players_from_equal_ratings_stay_equal():
    after = update({}, [[1, 2], [3]])
    assert after[1] == after[2]
    assert after[1].mu > after[3].mu


def test_an_upset_moves_ratings_more_than_an_expected_result():
    strong, weak = Rating(mu=35, sigma=4), Rating(mu=20, sigma=4)
    expected = update({1: strong, 2: weak}, [[1], [2]])
    upset = update({1: strong, 2: weak}, [[2], [1]])
    assert upset[2].mu - weak.mu > expected[1].mu - strong.mu > 0


def test_missing_players_start_from_a_new_rating_and_only_ranked_players_return():
    after = update({1: Rating(mu=30, sigma=5), 9: Rating(mu=10, sigma=1)}, [[2], [1]])
    assert set(after) == {1, 2}
    assert after[2].mu > 25


def test_a_player_ranked_twice_is_refused():
    with pytest.raises(ValueError):
        update({}, [[1], [1]])


def test_ratings_survive_a_json_round_trip():
    rating = update({}, [[1], [2]])[1]
    assert Rating.model_validate_json(rating.model_dump_json()) == rating


ratings = st.builds(Rating, mu=st.floats(0, 50), sigma=st.floats(0.5, 9))


@given(st.lists(ratings, min_size=2, max_size=5))
def test_any_winner_moves_up_and_any_last_player_moves_down(before):
    players = list(range(len(before)))
    after = update(dict(zip(players, before)), [[p] for p in players])
    assert after[0].mu > before[0].mu
    assert after[players[-1]].mu < before[-1].mu


def test_the_rating_shown_is_the_one_the_leaderboard_places_by():
    """README: "Players of equal rating share a place": a rating a hair under a half (mu - 3 sigma =
    1.2499996) is shown as 1.2, the value its place is counted from, not 1.3."""
    from play.tournaments.ratings import tenths
    rating = Rating(mu=20.0, sigma=6.250000133333334)
    assert tenths(ordinal(rating)) == tenths(rating.mu - 3 * rating.sigma) == 1.2  # as shown (bot/ui/results.py)
