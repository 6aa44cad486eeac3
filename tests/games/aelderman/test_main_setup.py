"""Setup of the main version: cards, Council Hall, indicators, improvements, orders, boosters."""

from __future__ import annotations

from collections import Counter

from games.aelderman import SPEC
from games.aelderman import data as D
from tests.games.aelderman.helpers import new_main


def test_main_action_cards():
    """'For the main version, shuffle all action cards (007–056) ... Place action card 004 in Lübeck,
    action card 005 at Levantehandel and action card 006 at Fernosthandel, showing the main version
    side.'"""
    state = SPEC.setup(3, 5, {"version": "main"})
    assert [state.cards[p] for p in ("Lübeck", "Levantehandel", "Fernosthandel")] == [4, 5, 6]
    on_map = [state.cards[c] for c in D.CITIES]
    assert sorted(on_map + state.card_pile) == list(range(7, 57))


def test_council_hall_upper_row():
    """'Place the following Council Hall cards in the upper row: 1x ten council votes, 1x developing
    improvement. If there are at least three players, one spot is reserved for three council
    votes. Fill the remaining spots randomly ... until each row contains player number + 1 cards.'"""
    for seats in (2, 3, 4):
        state = SPEC.setup(seats, 7, {"version": "main"})
        top, bottom = state.council_rows
        kinds = Counter(D.COUNCIL_CARDS[c].kind for c in top)
        assert len(top) == len(bottom) == seats + 1
        assert kinds["votes10"] == 1 and kinds["improve"] == 1
        assert kinds["votes3"] == (1 if seats >= 3 else 0)


def test_periods_rounds_barriers_and_display():
    """'The six period indicators contain the numbers 2, 3, 3, 4, 4, 5.' 'Randomly draw four council
    orders' 'Lay out 4 improvements face-up' 'block the last two places for improvements with 2
    barriers'."""
    seen = set()
    for seed in range(30):
        state = SPEC.setup(2, seed, {"version": "main"})
        seen.update(state.periods)
        assert len(state.display) == 4 and len(state.orders) == 4
        assert len(state.display) + len(state.improvement_pile) == 28
    assert 2 in seen
    state = new_main(2, 3)
    from games.aelderman.improvements import slots
    assert slots(state.players[0]) == 3


def test_two_start_boosters_of_each_kind():
    """'In the main version, you get two start boosters with the short version symbol and two
    without that symbol. You may choose any two tiles.'"""
    state = SPEC.setup(4, 9, {"version": "main"})
    for player in state.players:
        assert sum(t in D.START_BOOSTERS for t in player.drawn) == 2
        assert sum(t in D.MAIN_BOOSTERS for t in player.drawn) == 2
        assert player.mission == ""  # "In the main version you must not use the mission tiles."


def test_booster_with_an_improvement_develops_at_once():
    """'If you are to perform the action developing improvement, choose one from the display and
    replace it immediately.'"""
    state = SPEC.setup(2, 9, {"version": "main"})
    while state.pending[-1].kind == "wheel_start":
        state, _ = SPEC.apply(state, state.pending[-1].seat, SPEC.legal_actions(state, state.pending[-1].seat)[0])
    seat = state.pending[-1].seat
    state.players[seat].drawn[0] = "booster-17"
    display = list(state.display)
    state, _ = SPEC.apply(state, seat, {"kind": "booster", "tile": "booster-17"})
    assert state.pending[-1].kind == "develop"
    state, _ = SPEC.apply(state, seat, {"kind": "develop", "slot": 2, "improvement": display[2]})
    assert state.players[seat].improvements == [display[2]]
    assert state.display[1:] == display[:2] + display[3:]


def test_five_rounds():
    """'Aelderman is played in two (short version) or five rounds (main version)'."""
    from tests.games.playout import random_playout
    result = random_playout(SPEC, 2, 3, {"version": "main"})
    assert result.state.round == 5 and SPEC.outcome(result.state) is not None
