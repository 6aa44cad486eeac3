"""Placement points, forfeits, byes and the order of the tie-breaks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from play.tournaments import (
    BYE_POINTS,
    GameResult,
    PlayerRecord,
    RoundRecord,
    compute_standings,
    placement_points,
)
from play.tournaments.standings import score_ratios
from tests.play.tournaments.support import random_history


def duel(winner: int, loser: int, winner_score: float = 10, loser_score: float = 5) -> GameResult:
    return GameResult.from_scores({winner: winner_score, loser: loser_score})


def order(rows) -> list[int]:
    return [row.player_id for row in rows]


def test_placement_points_run_from_one_to_zero_whatever_the_table_size():
    assert placement_points([[1], [2]]) == {1: 1.0, 2: 0.0}
    assert placement_points([[1], [2], [3]]) == {1: 1.0, 2: 0.5, 3: 0.0}
    four = placement_points([[1], [2], [3], [4]])
    assert four == pytest.approx({1: 1.0, 2: 2 / 3, 3: 1 / 3, 4: 0.0})


def test_tied_players_share_the_points_of_the_places_they_cover():
    """Two tied winners at a 4-seat table share (1 + 2/3) / 2 = 5/6."""
    points = placement_points([[1, 2], [3], [4]])
    assert points == pytest.approx({1: 5 / 6, 2: 5 / 6, 3: 1 / 3, 4: 0.0})
    assert placement_points([[1, 2, 3]]) == pytest.approx({1: 0.5, 2: 0.5, 3: 0.5})


def test_a_forfeit_takes_last_place_whatever_the_ranking_says():
    game = GameResult(ranking=[[1], [2], [3]], scores={1: 9, 2: 5, 3: 1}, forfeits=[1])
    assert game.final_groups() == [[2], [3], [1]]
    rows = {row.player_id: row for row in compute_standings(
        [PlayerRecord(player_id=p) for p in (1, 2, 3)], [RoundRecord(round_no=1, games=[game])])}
    assert rows[1].points == 0 and rows[1].forfeits == 1 and rows[1].score_ratio == 0
    assert rows[2].points == 1 and rows[2].wins == 1


def test_a_bye_scores_a_middle_finish_and_a_neutral_score_ratio():
    players = [PlayerRecord(player_id=p) for p in (1, 2, 3)]
    history = [
        RoundRecord(round_no=1, games=[duel(1, 2, 10, 8)], byes=[3]),
        RoundRecord(round_no=2, games=[duel(3, 1, 10, 5)], byes=[2]),
    ]
    rows = {row.player_id: row for row in compute_standings(players, history)}
    assert BYE_POINTS == 0.5
    assert rows[3].points == 1.5 and rows[3].byes == 1 and rows[3].games == 1
    assert rows[3].score_ratio == 2.0  # 1 from the win, plus its own average of 1 for the bye
    assert rows[2].score_ratio == pytest.approx(0.8 * 2)
    assert rows[3].opponents_points == 1.0  # only the opponent actually faced (player 1)


def test_score_ratio_guards_zero_and_negative_scores():
    shifted = score_ratios(GameResult.from_scores({1: 4, 2: -2, 3: 1}))
    assert shifted == pytest.approx({1: 1.0, 2: 0.0, 3: 0.5})  # scores shifted up by 2
    assert score_ratios(GameResult.from_scores({1: 0, 2: 0})) == {1: 1.0, 2: 1.0}
    unscored = score_ratios(GameResult(ranking=[[1], [2], [3]]))
    assert unscored == {1: 1.0, 2: 0.5, 3: 0.0}  # no scores recorded: placement points


def test_points_decide_before_any_tie_break():
    """W won once and was crushed once; L lost twice narrowly: more points beat a better ratio."""
    w, l, m, n = 1, 2, 3, 4
    players = [PlayerRecord(player_id=p) for p in (w, l, m, n)]
    history = [
        RoundRecord(round_no=1, games=[duel(w, l, 10, 9.9), duel(m, n, 10, 1)]),
        RoundRecord(round_no=2, games=[duel(m, w, 10, 0), duel(n, l, 10, 9.9)]),
    ]
    rows = {row.player_id: row for row in compute_standings(players, history)}
    assert rows[w].points == 1 and rows[l].points == 0
    assert rows[w].score_ratio < rows[l].score_ratio
    assert rows[w].rank < rows[l].rank


def test_tie_break_one_score_ratio_decides():
    """Equal points, equal opponents' points: the closer loser ranks higher."""
    players = [PlayerRecord(player_id=p) for p in (1, 2, 3, 4)]
    history = [RoundRecord(round_no=1, games=[duel(1, 2, 10, 5), duel(3, 4, 10, 9)])]
    rows = compute_standings(players, history)
    losers = [row for row in rows if row.points == 0]
    assert [row.player_id for row in losers] == [4, 2]
    assert losers[0].opponents_points == losers[1].opponents_points
    assert losers[0].rank == 3 and losers[1].rank == 4


