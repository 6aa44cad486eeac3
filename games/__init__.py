"""Pure rules engines. See games/core.py for the protocol and games/registry.py for the list."""

from games.core import Event, GameSpec, Outcome, RuleError, Rng

__all__ = ["Event", "GameSpec", "Outcome", "RuleError", "Rng"]
