"""The game state: plain pydantic models of ints, strings and lists (compact to copy)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core import Rng


class Visit(BaseModel):
    """The city where the ship is during a turn, and what was done there since arriving."""

    city: str
    rows: list[bool] = Field(default_factory=lambda: [False, False])
    spent: int = 0  # action points spent in this city
    alt: bool = False  # an alternative trade was made (then nothing else from the card)
    blocked: bool = False  # the card was exchanged after a sea action here, or swapped in: no more
    city_actions: bool = False
    improved: bool = False  # an improvement (502-504) was used here: a regular action is still due


class Turn(BaseModel):
    seat: int
    base: int  # action points of the period indicator
    base_left: int
    tokens_used: int = 0  # additional action points used (base + these <= 6)
    start: str
    moved: bool = False
    feasted: bool = False
    passes: int = 0  # improvement 501: cities still passable without an action
    visit: Visit


class Pending(BaseModel):
    """A small decision one seat must take before play goes on (a sub-step of a bigger move)."""

    kind: str
    seat: int
    data: dict[str, Any] = Field(default_factory=dict)


class Player(BaseModel):
    mission: str
    coins: int
    influence: int  # active supply
    general: int  # general supply of influence markers
    ap: int = 0  # additional action points
    goods: dict[str, int]
    rotation: int = 0
    wheel_turns: int = 0
    location: str
    production: dict[str, int]  # ap, influence, wood, wheat, stone, fish
    buildings: list[str] = Field(default_factory=list)
    uses: list[int] = Field(default_factory=list)  # ability uses per building (same index)
    property: int = 0  # property tiles bought and not built on
    property_supply: int
    cards: list[int] = Field(default_factory=list)  # Council Hall cards kept
    votes: int = 0  # council votes from cards, sales, buildings
    penalty: int = 0  # council votes lost for unpaid operating costs
    small_feasts: int = 0
    big_feasts: int = 0
    held: int = 0  # influence markers lying on Council Hall spots
    bid_total: int = 0  # influence bid this round (sets the next player order)
    feast_markers: int = 0  # markers on the round indicator, one per feast this round
    mission_markers: int = 0  # on the mission card: Mathias Mulich marks a small feast there, for good
    cost_cut: int = 0  # operating costs taken off by card 124 (at most what the marker showed)
    drawn: list[str] = Field(default_factory=list)  # start boosters drawn (secret), not yet chosen
    boosters: list[str] = Field(default_factory=list)  # start boosters kept (public)
    # Main version only.
    sites: list[int] = Field(default_factory=list)  # Lübeck site of each building (same index)
    lots: list[int] = Field(default_factory=list)  # sites of own property not built on yet
    improvements: list[int] = Field(default_factory=list)
    activated: list[bool] = Field(default_factory=list)  # flipped this round (same index)
    zones: list[str] = Field(default_factory=list)  # zones controlled (+1 influence production)
    orders: list[int] = Field(default_factory=list)  # Council orders fulfilled


class Spare(BaseModel):
    """The spare colour of a 2-player game or the solo dummy: its seat number is `state.seats`."""

    lots: list[list[int]] = Field(default_factory=list)  # [site, strength] of its buildings
    sheet: str = ""  # solo: the dummy description (difficulty); "" for the 2-player spare colour
    # Its setup (setup step 9) follows the start boosters (step 8). True by default: a game stored
    # before this field was added had it placed at once.
    placed: bool = True


class Council(BaseModel):
    row: int = 0
    stage: Literal["bid", "choose"] = "bid"
    bids: list[int | None]
    revealed: list[list[int]] = Field(default_factory=list)  # bids of finished rows
    taken: list[list[int]] = Field(default_factory=list)  # per row and slot: seat or -1


class State(BaseModel):
    seats: int
    version: Literal["short", "main"] = "short"
    setup_option: int = 0  # 2-player setup of the spare colour (0: none)
    rng: Rng
    phase: Literal["setup", "trade", "production", "council", "over"] = "setup"
    round: int = 1
    period: int = 0
    periods: list[int] = Field(default_factory=list)
    order: list[int]
    turn_index: int = 0
    turn: Turn | None = None
    pending: list[Pending] = Field(default_factory=list)
    players: list[Player]
    cards: dict[str, int]  # place -> action card number
    card_pile: list[int]
    card_discard: list[int] = Field(default_factory=list)
    banners: dict[str, list[int]]  # city -> seats, left to right, top to bottom
    subsidiary: dict[str, int] = Field(default_factory=dict)  # city -> seat
    council_pile: list[int]
    council_discard: list[int] = Field(default_factory=list)
    votes3_pile: list[int]
    council_rows: list[list[int]] = Field(default_factory=list)
    council: Council | None = None
    # Main version: who took "developing an improvement" from this round's rows. The card goes back
    # to its place, so no player holds it to show the taker once the Council Hall is over.
    improve_taker: int | None = None
    feasts: int = 0  # feasts celebrated this round
    built: dict[str, int] = Field(default_factory=dict)  # building tiles used per type
    # Main version only.
    display: list[int] = Field(default_factory=list)  # improvements face up, left to right
    improvement_pile: list[int] = Field(default_factory=list)
    orders: list[int] = Field(default_factory=list)  # Council orders by position, 0 = gone
    site_owner: list[int] = Field(default_factory=list)  # Lübeck sites: seat, or -1 when free
    votes10_pile: list[int] = Field(default_factory=list)
    spare: Spare | None = None
    steps: int = 0


_set = object.__setattr__


_ALL_FIELDS: dict[type, set[str]] = {}


def make_model(cls: type[BaseModel], fields: dict[str, Any]) -> Any:
    """Build a model from already valid fields (what model_construct does, minus its overhead).
    Every field is set, so all instances of a class can share one "fields set"."""
    obj = cls.__new__(cls)
    _set(obj, "__dict__", fields)
    shared = _ALL_FIELDS.get(cls)
    if shared is None:
        shared = _ALL_FIELDS[cls] = set(cls.model_fields)
    _set(obj, "__pydantic_fields_set__", shared)
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj
