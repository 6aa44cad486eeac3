"""Which decisions share a clock (GameSpec.turn_key, used by a table's pace): the decisions of one
turn do; a new turn, phase or round has its own. README: a turn is "in Wettstreit der Baumeister a
player's turn or final go; in Aelderman a turn at sea, a Council Hall row's bids or choices, or a
round's production decisions" (and each choice of the setup)."""

from __future__ import annotations

from games import registry
from games.baumeister import moves
from games.baumeister.state import Phase


def test_a_baumeister_final_go_right_after_ones_own_last_turn_is_a_new_turn():
    """The player of the last regular turn goes last in the final round; when the others have
    nothing to lay out, their final go follows their own turn at once."""
    spec = registry.get("baumeister")
    state = spec.setup(3, 1)
    players = {s: spec.policy("heuristic", seed=s) for s in range(3)}
    while not (state.phase == Phase.BUILD and state.last_turn and moves.DONE in spec.legal_actions(state, state.actor)):
        assert spec.outcome(state) is None, "the game ended before its last turn's building step"
        (seat,) = spec.to_act(state)
        state, _ = spec.apply(state, seat, players[seat].choose(state, seat))
    me, others = state.actor, [s for s in range(3) if s != state.actor]
    state.__dict__.update(built=state.built | sum(1 << o for o in others),
                          hands=tuple(() if s in others else hand for s, hand in enumerate(state.hands)))
    after, _ = spec.apply(state, me, moves.DONE)
    assert after.phase == Phase.FINAL and after.actor == me
    assert spec.turn_key(after, me) != spec.turn_key(state, me)


def test_each_aelderman_setup_choice_is_a_turn_also_for_a_solo_player():
    """With two players each setup choice comes after the other's; a solo player's come one after
    another and must not share one clock either."""
    spec = registry.get("aelderman")
    state = spec.setup(1, 3, None)
    assert state.pending[-1].kind == "wheel_start"
    wheel = spec.turn_key(state, 0)
    state, _ = spec.apply(state, 0, spec.policy("heuristic", seed=0).choose(state, 0))
    assert state.pending[-1].kind == "booster" and spec.turn_key(state, 0) != wheel


def test_the_decisions_of_one_turn_share_its_key():
    """Augsburg 1520: the privileges of one privilege card; Aelderman: a turn at sea's steps."""
    augsburg = registry.get("augsburg1520")
    state, policy = augsburg.setup(2, 5), augsburg.policy("heuristic", seed=1)
    keys = []
    while len(keys) < 3:
        seat = min(augsburg.to_act(state))
        if state.phase in ("privilege_card", "privileges"):
            keys.append(augsburg.turn_key(state, seat))
        state, _ = augsburg.apply(state, seat, policy.choose(state, seat))
    assert keys[0] == keys[1] == keys[2]
    aelderman = registry.get("aelderman")
    state, policy = aelderman.setup(2, 5, None), aelderman.policy("heuristic", seed=1)
    while state.phase != "trade":
        seat = min(aelderman.to_act(state))
        state, _ = aelderman.apply(state, seat, policy.choose(state, seat))
    (seat,) = aelderman.to_act(state)
    key = aelderman.turn_key(state, seat)
    state, _ = aelderman.apply(state, seat, policy.choose(state, seat))
    assert seat in aelderman.to_act(state) and aelderman.turn_key(state, seat) == key
