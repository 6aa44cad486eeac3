"""GameSpec.apply, the one entry for a move of every game: the shared checks, the engine's own
check before copying, and a private copy for the engine to change (shown on a small game)."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel

from games import GameSpec, Outcome, RuleError
from games.core import Event, public


class Take(BaseModel):
    kind: Literal["take"] = "take"
    count: int


class Heap(BaseModel):
    seats: int
    left: int
    turn: int = 0
    taken: list[int]


class Options(BaseModel):
    pass


class Nim(GameSpec[Heap, Take]):
    """Take 1-3 counters from a heap in turn; whoever takes the last one wins."""

    name = "nim"
    title = "Nim"
    min_seats = 2
    max_seats = 2
    Options = Options
    State = Heap
    Action = Take

    def _setup(self, seats: int, seed: int, options: Options) -> Heap:
        return Heap(seats=seats, left=5, taken=[0] * seats)

    def to_act(self, state: Heap) -> frozenset[int]:
        return frozenset([state.turn]) if state.left else frozenset()

    def legal_actions(self, state: Heap, seat: int) -> list[Take]:
        if seat not in self.to_act(state):
            return []
        return [Take(count=n) for n in range(1, min(3, state.left) + 1)]

    def _apply(self, state: Heap, seat: int, action: Take) -> tuple[Heap, list[Event]]:
        state.left -= action.count
        state.taken[seat] += action.count
        state.turn = 1 - seat
        return state, [public("take", f"{{p{seat}}} takes {action.count}.")]

    def view(self, state: Heap, seat: int | None) -> BaseModel:
        return state

    def outcome(self, state: Heap) -> Outcome | None:
        if state.left:
            return None
        winner = 1 - state.turn
        return Outcome(ranking=[[winner], [1 - winner]], scores={0: 0, 1: 0}, winners=[winner])


NIM = Nim()


def test_a_move_changes_a_copy_and_leaves_the_given_state_alone():
    state = NIM.setup(2, 1)
    after, events = NIM.apply(state, 0, {"kind": "take", "count": 2})
    assert (after.left, after.taken, after.turn) == (3, [2, 0], 1)
    assert (state.left, state.taken, state.turn) == (5, [0, 0], 0)
    assert [e.text for e in events] == ["{p0} takes 2."]


def test_by_default_only_a_listed_move_is_accepted():
    state = NIM.setup(2, 1)
    with pytest.raises(RuleError, match="choose one of the moves offered"):
        NIM.apply(state, 0, Take(count=4))
    assert state.left == 5


def test_a_seat_out_of_turn_and_a_finished_game_are_refused():
    state = NIM.setup(2, 1)
    with pytest.raises(RuleError, match=r"not your turn: waiting for \{p0\}"):
        NIM.apply(state, 1, Take(count=1))
    state, _ = NIM.apply(state, 0, Take(count=2))
    state, _ = NIM.apply(state, 1, Take(count=3))
    assert NIM.outcome(state).winners == [1]
    with pytest.raises(RuleError, match="The game is over"):
        NIM.apply(state, 0, Take(count=1))


def test_an_engine_may_leave_every_check_to_its_own_rules():
    class TrustingNim(Nim):
        check_action = None  # _apply is trusted to refuse (here it does not, to show the hook is skipped)

    state = TrustingNim().setup(2, 1)
    after, _ = TrustingNim().apply(state, 0, Take(count=4))
    assert after.left == 1 and state.left == 5


def test_the_default_undo_check_refuses_draws_private_information_and_reveals():
    """Take back is allowed only when nothing random was drawn and nothing hidden was shown."""
    from games import registry
    from games.core import Event, own_choice, public

    spec = registry.get("augsburg1520")
    before, same, drawn = spec.setup(2, 1), spec.setup(2, 1), spec.setup(2, 1)
    drawn.rng.counter += 1
    assert spec.undo_refusal(before, same, [public("bid", "{p0} bids 2")]) is None
    assert "drawn at random" in spec.undo_refusal(before, drawn, [])
    assert "hidden information" in spec.undo_refusal(before, same, [Event("drawn", "You draw", frozenset({0}))])
    assert "revealed" in spec.undo_refusal(before, same, [public("reveal", "{p1} shows 3 cards")])
    # A seat's own secret choice told back to it alone shows nobody anything hidden.
    told_back = own_choice(0, "bid_amount", "{p0} bids 2 (sealed)", amount=2)
    assert told_back.seats == {0} and told_back.visible_to(0) and not told_back.visible_to(1)
    assert spec.undo_refusal(before, same, [told_back]) is None
