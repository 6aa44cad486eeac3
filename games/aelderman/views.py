"""What a seat (or a spectator, seat None) sees. Everything is open except each seat's mission,
its sealed Council Hall bid and its start-booster draws, which only that seat sees."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from pydantic import BaseModel, Field

from games.aelderman import data as D
from games.aelderman.scoring import progress, requirements, tasks
from games.aelderman.state import State


class SlotView(BaseModel):
    action: str  # key of data.SEA_ACTIONS
    text: str
    ap: int
    family: str


class CardView(BaseModel):
    number: int
    rows: list[list[SlotView | None]]  # two rows of three columns (1, 2, 3 AP)
    demand: list[str]  # goods demanded left to right ("any", "luxury" are symbols)


class CityView(BaseModel):
    name: str
    zone: str | None
    x: int
    y: int
    neighbours: list[str]
    card: CardView
    banner: list[int]  # seats, left to right, top to bottom (rows of two)
    subsidiary: int | None
    ships: list[int]


class YieldView(BaseModel):
    goods: list[str]  # crates already turned into the zone's goods
    coins: int
    influence: int
    luxury: str | None


class WheelView(BaseModel):
    rotation: int
    turns: int
    turns_to_bonus: int
    sectors: dict[str, int]  # zone -> sector number seen now
    rings: dict[str, list[list[YieldView]]]  # zone -> ring (1, 2, 3 AP) -> options


class BuildingView(BaseModel):
    name: str
    strength: int
    uses: int
    site: int = -1  # main version: the Lübeck site
    district: str | None = None


class ImprovementView(BaseModel):
    number: int
    when: str
    text: str
    activated: bool = False


class OrderView(BaseModel):
    number: int
    text: str
    reward: dict[str, int]


class SiteView(BaseModel):
    """A building site of Lübeck (main version): free, a property tile, or a building."""
    number: int
    district: str
    x: int
    y: int
    owner: int | None  # a seat, the spare colour's seat, or None when free
    building: str | None
    strength: int  # before Guard Houses; 0 for an empty property tile


class MajorityView(BaseModel):
    """A scoring box: each colour's markers or strength so far, and the council votes it pays."""
    name: str
    first: int
    second: int
    standing: dict[int, int]


class RequirementView(BaseModel):
    level: str
    text: str
    met: bool
    have: int
    need: int


class PlayerView(BaseModel):
    seat: int
    coins: int
    influence: int
    general: int
    action_points: int
    goods: dict[str, int]
    storage_used: int
    storage_capacity: int
    location: str
    wheel: WheelView
    production: dict[str, int]
    buildings: list[BuildingView]
    property: int
    property_supply: int
    council_cards: list[int]
    council_votes: int  # from cards, sales and buildings
    penalty: int
    final_votes: int  # council votes if the game ended now (influence and luxury included)
    placed: int
    subsidiaries: list[str]
    small_feasts: int
    big_feasts: int
    held: int  # influence on Council Hall spots
    bid_total: int
    boosters: list[str]
    operating_costs: int
    booster_draws: list[str]  # own view only
    mission: str | None  # own view, or everyone's once the game is over
    mission_name: str | None
    mission_level: int | None  # at the end: 0 none, 1 basic, 2 advanced, 3 expert
    requirements: list[RequirementView]  # own view, or everyone's at the end
    improvements: list[ImprovementView] = []
    improvement_slots: int = 0
    zones: list[str] = []
    orders: list[int] = []


class TurnView(BaseModel):
    seat: int
    start: str
    city: str
    moved: bool
    ap_period: int
    ap_left: int  # of the period indicator
    ap_extra_usable: int  # additional action points still usable this turn (total at most 6)
    ap_available: int
    rows_used: list[bool]
    spent_here: int
    alt_trade_used: bool
    card_blocked: bool
    city_actions_done: bool
    feasted: bool
    passes_left: int = 0  # improvement 501: cities the ship may still pass without an action
    may_pass: bool = False  # ... and it may leave this one so
    places_here: bool = True  # the player could place an influence marker in this city now


class CouncilSlotView(BaseModel):
    card: int
    kind: str
    text: str
    bonus: dict[str, int]
    taken_by: int | None


class CouncilView(BaseModel):
    rows: list[list[CouncilSlotView]]
    row: int | None
    stage: str | None
    submitted: list[bool]
    revealed: list[list[int]]
    my_bid: int | None
    my_bid_token: str | None


class PendingView(BaseModel):
    kind: str
    seat: int
    data: dict[str, Any]


