"""Level tiles taken from other players, and rights that are never lost."""

from __future__ import annotations

import pytest

from games import RuleError
from games.augsburg1520 import SPEC
from games.augsburg1520.buying import cards_due

from .states import after_first_purchase, give_right, kinds, play, set_level, to_privileges, use

LORENZ, MARTIN = 0, 1


def lorenz_and_martin():
    """'Lorenz uses a purple Privilege to raise from the second-last level in the category
    "Offices". As this tile is no longer available in the pool because Martin has it on his board'"""
    state = after_first_purchase(4, 5)
    set_level(state, LORENZ, "office", 3)
    set_level(state, MARTIN, "office", 4)
    give_right(state, MARTIN, "builder")
    assert state.pool[2][2] == 0
    return to_privileges(state, LORENZ, 2)


def test_lorenz_takes_the_mayor_tile_from_martin():
    """'will Lorenz take the tile from Martin and give his Level-3 tile in return. As compensation
    will Martin take 100 Guilders from the Bank. Martin will not lose his "Right" tile "Baumeister".
    At the end of the round will Lorenz receive 6 Promissory Notes +1 free and Martin will only
    receive 6 Promissory Notes.'"""
    state = lorenz_and_martin()
    pool_before = [list(p) for p in state.pool]
    state, events = play(state, LORENZ, use(0, "level"))
    assert state.levels[LORENZ][2] == 4 and state.levels[MARTIN][2] == 3
    assert state.pool == pool_before, "the tiles change hands, the pool is untouched"
    assert state.phase == "consolation" and SPEC.to_act(state) == frozenset({MARTIN})
    assert kinds(SPEC.legal_actions(state, MARTIN)) == ["consolation", "consolation"]
    assert SPEC.legal_actions(state, LORENZ) == []
    money = state.money[MARTIN]
    state, _ = play(state, MARTIN, {"kind": "consolation", "choice": "money"})
    assert state.money[MARTIN] == money + 100
    assert state.rights[MARTIN]["builder"] == 1
    assert state.phase == "privileges" and SPEC.to_act(state) == frozenset({LORENZ})
    assert cards_due(state, LORENZ) == (1, 6)
    assert cards_due(state, MARTIN) == (0, 6)


def test_consolation_can_be_one_prestige():
    """'he may either take 100 Guilders from the Bank or add 1 Prestige point to his score.'"""
    state, _ = play(lorenz_and_martin(), LORENZ, use(0, "level"))
    state, events = play(state, MARTIN, {"kind": "consolation", "choice": "prestige"})
    assert state.score[MARTIN] == 1
    assert [e.text for e in events if e.kind == "consolation"] == ["{p1} takes 1 prestige as consolation."]


def test_a_consolation_point_beyond_25_is_lost_and_the_line_says_why():
    """'The score marker can never move beyond space 25 unless the player has built a Church.'"""
    state, _ = play(lorenz_and_martin(), LORENZ, use(0, "level"))
    state.score[MARTIN] = 25
    state, events = play(state, MARTIN, {"kind": "consolation", "choice": "prestige"})
    assert state.score[MARTIN] == 25
    assert [e.text for e in events if e.kind == "consolation"] == [
        "{p1} takes 0 of 1 prestige (no more than 25 without a Church) as consolation."]


def test_pool_first_other_players_only_when_it_is_empty():
    """'If a tile is no longer available from the pool may a player (but only then!) take it from
    another player.'"""
    state = after_first_purchase(4, 5)
    set_level(state, 1, "peerage", 3)  # the 4-player pool keeps a second level-3 tile
    set_level(state, 0, "peerage", 2)
    state = to_privileges(state, 0, 3)
    state, _ = play(state, 0, use(0, "level"))
    assert state.levels[1][1] == 3 and state.levels[0][1] == 3
    assert state.pool[1][1] == 0 and state.phase == "privileges"


def test_choose_whom_to_take_from_when_several_hold_the_tile():
    state = after_first_purchase(5, 5)
    for seat in (1, 2, 3):
        set_level(state, seat, "agency", 3)
    set_level(state, 0, "agency", 2)
    state = to_privileges(state, 0, 5)
    state, _ = play(state, 0, use(0, "level"))
    assert state.phase == "choose_victim"
    assert [a.target for a in SPEC.legal_actions(state, 0)] == [1, 2, 3]
    with pytest.raises(RuleError, match="Take the tile from one of"):
        play(state, 0, {"kind": "take_tile_from", "target": 4})
    state, _ = play(state, 0, {"kind": "take_tile_from", "target": 2})
    assert state.levels[2][0] == 2 and state.levels[0][0] == 3
    assert SPEC.to_act(state) == frozenset({2})


def test_rights_are_never_lost_with_the_level():
    """'In contrast to the 3rd and 4th Level tiles can "Rights" tiles never be lost – not even when
    a player loses the corresponding Level tile.'"""
    state = after_first_purchase(2, 5)
    set_level(state, 1, "peerage", 3)
    give_right(state, 1, "weapon")
    set_level(state, 0, "peerage", 2)
    state = to_privileges(state, 0, 3)
    state, _ = play(state, 0, use(0, "level"))
    state, _ = play(state, 1, {"kind": "consolation", "choice": "money"})
    assert state.levels[1][1] == 2 and state.rights[1]["weapon"] == 4


def test_two_level_steps_may_both_take_from_others():
    """'he will first take the lower Level tile (possibly from another player) and then the higher
    Level tile (again possibly from another player).'"""
    state = after_first_purchase(2, 5)
    set_level(state, 1, "office", 3)  # the only level-3 tile of the 2-player game
    set_level(state, 0, "office", 2)
    assert state.pool[2] == [0, 0, 1]
    state = to_privileges(state, 0, 2)
    state, _ = play(state, 0, use(0, "level"))
    assert state.phase == "consolation" and state.levels[0][2] == 3 and state.levels[1][2] == 2
    state, _ = play(state, 1, {"kind": "consolation", "choice": "money"})
    state, _ = play(state, 0, use(1, "level"))
    assert state.levels[0][2] == 4 and state.pool[2] == [0, 1, 0]


def test_the_log_names_an_agency_level_by_the_city_of_the_agency():
    """Agency levels are cities ("Innsbruck"): a player opens an agency there, not "becomes" it."""
    state = to_privileges(after_first_purchase(4, 5), LORENZ, 5)  # card 5: Agency, Agency, Prestige 6
    state, events = play(state, LORENZ, use(0, "level"))
    assert "{p0} opens an agency in Innsbruck (Agencies level 2)." in [e.text for e in events]


def test_the_level_3_tile_given_back_for_the_4th_is_said():
    """'When a player takes the tile for the 4th and highest Level he returns the 3rd Level tile to
    the pool.' The line says so, as the pool on the board changes."""
    state = after_first_purchase(3, 3)
    set_level(state, 0, "peerage", 3)
    pool = [list(p) for p in state.pool]
    state = to_privileges(state, 0, 3)  # N, N, P7
    state, events = play(state, 0, use(0, "level"))
    assert state.levels[0][1] == 4 and state.pool[1][1] == pool[1][1] + 1
    (line,) = [e.text for e in events if e.kind == "level"]
    assert line.endswith("(Peerage level 4); their Count (Peerage level 3) tile goes back to the pool."), line
