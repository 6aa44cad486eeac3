"""Small shared rules: storage, gains, action points, costs and council votes."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from games.aelderman import data as D
from games.aelderman.state import Pending, Player, State
from games.core import Event, and_list, plural


def capacity(player: Player) -> int:
    storages = player.buildings.count("Storage")
    extra = sum(4 for card in player.cards if D.COUNCIL_CARDS[card].kind == "storage")
    return D.PLAYER_STORAGE + D.STORAGE_BUILDING_SPACES * storages + extra


def stored(player: Player) -> int:
    return sum(player.goods.values())


def luxuries(player: Player) -> int:
    return player.goods["pelt"] + player.goods["spices"]


def has_goods(player: Player, cost: dict[str, int]) -> bool:
    return all(player.goods[g] >= n for g, n in cost.items())


def pay_goods(player: Player, cost: dict[str, int]) -> None:
    for good, count in cost.items():
        player.goods[good] -= count


def gain_influence(player: Player, count: int) -> int:
    """Move markers from the general supply to the active supply (as many as are left)."""
    moved = min(count, player.general)
    player.general -= moved
    player.influence += moved
    return moved


def gain(state: State, seat: int, items: dict[str, int], events: list[Event] | None = None) -> None:
    """Receive goods, coins, influence, action points, council votes or production. Influence
    comes only as long as the general supply has markers: `events` hears of any shortfall, after
    the line that named the full reward."""
    player = state.players[seat]
    for key, count in items.items():
        if key in player.goods:
            player.goods[key] += count
        elif key == "coins":
            player.coins += count
        elif key == "influence":
            moved = gain_influence(player, count)
            if moved < count and events is not None:
                say(events, "influence_short", influence_short_text(seat, moved), seat=seat, influence=moved)
        elif key == "ap":
            player.ap += count
        elif key == "votes":
            player.votes += count
        elif key.startswith("prod_"):
            player.production[key[5:]] += count
    check_storage(state, seat)


def influence_short_text(seat: int, moved: int) -> str:
    if not moved:
        return "{p%d} gains no influence: no marker is left in their general supply." % seat
    return "{p%d} gains only %d influence: no more markers are left in their general supply." % (seat, moved)


def check_storage(state: State, seat: int) -> None:
    """Too many goods: the player must remove goods until they fit (a discard step)."""
    player = state.players[seat]
    if stored(player) > capacity(player):
        if not any(p.kind == "discard" and p.seat == seat for p in state.pending):
            state.pending.append(Pending(kind="discard", seat=seat))


_COUNTED = {"ap": ("action point", ""), "votes": ("council vote", ""), "coins": ("coin", ""),  # word, plural
            "placements": ("influence marker to place", "influence markers to place")}


def describe(items: dict[str, int]) -> str:
    parts = []
    for key, count in items.items():
        if key.startswith("prod_"):
            parts.append(f"{count} {'action point' if key == 'prod_ap' else key[5:]} production")
            continue
        word, many = _COUNTED.get(key, (key, key))
        parts.append(plural(count, word, many))
    return ", ".join(parts) if parts else "nothing"


def influence_gained(got: int, wanted: int) -> str:
    """"2 influence", or with the reason fewer came: "1 of 2 influence (their general supply ran out)"."""
    return f"{got} influence" if got == wanted else f"{got} of {wanted} influence (their general supply ran out)"


def listed(items: dict[str, int]) -> str:
    """describe() as a sentence ends a list: "10 coins and 1 influence"."""
    return and_list(describe(items).split(", "))


# -- action points ---------------------------------------------------------------------------
REVEAL_PERIOD = "reveal_period"  # the step that reveals a period's indicator (games/aelderman/periods.py)


def periods_shown(state: State) -> int:
    """How many of the round's period indicators lie face up. Rulebook: "The first tile is placed
    face-up, all others face-down" at setup; later rounds renew them face down, and each period
    turns its own up ("the next period indicator is revealed"), once the wheels turned for it gave
    their free markers."""
    if state.phase in ("trade", "council", "over"):
        # Its wheels' free markers are placed before a period's indicator is revealed.
        return state.period + (0 if any(p.kind == REVEAL_PERIOD for p in state.pending) else 1)
    return 1 if state.phase == "setup" else 0


def usable_tokens(state: State) -> int:
    turn = state.turn
    assert turn is not None
    room = max(0, D.MAX_AP_PER_TURN - turn.base - turn.tokens_used)
    return min(state.players[turn.seat].ap, room)


def ap_available(state: State) -> int:
    turn = state.turn
    return 0 if turn is None else turn.base_left + usable_tokens(state)


def spend_ap(state: State, cost: int) -> None:
    """Spend the period's action points first, then additional ones (never more than 6 a turn)."""
    turn = state.turn
    assert turn is not None and cost <= ap_available(state)
    from_base = min(cost, turn.base_left)
    turn.base_left -= from_base
    rest = cost - from_base
    turn.tokens_used += rest
    state.players[turn.seat].ap -= rest
    turn.visit.spent += cost


