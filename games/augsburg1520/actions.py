"""The actions of Augsburg 1520: small frozen models in one tagged union."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field


class Move(BaseModel):
    """An action. Frozen, so the engine can hand out the same object again (see `make`)."""

    model_config = ConfigDict(frozen=True)


@cache
def make(cls: type[Move], **fields: Any) -> Move:
    """A shared instance of an action: legal_actions builds the same few actions very often."""
    return cls(**fields)


class Bid(Move):
    kind: Literal["bid"] = "bid"
    cards: int


class Pass(Move):
    kind: Literal["pass"] = "pass"


class PickNoble(Move):
    """First step of a long card choice: list only this noble's cards."""

    kind: Literal["pick_noble"] = "pick_noble"
    noble: str


class DiscardBidCard(Move):
    kind: Literal["discard_bid_card"] = "discard_bid_card"
    card: str


class RevealCard(Move):
    kind: Literal["reveal_card"] = "reveal_card"
    card: str


class ReturnShownCard(Move):
    """Tied finalists: put a card chosen to show back in hand, before the last card is chosen (the cards
    are shown together, so another finalist choosing in between changes nothing)."""

    kind: Literal["return_card"] = "return_card"
    card: str


class BuyCard(Move):
    kind: Literal["buy_card"] = "buy_card"
    card: str


class PutBackCard(Move):
    """Unchoose a card chosen to buy, before pressing Done (nothing is paid until everyone is done)."""

    kind: Literal["put_back_card"] = "put_back_card"
    card: str


class FinishBuying(Move):
    kind: Literal["finish_buying"] = "finish_buying"


class TakePrivilegeCard(Move):
    kind: Literal["take_privilege_card"] = "take_privilege_card"
    number: int


# Uses of a privilege: "money", "prestige", "cards", "level", "agency_money", "weapon", "patent",
# "mintmaster", "builder", "church", "cathedral".
class UsePrivilege(Move):
    kind: Literal["use_privilege"] = "use_privilege"
    slot: int
    use: str


class BuilderBuild(Move):
    kind: Literal["builder_build"] = "builder_build"
    building: Literal["church", "cathedral"]


class EndPrivileges(Move):
    kind: Literal["end_privileges"] = "end_privileges"


class DiscardCard(Move):
    kind: Literal["discard_card"] = "discard_card"
    card: str


class TakeTileFrom(Move):
    kind: Literal["take_tile_from"] = "take_tile_from"
    target: int


class Consolation(Move):
    kind: Literal["consolation"] = "consolation"
    choice: Literal["money", "prestige"]


Action = Annotated[
    Union[
        Bid, Pass, PickNoble, DiscardBidCard, RevealCard, ReturnShownCard, BuyCard, PutBackCard, FinishBuying,
        TakePrivilegeCard, UsePrivilege, BuilderBuild, EndPrivileges, DiscardCard, TakeTileFrom, Consolation,
    ],
    Field(discriminator="kind"),
]

ACTION_KINDS: tuple[str, ...] = (
    "bid", "pass", "pick_noble", "discard_bid_card", "reveal_card", "return_card", "buy_card", "put_back_card",
    "finish_buying", "take_privilege_card", "use_privilege", "builder_build", "end_privileges", "discard_card",
    "take_tile_from", "consolation",
)
