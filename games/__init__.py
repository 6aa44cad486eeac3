"""Pure rules engines. See games/core.py for the protocol and games/registry.py for the list."""

from games.core import AmountChoice, Event, GameSpec, Outcome, RuleError, Rng

__all__ = ["AmountChoice", "Event", "GameSpec", "Outcome", "RuleError", "Rng"]