class AeldermanView(BaseModel):
    game: str = "aelderman"
    version: str
    seats: int
    viewer: int | None
    phase: str
    round: int
    period: int
    periods_revealed: list[int]
    periods_hidden: int
    order: list[int]
    to_act: list[int]
    turn: TurnView | None
    pending: PendingView | None
    cities: list[CityView]
    players: list[PlayerView]
    council: CouncilView
    council_pile: int
    card_pile: int
    feasts: int
    feast_limit: int
    small_feast: str
    big_feast: str | None
    property_cost: int
    solo: bool
    # The viewer's building costs after Council Hall discounts (goods, and "coins"); empty for
    # spectators.
    build_costs: dict[str, dict[str, int]] = {}
    # Building tiles left of each type: "The number of buildings of each type is limited", and
    # the tiles lie open next to the board.
    buildings_left: dict[str, int] = {}
    rounds: int = 2
    # Main version (factories: a `[]` default is deep-copied for every view built, a short game's too).
    display: list[ImprovementView] = Field(default_factory=list)  # left to right
    orders: list[OrderView | None] = Field(default_factory=list)  # by position, None once fulfilled
    improvement_pile: int = 0  # the face-down improvements still to be revealed
    sites: list[SiteView] = Field(default_factory=list)
    zone_majorities: list[MajorityView] = Field(default_factory=list)
    district_majorities: list[MajorityView] = Field(default_factory=list)
    spare: int | None = None  # the spare colour's seat number (2 players, solo dummy)
    setup_option: int = 0
    difficulty: str | None = None  # solo main version


@cache  # a card's view depends on its number alone; views are read, never changed
def card_view(number: int) -> CardView:
    card = D.ACTION_CARDS[number]
    rows = []
    for row in card.rows:
        slots: list[SlotView | None] = []
        for name in row:
            if name is None:
                slots.append(None)
            else:
                a = D.SEA_ACTIONS[name]
                slots.append(SlotView(action=name, text=a.text, ap=a.ap, family=a.family))
        rows.append(slots)
    return CardView(number=number, rows=rows, demand=list(card.demand))


def cities_view(state: State) -> list[CityView]:
    """Every place of the map, in map order. Most moves leave the map as it was: the views of its
    places are then taken whole from a cache, the key costing less than one lookup a place."""
    ships: dict[str, tuple[int, ...]] = {}
    for seat, player in enumerate(state.players):
        ships[player.location] = (*ships.get(player.location, ()), seat)
    banners, subsidiary, cards = state.banners, state.subsidiary, state.cards
    places = tuple((name, cards[name], tuple(banners.get(name, ())), subsidiary.get(name), ships.get(name, ()))
                   for name in D.PLACES)
    return list(_cities(places))


@lru_cache(maxsize=1024)  # a map's twenty places (their views are shared): about 2 kB each
def _cities(places: tuple) -> tuple[CityView, ...]:
    return tuple(_city_view(*place) for place in places)


@lru_cache(maxsize=4096)  # views are read, never changed: a city that looks the same is built once
def _city_view(name: str, card: int, banner: tuple[int, ...], subsidiary: int | None,
               ships: tuple[int, ...]) -> CityView:
    x, y = D.POSITIONS[name]
    return CityView(name=name, zone=D.CITY_ZONE.get(name), x=x, y=y, neighbours=list(D.NEIGHBOURS[name]),
                    card=card_view(card), banner=list(banner), subsidiary=subsidiary, ships=list(ships))


@cache  # depends on its arguments alone
def wheel_view(rotation: int, turns: int) -> WheelView:
    sectors, rings = {}, {}
    for zone in D.ZONES:
        sectors[zone] = D.sector_at(zone, rotation).number
        rings[zone] = [[YieldView(goods=D.yield_goods(zone, y), coins=y.coins,
                                  influence=y.influence, luxury=y.luxury)
                        for y in D.ring_options(zone, rotation, ring)] for ring in range(3)]
    left = D.BONUS_EVERY - turns % D.BONUS_EVERY
    return WheelView(rotation=rotation, turns=turns, turns_to_bonus=left, sectors=sectors,
                     rings=rings)


EXPERT = len(D.LEVELS) - 1  # its requirements include every lower level's


def requirements_view(state: State, seat: int) -> list[RequirementView]:
    """Every level's requirements of the seat's mission, with its progress (each counted once)."""
    mission = state.players[seat].mission
    counted = tuple(progress(state, seat, kind, subject) for kind, subject, _ in requirements(mission, EXPERT))
    return list(_requirements(mission, counted))


@lru_cache(maxsize=1024)  # a seat's progress changes now and then; its panel is built on every move
def _requirements(mission: str, counted: tuple[int, ...]) -> tuple[RequirementView, ...]:
    have = {(kind, subject): n for (kind, subject, _), n in zip(requirements(mission, EXPERT), counted)}
    return tuple(_requirement(name, text, ok, n, need)
                 for level, name in enumerate(D.LEVELS) for text, ok, n, need in tasks(mission, level, have))


@lru_cache(maxsize=4096)  # views are read, never changed; a panel lists some thirty of these
def _requirement(level: str, text: str, met: bool, have: int, need: int) -> RequirementView:
    return RequirementView(level=level, text=text, met=met, have=have, need=need)
