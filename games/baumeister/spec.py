"""Wettstreit der Baumeister: the game spec (SPEC) tying the phases together."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import BaseModel

from games.baumeister import auction, build, moves, sabotage
from games.baumeister.actions import Action
from games.baumeister.ai import make_policy
from games.baumeister.city import is_complete, score
from games.baumeister.common import roll_die
from games.baumeister.data import CARDS, COIN_SUPPLY, NUM_CARDS, SABOTEURS, START_MONEY
from games.baumeister.flow import start_turn
from games.baumeister.state import Options, Phase, State
from games.baumeister.sabotage import negotiators
from games.baumeister.views import BaumeisterView, build_view, seat_view
from games.core import DECISION_SECONDS, AmountChoice, Event, GameSpec, Outcome, Policy, Rng, RuleError

# The seats to act for each `actor`; the last entry is the one for -1 (nobody: the game is over).
_TO_ACT = tuple(frozenset([s]) for s in range(4)) + (frozenset(),)


class BaumeisterSpec(GameSpec[State, Any]):
    name = "baumeister"
    title = "Wettstreit der Baumeister"
    min_seats = 3
    max_seats = 4
    private_exchange_events = frozenset({"negotiation"})  # a pay-off's answers (sabotage.py)
    settling_events = frozenset({"payoff_amount"})  # the pay-off agreed, and what was paid
    Options = Options
    State = State
    Action = Action

    # -- setup ----------------------------------------------------------------------
    def _setup(self, seats: int, seed: int, options: Options) -> State:
        rng = Rng(seed=seed)
        deck = list(range(NUM_CARDS))
        rng.shuffle(deck)
        state = State(
            seats=seats, options=options, rng=rng, phase=Phase.INCOME, current=0, actor=0,
            start_player=0, start_rolls=(),
            # rulebook: "placed in two stacks, with 20 cards per stack ... one stack is face
            # up, the other is face down."
            open_stack=tuple(deck[:20]), hidden_stack=tuple(deck[20:]),
            # rulebook: "Furthermore gets each coins in the value of 10 Thalers."
            bank=COIN_SUPPLY - START_MONEY * seats, money=(START_MONEY,) * seats,
            hands=((),) * seats, cities=((),) * seats, closed=(0,) * seats,
            saboteurs=(0,) * seats, reserve=SABOTEURS,
        )
        # rulebook: "By a roll of the die, determine the starting player." The die is rolled
        # until it shows the number of a seat (1 = the first seat).
        rolls = []
        while True:
            face = roll_die(state)
            rolls.append(face)
            if 1 <= face <= seats:
                break
        state.start_rolls = tuple(rolls)
        state.start_player = rolls[-1] - 1
        state.last_roll = -1
        start_turn(state, state.start_player)
        return state

    # -- whose turn, what is legal ----------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        return _TO_ACT[state.actor]

    def shown_to_act(self, state: State) -> frozenset[int]:
        sides = negotiators(state)  # "the thread sees only that they negotiate and whether they agree"
        return frozenset(sides) if sides else self.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list:
        if seat != state.actor:
            return []
        return _LEGAL[state.phase](state, seat)

    def amount_choice(self, state: State, seat: int) -> AmountChoice | None:
        if seat != state.actor:
            return None
        if state.phase in (Phase.OPENING, Phase.BIDDING):
            return auction.bid_range(state, seat)
        if state.phase == Phase.OFFER:
            return sabotage.offer_range(state, seat)
        if state.phase == Phase.ANSWER:
            return sabotage.counter_range(state, seat)
        return None

    check_action = None  # nothing to check before copying: each handler refuses what is not allowed

    def _apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        # The seat to act always has a handler (the game is over when nobody is to act).
        events: list[Event] = []
        _HANDLERS[state.phase](state, seat, action, events)
        return state, events

    # -- what players see ------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> BaumeisterView:
        return build_view(state, seat)

    def seat_view(self, state: State, seat: int, public: BaseModel) -> BaumeisterView:
        return seat_view(state, seat, public)  # type: ignore[arg-type]  (public is build_view's)

    def secret_tokens(self, state: State) -> dict[int, set[str]]:
        if state.phase == Phase.OVER:
            # "Each building card that is still in a player's hand counts as a minus value": the
            # final scoring shows every hand.
            return {}
        secrets: dict[int, set[str]] = {}
        for seat, hand in enumerate(state.hands):
            secrets[seat] = {CARDS[c].id for c in hand if not state.public_cards >> c & 1}
        if state.lot >= 0 and state.lot_hidden:
            secrets[state.current].add(CARDS[state.lot].id)
        return secrets

    def undo_refusal(self, before: State, after: State, events: list[Event]) -> str | None:
        """Besides the shared checks: "one stack is face up", so a move that takes its top card
        (an auction from it, or the swap) shows the card beneath; and the auctioneer who "must name
        the building type" makes public what the face-down lot is."""
        reason = super().undo_refusal(before, after, events)
        if reason is None and before.open_stack[-1:] != after.open_stack[-1:]:
            reason = "it turned up the next card of the open stack"
        if reason is None and after.type_named and not before.type_named:
            reason = "the type of the face-down card was named"
        return reason

    # -- the end -----------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if state.phase != Phase.OVER:
            return None
        scores: dict[int, float] = {}
        details: dict[int, list[str]] = {}
        for seat in range(state.seats):
            points, lines = score(state.cities[seat], state.hands[seat])
            scores[seat] = points
            details[seat] = lines
        # rulebook: "Whoever achieves the highest score has won" - no tie-break is given,
        # so equal scores share a place.
        ranking = [[s for s in range(state.seats) if scores[s] == value]
                   for value in sorted(set(scores.values()), reverse=True)]
        return Outcome(ranking=ranking, scores=scores, winners=ranking[0], details=details)

    def stats(self, state: State) -> dict[int, dict[str, float]]:
        result = self.outcome(state)
        if result is None:
            return {}
        return {
            seat: {
                "score": result.scores[seat],
                "buildings": float(sum(1 for c in state.cities[seat] if c >= 0)),
                "complete_city": float(is_complete(state.cities[seat])),
                "cards_in_hand": float(len(state.hands[seat])),
            }
            for seat in range(state.seats)
        }

    # -- tools ---------------------------------------------------------------------
    def option_variants(self) -> list[Options]:
        return [
            Options(),
            Options(swap_open_card=False, take_three=False, first_build="at_least"),
            Options(swap_open_card=True, take_three=False, first_build="at_least"),
        ]

    def policy(self, kind: str, seed: int = 0) -> Policy:
        return make_policy(self, kind, seed)

    def turn_key(self, state: State, seat: int) -> tuple[int, int, bool]:
        """One turn: a player's turn (income, the auction's opening, building) or final go."""
        return state.turn, state.current, state.phase in (Phase.FINAL, Phase.FINAL_PLACE)

    def time_limit(self, state: State, seat: int) -> int | None:
        """Only the pay-off negotiation is timed, so one player cannot hold a sabotage up.
        Every other decision waits for its player."""
        if seat == state.actor and state.phase in (Phase.OFFER, Phase.ANSWER):
            return DECISION_SECONDS
        return None

    def timeout_action(self, state: State, seat: int) -> Any:
        """A victim out of time makes no offer; whoever must answer a pay-off amount and runs out of
        time refuses it: the negotiation ends and the die decides."""
        if seat != state.actor:
            return None
        if state.phase == Phase.OFFER:
            return moves.NO_OFFER
        if state.phase == Phase.ANSWER:
            return moves.REFUSE
        return None

    def check_invariants(self, state: State) -> None:
        assert sum(state.money) + state.bank == COIN_SUPPLY, "thalers were created or lost"
        assert state.bank >= 0 and min(state.money) >= 0, "negative money"
        in_play = 1 if state.phase in (Phase.OFFER, Phase.ANSWER, Phase.GRAB) else 0  # on its target
        assert sum(state.saboteurs) + state.reserve + in_play == SABOTEURS, "saboteurs were created or lost"
        places = list(state.open_stack) + list(state.hidden_stack)
        places += [c for hand in state.hands for c in hand]
        places += [c for city in state.cities for c in city if c >= 0]
        if state.lot >= 0:
            places.append(state.lot)
        counts = Counter(places)
        assert sorted(counts) == list(range(NUM_CARDS)), "a building card is missing"
        assert max(counts.values()) == 1, "a building card is in two places"
        in_hands = 0
        for hand in state.hands:
            for c in hand:
                in_hands |= 1 << c
        assert not (state.public_cards | state.typed_cards) & ~in_hands, "a hand mark outlived its card"
        for city, closed in zip(state.cities, state.closed):
            assert not city or (city[0] >= 0 and city[-1] >= 0), "a city ends in a gap"
            assert closed == 0 or city, "an empty city is closed"
        if state.picked >= 0:
            assert state.picked in state.hands[state.actor], "the picked card left the hand"


