"""Computer players for Augsburg 1520: random-legal and a heuristic one.

The heuristic player looks only at what its seat may see: its own hand and money and the
public board. It bids where it holds a strong card, keeps bids cheap, buys strong notes while
saving for a church and a cathedral, and values each privilege by the prestige it should bring
over the rounds left.
"""

from __future__ import annotations

import random
from typing import Any

from games.augsburg1520 import auction, data, levels, privileges
from games.augsburg1520.cards import CARD_BY_ID, CARD_COST, CARD_ID, CARD_NOBLE, CARD_STRENGTH, CARD_VALUE, SUITABILITY
from games.augsburg1520.common import score_cap
from games.augsburg1520.state import State
from games.core import Policy, RandomPolicy

# Prestige-equivalent worth of one guilder, and of a card in hand, for weighing privileges.
POINTS_PER_GUILDER = 1 / 200
POINTS_PER_CARD = 1.2


def make_policy(spec: Any, kind: str, seed: int) -> Policy:
    if kind == "random":
        return RandomPolicy(spec, seed)
    if kind == "heuristic":
        return HeuristicPolicy(spec, seed)
    raise KeyError(f"augsburg1520 has no computer player called {kind!r}")


def keep_worth(card: int) -> tuple[int, int]:
    """How much a player wants to keep a card: strong notes most, then jokers, weak notes least."""
    if CARD_VALUE[card] == 0:
        return (10, 0)
    return CARD_STRENGTH[card]


