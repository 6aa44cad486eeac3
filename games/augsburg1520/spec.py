"""The Augsburg 1520 game spec (SPEC): who acts, what they may do, and applying it."""

from __future__ import annotations

from typing import Any, Callable

from pydantic import BaseModel

from games.augsburg1520 import auction, buying, flow, levels, privileges, scoring, views
from games.augsburg1520.cards import parse
from games.augsburg1520.choices import pick_noble
from games.augsburg1520.actions import Action
from games.augsburg1520.state import Options, State
from games.core import Event, GameSpec, Outcome, Policy, RuleError

SIMULTANEOUS = ("buy", "reveal", "shortage")
SINGLE = {
    "bid": "bidder", "discard_bid": "winner", "privilege_card": "winner", "privileges": "winner",
    "privilege_discard": "winner", "choose_victim": "winner", "consolation": "victim",
}
CARD_CHOICE_PHASES = ("discard_bid", "reveal", "privilege_discard", "shortage")
_ONLY = tuple(frozenset((seat,)) for seat in range(8))  # to_act of one seat, built once


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

    def legal_actions(self, state: State, seat: int) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        options = _LEGAL.get(state.phase)
        return options(state, seat) if options else []

    check_action = None  # nothing to check before copying: each handler refuses what is not allowed

    def _apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        events: list[Event] = []
        handler = _HANDLERS.get(action.kind)
        if handler is None:
            raise RuleError(f"Unknown move {action.kind!r}.")
        handler(state, seat, action, events)
        return state, events

    def view(self, state: State, seat: int | None) -> BaseModel:
        return views.build(state, seat, self.to_act(state))

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        return scoring.outcome(state)

    def secret_tokens(self, state: State) -> dict[int, set[str]]:
        return views.secret_tokens(state)

    def check_invariants(self, state: State) -> None:
        scoring.check_invariants(state)

    def policy(self, kind: str, seed: int = 0) -> Policy:
        from games.augsburg1520 import ai

        return ai.make_policy(self, kind, seed)

    def option_variants(self) -> list[BaseModel]:
        return [Options(), Options(open_money=True)]

    def stats(self, state: State) -> dict[int, dict[str, float]]:
        return {s: {"prestige": float(state.score[s]), "money": float(state.money[s]),
                    "church": float(bool(state.rights[s]["church"])),
                    "cathedral": float(bool(state.rights[s]["cathedral"]))}
                for s in range(state.seats)}


def _card(action: Any) -> int:
    try:
        return parse(action.card)
    except ValueError as exc:
        raise RuleError(str(exc)) from None


def _discard_card(state: State, seat: int, action: Any, events: list[Event]) -> None:
    if state.phase == "privilege_discard":
        privileges.apply_privilege_discard(state, seat, _card(action), events)
    elif state.phase == "shortage":
        buying.apply_shortage_discard(state, seat, _card(action), events)
    else:
        raise RuleError("You have no card to discard now.")


def _pick_noble(state: State, seat: int, action: Any, events: list[Event]) -> None:
    if state.phase not in CARD_CHOICE_PHASES:
        raise RuleError("You are not choosing a card now.")
    pick_noble(state, seat, action.noble)


_LEGAL: dict[str, Callable[[State, int], list[Any]]] = {
    "bid": auction.legal_bids,
    "discard_bid": auction.legal_picks,
    "reveal": auction.legal_picks,
    "buy": buying.legal_buys,
    "privilege_card": lambda state, seat: privileges.legal_privilege_cards(state),
    "privileges": privileges.legal_privileges,
    "privilege_discard": privileges.legal_discards,
    "shortage": buying.legal_shortage_discards,
    "choose_victim": levels.legal_victims,
    "consolation": lambda state, seat: levels.legal_consolations(),
}

Handler = Callable[[State, int, Any, list[Event]], None]
_HANDLERS: dict[str, Handler] = {
    "bid": lambda s, seat, a, ev: auction.apply_bid(s, seat, a.cards, ev),
    "pass": lambda s, seat, a, ev: auction.apply_pass(s, seat, ev),
    "pick_noble": _pick_noble,
    "discard_bid_card": lambda s, seat, a, ev: auction.apply_discard_bid_card(s, seat, a.card, ev),
    "reveal_card": lambda s, seat, a, ev: auction.apply_reveal_card(s, seat, a.card, ev),
    "buy_card": lambda s, seat, a, ev: buying.apply_buy(s, seat, a.card),
    "finish_buying": lambda s, seat, a, ev: buying.apply_finish(s, seat, ev),
    "take_privilege_card": lambda s, seat, a, ev: privileges.apply_take_card(s, seat, a.number, ev),
    "use_privilege": lambda s, seat, a, ev: privileges.apply_use(s, seat, a.slot, a.use, ev),
    "builder_build": lambda s, seat, a, ev: privileges.apply_builder_build(s, seat, a.building, ev),
    "end_privileges": lambda s, seat, a, ev: privileges.apply_end(s, seat, ev),
    "discard_card": _discard_card,
    "take_tile_from": lambda s, seat, a, ev: levels.apply_take_tile_from(s, seat, a.target, ev),
    "consolation": lambda s, seat, a, ev: levels.apply_consolation(s, seat, a.choice, ev),
}


SPEC = Augsburg1520()