def _apply_build(state: State, seat: int, action: Any, events: list[Event]) -> None:
    kind = action.kind
    if kind == "pick":
        build.apply_pick(state, seat, action, events)
    elif kind == "done":
        build.apply_done(state, seat, events)
    elif kind == "sabotage":
        sabotage.apply_sabotage(state, seat, action, events)
    else:
        raise RuleError("Pick a card to build, play a saboteur, or end your turn.")


def _no_actions(state: State, seat: int) -> list:
    return []


_LEGAL = {
    Phase.INCOME: auction.income_actions,
    Phase.STEAL: auction.steal_actions,
    Phase.LOT: auction.lot_actions,
    Phase.OPENING: auction.opening_actions,
    Phase.BIDDING: auction.raise_actions,
    Phase.BUILD: build.build_actions,
    Phase.FINAL: build.build_actions,
    Phase.PLACE: build.place_actions,
    Phase.FINAL_PLACE: build.place_actions,
    Phase.AIM: sabotage.aim_actions,
    Phase.OFFER: sabotage.offer_actions,
    Phase.ANSWER: sabotage.answer_actions,
    Phase.GRAB: sabotage.grab_actions,
    Phase.OVER: _no_actions,
}

_HANDLERS = {
    Phase.INCOME: auction.apply_income,
    Phase.STEAL: auction.apply_steal,
    Phase.LOT: auction.apply_lot,
    Phase.OPENING: auction.apply_bid,
    Phase.BIDDING: auction.apply_bid,
    Phase.BUILD: _apply_build,
    Phase.FINAL: _apply_build,
    Phase.PLACE: build.apply_place,
    Phase.FINAL_PLACE: build.apply_place,
    Phase.AIM: sabotage.apply_aim,
    Phase.OFFER: sabotage.apply_offer,
    Phase.ANSWER: sabotage.apply_answer,
    Phase.GRAB: sabotage.apply_grab,
}


SPEC = BaumeisterSpec()
