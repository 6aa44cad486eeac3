"""The options and the game state of Augsburg 1520."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, Field
from pydantic.dataclasses import dataclass

from games.core import Rng


class Options(BaseModel):
    """Table options. Defaults follow the rulebook."""

    # "A player may keep his money face down." Off (the default): only you see your money.
    open_money: bool = Field(False, description="Money face up: everyone sees every player's money")


# Phases: "buy" (secret purchase of dealt cards), "bid", "discard_bid" (a lone winner discards
# the bid), "reveal" (tied finalists pick their cards secretly), "privilege_card", "privileges",
# "privilege_discard" (after the cards privilege), "choose_victim" (whose level tile to take),
# "consolation" (the player who lost a tile chooses), "shortage" (too few cards to deal), "over".
@dataclass(kw_only=True)
class State:
    """Everything about a game. A pydantic dataclass rather than a BaseModel: the rules read and
    write many fields per move, and plain attributes cost a fraction of a BaseModel's. It is
    validated where data comes in (construction, GameSpec.load_state)."""

    seats: int
    open_money: bool
    rng: Rng
    round: int  # 0 while the first cards are bought, then 1..rounds
    rounds: int
    phase: str
    start_player: int
    opener: int  # who opens the current (or next) auction
    auction: int  # 0..4 (Philipp .. Maximilian)
    # cards (integers, see cards.py); the top of a pile is its last element
    draw: list[int]
    discard: list[int]
    hands: list[list[int]]
    offers: list[list[int]]  # dealt face down, waiting to be bought
    picks: list[list[int]]  # a seat's secret selection (purchase, revealed bid, discard)
    done: list[bool]  # finished the current simultaneous step
    noble_filter: list[str]  # "" or the noble whose cards are listed in a long card choice
    # money and prestige
    money: list[int]
    bank: int
    score: list[int]
    levels: list[list[int]]  # [seat][category] 1..4
    pool: list[list[int]]  # [category][level - 2]: level tiles 2, 3, 4 beneath the board
    stacks: dict[str, list[int]]  # rights tiles left, top first
    rights: list[dict[str, int]]  # [seat][right]: tile value (cost, prestige, or 1), 0 = none
    # auction in progress
    bids: list[int]
    passed: list[bool]
    high: int
    leader: int  # who made the current high bid, -1 before any bid
    bidder: int
    winner: int  # winner of the auction being resolved, -1 none
    discarded_bid: int  # cards of a lone winning bid already chosen
    # the last finished auction: its index (-1 none) and the cards shown, best bid first,
    # each entry [seat, card, card, ...]
    result_auction: int
    shown: list[list[int]]
    # privilege cards
    display: list[int]
    reserve: list[int]
    used_privileges: list[int]  # face up beneath the display
    card_in_use: int  # 0 none
    slots_used: list[bool]
    builder_used: bool
    pending_category: int  # category of a level tile being taken from another player, -1 none
    victim: int  # player choosing a consolation, -1 none
    shortage: bool  # the too-few-cards rule was applied before this deal

    # A copy (games.core.copy_state) shares every field with the state it was made from: rule code
    # takes its own copy of a field before changing it in place (common.own_list, own_row, own).
    SHARED_ON_COPY: ClassVar[tuple[str, ...]] = (
        "rng", "draw", "discard", "hands", "offers", "picks", "done", "noble_filter", "money", "score",
        "levels", "pool", "stacks", "rights", "bids", "passed", "shown", "display", "reserve",
        "used_privileges", "slots_used",
    )
