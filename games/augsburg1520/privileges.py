"""Privilege cards: the auction winner takes one and uses up to two of its three privileges (phases
"privilege_card", "privileges" and "privilege_discard"). Handlers return what comes next to the order
of play (flow)."""

from __future__ import annotations

from pydantic import BaseModel

from games.augsburg1520 import data
from games.augsburg1520.actions import (
    BuilderBuild, DiscardCard, EndPrivileges, TakePrivilegeCard, UsePrivilege, make,
)
from games.augsburg1520.cards import label
from games.augsburg1520.choices import DISCARD_CARDS, card_from, card_options, reset_filters
from games.augsburg1520.common import (
    AUCTION_OVER, RAISE_LEVEL, Step, draw_card, gain_prestige, prestige_text, own, own_list, own_row, pay, receive,
)
from games.augsburg1520.state import State
from games.core import Event, RuleError, plural, private, public

BUILDINGS = ("church", "cathedral")
CATEGORY_INDEX = {code: data.CATEGORIES.index(cat) for code, cat in data.PRIVILEGE_CATEGORY.items()}


def begin(state: State, events: list[Event]) -> Step:
    """The winner of the auction (state.winner) takes a privilege card."""
    state.phase = "privilege_card"
    return None


def legal_privilege_cards(state: State, seat: int) -> list[BaseModel]:
    return [make(TakePrivilegeCard, number=n) for n in state.display]


def apply_take_card(state: State, seat: int, action: TakePrivilegeCard, events: list[Event]) -> Step:
    number = action.number
    if number not in state.display:
        shown = ", ".join(str(n) for n in state.display)
        raise RuleError(f"Privilege card {number} is not on display; choose one of {shown}.")
    state.display = [n for n in state.display if n != number]
    state.card_in_use = number
    state.slots_used = [False, False, False]
    state.builder_used = False
    state.phase = "privileges"
    names = ", ".join(data.PRIVILEGE_NAMES[p] for p in data.PRIVILEGE_CARDS[number])
    events.append(public("privilege_card", f"{{p{seat}}} takes privilege card {number} ({names}).",
                         seat=seat, number=number))
    return None


def can_build(state: State, seat: int, building: str) -> bool:
    """One of each building; the top tile of its stack, paid in full."""
    stack = state.stacks[building]
    return not state.rights[seat][building] and bool(stack) and state.money[seat] >= stack[0]


def _can_take_right(state: State, seat: int, right: str) -> bool:
    return not state.rights[seat][right] and bool(state.stacks[right])


def uses_of(state: State, seat: int, code: str) -> list[str]:
    """The ways a privilege can be used by this player now."""
    if code == "M":
        return ["money"]
    if code in ("P6", "P7"):
        return ["prestige"]
    if code == "C":
        return ["cards"]
    level = state.levels[seat][CATEGORY_INDEX[code]]
    uses = ["level"] if level < 4 else []
    if code == "A":
        return uses + (["agency_money"] if level >= 2 else [])
    if code == "N":
        rights = [("weapon", 3), ("patent", 4)]
    else:
        rights = [("mintmaster", 3), ("builder", 4)]
    uses += [r for r, needed in rights if level >= needed and _can_take_right(state, seat, r)]
    if code == "O":
        uses += [b for b in BUILDINGS if can_build(state, seat, b)]
    return uses


def _builder_may_build(state: State, seat: int) -> list[str]:
    if not state.rights[seat]["builder"] or state.builder_used:
        return []
    return [b for b in BUILDINGS if can_build(state, seat, b)]


def legal_privileges(state: State, seat: int) -> list[BaseModel]:
    actions: list[BaseModel] = []
    if sum(state.slots_used) < data.PRIVILEGES_PER_CARD:
        seen: set[str] = set()
        for slot, code in enumerate(data.PRIVILEGE_CARDS[state.card_in_use]):
            if state.slots_used[slot] or code in seen:
                continue
            seen.add(code)
            actions += [make(UsePrivilege, slot=slot, use=use) for use in uses_of(state, seat, code)]
    actions += [make(BuilderBuild, building=b) for b in _builder_may_build(state, seat)]
    actions.append(make(EndPrivileges))
    return actions


def apply_use(state: State, seat: int, action: UsePrivilege, events: list[Event]) -> Step:
    slot, use = action.slot, action.use
    if not 0 <= slot <= 2:
        raise RuleError("A privilege card has three privileges: slot 0, 1 or 2.")
    if sum(state.slots_used) >= data.PRIVILEGES_PER_CARD:
        raise RuleError("You have already used two privileges of this card.")
    if state.slots_used[slot]:
        raise RuleError("You have already used that privilege.")
    code = data.PRIVILEGE_CARDS[state.card_in_use][slot]
    allowed = uses_of(state, seat, code)
    if use not in allowed:
        ways = ", ".join(allowed) or "nothing (forfeit it for 2 prestige)"
        raise RuleError(f"The {data.PRIVILEGE_NAMES[code]} privilege can be used for: {ways}.")
    own(state, "slots_used")[slot] = True
    step = _perform(state, seat, code, use, events)
    if step is None and state.phase == "privileges":
        return maybe_finish(state, events)
    return step


