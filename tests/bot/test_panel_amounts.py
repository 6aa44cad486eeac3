""""Other amount…" joins a panel only when its menu leaves an amount out, whether the game's
actions can be hashed (looked up at once) or not (looked up by their text)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.ui.panels import lists_every_amount
from games.core import AmountChoice


class Bid(BaseModel):  # like Aelderman's actions: not frozen, so not hashable
    kind: str = "bid"
    amount: int


class FrozenBid(Bid):
    model_config = ConfigDict(frozen=True)


def test_a_menu_listing_every_amount_needs_no_form():
    for kind in (Bid, FrozenBid):
        choice = AmountChoice(what="Your bid", low=0, high=30, make=lambda n, kind=kind: kind(amount=n))
        every = [kind(amount=n) for n in range(31)] + [kind(kind="pass", amount=0)]
        assert lists_every_amount(choice, every)
        assert not lists_every_amount(choice, [a for a in every if a.amount != 17])
        enough_but_others = [a for a in every if a.amount < 25] + [kind(amount=n) for n in range(40, 47)]
        assert not lists_every_amount(choice, enough_but_others)