class HeuristicPolicy:
    def __init__(self, spec: Any, seed: int = 0) -> None:
        self.spec = spec
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Any:
        actions = self.spec.legal_actions(state, seat)
        chooser = getattr(self, f"_{state.phase}", None)
        choice = chooser(state, seat, actions) if chooser else None
        return choice if choice is not None else actions[0]

    # -- cards ------------------------------------------------------------------------------
    def _buy(self, state: State, seat: int, actions: list[Any]) -> Any:
        reserve = self._reserve(state, seat)
        spent = sum(CARD_COST[c] for c in state.picks[seat])
        options = [a for a in actions if a.kind == "buy_card"]
        if len(state.hands[seat]) + len(state.picks[seat]) >= 16 + 2 * state.seats:
            options = []
        for action in sorted(options, key=lambda a: _buy_priority(a.card), reverse=True):
            cost = CARD_COST[_card(action.card)]
            if state.money[seat] - spent - cost >= reserve or (state.round == 0 and _card_value(action.card) >= 10):
                return action
        return _find(actions, "finish_buying")

    def _reserve(self, state: State, seat: int) -> int:
        """Money kept back for the next building once the score nears its cap."""
        if state.round == 0:
            return 0
        for building in ("church", "cathedral"):
            if not state.rights[seat][building] and state.stacks[building]:
                return min(state.stacks[building][0], 300 + 150 * state.round)
        return 200

    def _pick(self, state: State, seat: int, actions: list[Any], strongest: bool) -> Any:
        picks = [a for a in actions if a.kind not in ("pick_noble", "return_card")]
        if strongest and not state.picks[seat]:
            target = max(self._pick_pool(state, seat), key=lambda c: CARD_STRENGTH[c])
        else:
            target = min(self._pick_pool(state, seat), key=keep_worth)
        for action in picks:
            if action.card == CARD_ID[target]:
                return action
        for action in actions:
            if action.kind == "pick_noble" and action.noble == CARD_NOBLE[target]:
                return action
        return min(picks, key=lambda a: keep_worth(_card(a.card))) if picks else actions[0]

    def _pick_pool(self, state: State, seat: int) -> list[int]:
        return auction.pick_candidates(state, seat)

    def _reveal(self, state: State, seat: int, actions: list[Any]) -> Any:
        return self._pick(state, seat, actions, strongest=True)

    def _discard_bid(self, state: State, seat: int, actions: list[Any]) -> Any:
        return self._pick(state, seat, actions, strongest=False)

    def _privilege_discard(self, state: State, seat: int, actions: list[Any]) -> Any:
        return _discard_weakest(state, seat, actions)

    def _shortage(self, state: State, seat: int, actions: list[Any]) -> Any:
        return _discard_weakest(state, seat, actions)

    # -- bidding ----------------------------------------------------------------------------
    def _bid(self, state: State, seat: int, actions: list[Any]) -> Any:
        bids = [a for a in actions if a.kind == "bid"]
        if not bids:
            return actions[0]
        table = SUITABILITY[state.auction]
        notes = [c for c in state.hands[seat] if table[c] == 2]
        best = max(CARD_VALUE[c] for c in notes)
        suitable = sum(1 for c in state.hands[seat] if table[c])
        hold = max(state.high, 1)
        need = 14 if state.auction == 4 else 11
        if best < need - 2 * (state.high == 0) or hold > max(2, suitable - 1):
            return actions[0]
        # A strong hand stays in cheaply; many suitable cards push weaker bidders out.
        if suitable >= hold + 3 and best < 15 and state.high > 0:
            return bids[1] if len(bids) > 1 else bids[0]
        return bids[0]

    # -- privileges -------------------------------------------------------------------------
    def _privilege_card(self, state: State, seat: int, actions: list[Any]) -> Any:
        def worth(number: int) -> float:
            values = sorted((self._best_use(state, seat, code)[1] for code in data.PRIVILEGE_CARDS[number]),
                            reverse=True)
            return sum(max(v, data.FORFEIT_PRESTIGE) for v in values[:2])
        return max(actions, key=lambda a: worth(a.number))

    def _privileges(self, state: State, seat: int, actions: list[Any]) -> Any:
        builds = [a for a in actions if a.kind == "builder_build"]
        for action in builds:
            if self._use_worth(state, seat, action.building) > 1:
                return action
        uses = [a for a in actions if a.kind == "use_privilege"]
        if uses:
            best = max(uses, key=lambda a: self._use_worth(state, seat, a.use, a.slot))
            if self._use_worth(state, seat, best.use, best.slot) >= data.FORFEIT_PRESTIGE:
                return best
        return _find(actions, "end_privileges")

    def _best_use(self, state: State, seat: int, code: str) -> tuple[str, float]:
        uses = privileges.uses_of(state, seat, code)
        if not uses:
            return "", 0.0
        slot = data.PRIVILEGE_CARDS[state.card_in_use].index(code) if state.card_in_use else -1
        scored = [(use, self._use_worth(state, seat, use, slot, code)) for use in uses]
        return max(scored, key=lambda item: item[1])

    def _use_worth(self, state: State, seat: int, use: str, slot: int = -1, code: str = "") -> float:
        if slot >= 0 and state.card_in_use:
            code = data.PRIVILEGE_CARDS[state.card_in_use][slot]
        left = state.rounds - state.round + 1  # end-of-round scorings still to come
        score, cap = state.score[seat], score_cap(state, seat)
        room = (cap - score) if cap is not None else 99
        if use == "prestige":
            return min(int(code[1:]) if code else 6, room)
        if use in ("money", "agency_money"):
            amount = data.MONEY_PRIVILEGE if use == "money" else data.AGENCY_MONEY
            return amount * POINTS_PER_GUILDER * (0.5 if left == 1 else 1)
        if use == "cards":
            return POINTS_PER_CARD if left > 1 else 0.5
        if use in ("church", "cathedral"):
            return self._building_worth(state, seat, use, left)
        if use in ("weapon", "patent"):
            return min(state.stacks[use][0] * left, room + 10)
        if use == "mintmaster":
            return POINTS_PER_CARD * (left - 1)
        if use == "builder":
            return 1.5 * (left > 1)
        return self._level_worth(state, seat, code, left)

    def _building_worth(self, state: State, seat: int, building: str, left: int) -> float:
        score = state.score[seat]
        if building == "church":
            return 12.0 if score >= 12 or left <= 3 else 5.0
        if not state.rights[seat]["church"]:
            return 0.5
        return 12.0 if score >= 32 or left <= 2 else 4.0

    def _level_worth(self, state: State, seat: int, code: str, left: int) -> float:
        category = privileges.CATEGORY_INDEX[code]
        level = state.levels[seat][category]
        penalty = 0.5 if not state.pool[category][level - 1] and levels.holders(state, seat, category) else 0.0
        if code == "N":
            gain = data.PEERAGE_PRESTIGE[level] - data.PEERAGE_PRESTIGE[level - 1]
            return gain * left + (3 if level >= 2 else 0) - penalty
        if code == "A":
            gain = data.INCOME[level] - data.INCOME[level - 1]
            return gain * POINTS_PER_GUILDER * (left - 1) - penalty
        free_now, dealt_now = data.OFFICE_CARDS[level - 1]
        free, dealt = data.OFFICE_CARDS[level]
        return (free - free_now + (dealt - dealt_now) * 0.5) * POINTS_PER_CARD * (left - 1) + 1 - penalty

    # -- taking tiles -----------------------------------------------------------------------
    def _choose_victim(self, state: State, seat: int, actions: list[Any]) -> Any:
        return max(actions, key=lambda a: state.score[a.target])

    def _consolation(self, state: State, seat: int, actions: list[Any]) -> Any:
        cap = score_cap(state, seat)
        want = "money" if cap is not None and state.score[seat] >= cap else "prestige"
        return next(a for a in actions if a.choice == want)


def _find(actions: list[Any], kind: str) -> Any:
    return next((a for a in actions if a.kind == kind), actions[0])


def _card(card_id: str) -> int:
    return CARD_BY_ID[card_id]


def _card_value(card_id: str) -> int:
    return CARD_VALUE[_card(card_id)]


def _buy_priority(card_id: str) -> tuple[int, int]:
    card = _card(card_id)
    value = CARD_VALUE[card]
    if value == 0:
        return (13, 0)
    return (value, -CARD_COST[card])


def _discard_weakest(state: State, seat: int, actions: list[Any]) -> Any:
    target = min(state.hands[seat], key=keep_worth)
    for action in actions:
        if action.kind == "discard_card" and action.card == CARD_ID[target]:
            return action
    for action in actions:
        if action.kind == "pick_noble" and action.noble == CARD_NOBLE[target]:
            return action
    return actions[0]
