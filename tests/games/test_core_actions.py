"""The shared protocol's action parsing: models pass through, dicts and JSON are validated."""

from __future__ import annotations

import pytest

from games import RuleError, registry


@pytest.mark.parametrize("name", registry.names())
def test_a_legal_action_model_passes_through_unchanged(name):
    spec = registry.get(name)
    state = spec.setup(spec.min_seats, 5)
    seat = sorted(spec.to_act(state))[0]
    for action in spec.legal_actions(state, seat):
        assert spec.parse_action(action) is action
        assert spec.parse_action(spec.dump_action(action)) == action  # JSON text
        assert spec.parse_action(action.model_dump()) == action  # a dict


@pytest.mark.parametrize("name", registry.names())
def test_malformed_actions_are_refused_with_a_reason(name):
    spec = registry.get(name)
    for bad in ({"kind": "no-such-move"}, "not json", 42, ["kind"]):
        with pytest.raises(RuleError, match="not a valid move"):
            spec.parse_action(bad)


def test_every_action_model_of_a_game_is_known_to_the_fast_path():
    spec = registry.get("baumeister")
    from games.baumeister import models

    kinds = {model.model_fields["kind"].default for model in spec._action_models}
    assert {"roll", "bid", "pass", "pick", "place", "sabotage", "offer", "grab", "done"} <= kinds
    assert models.Bid in spec._action_models
