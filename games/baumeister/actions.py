"""The actions of Wettstreit der Baumeister: small frozen models in one tagged union (ready-made
instances of them are in moves.py)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field


class _Act(BaseModel):
    model_config = ConfigDict(frozen=True)


class Roll(_Act):
    kind: Literal["roll"] = "roll"


class TakeThree(_Act):
    kind: Literal["take_three"] = "take_three"


class Steal(_Act):
    kind: Literal["steal"] = "steal"
    seat: int


class NoSteal(_Act):
    """Take no saboteur from another player (the reserve is empty)."""

    kind: Literal["no_steal"] = "no_steal"


class Swap(_Act):
    kind: Literal["swap"] = "swap"


class Auction(_Act):
    kind: Literal["auction"] = "auction"
    stack: Literal["open", "hidden"]


class Bid(_Act):
    """The opening bid (0 or more) or a raise: `amount` is the new total bid."""

    kind: Literal["bid"] = "bid"
    amount: int


class Pass(_Act):
    kind: Literal["pass"] = "pass"


class Pick(_Act):
    kind: Literal["pick"] = "pick"
    card: str


class Place(_Act):
    """-1 = new left end; len(city) = new right end; anything else = the gap at that slot."""

    kind: Literal["place"] = "place"
    slot: int


class Unpick(_Act):
    kind: Literal["unpick"] = "unpick"


class Sabotage(_Act):
    kind: Literal["sabotage"] = "sabotage"
    seat: int
    target: Literal["city", "hand"]


class Aim(_Act):
    kind: Literal["aim"] = "aim"
    slot: int


class Offer(_Act):
    kind: Literal["offer"] = "offer"
    amount: int


class NoOffer(_Act):
    kind: Literal["no_offer"] = "no_offer"


class Accept(_Act):
    kind: Literal["accept"] = "accept"


class Refuse(_Act):
    kind: Literal["refuse"] = "refuse"


class Grab(_Act):
    kind: Literal["grab"] = "grab"
    position: int


class Done(_Act):
    kind: Literal["done"] = "done"


Action = Annotated[
    Union[
        Roll, TakeThree, Steal, NoSteal, Swap, Auction, Bid, Pass, Pick, Place, Unpick,
        Sabotage, Aim, Offer, NoOffer, Accept, Refuse, Grab, Done,
    ],
    Field(discriminator="kind"),
]
