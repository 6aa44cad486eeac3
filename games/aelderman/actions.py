"""The moves a seat can send: a tagged union of small models (field `kind`)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from games.aelderman.state import make_model


class WheelStart(BaseModel):
    """Setup: the resource wheel's starting position (0 or 5)."""
    kind: Literal["wheel_start"] = "wheel_start"
    position: int


class ChooseBooster(BaseModel):
    kind: Literal["booster"] = "booster"
    tile: str


class Move(BaseModel):
    kind: Literal["move"] = "move"
    city: str


class CardAction(BaseModel):
    """An action of the current city's action card: `row` 0/1, `col` 0-2 (costs col+1 AP)."""
    kind: Literal["card_action"] = "card_action"
    row: int
    col: int
    action: str
    cost: int


class AltTrade(BaseModel):
    kind: Literal["alt_trade"] = "alt_trade"


class Trade(BaseModel):
    kind: Literal["trade"] = "trade"
    side: Literal["buy", "sell"]
    good: str
    coins: int


class BuyProperty(BaseModel):
    kind: Literal["property"] = "property"
    coins: int


class BuildMenu(BaseModel):
    kind: Literal["build_menu"] = "build_menu"


class Build(BaseModel):
    kind: Literal["build"] = "build"
    building: str


class Feast(BaseModel):
    kind: Literal["feast"] = "feast"
    size: Literal["small", "big"]


class EndTurn(BaseModel):
    kind: Literal["end_turn"] = "end_turn"


class Cancel(BaseModel):
    kind: Literal["cancel"] = "cancel"


class GoodsOption(BaseModel):
    """Buying goods where a luxury alternative exists: which ring yield to take."""
    kind: Literal["goods_option"] = "goods_option"
    option: int
    goods: list[str]
    coins: int = 0
    influence: int = 0


class SellCount(BaseModel):
    kind: Literal["sell_count"] = "sell_count"
    count: int


class Pay(BaseModel):
    """Which good fills an open ("any" or luxury) place of a sale."""
    kind: Literal["pay"] = "pay"
    good: str


class Upgrade(BaseModel):
    kind: Literal["upgrade"] = "upgrade"
    good: str
    to: str


class Stop(BaseModel):
    """Stop upgrading or splitting before all allowed goods are used."""
    kind: Literal["stop"] = "stop"


class SplitGood(BaseModel):
    kind: Literal["split"] = "split"
    good: str


class SplitInto(BaseModel):
    kind: Literal["split_into"] = "split_into"
    goods: list[str]


class Place(BaseModel):
    """Where an influence marker goes in `city`: on the banner, as the subsidiary, or not at all."""
    kind: Literal["place"] = "place"
    city: str
    where: Literal["banner", "subsidiary", "skip"]
    coins: int = 0


class PickCity(BaseModel):
    kind: Literal["pick_city"] = "pick_city"
    city: str


class WheelSteps(BaseModel):
    kind: Literal["wheel_steps"] = "wheel_steps"
    steps: int


class Discard(BaseModel):
    kind: Literal["discard"] = "discard"
    good: str


class Ability(BaseModel):
    """A building ability in the production phase or at construction: use it or not."""
    kind: Literal["ability"] = "ability"
    building: str
    index: int
    choice: Literal["use", "skip", "spices", "pelt"]


class Bid(BaseModel):
    kind: Literal["bid"] = "bid"
    amount: int


class TakeCard(BaseModel):
    kind: Literal["take_card"] = "take_card"
    card: int
    price: int = 0


class Develop(BaseModel):
    """Main version: take the improvement at display position `slot` (0 is the far left)."""
    kind: Literal["develop"] = "develop"
    slot: int
    improvement: int


class Activate(BaseModel):
    """Main version: activate an own improvement (it is flipped until the next round)."""
    kind: Literal["activate"] = "activate"
    improvement: int


class FulfilOrder(BaseModel):
    """Main version: fulfil a Council order (a city action)."""
    kind: Literal["fulfil"] = "fulfil"
    order: int


class PickSite(BaseModel):
    """Main version: a building site in Lübeck (for a property tile, or the lot to build on)."""
    kind: Literal["site"] = "site"
    site: int
    district: str


class Pass(BaseModel):
    kind: Literal["pass"] = "pass"


Action = Annotated[
    Union[WheelStart, ChooseBooster, Move, CardAction, AltTrade, Trade, BuyProperty, BuildMenu,
          Build, Feast, EndTurn, Cancel, GoodsOption, SellCount, Pay, Upgrade, Stop, SplitGood,
          SplitInto, Place, PickCity, WheelSteps, Discard, Ability, Bid, TakeCard, Develop,
          Activate, FulfilOrder, PickSite, Pass],
    Field(discriminator="kind"),
]


_DEFAULTS: dict[type, dict] = {}


def quick(cls: type[BaseModel], **fields) -> BaseModel:
    """Build an action the engine itself offers without validating it again (hot path: the
    legal moves are rebuilt on every step). Defaults fill the fields not given."""
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = {name: f.default for name, f in cls.model_fields.items()
                                     if not f.is_required()}
    return make_model(cls, {**defaults, **fields})
