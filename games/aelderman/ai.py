"""Computer players: a random-legal one and a heuristic one that pursues its mission."""

from __future__ import annotations

import random
from typing import Any

from games.aelderman.heuristic import HeuristicPolicy
from games.core import GameSpec, RuleError

_RARE = frozenset({"end_turn", "cancel", "stop", "pass"})


class RandomLegalPolicy:
    """A random legal move; ending the turn, cancelling or stopping is picked less often."""

    def __init__(self, spec: GameSpec, seed: int = 0) -> None:
        self.spec = spec
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> Any:
        actions = self.spec.legal_actions(state, seat)
        if not actions:
            raise RuleError(f"Seat {seat} has nothing to do now.")
        common = [a for a in actions if a.kind not in _RARE]
        if common and self.rng.random() < 0.6:
            return self.rng.choice(common)
        return self.rng.choice(actions)


__all__ = ["HeuristicPolicy", "RandomLegalPolicy"]
