"""Computer players for Wettstreit der Baumeister.

- "random": any legal move, uniformly.
- "heuristic": values each card by its points, its fit in the city and its coins; bids up
  to that value, builds greedily (bonuses in view), and sabotages the richest building
  when it has nothing to build.
"""

from __future__ import annotations

import random
from typing import Any

from games.baumeister import moves
from games.baumeister.build import fitting_slots, pickable_cards
from games.baumeister.city import place, score, shields, slots_for
from games.baumeister.data import (
    COINS, CORNER_TOWER, GATE, SAFE_INCOME, TOWN_HALL, TYPE, VALUE,
)
from games.baumeister.flow import sabotage_targets
from games.baumeister.state import Phase, State
from games.core import GameSpec, Policy, RandomPolicy

AVERAGE_VALUE = sum(VALUE) / len(VALUE)
# A computer player counters in a pay-off negotiation only while fewer counter-proposals than this
# have been made; then it accepts or refuses (the rules set no end, its patience has one).
COUNTERS_TRIED = 4


def make_policy(spec: GameSpec, kind: str, seed: int = 0) -> Policy:
    if kind == "random":
        return RandomPolicy(spec, seed)
    if kind == "heuristic":
        return HeuristicPolicy(spec, seed)
    raise KeyError(f"{spec.name} has no computer player called {kind!r}")


def _progress(state: State) -> float:
    """0 at the start of the game, near 1 when a stack is about to run out."""
    return 1.0 - min(len(state.open_stack), len(state.hidden_stack)) / 20.0


def card_worth(state: State, seat: int, card: int) -> float:
    """What a card is worth to `seat` in thalers."""
    city = state.cities[seat]
    closed = state.closed[seat]
    final_slots = slots_for(city, closed, card, True)
    kind = TYPE[card]
    if kind == TOWN_HALL and any(TYPE[c] == TOWN_HALL for c in state.hands[seat] + city if c >= 0):
        return 0.0  # a second town hall can never be built
    worth = float(VALUE[card])
    if kind == GATE:
        turns_left = (1.0 - _progress(state)) * 20.0 / state.seats
        worth += COINS[card] * turns_left * 0.8
    if kind == CORNER_TOWER:
        pair = any(c >= 0 and TYPE[c] == CORNER_TOWER and VALUE[c] == VALUE[card] for c in city + state.hands[seat])
        worth += 3.0 if pair else 1.5
    if not final_slots and city:
        worth *= 0.4  # it does not fit now; maybe after a saboteur strikes
    return worth * (1.0 - 0.5 * _progress(state) ** 2)


