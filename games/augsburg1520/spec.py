"""The Augsburg 1520 game spec (SPEC): who acts, what they may do, and applying it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.augsburg1520 import ai, auction, flow, scoring, views
from games.augsburg1520.actions import Action
from games.augsburg1520.common import refill_draw
from games.augsburg1520.state import Options, State
from games.core import AmountChoice, Event, GameSpec, Outcome, Policy

SIMULTANEOUS = ("buy", "reveal", "shortage")
SINGLE = {
    "bid": "bidder", "discard_bid": "winner", "privilege_card": "winner", "privileges": "winner",
    "privilege_discard": "winner", "choose_victim": "winner", "consolation": "victim",
}
# Events that turn up what was hidden (undo_refusal), a card from a hand put face up on the
# discard pile among them.
_REVEALING = frozenset({"dealt", "bought", "round", "discard", "discard_bid"})
_ONLY = tuple(frozenset((seat,)) for seat in range(8))  # to_act of one seat, built once


# The phases of one auction winner's turn with the privilege card they take.
PRIVILEGE_TURN = frozenset({"privilege_card", "privileges", "privilege_discard", "choose_victim", "consolation"})


class Augsburg1520(GameSpec[State, Any]):
    name = "augsburg1520"
    title = "Augsburg 1520"
    min_seats = 2
    max_seats = 5
    Options = Options
    State = State
    Action = Action

    def _setup(self, seats: int, seed: int, options: Options) -> State:
        state, _ = flow.setup(seats, seed, options)
        return state

    def to_act(self, state: State) -> frozenset[int]:
        field = SINGLE.get(state.phase)
        if field is not None:
            return _ONLY[state.__dict__[field]]
        if state.phase in SIMULTANEOUS:
            done = state.done
            return frozenset([s for s in range(state.seats) if not done[s]])
        return frozenset()

    def turn_key(self, state: State, seat: int) -> tuple[int, int, str]:
        """One turn: a round's purchase, a bid, a reveal, or the winner's privilege card with all
        it leads to (its privileges, a card discarded, a tile taken)."""
        phase = "privileges" if state.phase in PRIVILEGE_TURN else state.phase
        return state.round, state.auction, phase

    def legal_actions(self, state: State, seat: int) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        return flow.legal(state, seat)

    def amount_choice(self, state: State, seat: int) -> AmountChoice | None:
        if state.phase != "bid" or seat != state.bidder:
            return None
        return auction.bid_range(state, seat)

    check_action = None  # nothing to check before copying: flow.play refuses what is not allowed

    def _apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        events: list[Event] = []
        flow.play(state, seat, action, events)
        refill_draw(state, events)  # cards discarded onto an empty deck's discard pile form the new deck
        return state, events

    def view(self, state: State, seat: int | None) -> BaseModel:
        return views.build(state, seat, self.to_act(state))

    def seat_view(self, state: State, seat: int, public: BaseModel) -> BaseModel:
        return views.seat_view(state, seat, public, self.to_act(state))  # type: ignore[arg-type]

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        return scoring.outcome(state)

    def secret_tokens(self, state: State) -> dict[int, set[str]]:
        return views.secret_tokens(state)

    def undo_refusal(self, before: State, after: State, events: list[Event]) -> str | None:
        """Besides the shared checks: cards come off a draw pile shuffled at setup, so a deal
        reveals cards without the random generator moving; the purchase is settled for everyone
        at once ("simultaneously with the other players"), showing what each bought; and a new
        round turns over the privilege cards that were "set aside face down"; and a card from a hand
        "discarded face up" (a lone winner "places the cards he bid on the discard pile") was seen."""
        if any(event.kind in _REVEALING for event in events):  # the game's own reason says more
            return ("it dealt new cards, settled everyone's purchase, turned up privilege cards or put a card "
                    "from a hand face up on the discard pile")
        return super().undo_refusal(before, after, events)

    def check_invariants(self, state: State) -> None:
        scoring.check_invariants(state)

    def policy(self, kind: str, seed: int = 0) -> Policy:
        return ai.make_policy(self, kind, seed)

    def option_variants(self) -> list[BaseModel]:
        return [Options(), Options(open_money=True)]

    def stats(self, state: State) -> dict[int, dict[str, float]]:
        return {s: {"prestige": float(state.score[s]), "money": float(state.money[s]),
                    "church": float(bool(state.rights[s]["church"])),
                    "cathedral": float(bool(state.rights[s]["cathedral"]))}
                for s in range(state.seats)}


SPEC = Augsburg1520()
