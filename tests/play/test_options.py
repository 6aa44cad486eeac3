"""Game options on the command line: `--option key=value` of `python -m bot simulate` and of
bench/engine.py, checked by the game's Options model like `/table create options:`."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from games import registry
from play.options import changed_options, check_options, options_help, parse_option_pairs
from play.simulate import main, simulate, table_lines

AELDERMAN = registry.get("aelderman")
BENCH = Path(__file__).resolve().parents[2] / "bench" / "engine.py"


def _bench_module():
    spec = importlib.util.spec_from_file_location("bench_engine", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Refused(Exception):
    pass


def _refuse(message: str) -> None:
    raise Refused(message)


def test_pairs_become_checked_option_values() -> None:
    options = parse_option_pairs(AELDERMAN, ["version=main", " difficulty = hard ", "setup=2"])
    assert options == {"version": "main", "difficulty": "hard", "setup": 2}
    assert parse_option_pairs(AELDERMAN, []) == {"version": "short", "setup": 1, "difficulty": "medium"}
    assert changed_options(AELDERMAN, options) == {"version": "main", "setup": 2, "difficulty": "hard"}
    assert parse_option_pairs(registry.get("augsburg1520"), ["open_money=on"]) == {"open_money": True}


@pytest.mark.parametrize("pairs, words", [
    (["colour=red"], ["no option 'colour'", "version (short, main; default short)"]),
    (["difficulty=insane"], ["difficulty", "easy", "medium", "hard"]),
    (["setup=7"], ["setup", "1, 2 or 3"]),
    (["version"], ["key=value", "'version'"]),
    (["=main"], ["key=value"]),
    (["version=main", "version=short"], ["twice"]),
])
def test_bad_pairs_are_refused_with_what_is_allowed(pairs, words) -> None:
    with pytest.raises(ValueError) as refused:
        parse_option_pairs(AELDERMAN, pairs)
    for word in words:
        assert word in str(refused.value)


def test_bool_options_take_the_bots_words() -> None:
    baumeister = registry.get("baumeister")
    assert parse_option_pairs(baumeister, ["take_three=off"])["take_three"] is False
    with pytest.raises(ValueError, match="true or false"):
        parse_option_pairs(baumeister, ["take_three=maybe"])


def test_option_dicts_are_checked_too() -> None:
    assert check_options(AELDERMAN, {"version": "main"})["version"] == "main"
    with pytest.raises(ValueError, match="no option 'speed'"):
        check_options(AELDERMAN, {"speed": 3})
    assert "difficulty (easy, medium, hard; default medium)" in options_help(AELDERMAN)


def test_simulate_plays_with_the_options_and_names_them(capsys) -> None:
    assert main(["simulate", "--game", "aelderman", "--players", "1", "--games", "2", "--ai", "random",
                 "--seed", "3", "--option", "version=main", "--option", "difficulty=hard"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "options version=main, difficulty=hard" in lines[0]
    assert lines[1].startswith("solo win rate (beating or tying with the hard dummy): ")
    assert "dummy_votes" in lines[2].split()


def test_simulate_refuses_a_bad_option_before_playing(capsys) -> None:
    assert main(["--game", "aelderman", "--players", "2", "--games", "1", "--option", "version=long"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("simulate: ") and "version" in err and "short" in err
    assert main(["--game", "aelderman", "--players", "2", "--games", "1", "--option", "rounds=3"]) == 2
    assert "no option 'rounds'" in capsys.readouterr().err


def test_options_change_the_game_played() -> None:
    short = simulate("aelderman", 2, 1, "random", seed=2)
    main_version = simulate("aelderman", 2, 1, "random", seed=2, options=["version=main"])
    assert "mission_basic" in short.stat_keys() and "mission_basic" not in main_version.stat_keys()
    assert main_version.options["version"] == "main"
    assert table_lines(simulate("aelderman", 2, 1, "random", seed=2, options={"version": "main"})) \
        == table_lines(main_version)


def test_bench_rows_default_and_with_options() -> None:
    bench = _bench_module()
    rows = bench.rows(None, [], _refuse)
    assert ("aelderman", 4, check_options(AELDERMAN, {})) in rows
    assert rows[-1] == ("aelderman", 4, check_options(AELDERMAN, {"version": "main"}))
    assert bench.TARGETS[bench.target_key(*rows[-1])] == 5
    assert bench.TARGETS[bench.target_key("aelderman", 4, check_options(AELDERMAN, {}))] == 20
    chosen = bench.rows("aelderman", ["version=main", "difficulty=easy"], _refuse)
    assert [seats for _, seats, _ in chosen] == [1, 2, 3, 4]
    assert all(options["difficulty"] == "easy" for _, _, options in chosen)


def test_bench_refuses_bad_options() -> None:
    bench = _bench_module()
    with pytest.raises(Refused, match="no option 'versio'"):
        bench.rows("aelderman", ["versio=main"], _refuse)
    with pytest.raises(Refused, match="needs --game"):
        bench.rows(None, ["version=main"], _refuse)


@pytest.mark.slow  # over half a second
def test_bench_line_names_the_options_and_the_target() -> None:
    bench = _bench_module()
    line = bench.bench("aelderman", 4, 0.01, 1, {"version": "main"})
    assert line.startswith("aelderman version=main 4 seats:") and "target >= 5/s" in line


def test_option_values_are_read_whatever_their_case() -> None:
    """Typed as a user may type them ("HARD", "Main"), they are the values the game lists."""
    options = parse_option_pairs(AELDERMAN, ["version=Main", "difficulty=HARD"])
    assert options["version"] == "main" and options["difficulty"] == "hard"
