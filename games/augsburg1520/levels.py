"""Level tiles: taken from the pool, or from another player only when the pool has none (phases
"choose_victim" and "consolation"). Handlers return what comes next to the order of play (flow)."""

from __future__ import annotations

from pydantic import BaseModel

from games.augsburg1520 import data
from games.augsburg1520.actions import Consolation, TakeTileFrom, make
from games.augsburg1520.common import LEVEL_DONE, Step, gain_prestige, own, prestige_text, receive
from games.augsburg1520.state import State
from games.core import Event, RuleError, public


def level_name(category: int, level: int) -> str:
    cat = data.CATEGORIES[category]
    return f"{data.LEVEL_NAMES[cat][level - 1]} ({data.CATEGORY_NAMES[cat]} level {level})"


def level_reached(category: int, level: int) -> str:
    """The log's words for a player reaching a level: agency levels are the cities of their agencies."""
    if data.CATEGORIES[category] == "agency":
        return f"opens an agency in {level_name(category, level)}"
    return f"becomes {level_name(category, level)}"


def holders(state: State, seat: int, category: int) -> list[int]:
    """Other players holding the tile of the level this player would reach next."""
    target = state.levels[seat][category] + 1
    return [s for s in range(state.seats) if s != seat and state.levels[s][category] == target]


def raise_level(state: State, events: list[Event]) -> Step:
    """The auction winner rises one level in the category state.pending_category. 'The player
    takes a tile for the next higher level from the pool ... When a player takes the tile for the
    4th and highest Level he returns the 3rd Level tile to the pool.'"""
    seat, category = state.winner, state.pending_category
    state.pending_category = -1
    target = state.levels[seat][category] + 1
    if state.pool[category][target - 2] > 0:
        pool = own(state, "pool")[category]
        pool[target - 2] -= 1
        if target == 4:
            pool[1] += 1
        own(state, "levels")[seat][category] = target
        # "he returns the 3rd Level tile to the pool" (rulebook): said, as the pool on the board changes
        back = f"; their {level_name(category, 3)} tile goes back to the pool" if target == 4 else ""
        events.append(public("level", f"{{p{seat}}} {level_reached(category, target)}{back}.",
                             seat=seat, category=data.CATEGORIES[category], level=target))
        return LEVEL_DONE
    others = holders(state, seat, category)
    if len(others) == 1:
        take_from(state, seat, others[0], category, events)
    else:
        state.pending_category = category
        state.phase = "choose_victim"
    return None


def legal_victims(state: State, seat: int) -> list[BaseModel]:
    return [make(TakeTileFrom, target=s) for s in holders(state, seat, state.pending_category)]


def apply_take_tile_from(state: State, seat: int, action: TakeTileFrom, events: list[Event]) -> Step:
    target = action.target
    if target not in holders(state, seat, state.pending_category):
        names = ", ".join(f"{{p{s}}}" for s in holders(state, seat, state.pending_category))
        raise RuleError(f"Take the tile from one of: {names}.")
    category = state.pending_category
    state.pending_category = -1
    take_from(state, seat, target, category, events)
    return None


def take_from(state: State, seat: int, victim: int, category: int, events: list[Event]) -> None:
    """'A player will only lose one level at a time, so if he loses the 4th Level tile will he
    receive the 3rd Level tile from the player who took it.'"""
    target = state.levels[seat][category] + 1
    levels = own(state, "levels")
    levels[seat][category] = target
    levels[victim][category] = target - 1
    events.append(public(
        "level_taken",
        f"The pool is empty: {{p{seat}}} takes the {level_name(category, target)} tile from {{p{victim}}}, "
        f"who drops to level {target - 1} and chooses {data.TILE_LOSS_MONEY} guilders "
        f"or {data.TILE_LOSS_PRESTIGE} prestige.",
        seat=seat, victim=victim, category=data.CATEGORIES[category], level=target,
    ))
    state.victim = victim
    state.phase = "consolation"


def legal_consolations(state: State, seat: int) -> list[BaseModel]:
    return [make(Consolation, choice="money"), make(Consolation, choice="prestige")]


def apply_consolation(state: State, seat: int, action: Consolation, events: list[Event]) -> Step:
    """'He may either take 100 Guilders from the Bank or add 1 Prestige point to his score.'"""
    choice = action.choice
    if choice == "money":
        receive(state, seat, data.TILE_LOSS_MONEY)
        text = f"{{p{seat}}} takes {data.TILE_LOSS_MONEY} guilders as consolation."
    else:
        gained = gain_prestige(state, seat, data.TILE_LOSS_PRESTIGE)
        text = f"{{p{seat}}} takes {prestige_text(state, seat, gained, data.TILE_LOSS_PRESTIGE)} as consolation."
    events.append(public("consolation", text, seat=seat, choice=choice))
    state.victim = -1
    return LEVEL_DONE
