"""Setup of the short version."""

from __future__ import annotations

import json

from games.aelderman import SPEC
from games.aelderman import data as D
from tests.games.aelderman.helpers import act


def test_action_cards_of_the_short_version():
    """'In the short version, action card 001 is placed in Lübeck, action card 002 at
    Levantehandel and action card 003 at Fernosthandel ... For all other cities, randomly draw
    action cards' (from 007-037)."""
    state = SPEC.setup(4, 11)
    assert (state.cards["Lübeck"], state.cards["Levantehandel"], state.cards["Fernosthandel"]) == (1, 2, 3)
    drawn = [state.cards[c] for c in D.CITIES]
    assert len(set(drawn)) == 17 and all(7 <= n <= 37 for n in drawn)
    assert sorted(drawn + state.card_pile) == list(range(7, 38))


def test_council_hall_rows_for_the_player_count():
    """'Each row contains player number +1 cards. If there are at least three players, place one
    card showing three council votes in the top row.'"""
    for seats in (2, 3, 4):
        state = SPEC.setup(seats, seats)
        top, bottom = state.council_rows
        assert len(top) == len(bottom) == seats + 1
        votes3 = [c for c in top if D.COUNCIL_CARDS[c].kind == "votes3"]
        assert len(votes3) == (1 if seats >= 3 else 0)
        assert all(D.COUNCIL_CARDS[c].kind != "votes3" for c in bottom)
    assert SPEC.setup(1, 1).council_rows == []


def test_period_indicators_without_the_two():
    """'For the short version, discard the period indicator with two action points. Randomly assign
    four of the six period indicators to the four quarters.'"""
    for seed in range(20):
        periods = SPEC.setup(2, seed).periods
        assert len(periods) == 4 and 2 not in periods
        assert sorted(periods) in ([3, 3, 4, 4], [3, 3, 4, 5], [3, 4, 4, 5])


def test_player_setup():
    """'You start with 5 influence markers in your active supply' ... 12 storage boxes; all player
    markers are placed in Lübeck; each player receives one randomly chosen mission. And 'Place
    influence markers from the general supply to show the player order': of 35 markers, 29 are
    left in the general supply."""
    state = SPEC.setup(4, 3)
    missions = {p.mission for p in state.players}
    assert len(missions) == 4
    for player in state.players:
        assert player.influence == 5 and player.location == "Lübeck"
        assert player.general == 29 and player.property_supply == 8
    assert sorted(state.order) == [0, 1, 2, 3]
    assert any(SPEC.setup(4, seed).order != [0, 1, 2, 3] for seed in range(5))


def test_wheel_start_is_a_decision_then_boosters_in_player_order():
    """'The resource wheel ... is set to one of two starting positions ... you can decide for
    yourself'; 'Every player draws four tiles. Choose two out of these four' 'in player order'."""
    state = SPEC.setup(3, 8)
    first = state.order[0]
    assert SPEC.to_act(state) == {first}
    assert [a.position for a in SPEC.legal_actions(state, first)] == [0, 5]
    for seat in state.order:
        state, _ = act(state, seat, "wheel_start", position=5)
        assert state.players[seat].rotation == 5
    for seat in state.order:
        drawn = list(state.players[seat].drawn)
        assert len(drawn) == 4
        assert SPEC.to_act(state) == {seat}
        state, _ = act(state, seat, "booster", tile=drawn[0])
        state, _ = act(state, seat, "booster", tile=drawn[3])
        assert state.players[seat].boosters == [drawn[0], drawn[3]]
        assert state.players[seat].drawn == []
    assert state.phase == "trade" and state.turn.seat == first


def test_booster_draws_and_missions_are_private():
    state = SPEC.setup(2, 4)
    a, b = state.players
    public = json.dumps(SPEC.view(state, None).model_dump(mode="json"))
    own = json.dumps(SPEC.view(state, 0).model_dump(mode="json"))
    other = json.dumps(SPEC.view(state, 1).model_dump(mode="json"))
    assert a.mission in own and a.mission not in public and a.mission not in other
    assert all(t in own for t in a.drawn) and not any(t in other for t in a.drawn)
    assert D.MISSIONS[a.mission].name not in other


def test_a_start_booster_taken_is_public_and_cannot_be_taken_back():
    """'Every player draws four tiles. Choose two out of these four': the draws are secret, the tile
    taken is shown to everyone. Taking it back would let the player keep two others after everyone
    has seen it, so the take-back is refused (GameSpec.undo_refusal)."""
    state = SPEC.setup(2, 3)
    for seat in state.order:
        state, _ = act(state, seat, "wheel_start", position=0)
    seat = state.order[0]
    tile = state.players[seat].drawn[1]
    after, events = act(state, seat, "booster", tile=tile)
    assert json.dumps(tile) in SPEC.view(after, None).model_dump_json()
    assert "secret until then" in SPEC.undo_refusal(state, after, events)