def _perform(state: State, seat: int, code: str, use: str, events: list[Event]) -> Step:
    if use == "money":
        receive(state, seat, data.MONEY_PRIVILEGE)
        text = f"{{p{seat}}} takes {data.MONEY_PRIVILEGE} guilders."
    elif use == "agency_money":
        receive(state, seat, data.AGENCY_MONEY)
        text = f"{{p{seat}}} takes {data.AGENCY_MONEY} guilders from the agency."
    elif use == "prestige":
        points = int(code[1:])
        gained = gain_prestige(state, seat, points)
        text = f"{{p{seat}}} gains {prestige_text(state, seat, gained, points)}."
    elif use == "cards":
        _draw_two(state, seat, events)
        return None
    elif use == "level":
        state.pending_category = CATEGORY_INDEX[code]
        return RAISE_LEVEL
    elif use in BUILDINGS:
        text = _build(state, seat, use)
    else:
        value = own(state, "stacks")[use].pop(0)
        own(state, "rights")[seat][use] = value
        worth = f" ({value} prestige per round)" if use in ("weapon", "patent") else ""
        text = f"{{p{seat}}} takes the {data.RIGHT_NAMES[use]} tile{worth}."
    events.append(public("privilege", text, seat=seat, use=use))
    return None


def _build(state: State, seat: int, building: str) -> str:
    cost = state.stacks[building][0]
    pay(state, seat, cost)
    own(state, "stacks")[building].pop(0)
    own(state, "rights")[seat][building] = cost
    return f"{{p{seat}}} builds the {data.RIGHT_NAMES[building]} for {cost} guilders."


def _draw_two(state: State, seat: int, events: list[Event]) -> None:
    """'The player takes the top 2 cards from the draw pile and adds them to his hand. Then he
    must discard any one card from his hand.'"""
    own_list(state, "draw")
    drawn = [c for c in (draw_card(state, events), draw_card(state, events)) if c is not None]
    own_row(state, "hands", seat).extend(drawn)
    # Fewer than two only when the piles ran out (every other card is in a hand).
    drew = plural(len(drawn), "card") if drawn else "no card (no card is left to draw)"
    events.append(public("cards", f"{{p{seat}}} draws {drew} and must discard one.", seat=seat))
    if drawn:
        events.append(private(seat, "drawn", f"{{p{seat}}} draws " + " and ".join(label(c) for c in drawn) + "."))
    if state.hands[seat]:
        reset_filters(state)
        state.phase = "privilege_discard"


def legal_discards(state: State, seat: int) -> list[BaseModel]:
    return card_options(state, seat, state.hands[seat], DISCARD_CARDS)


def discard_from_hand(state: State, seat: int, card: int) -> None:
    if card not in state.hands[seat]:
        raise RuleError(f"{label(card)} is not in your hand.")
    own_row(state, "hands", seat).remove(card)


def apply_privilege_discard(state: State, seat: int, action: DiscardCard, events: list[Event]) -> Step:
    card = card_from(action.card)
    discard_from_hand(state, seat, card)
    own_list(state, "discard").append(card)
    events.append(public("discard", f"{{p{seat}}} discards {label(card)}.", seat=seat, card=label(card)))
    return resume(state, events)


def apply_builder_build(state: State, seat: int, action: BuilderBuild, events: list[Event]) -> Step:
    """'Being Builder allows the player to build the most expensive Church or Cathedral available
    in addition to any two privileges from a Privilege card.'"""
    building = action.building
    if building not in _builder_may_build(state, seat):
        if not state.rights[seat]["builder"]:
            raise RuleError("Only a player with the Builder tile may build as an extra privilege.")
        if state.builder_used:
            raise RuleError("The Builder builds once per privilege card.")
        raise RuleError(f"You cannot build a {building} now (you have one, none is left, or it costs too much).")
    state.builder_used = True
    text = _build(state, seat, building)
    events.append(public("privilege", text + " (Builder)", seat=seat, use=building))
    return maybe_finish(state, events)


def resume(state: State, events: list[Event]) -> Step:
    """Back to the privilege card after a step in between (discard, taking a tile)."""
    state.phase = "privileges"
    return maybe_finish(state, events)


def maybe_finish(state: State, events: list[Event]) -> Step:
    """The turn ends by itself once two privileges are used and the Builder has nothing to add."""
    if sum(state.slots_used) >= data.PRIVILEGES_PER_CARD and not _builder_may_build(state, state.winner):
        return finish(state, events)
    return None


def finish(state: State, events: list[Event]) -> Step:
    """'A player may decide not to execute one or both privileges, in which case the player will
    gain 2 Prestige points for each privilege forfeited.'"""
    seat = state.winner
    forfeited = data.PRIVILEGES_PER_CARD - sum(state.slots_used)
    if forfeited > 0:
        points = data.FORFEIT_PRESTIGE * forfeited
        gained = gain_prestige(state, seat, points)
        events.append(public("forfeit", f"{{p{seat}}} forfeits {forfeited} privilege"
                                        f"{'s' * (forfeited > 1)} and gains {prestige_text(state, seat, gained, points)}.",
                             seat=seat, forfeited=forfeited))
    state.used_privileges = [*state.used_privileges, state.card_in_use]
    state.card_in_use = 0
    state.slots_used = [False, False, False]
    return AUCTION_OVER


def apply_end(state: State, seat: int, action: EndPrivileges, events: list[Event]) -> Step:
    return finish(state, events)
