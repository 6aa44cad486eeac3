"""Elimination: the top of each table advances until one final table."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from play.tournaments import (
    Format,
    GameResult,
    PairingError,
    PlayerRecord,
    RoundRecord,
    advancing_counts,
    compute_standings,
    is_finished,
    pair_round,
    survivors,
)
from tests.play.tournaments.support import random_game


def play_out(players, table_size, min_seats, max_seats, seed, advance=None):
    """Play every round with random results; return the pairings and the history."""
    rng = random.Random(seed)
    pairings, history = [], []
    while not is_finished(history):
        pairing = pair_round(
            "elimination", players, len(history) + 1, table_size, min_seats, max_seats, seed, history, advance
        )
        pairings.append(pairing)
        games = [random_game(rng, table) for table in pairing.tables]
        history.append(RoundRecord(round_no=pairing.round_no, games=games, byes=pairing.byes))
    return pairings, history


def test_advancing_counts_follow_the_table_size_share():
    """Table size 4, two advance: a 3-seat table sends 1 (1.5 rounded down), a 5-seat 2 (2.5)."""
    assert advancing_counts([4, 4, 4], 4, 3) == [2, 2, 2]
    assert advancing_counts([4, 3, 3], 4, 3) == [2, 1, 1]
    assert advancing_counts([5, 4, 4], 4, 3) == [2, 2, 2]
    assert advancing_counts([2, 2, 2, 2], 2, 2) == [1, 1, 1, 1]
    assert advancing_counts([5, 5], 5, 2, advance=1) == [1, 1]
    assert advancing_counts([6, 6], 6, 2, advance=4) == [4, 4]


def test_too_few_advancing_players_for_a_final_are_topped_up():
    """Two 3-seat tables sending one each would leave 2 for a game of at least 3."""
    assert advancing_counts([3, 3], 3, 3) == [2, 1]


def test_advance_must_leave_someone_behind():
    with pytest.raises(PairingError):
        advancing_counts([4, 4], 4, 2, advance=4)


def test_sixteen_players_at_four_seat_tables_need_two_rounds_then_a_final():
    players = [PlayerRecord(player_id=p, rating=p) for p in range(16)]
    pairings, history = play_out(players, 4, 4, 4, seed=5)
    assert [len(p.tables) for p in pairings] == [4, 2, 1]
    assert len(pairings[-1].tables[0]) == 4
    with pytest.raises(PairingError):
        pair_round("elimination", players, 4, 4, 4, 4, 5, history)


def test_round_one_deals_seeds_serpentine_wise():
    """Eight players, two tables: seeds 1, 4, 5, 8 at one table, 2, 3, 6, 7 at the other."""
    players = [PlayerRecord(player_id=p, rating=100 - p) for p in range(1, 9)]
    pairing = pair_round("elimination", players, 1, 4, 4, 4, 0, [])
    assert sorted(map(sorted, pairing.tables)) == [[1, 4, 5, 8], [2, 3, 6, 7]]


def test_byes_go_to_the_best_seeds_and_advance():
    players = [PlayerRecord(player_id=p, rating=100 - p) for p in range(1, 6)]
    first = pair_round("elimination", players, 1, 4, 3, 4, 0, [])
    assert first.byes == [1] and sorted(first.tables[0]) == [2, 3, 4, 5]
    history = [RoundRecord(round_no=1, games=[GameResult(ranking=[[5], [4], [3], [2]])], byes=[1])]
    assert sorted(survivors(players, history, 4, 3)) == [1, 4, 5]


def test_ties_at_the_cut_go_to_the_higher_score_then_rating():
    players = [PlayerRecord(player_id=p, rating=float(p)) for p in range(1, 5)]
    by_score = GameResult(ranking=[[1], [2, 3], [4]], scores={1: 9, 2: 5, 3: 6, 4: 1})
    history = [RoundRecord(round_no=1, games=[by_score, GameResult(ranking=[[5], [6], [7], [8]])])]
    assert 3 in survivors(players, history, 4, 2) and 2 not in survivors(players, history, 4, 2)
    by_rating = GameResult(ranking=[[1], [2, 3], [4]])
    history = [RoundRecord(round_no=1, games=[by_rating, GameResult(ranking=[[5], [6], [7], [8]])])]
    assert 3 in survivors(players, history, 4, 2)


def test_withdrawn_survivors_drop_out():
    players = [PlayerRecord(player_id=p) for p in range(1, 9)]
    history = [RoundRecord(round_no=1, games=[GameResult(ranking=[[1], [2], [3], [4]]),
                                             GameResult(ranking=[[5], [6], [7], [8]])])]
    players[0] = players[0].model_copy(update={"withdrawn": True})
    assert sorted(survivors(players, history, 4, 2)) == [2, 5, 6]


def test_the_final_tables_winner_tops_the_standings():
    players = [PlayerRecord(player_id=p, rating=p) for p in range(20)]
    _, history = play_out(players, 4, 3, 5, seed=11)
    final = history[-1].games[0]
    rows = compute_standings(players, history, "elimination")
    assert rows[0].player_id in final.final_groups()[0]
    assert {row.player_id for row in rows[: len(final.players)]} == set(final.players)


@settings(deadline=None)
@given(
    count=st.integers(2, 70),
    rules=st.tuples(st.integers(2, 4), st.integers(0, 2), st.integers(0, 2)),
    advance_offset=st.integers(0, 2),
    seed=st.integers(0, 2**32),
)
@pytest.mark.slow
def test_the_field_shrinks_every_round_down_to_one_final_table(count, rules, advance_offset, seed):
    min_seats, size_above_min, max_above_size = rules
    table_size = min_seats + size_above_min
    max_seats = table_size + max_above_size
    assume(count >= min_seats)
    advance = min(table_size - 1, 1 + advance_offset)
    players = [PlayerRecord(player_id=p, rating=float(p % 9)) for p in range(count)]
    pairings, _ = play_out(players, table_size, min_seats, max_seats, seed, advance)
    field = count + 1
    for pairing in pairings:
        in_round = [p for table in pairing.tables for p in table] + pairing.byes
        assert len(in_round) == len(set(in_round)) < field
        assert all(min_seats <= len(table) <= max_seats for table in pairing.tables)
        field = len(in_round)
    assert len(pairings[-1].tables) == 1 and not pairings[-1].byes


def test_a_player_who_forfeited_does_not_go_on():
    """A forfeit ranks the player last at their table: they never go on, and a table everyone
    forfeited (a cancelled one) sends nobody (not a player picked by rating or id)."""
    players = [PlayerRecord(player_id=p) for p in range(1, 9)]
    history = [RoundRecord(round_no=1, games=[
        GameResult(ranking=[[1], [2], [3], [4]], forfeits=[1]),  # the winner forfeited: 2 and 3 go on
        GameResult(ranking=[[5, 6, 7, 8]], forfeits=[5, 6, 7, 8]),  # cancelled: everyone forfeited
    ])]
    assert sorted(survivors(players, history, 4, 2)) == [2, 3]


def _round_of_four_and_a_bye():
    """Five players at tables of 3 (a 3-4 seat game): one table of 4 and a bye, played out."""
    players = [PlayerRecord(player_id=i, rating=float(10 - i)) for i in range(1, 6)]
    first = pair_round("elimination", players, 1, 3, 3, 4, 7, [], 1)
    assert [len(t) for t in first.tables] == [4] and len(first.byes) == 1
    table = first.tables[0]
    result = GameResult.from_scores({p: 10 - k for k, p in enumerate(table)})
    return players, table, [RoundRecord(round_no=1, games=[result], byes=first.byes)]


def test_a_withdrawn_bye_is_not_counted_among_those_going_on():
    """README: "when a round before the final would leave fewer players than the game needs, its
    tables, largest first, each send one more until enough go on". A bye holder who withdrew goes
    on no more, so the table of 4 sends 3 and a final of 3 can follow."""
    players, table, history = _round_of_four_and_a_bye()
    assert len(survivors(players, history, 3, 3, 1)) == 3  # 2 from the table (topped up) and the bye
    withdrawn = [p.model_copy(update={"withdrawn": p.player_id in history[0].byes}) for p in players]
    assert sorted(survivors(withdrawn, history, 3, 3, 1)) == sorted(table[:3])


def test_a_qualifier_who_withdrew_is_replaced_when_too_few_would_go_on():
    """Withdrawn players drop out; a round that would then leave fewer than a table needs has its
    tables send one more, passing over those who withdrew."""
    players, table, history = _round_of_four_and_a_bye()
    winner = table[0]
    withdrawn = [p.model_copy(update={"withdrawn": p.player_id == winner}) for p in players]
    going_on = survivors(withdrawn, history, 3, 3, 1)
    assert winner not in going_on and table[2] in going_on and len(going_on) == 3


def test_a_round_that_cannot_send_enough_any_more_ends_without_looping():
    """One table of 3 and a bye that withdrew: the table sends all but one, and that is too few."""
    assert advancing_counts([3], 3, 3, final=False) == [2]


def test_a_full_tie_at_the_cut_is_drawn_by_lot_not_by_user_id():
    """README: "Players tied across the cut are separated by game score, then rating, then by lot":
    over tournaments (seeds), either of two tied, unrated players may go through."""
    players = [PlayerRecord(player_id=p) for p in range(10, 16)]
    history = [RoundRecord(round_no=1, games=[
        GameResult(ranking=[[10], [11, 12]], scores={10: 30.0, 11: 20.0, 12: 20.0}),
        GameResult(ranking=[[13], [14], [15]], scores={13: 30.0, 14: 20.0, 15: 10.0}),
    ])]
    through = set()
    for seed in range(20):
        pairing = pair_round(Format.ELIMINATION, players, 2, 3, 3, 4, seed, history, advance=1)
        seated = {p for table in pairing.tables for p in table} | set(pairing.byes)
        assert len(seated & {11, 12}) == 1
        through |= seated & {11, 12}
    assert through == {11, 12}


def test_tables_send_their_extra_players_in_turn_after_a_qualifier_withdrew():
    """README: "its tables, largest first, each send one more, passing over players who withdrew,
    until enough go on". A table of 4 and one of 3 (a table needs 3, advance 1) send 2 and 1: the
    table of 4 had the first extra turn. The 3-seat table's winner withdraws: the next turn is
    that table's, whose second goes on, not the larger table's third."""
    large, small = [11, 12, 13, 14], [21, 22, 23]
    history = [RoundRecord(round_no=1, games=[GameResult(ranking=[[p] for p in large]),
                                              GameResult(ranking=[[p] for p in small])])]
    players = [PlayerRecord(player_id=p) for p in large + small]
    assert sorted(survivors(players, history, 3, 3, 1)) == [11, 12, 21]
    players = [p.model_copy(update={"withdrawn": p.player_id == 21}) for p in players]
    assert sorted(survivors(players, history, 3, 3, 1)) == [11, 12, 22]
