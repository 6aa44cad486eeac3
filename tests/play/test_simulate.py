"""The simulator plays computer games through the engine protocol and prints a consistent table."""

from __future__ import annotations

import pytest

from play.simulate import SeatTotals, Summary, main, simulate, table_lines


def _rows(text: str) -> tuple[float, list[str], list[list[str]]]:
    lines = text.strip().splitlines()
    expected = 0.0 if lines[1].startswith("no winner") else float(lines[1].split(": ")[1].split(",")[0])
    header = lines[2].split()
    return expected, header, [line.split() for line in lines[3:]]


def test_printed_table_is_consistent(capsys) -> None:
    assert main(["simulate", "--game", "aelderman", "--players", "3", "--games", "4",
                 "--ai", "random", "--seed", "7"]) == 0
    expected, header, rows = _rows(capsys.readouterr().out)
    assert header[:5] == ["seat", "ai", "wins", "win_rate", "avg_score"]
    for key in ("mission_basic", "mission_advanced", "mission_expert", "council_votes"):
        assert key in header
    assert [row[0] for row in rows] == ["0", "1", "2"]
    total_wins = 0
    for row in rows:
        wins, rate = int(row[2]), float(row[3])
        assert abs(rate - wins / 4) < 1e-3
        total_wins += wins
        basic = float(row[header.index("mission_basic")])
        expert = float(row[header.index("mission_expert")])
        assert 0.0 <= expert <= basic <= 1.0
        # in Aelderman the score is the council vote count
        assert abs(float(row[4]) - float(row[header.index("council_votes")])) < 1e-2
    assert total_wins <= 12
    assert abs(expected - total_wins / 12) < 1e-3


def test_same_seed_same_numbers() -> None:
    first = simulate("aelderman", 2, 3, "random", seed=3)
    again = simulate("aelderman", 2, 3, "random", seed=3)
    assert table_lines(first) == table_lines(again)
    assert first.steps > 0


def test_numbers_do_not_depend_on_the_number_of_processes() -> None:
    alone = simulate("aelderman", 2, 6, "random", seed=5)
    shared = simulate("aelderman", 2, 6, "random", seed=5, jobs=2)
    assert table_lines(shared) == table_lines(alone)


@pytest.mark.slow
def test_standard_error_measures_chance_around_the_expected_share(capsys) -> None:
    summary = simulate("aelderman", 1, 4, "heuristic", seed=4)
    share = summary.expected_share()
    assert abs(summary.standard_error() - (share * (1 - share) / 4) ** 0.5) < 1e-12
    assert f"standard error: {summary.standard_error():.3f}" in table_lines(summary)[1]


def test_games_without_a_winner_say_so_instead_of_a_share_of_zero() -> None:
    nobody = Summary(game="aelderman", title="Aelderman", players=2, games=5, ai=["random", "random"],
                     seed=0, seats=[SeatTotals(), SeatTotals()], steps=500)
    assert table_lines(nobody)[1] == "no winner in 5 games"
    nobody.seats[1].wins = 2
    assert table_lines(nobody)[1] == "expected share (equal seats): 0.200, standard error: 0.179"


@pytest.mark.slow
def test_mixed_computer_players_and_bad_input(capsys) -> None:
    summary = simulate("aelderman", 2, 1, "heuristic,random", seed=1)
    assert summary.ai == ["heuristic", "random"]
    assert main(["--game", "aelderman", "--players", "5", "--games", "1"]) == 2
    assert "1-4 players" in capsys.readouterr().err
    assert main(["--game", "aelderman", "--players", "2", "--games", "1", "--ai", "genius"]) == 2
    said = capsys.readouterr().err
    assert "genius" in said and "random and heuristic" in said and 'simulate: "' not in said
    assert main(["--game", "aelderman", "--players", "2", "--games", "1", "--jobs", "-1"]) == 2
    assert "--jobs" in capsys.readouterr().err
    # README: "an unknown key or a bad value stops the run with the game's options listed"
    for option in ("colour=red", "difficulty=impossible"):
        assert main(["--game", "aelderman", "--players", "1", "--games", "1", "--option", option]) == 2
        said = capsys.readouterr().err
        assert option.split("=")[0] in said and "options: version (short, main" in said, said


@pytest.mark.slow
def test_aelderman_wins_are_the_basic_missions(capsys) -> None:
    """In Aelderman's short version a seat wins exactly when it completes its basic task."""
    assert main(["--game", "aelderman", "--players", "1", "--games", "3", "--ai", "heuristic",
                 "--seed", "4"]) == 0
    expected, header, rows = _rows(capsys.readouterr().out)
    (row,) = rows
    assert float(row[3]) == float(row[header.index("mission_basic")])
    assert expected == float(row[3])


def test_each_seat_shows_how_many_standard_errors_it_lies_from_the_share() -> None:
    seats = [SeatTotals(wins=9), SeatTotals(wins=1)]
    summary = Summary(game="aelderman", title="Aelderman", players=2, games=10, ai=["heuristic", "random"],
                      seed=0, seats=seats, steps=100)
    header, first, second = (line.split() for line in table_lines(summary)[2:])
    assert header[-1] == "se_off"
    se = summary.standard_error()  # share 0.5 over 10 games
    assert first[-1] == f"{(0.9 - 0.5) / se:+.1f}" and second[-1] == f"{(0.1 - 0.5) / se:+.1f}"
    solo = Summary(game="aelderman", title="Aelderman", players=1, games=4, ai=["heuristic"], seed=0,
                   seats=[SeatTotals(wins=1)], steps=40, options={"version": "main", "difficulty": "easy"})
    lines = table_lines(solo)
    assert "se_off" not in lines[2] and "1 player," in lines[0]
    assert lines[1] == ("solo win rate (beating or tying with the easy dummy): 0.250, standard error: 0.217 "
                        "(won 1 of 4 games)")


def test_a_bad_jobs_count_is_refused_before_any_game_is_prepared(capsys):
    """A bad option gets its one line at once, whatever `--games` asks: nothing is built for the
    games first (20 million of them took seconds and over a gigabyte before their refusal)."""
    import tracemalloc

    tracemalloc.start()
    try:
        said = main(["--game", "baumeister", "--players", "3", "--games", "2000000", "--jobs", "-1"])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert said == 2 and "--jobs" in capsys.readouterr().err
    assert peak < 10_000_000, f"{peak} bytes allocated before the refusal"
