"""The Aelderman game spec: the engine protocol of games/core.py for both versions."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from games.aelderman import data as D
from games.aelderman.actions import Action
from games.aelderman.ai import HeuristicPolicy, RandomLegalPolicy
from games.aelderman.improvements import slots
from games.aelderman.council import bid_options, bid_range, bidders, submit_bid
from games.aelderman.flow import advance
from games.aelderman.rules import INFLUENCE_TOTAL_CHECK, markers_on_buildings, periods_shown
from games.aelderman.scoring import outcome, stats
from games.aelderman.setup import new_game
from games.aelderman.state import State
from games.aelderman.sea_rule import CITY_ACTIONS, keeps_sea, step_choices, turn_choices
from games.aelderman.steps import resolve_step
from games.aelderman.turn import resolve_turn, sea_action_due, turn_options_of_kind
from games.aelderman.views import AeldermanView
from games.aelderman.views_build import bid_token, build_view, seat_view
from games.core import AmountChoice, Event, GameSpec, Outcome, RuleError


class Options(BaseModel):
    """Table options. Setup and difficulty matter only where the rulebook uses them: the setup
    with two players (both versions) and in a solo main game, the difficulty in a solo main game."""

    version: Literal["short", "main"] = Field(
        "short", description="Version: short (2 rounds, missions) or main (5 rounds, the election)")
    setup: Literal[1, 2, 3] = Field(
        1, description="2 players, or solo main version: the spare colour's setup (1 balanced, 2 buildings, 3 markers)")
    difficulty: Literal["easy", "medium", "hard"] = Field(
        "medium", description="Solo main version: the dummy player's difficulty")

    @field_validator("setup", mode="before")
    @classmethod
    def _setup_number(cls, value: Any) -> Any:
        """`/table create options:setup=2` sends text; the menu and the state use the number."""
        return int(value) if isinstance(value, str) and value.strip().isdigit() else value


class AeldermanSpec(GameSpec[State, Any]):
    name = "aelderman"
    title = "Aelderman"
    min_seats = 1
    max_seats = 4
    Options = Options
    State = State
    Action = Action

    def _setup(self, seats: int, seed: int, options: Options) -> State:
        state = new_game(seats, seed, options.version, options.setup, options.difficulty)
        advance(state, [])
        return state

    def turn_key(self, state: State, seat: int) -> tuple[Any, ...]:
        """One turn: a player's turn at sea (with what it leads to), a Council Hall row's bids or
        choices, a round's production decisions, each choice of the setup. A period's start (its
        wheels' free markers, before any ship sails) is not the turn at sea that follows it."""
        council = (state.council.row, state.council.stage) if state.council is not None else None
        setup = state.pending[-1].kind if state.phase == "setup" and state.pending else None
        return state.round, state.phase, state.period, state.turn_index, state.turn is not None, council, setup

    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        if state.pending:
            return frozenset({state.pending[-1].seat})
        if state.council is not None and state.council.stage == "bid":
            return bidders(state)
        if state.turn is not None:
            return frozenset({state.turn.seat})
        return frozenset()

    def legal_actions(self, state: State, seat: int) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        if state.pending:
            return step_choices(state)
        if state.council is not None and state.council.stage == "bid":
            return bid_options(state, seat)
        return turn_choices(state)

    def check_action(self, state: State, seat: int, action: Any) -> None:
        """Legality is checked on the given state, before it is copied."""
        if not self._allowed(state, seat, action):
            raise RuleError(_refusal(state, action, self.legal_actions(state, seat)))

    def _allowed(self, state: State, seat: int, action: Any) -> bool:
        """Whether `action` is legal: among the legal actions, or any bid the supply allows
        (its menu lists only some); on a turn only the action's kind is computed."""
        if state.pending:
            return action in self.legal_actions(state, seat)
        if _bidding(state):
            return action.kind == "bid" and 0 <= action.amount <= state.players[seat].influence
        if state.turn is None:
            return action in self.legal_actions(state, seat)
        return action in turn_options_of_kind(state, action.kind) and (
            action.kind not in CITY_ACTIONS or not sea_action_due(state) or keeps_sea(state, action))

    def amount_choice(self, state: State, seat: int) -> AmountChoice | None:
        return None if state.pending else bid_range(state, seat)

    def _apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        """Carry out an action already checked against `legal_actions`."""
        events: list[Event] = []
        if state.pending:
            resolve_step(state, action, events)
        elif state.council is not None and state.council.stage == "bid":
            submit_bid(state, seat, action.amount, events)
        else:
            resolve_turn(state, seat, action, events)
        advance(state, events)
        state.steps += 1
        return state, events

    def view(self, state: State, seat: int | None) -> AeldermanView:
        return build_view(state, seat, sorted(self.to_act(state)))

    def seat_view(self, state: State, seat: int, public: BaseModel) -> AeldermanView:
        return seat_view(state, seat, public)  # type: ignore[arg-type]  (public is build_view's)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def stats(self, state: State) -> dict[int, dict[str, float]]:
        return stats(state)

    def undo_refusal(self, before: State, after: State, events: list[Event]) -> str | None:
        """Besides the shared checks: the face-down piles are shuffled at setup, so a card drawn
        from one (an action card exchanged, a Council Hall card, an improvement) or a period
        indicator turned up reveals something without the random generator moving."""
        reason = super().undo_refusal(before, after, events)
        if reason is None and _seen(before) != _seen(after):
            reason = ("it revealed hidden cards (an action card, a Council Hall card, an improvement or a "
                      "period indicator)")
        return reason

    def secret_tokens(self, state: State) -> dict[int, set[str]]:
        secrets: dict[int, set[str]] = {}
        for seat, player in enumerate(state.players):
            tokens = set(player.drawn)
            if state.phase != "over" and player.mission:
                tokens.add(player.mission)
            council = state.council
            if council is not None and council.stage == "bid" and council.bids[seat] is not None:
                tokens.add(bid_token(state, seat, council.bids[seat]))
            secrets[seat] = tokens
        return secrets

    def policy(self, kind: str, seed: int = 0):
        if kind == "random":
            return RandomLegalPolicy(self, seed)
        if kind == "heuristic":
            return HeuristicPolicy(self, seed)
        raise KeyError(f"{self.name} has no computer player called {kind!r}")

    def solo_goal(self, options: Any) -> str:
        options = self.parse_options(options)
        if options.version == "main":
            return f"beating or tying with the {options.difficulty} dummy"
        return "the mission's basic task"

    def option_variants(self) -> list[BaseModel]:
        """Both versions, every 2-player setup and every solo difficulty (the shared random-game
        test plays each at every seat count)."""
        return [Options(), Options(version="main"), Options(setup=2), Options(setup=3),
                Options(version="main", setup=2, difficulty="easy"),
                Options(version="main", setup=3, difficulty="hard")]

    def check_invariants(self, state: State) -> None:
        main = state.version == "main"
        for seat, player in enumerate(state.players):
            on_map = sum(b.count(seat) for b in state.banners.values())
            on_map += sum(1 for s in state.subsidiary.values() if s == seat)
            total = (player.general + player.influence + player.held + on_map
                     + player.feast_markers + player.mission_markers + markers_on_buildings(player))
            assert total == INFLUENCE_TOTAL_CHECK, f"seat {seat} has {total} influence markers"
            assert player.coins >= 0 and player.influence >= 0 and player.ap >= 0
            assert all(n >= 0 for n in player.goods.values()), f"seat {seat} has negative goods"
            assert player.property + player.property_supply + len(player.buildings) == D.PROPERTY_TILES
            if main:
                assert len(player.improvements) <= slots(player), f"seat {seat} has too many improvements"
                assert len(player.lots) == player.property
                owned = [*player.lots, *(site for site in player.sites if site >= 0)]
                assert sorted(owned) == [i for i, o in enumerate(state.site_owner) if o == seat], \
                    f"seat {seat}'s sites in Lübeck do not match its property tiles"
        cards = [*state.cards.values(), *state.card_pile, *state.card_discard]
        fixed, draw = (D.MAIN_FIXED_CARDS, D.MAIN_DRAW_CARDS) if main else (D.FIXED_CARDS, D.DRAW_CARDS)
        assert sorted(cards) == sorted([*fixed.values(), *draw]), "action cards lost"
        for city, banner in state.banners.items():
            assert len(banner) <= D.BANNER_SPACES, f"{city}'s banner overflows"


def _refusal(state: State, action: Any, allowed: list[Any]) -> str:
    kinds = sorted({a.kind for a in allowed})
    what = getattr(action, "kind", "that")
    return (f"You cannot do {what!r} like that now. Allowed now: {', '.join(kinds)}"
            f" (see the offered choices).")


SPEC = AeldermanSpec()


def _bidding(state: State) -> bool:
    return state.council is not None and state.council.stage == "bid"


def _seen(state: State) -> tuple:
    """How much of what lies face down has been turned up: each pile's size, and the round's
    period indicators shown (as views_build shows them)."""
    revealed = periods_shown(state)
    return (len(state.card_pile), len(state.council_pile), len(state.votes3_pile), len(state.improvement_pile),
            len(state.votes10_pile), state.round, tuple(state.periods[:revealed]))
