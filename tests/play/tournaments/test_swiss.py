"""Swiss pairing: everyone seated once at legal tables, leaders together, few repeat meetings."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from play.tournaments import (
    GameResult,
    PlayerRecord,
    RoundRecord,
    compute_standings,
    pair_round,
    plan_tables,
    swiss_order,
)
from tests.play.tournaments.support import (
    fewest_possible_repeats,
    greedy_baseline,
    random_game,
    random_history,
    repeat_meetings,
    roster,
)


@st.composite
def swiss_cases(draw, max_players: int = 40):
    """Players (some withdrawn), table rules and a random history of earlier rounds."""
    min_seats = draw(st.integers(2, 4))
    max_seats = draw(st.integers(min_seats, 5))
    table_size = draw(st.integers(min_seats, max_seats))
    count = draw(st.integers(min_seats, max_players))
    withdrawn = draw(st.sets(st.integers(0, count - 1), max_size=min(count - min_seats, count // 4)))
    played = draw(st.integers(0, 5))
    seed = draw(st.integers(0, 2**32))
    players = [
        PlayerRecord(player_id=100 + i, rating=float(i % 5), withdrawn=i in withdrawn) for i in range(count)
    ]
    rng = random.Random(seed)
    history = random_history(rng, [p.player_id for p in players], played, table_size, min_seats, max_seats)
    return players, history, table_size, min_seats, max_seats, seed


def pair(case):
    players, history, table_size, min_seats, max_seats, seed = case
    return pair_round("swiss", players, len(history) + 1, table_size, min_seats, max_seats, seed, history)


@pytest.mark.slow
@settings(deadline=None)
@given(swiss_cases())
def test_every_active_player_is_seated_exactly_once_at_planned_table_sizes(case):
    players, history, table_size, min_seats, max_seats, _ = case
    pairing = pair(case)
    active = [p.player_id for p in players if not p.withdrawn]
    placed = [player for table in pairing.tables for player in table] + pairing.byes
    assert sorted(placed) == sorted(active)
    plan = plan_tables(len(active), table_size, min_seats, max_seats)
    assert Counter(len(table) for table in pairing.tables) == Counter(plan.sizes)
    assert len(pairing.byes) == plan.byes


@pytest.mark.slow
@settings(deadline=None)
@given(swiss_cases())
def test_same_inputs_and_seed_give_the_same_pairing(case):
    assert pair(case) == pair(case)


@pytest.mark.slow
@settings(deadline=None)
@given(swiss_cases())
def test_repeat_meetings_never_exceed_the_greedy_baseline(case):
    players, history, table_size, min_seats, max_seats, seed = case
    pairing = pair(case)
    order = [p for p in swiss_order(players, history, seed, len(history) + 1) if p not in pairing.byes]
    sizes = plan_tables(len(order) + len(pairing.byes), table_size, min_seats, max_seats).sizes
    baseline = greedy_baseline(order, sizes, history)
    assert repeat_meetings(pairing.tables, history) <= repeat_meetings(baseline, history)


@settings(max_examples=60, deadline=None)
@given(swiss_cases(max_players=9))
def test_small_fields_get_the_fewest_repeat_meetings_possible(case):
    _, history, *_ = case
    pairing = pair(case)
    seated = sorted(player for table in pairing.tables for player in table)
    sizes = [len(table) for table in pairing.tables]
    assert repeat_meetings(pairing.tables, history) == fewest_possible_repeats(seated, sizes, history)


@pytest.mark.slow
@settings(deadline=None)
@given(swiss_cases())
def test_board_one_holds_the_leader(case):
    players, history, _, _, _, seed = case
    pairing = pair(case)
    order = [p for p in swiss_order(players, history, seed, len(history) + 1) if p not in pairing.byes]
    assert order[0] in pairing.tables[0]


@pytest.mark.slow
@settings(deadline=None)
@given(swiss_cases())
def test_byes_go_to_players_with_the_fewest_byes_so_far(case):
    _, history, *_ = case
    pairing = pair(case)
    had = Counter(player for record in history for player in record.byes)
    seated = [player for table in pairing.tables for player in table]
    for player in pairing.byes:
        assert all(had[player] <= had[other] for other in seated)


def play_swiss(players, rounds, table_size, min_seats, max_seats, seed=7):
    rng = random.Random(seed)
    history = []
    for round_no in range(1, rounds + 1):
        pairing = pair_round("swiss", players, round_no, table_size, min_seats, max_seats, seed, history)
        games = [random_game(rng, table) for table in pairing.tables]
        history.append(RoundRecord(round_no=round_no, games=games, byes=pairing.byes))
    return history


def test_nine_players_at_three_seat_tables_never_meet_twice_in_four_rounds():
    """Nine players can play four rounds of threes without meeting anyone twice."""
    for seed in range(5):
        history = play_swiss(roster(9), 4, 3, 3, 3, seed)
        for round_no in range(1, 5):
            tables = [game.players for game in history[round_no - 1].games]
            assert repeat_meetings(tables, history[: round_no - 1]) == 0


def test_ten_players_at_four_seat_tables_sit_four_three_three():
    pairing = pair_round("swiss", roster(10), 1, 4, 3, 4, 1, [])
    assert sorted(len(table) for table in pairing.tables) == [3, 3, 4] and pairing.byes == []


def test_the_round_one_winners_meet_on_board_one():
    """16 players, four tables; the four table winners lead and meet each other next."""
    players = roster(16)
    first = pair_round("swiss", players, 1, 4, 4, 4, 3, [])
    winners = [table[0] for table in first.tables]
    games = [GameResult(ranking=[[p] for p in table]) for table in first.tables]
    history = [RoundRecord(round_no=1, games=games)]
    second = pair_round("swiss", players, 2, 4, 4, 4, 3, history)
    assert sorted(second.tables[0]) == sorted(winners)
    assert repeat_meetings(second.tables, history) == 0


def test_leaders_who_already_met_are_split_up():
    """Two leaders that shared a table are not seated together again while others can be."""
    players = roster(8)
    a, b, c, d, e, f, g, h = (p.player_id for p in players)
    history = [
        RoundRecord(round_no=1, games=[GameResult(ranking=[[a], [b]]), GameResult(ranking=[[c], [d]]),
                                       GameResult(ranking=[[e], [f]]), GameResult(ranking=[[g], [h]])]),
        RoundRecord(round_no=2, games=[GameResult(ranking=[[a], [c]]), GameResult(ranking=[[b], [d]]),
                                       GameResult(ranking=[[e], [g]]), GameResult(ranking=[[f], [h]])]),
    ]
    pairing = pair_round("swiss", players, 3, 2, 2, 2, 5, history)
    assert repeat_meetings(pairing.tables, history) == 0
    assert sorted(pairing.tables[0]) == sorted([a, e])  # a leads on 2 wins, e is the other 2-win player


def test_withdrawn_players_are_not_paired():
    players = roster(9)
    players[4] = players[4].model_copy(update={"withdrawn": True})
    pairing = pair_round("swiss", players, 1, 4, 2, 4, 9, [])
    seated = [p for table in pairing.tables for p in table]
    assert players[4].player_id not in seated and sorted(seated) == sorted(
        p.player_id for p in players if not p.withdrawn
    )


def test_the_bye_moves_on_to_another_player():
    """Five players for a 3-4 seat game: one bye per round, never the same player twice in a row."""
    history = play_swiss(roster(5), 5, 4, 3, 4)
    byes = [record.byes for record in history]
    assert all(len(bye) == 1 for bye in byes)
    assert len({bye[0] for bye in byes}) == 5


def test_a_forfeit_then_a_withdrawal_is_recorded_and_respected():
    players = roster(8)
    quitter = players[0].player_id
    history = play_swiss(players, 1, 4, 4, 4)
    second = pair_round("swiss", players, 2, 4, 4, 4, 7, history)
    games = []
    for table in second.tables:
        forfeits = [quitter] if quitter in table else []
        games.append(GameResult(ranking=[[p] for p in table], forfeits=forfeits))
    history.append(RoundRecord(round_no=2, games=games))
    players[0] = players[0].model_copy(update={"withdrawn": True})
    third = pair_round("swiss", players, 3, 4, 3, 4, 7, history)
    assert quitter not in [p for table in third.tables for p in table] + third.byes
    assert sorted(map(len, third.tables)) == [3, 4]
    row = next(r for r in compute_standings(players, history) if r.player_id == quitter)
    assert row.withdrawn and row.forfeits == 1 and row.games == 2


@pytest.mark.slow
def test_pairing_does_not_depend_on_hash_randomisation():
    """Two interpreters with different hash seeds produce the same pairing."""
    program = (
        "from play.tournaments import pair_round, PlayerRecord, RoundRecord, GameResult\n"
        "players = [PlayerRecord(player_id=10**17 + i) for i in range(23)]\n"
        "first = pair_round('swiss', players, 1, 4, 3, 5, 99, [])\n"
        "games = [GameResult(ranking=[[p] for p in t]) for t in first.tables]\n"
        "history = [RoundRecord(round_no=1, games=games, byes=first.byes)]\n"
        "print(pair_round('swiss', players, 2, 4, 3, 5, 99, history).model_dump_json())\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", program],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(outputs) == 1 and "tables" in outputs.pop()


def test_thirteen_players_avoid_a_repeat_that_a_seating_without_one_avoids():
    """README: Swiss 'avoids repeat opponents'. Round 4 of this 13-player field (tables of 3-4)
    can be seated without a repeat meeting, so it is."""
    rng = random.Random(213)
    players = [PlayerRecord(player_id=i + 1, rating=rng.random() * 5) for i in range(13)]
    history: list[RoundRecord] = []
    for round_no in range(1, 5):
        pairing = pair_round("swiss", players, round_no, 3, 3, 4, 2, history)
        assert repeat_meetings(pairing.tables, history) == 0, (round_no, pairing.tables)
        games = [GameResult.from_scores({p: rng.randint(0, 20) for p in table}) for table in pairing.tables]
        history.append(RoundRecord(round_no=round_no, games=games, byes=pairing.byes))