class HeuristicPolicy:
    """A computer player that values cards, bids up to their value and builds greedily."""

    def __init__(self, spec: GameSpec, seed: int = 0) -> None:
        self.spec = spec
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Any:
        actions = self.spec.legal_actions(state, seat)
        phase = state.phase
        if phase == Phase.INCOME:
            roll = state.saboteurs[seat] == 0 and state.reserve > 0
            return moves.ROLL if roll or moves.TAKE_THREE not in actions else moves.TAKE_THREE
        if phase == Phase.STEAL:  # a saboteur is always worth having: take one from the richest in them
            return max((a for a in actions if a.kind == "steal"), key=lambda a: state.saboteurs[a.seat])
        if phase == Phase.LOT:
            return self._lot(state, seat, actions)
        if phase in (Phase.OPENING, Phase.BIDDING):
            return self._bid(state, seat, actions)
        if phase in (Phase.BUILD, Phase.FINAL):
            return self._build(state, seat, actions)
        if phase in (Phase.PLACE, Phase.FINAL_PLACE):
            return self._place(state, seat, actions)
        if phase == Phase.AIM:
            return self._aim(state, actions)
        if phase == Phase.OFFER:
            return self._offer(state, seat, actions)
        if phase == Phase.ANSWER:
            return self._answer(state, seat, actions)
        return self.rng.choice(actions)

    # -- auctions ------------------------------------------------------------------
    def _lot(self, state: State, seat: int, actions: list) -> Any:
        hidden_worth = AVERAGE_VALUE * 0.8
        open_worth = card_worth(state, seat, state.open_stack[-1]) if state.open_stack else -1.0
        if moves.SWAP in actions and open_worth < 2.0 and state.money[seat] > 4:
            return moves.SWAP
        if moves.AUCTION_OPEN in actions and (open_worth >= hidden_worth or moves.AUCTION_HIDDEN not in actions):
            return moves.AUCTION_OPEN
        return moves.AUCTION_HIDDEN

    def _bid(self, state: State, seat: int, actions: list) -> Any:
        if state.lot_hidden and seat != state.current:
            worth = AVERAGE_VALUE * 0.7
            if state.type_named and TYPE[state.lot] == TOWN_HALL:
                worth = 3.0
        else:
            worth = card_worth(state, seat, state.lot)
        limit = min(state.money[seat], int(worth))
        bids = [a for a in actions if a.kind == "bid"]
        if state.phase == Phase.OPENING:
            opening = max(0, min(limit, int(worth) // 2))
            return min(bids, key=lambda a: abs(a.amount - opening))
        affordable = [a for a in bids if a.amount <= limit]
        return min(affordable, key=lambda a: a.amount) if affordable else moves.PASS

    # -- building ------------------------------------------------------------------
    def _build(self, state: State, seat: int, actions: list) -> Any:
        best = self._best_build(state, seat)
        if best is not None:
            return moves.PICKS[best[0]]
        attack = self._best_attack(state, seat)
        if attack in actions:
            return attack
        return moves.DONE if moves.DONE in actions else actions[0]

    def _best_build(self, state: State, seat: int) -> tuple[int, int] | None:
        final = state.phase in (Phase.FINAL, Phase.FINAL_PLACE)
        choices = []
        for card in pickable_cards(state, seat):
            for slot in fitting_slots(state, seat, card):
                choices.append((self._placement_value(state, seat, card, slot, final), card, slot))
        if not choices:
            return None
        _, card, slot = max(choices)
        return card, slot

    def _placement_value(self, state: State, seat: int, card: int, slot: int, final: bool) -> float:
        city, closed = place(state.cities[seat], state.closed[seat], card, slot)
        points, _ = score(city, ())
        value = points + (COINS[card] * 2.0 if not final else 0.0)
        if TYPE[card] == CORNER_TOWER and not final:
            value -= 1.0  # closing an end early limits the city
        if slot not in (-1, len(state.cities[seat])):
            value += 0.5  # filling a gap keeps the city completable
        return value

    def _place(self, state: State, seat: int, actions: list) -> Any:
        final = state.phase == Phase.FINAL_PLACE
        card = state.picked
        slots = [a for a in actions if a.kind == "place"]
        return max(slots, key=lambda a: self._placement_value(state, seat, card, a.slot, final))

    # -- sabotage ------------------------------------------------------------------
    def _best_attack(self, state: State, seat: int) -> Any:
        best, best_damage = None, 2.5
        for victim, target in sabotage_targets(state, seat):
            if target != "city":
                continue
            city = state.cities[victim]
            odds = _success_odds(shields(city))
            damage = odds * max(VALUE[c] for c in city if c >= 0)
            if damage > best_damage:
                best, best_damage = moves.SABOTAGE_CITY[victim], damage
        return best

    def _aim(self, state: State, actions: list) -> Any:
        city = state.cities[state.victim]
        return max(actions, key=lambda a: VALUE[city[a.slot]] + COINS[city[a.slot]])

    def _offer(self, state: State, seat: int, actions: list) -> Any:
        fair = _fair_pay_off(state)
        offers = [a for a in actions if a.kind == "offer" and a.amount <= fair]
        if fair < SAFE_INCOME or not offers:
            return moves.NO_OFFER
        return max(offers, key=lambda a: a.amount)

    def _answer(self, state: State, seat: int, actions: list) -> Any:
        """The attacker takes an offer near the damage the die would likely do and otherwise asks
        for about that much; the victim pays a demand up to that damage and otherwise offers
        about that much. Without a fitting counter, or once COUNTERS_TRIED have been made, the die
        decides (two computer players, or a person haggling with one, always come to an end)."""
        fair = _fair_pay_off(state)
        counters = [a for a in actions if a.kind == "offer"] if state.counters < COUNTERS_TRIED else []
        if seat == state.current:
            if state.offer >= 0.7 * fair:
                return moves.ACCEPT
            asks = [a for a in counters if a.amount >= fair]
            return min(asks, key=lambda a: a.amount) if asks else moves.REFUSE
        if moves.ACCEPT in actions and state.offer <= fair:
            return moves.ACCEPT
        offers = [a for a in counters if a.amount <= fair]
        return max(offers, key=lambda a: a.amount) if offers and fair >= SAFE_INCOME else moves.REFUSE


def _success_odds(defence: int) -> float:
    # a success is the saboteur face or a number above the shields
    return (1 + max(0, 5 - defence)) / 6


def _attack_odds(state: State) -> float:
    return _success_odds(shields(state.cities[state.victim]))


def _fair_pay_off(state: State) -> float:
    """What the attacked building is likely to lose to the die, in points (about thalers)."""
    return _attack_odds(state) * VALUE[state.cities[state.victim][state.target]]


__all__ = ["HeuristicPolicy", "card_worth", "make_policy"]
