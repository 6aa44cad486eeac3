"""Options and state of Wettstreit der Baumeister.

The state keeps only immutable values (ints, strings, tuples, frozen models), so a copy
shares its fields; this keeps `apply` fast. Cards are ints 0..39 (see data).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.dataclasses import dataclass

from games.core import Rng

Ints = tuple[int, ...]


class Options(BaseModel):
    """Table options. The defaults play the rules text as written; each option is one of
    the text's marked variants, so a group can play closer to the original rules."""

    model_config = ConfigDict(frozen=True)

    swap_open_card: bool = Field(True, description="Swap the open card for 1 thaler (a variant in the text)")
    take_three: bool = Field(True, description="Take 3 thalers instead of rolling (a variant in the text)")
    first_build: Literal["exactly", "at_least"] = Field(
        "exactly", description="First build: exactly 3 cards (the text) or at least 3 (the original)")


class Phase:
    INCOME = "income"  # roll (or take 3)
    STEAL = "steal"  # saboteur face with an empty reserve: take one from a player
    LOT = "lot"  # choose the card to auction (or swap the open card first)
    OPENING = "opening"  # the auctioneer's opening bid
    BIDDING = "bidding"  # raise or pass, in seat order
    BUILD = "build"  # pick a card to build, sabotage, or end the turn
    PLACE = "place"  # choose where the picked card goes
    AIM = "aim"  # choose the building to sabotage
    OFFER = "offer"  # the victim may open a pay-off negotiation with an offer
    ANSWER = "answer"  # the other side accepts, refuses (the die decides) or counters the amount
    GRAB = "grab"  # the attacker picks a face-down card from the victim's hand
    FINAL = "final"  # final round: lay out up to three cards
    FINAL_PLACE = "final_place"
    OVER = "over"


@dataclass(kw_only=True)
class State:
    """Everything about a game. Every field holds an immutable value (never mutate a tuple
    in place: assign a new one), so states can share their values after a shallow copy.

    A pydantic dataclass rather than a BaseModel: rule code reads and writes dozens of
    fields per move, and plain attributes cost a fraction of a BaseModel's (whose
    assignment hook runs on every write). Validation happens where data comes in: when a
    stored state is loaded (GameSpec.load_state)."""

    seats: int
    options: Options
    rng: Rng  # replaced (never mutated) when used, so states can share it
    phase: str
    turn: int = 0  # counts turns, for the board
    current: int  # whose turn it is (the auctioneer during an auction)
    actor: int  # who must act now
    start_player: int
    start_rolls: Ints  # die faces rolled to find the start player
    announced: bool = False  # the start player has been announced in an event
    open_stack: Ints  # top card last
    hidden_stack: Ints  # top card last
    bank: int  # thalers in the cash supply
    money: Ints
    hands: tuple[Ints, ...]
    public_cards: int = 0  # bitmask of hand cards everyone has seen
    typed_cards: int = 0  # bitmask of hand cards whose type (only) was announced
    cities: tuple[Ints, ...]  # left to right; -1 is a gap left by a saboteur
    closed: Ints  # per city: bit 1 = a corner tower closes the left end, bit 2 = the right end
    built: int = 0  # bitmask of seats that have made their first build
    saboteurs: Ints
    reserve: int
    last_roll: int = -1  # the last die result (0 = saboteur face, -1 = none yet)
    # the current turn
    swapped: bool = False
    placed: int = 0  # cards laid out in this build step
    min_place: int = 0  # a build step that has begun must reach this many cards
    max_place: int = 3
    picked: int = -1  # hand card chosen for building, waiting for a position
    # the current auction
    lot: int = -1
    lot_hidden: bool = False
    high_bid: int = 0
    high_bidder: int = -1
    passed: int = 0  # bitmask of seats out of the auction
    type_named: bool = False
    bids: tuple[Ints, ...] = ()  # (seat, amount) pairs; amount -1 is a pass
    # the current sabotage
    victim: int = -1
    target: int = -1  # slot of the attacked building
    offer: int = 0  # the pay-off amount proposed last (by the victim, or by the attacker when the victim answers)
    counters: int = 0  # counter-proposals made in the pay-off negotiation
    # the end
    last_turn: bool = False  # the last card of a stack has been auctioned
    final_queue: Ints = ()  # seats still to lay out cards in the final round

    # Every other field is immutable, so a copy (games.core.copy_state) shares them all; the
    # generator is replaced before it draws (common.fresh_rng).
    SHARED_ON_COPY: ClassVar[tuple[str, ...]] = ("rng",)

    def update(self, **fields: object) -> None:
        """Assign several fields at once."""
        self.__dict__.update(fields)