# -- costs -------------------------------------------------------------------------------------
def has_card(player: Player, kind: str) -> int:
    return cards_of_kind(player.cards, kind)


def cards_of_kind(cards: Iterable[int], kind: str) -> int:
    return sum(1 for card in cards if D.COUNCIL_CARDS[card].kind == kind)


def property_cost(state: State, player: Player) -> int:
    return max(0, D.ROUNDS[state.round].property_cost - 2 * has_card(player, "cheap_property"))


def building_cost(player: Player, name: str) -> tuple[dict[str, int], int]:
    goods, coins = building_cost_with(tuple(player.cards), name)
    return dict(goods), coins  # the caller's own copy: the cached one is shared


@lru_cache(maxsize=1024)  # depends on the Council Hall cards held alone
def building_cost_with(cards: tuple[int, ...], name: str) -> tuple[dict[str, int], int]:
    """Goods and coins a building costs a holder of these Council Hall cards (cost cuts)."""
    building = D.BUILDINGS[name]
    goods = dict(building.goods)
    roman = "I" if building.strength == 1 else "II"
    for good, less in (("wood", 2), ("stone", 1)):
        cut = less * cards_of_kind(cards, f"cost_{good}_{roman}")
        if cut and good in goods:
            goods[good] = max(0, goods[good] - cut)
    return {g: n for g, n in goods.items() if n}, building.coins


def raw_operating_costs(player: Player) -> int:
    """Strength of the buildings plus one per production-expansion card, before card 124."""
    costs = sum(D.BUILDINGS[name].strength for name in player.buildings)
    return costs + sum(1 for card in player.cards if D.COUNCIL_CARDS[card].kind in D.PRODUCTION_CARDS)


def operating_costs(player: Player) -> int:
    return max(0, raw_operating_costs(player) - player.cost_cut)


def cut_operating_costs(player: Player) -> int:
    """Card 124: the marker goes down by four, to zero when it shows less; the unused part is
    lost (the rulebook resets the marker, it keeps no credit). Returns the coins taken off."""
    cut = min(D.LESS_COSTS, operating_costs(player))
    player.cost_cut += cut
    return cut


def markers_on_buildings(player: Player) -> int:
    """Influence markers lying on Carpentries, Lighthouses and Deli Markets (one per use)."""
    return sum(player.uses)


def final_votes(player: Player) -> int:
    """Council votes at the end: cards and sales, 3 per three active influence, 3 per luxury good."""
    return (player.votes + 3 * (player.influence // 3) + 3 * luxuries(player) - player.penalty)


def placed_count(state: State, seat: int) -> int:
    on_banners = sum(banner.count(seat) for banner in state.banners.values())
    return on_banners + sum(1 for owner in state.subsidiary.values() if owner == seat)


def say(events: list[Event], kind: str, text: str, **data) -> None:
    """A public event."""
    events.append(Event(kind, text, None, data))


INFLUENCE_TOTAL_CHECK = D.INFLUENCE_MARKERS - D.ORDER_MARKERS  # the order marker stays on the player order
