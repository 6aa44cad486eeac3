"""Small rules shared by every phase: money, prestige with the church caps, drawing cards."""

from __future__ import annotations

from typing import Any

from games.augsburg1520 import data
from games.augsburg1520.cards import CARD_COST
from games.augsburg1520.state import State
from games.core import Event, Rng, RuleError, public

# What a phase handler asks the order of play (flow.STEPS) to do next, when its phase is over;
# None: the game waits for the next decision of the phase now in the state.
Step = str | None
AUCTION_WON = "auction_won"  # state.winner takes a privilege card
AUCTION_OVER = "auction_over"  # on to the next visit, or the end of the round
ROUND_START = "round_start"  # the cards are bought: the next round begins
RAISE_LEVEL = "raise_level"  # state.winner rises in the category state.pending_category
LEVEL_DONE = "level_done"  # back to the privilege card being used


def seat_order(state: State, first: int) -> list[int]:
    """All seats clockwise, starting with `first`."""
    return [(first + i) % state.seats for i in range(state.seats)]


def score_cap(state: State, seat: int) -> int | None:
    return cap_of(state.rights[seat])


def cap_of(rights: dict[str, int]) -> int | None:
    """'The score marker can never move beyond space 25 unless the player has built a Church.
    Similarly can it never move beyond 45 unless the player has a Cathedral.'"""
    if not rights.get("church"):
        return data.CHURCH_CAP
    if not rights.get("cathedral"):
        return data.CATHEDRAL_CAP
    return None


def capped_gain(score: int, cap: int | None, points: int) -> int:
    """The points a score marker at `score` really moves for `points` (beyond the cap they are lost)."""
    after = score + points
    if cap is not None:
        after = min(after, max(cap, score))
    return after - score


def gain_prestige(state: State, seat: int, points: int) -> int:
    """Move the score marker; points beyond the cap are forfeited. Returns the points gained."""
    gained = capped_gain(state.score[seat], score_cap(state, seat), points)
    own_list(state, "score")[seat] = state.score[seat] + gained
    return gained


def prestige_text(state: State, seat: int, gained: int, points: int) -> str:
    """"5 prestige", or why fewer were gained: "0 of 5 prestige (no more than 25 without a Church)"."""
    if gained == points:
        return f"{points} prestige"
    return f"{gained} of {points} prestige ({cap_note(score_cap(state, seat))})"


def cap_note(cap: int | None) -> str:
    """Why prestige stops at `cap`: "no more than 25 without a Church"."""
    return f"no more than {cap} without a {'Church' if cap == data.CHURCH_CAP else 'Cathedral'}"


def receive(state: State, seat: int, amount: int) -> None:
    """Money from the bank to a player."""
    own_list(state, "money")[seat] += amount
    state.bank -= amount


def pay(state: State, seat: int, amount: int) -> None:
    """Money from a player to the bank."""
    if amount > state.money[seat]:
        raise RuleError(f"You have {state.money[seat]} guilders; that costs {amount}.")
    own_list(state, "money")[seat] -= amount
    state.bank += amount


def cost_of(cards: list[int]) -> int:
    return sum(CARD_COST[c] for c in cards)


def draw_card(state: State, events: list[Event] | None = None) -> int | None:
    """The top card of the draw pile, None when both piles are empty. The state must own its draw
    pile (`own_list`) before a run of draws."""
    refill_draw(state, events)
    if not state.draw:
        return None
    card = state.draw.pop()
    refill_draw(state, events)  # at once: the new pile's top card back is seen (the Cards privilege)
    return card


def refill_draw(state: State, events: list[Event] | None = None) -> None:
    """'When the draw pile is exhausted is the discard pile thoroughly reshuffled to form a new
    draw pile': as soon as it is, so that cards discarded later go on a new discard pile (and a
    shortage's discards under the new deck, not in place of it)."""
    if state.draw or not state.discard:
        return
    state.draw = list(state.discard)
    state.discard = []
    own_rng(state).shuffle(state.draw)
    if events is not None:
        events.append(public("reshuffle", "The discard pile is reshuffled into a new draw pile."))


def cards_available(state: State) -> int:
    return len(state.draw) + len(state.discard)


# A copy of a state shares every field with the state it was made from (State.SHARED_ON_COPY), so
# `apply` never copies what a move leaves alone. Rule code takes its own copy of a field before
# changing it in place, with one of these three (changing a shared list would change the state
# `apply` was given, which the shared random-game test would catch).
def own_list(state: State, name: str) -> list[Any]:
    """The state's own copy of a list field, its items still shared: to change a flat list (money,
    bids, the draw pile...) in place, or to replace one seat's entry of a per-seat field."""
    fresh = getattr(state, name)[:]
    setattr(state, name, fresh)
    return fresh


def own_row(state: State, name: str, seat: int) -> list[int]:
    """The state's own copy of one seat's list in a per-seat field (hands, offers, picks), to change
    in place; the other seats' lists stay shared."""
    rows = getattr(state, name)[:]
    row = rows[seat] = rows[seat][:]
    setattr(state, name, rows)
    return row


def own(state: State, name: str) -> Any:
    """The state's own copy of a field one level deep (levels, pool, stacks, rights...), to change
    in place."""
    value = getattr(state, name)
    if isinstance(value, dict):
        fresh: Any = {key: list(item) for key, item in value.items()}
    elif value and isinstance(value[0], dict):
        fresh = [dict(item) for item in value]
    elif value and isinstance(value[0], list):
        fresh = [list(item) for item in value]
    else:
        fresh = list(value)
    setattr(state, name, fresh)
    return fresh


def own_rng(state: State) -> Rng:
    """The state's random generator, no longer shared with the state this one was copied from
    (drawing advances its counter)."""
    state.rng = state.rng.copy()
    return state.rng