def test_tie_break_two_opponents_points_decides():
    """X and Y both won then lost with the same scores; X's opponents scored more."""
    x, y, p, q, z1, z2 = range(1, 7)
    players = [PlayerRecord(player_id=player) for player in range(1, 7)]
    history = [
        RoundRecord(round_no=1, games=[duel(x, p), duel(y, q), GameResult.from_scores({z1: 7, z2: 7})]),
        RoundRecord(round_no=2, games=[duel(z1, x), duel(z2, y), duel(p, q)]),
    ]
    rows = {row.player_id: row for row in compute_standings(players, history)}
    assert rows[x].points == rows[y].points == 1
    assert rows[x].score_ratio == rows[y].score_ratio == 1.5
    assert rows[x].opponents_points == 2.5 and rows[y].opponents_points == 1.5
    assert rows[x].rank < rows[y].rank < rows[p].rank


def test_tie_break_three_opponents_rating_decides():
    x, y, strong, weak = 1, 2, 3, 4
    players = [
        PlayerRecord(player_id=x, rating=10),
        PlayerRecord(player_id=y, rating=10),
        PlayerRecord(player_id=strong, rating=20),
        PlayerRecord(player_id=weak, rating=5),
    ]
    history = [RoundRecord(round_no=1, games=[duel(x, strong), duel(y, weak)])]
    rows = compute_standings(players, history)
    assert order(rows)[:2] == [x, y]
    assert rows[0].opponents_rating == 20 and rows[1].opponents_rating == 5
    assert rows[0].opponents_points == rows[1].opponents_points
    # the two losers faced equally rated winners: equal on everything, so they share a rank
    assert rows[2].rank == rows[3].rank == 3 and order(rows)[2:] == [strong, weak]


def test_withdrawn_players_keep_their_row():
    players = [PlayerRecord(player_id=1, withdrawn=True), PlayerRecord(player_id=2)]
    rows = compute_standings(players, [RoundRecord(round_no=1, games=[duel(1, 2)])])
    assert rows[0].player_id == 1 and rows[0].withdrawn and rows[0].points == 1


def test_elimination_standings_put_the_final_table_first():
    players = [PlayerRecord(player_id=p) for p in range(1, 7)]
    history = [
        RoundRecord(round_no=1, games=[GameResult(ranking=[[1], [2], [3]]), GameResult(ranking=[[4], [5], [6]])]),
        RoundRecord(round_no=2, games=[GameResult(ranking=[[4], [1]])]),
    ]
    rows = compute_standings(players, history, "elimination")
    assert order(rows)[:2] == [4, 1]
    assert rows[0].reached_round == 2 and rows[2].reached_round == 1


def test_records_survive_a_json_round_trip():
    game = GameResult(ranking=[[1, 2], [3]], scores={1: 4.5, 2: 4.5, 3: -1}, forfeits=[3])
    record = RoundRecord(round_no=2, games=[game], byes=[9])
    assert RoundRecord.model_validate_json(record.model_dump_json()) == record


@settings(deadline=None)
@given(count=st.integers(2, 30), rounds=st.integers(1, 4), seed=st.integers(0, 2**32))
def test_standings_are_ordered_by_points_then_the_tie_breaks(count, rounds, seed):
    players = [PlayerRecord(player_id=i, rating=float(i % 4)) for i in range(count)]
    history = random_history(random.Random(seed), list(range(count)), rounds, 3, 2, 4)
    rows = compute_standings(players, history)
    keys = [(r.points, r.score_ratio, r.opponents_points, r.opponents_rating) for r in rows]
    assert keys == sorted(keys, reverse=True)
    for before, after, key_before, key_after in zip(rows, rows[1:], keys, keys[1:]):
        assert (after.rank == before.rank) == (key_after == key_before)
    # each k-seat game hands out k/2 points in total, each bye 1/2
    handed_out = sum(len(g.players) / 2 for r in history for g in r.games) + BYE_POINTS * sum(
        len(r.byes) for r in history)
    assert sum(row.points for row in rows) == pytest.approx(handed_out)


@pytest.mark.parametrize("winners, wins", [([0, 1], {101: 1, 102: 1}), ([], {101: 0, 102: 0})])
def test_the_won_column_counts_the_games_winners_when_winning_is_not_by_place(winners, wins):
    """Aelderman rulebook (short version): "You win the game if you manage to complete at least the
    basic task of your mission. That means there can be multiple winners in this version." Places
    still go by mission level, then council votes."""
    from games import Outcome
    from play.tournaments.service import game_result
    from storage import SeatRow

    seats = [SeatRow(table_id=1, seat=n, user_id=101 + n, display_name=f"p{n}", ai=None, forfeited=False,
                     dm_ok=True, dm_channel_id=None, dm_message_id=None) for n in range(2)]
    outcome = Outcome(ranking=[[0], [1]], scores={0: 9.0, 1: 5.0}, winners=winners, winners_by_place=False)
    rows = compute_standings([PlayerRecord(player_id=101), PlayerRecord(player_id=102)],
                             [RoundRecord(round_no=1, games=[game_result(seats, outcome)])])
    assert {row.player_id: row.wins for row in rows} == wins
    assert order(rows) == [101, 102]
