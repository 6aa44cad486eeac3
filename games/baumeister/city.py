"""A city: a row of building cards, left to right, with gaps where saboteurs struck.

A city is a tuple of card ints, -1 for a gap, plus `closed`: bit 1 when a corner tower
closes the left end, bit 2 for the right end. Cards never move; a new card goes to a
new left or right end (slot -1 or len(city)) or into a gap. Gaps at the ends vanish, so
every gap lies between two cards. A corner tower only ever stands at an end, and nothing
is built beyond it.
"""

from __future__ import annotations

from functools import lru_cache

from games.baumeister.data import (
    BONUS_CHURCHES, BONUS_CORNERS, BONUS_MIDDLE_HALL, CHURCH, COINS, CORNER_TOWER, GROUP,
    NAMES, SHIELDS, TOWER, TOWN_HALL, TYPE, TYPE_KEYS, VALUE,
)

LEFT, RIGHT = 1, 2
GAP = -1

# The building rules look only at building types: the first card of each type stands for
# all cards of that type in the questions "where may it go" and "can the build go on".
REPRESENTATIVE = tuple(TYPE.index(TYPE[c]) for c in range(len(TYPE)))
_ROW = REPRESENTATIVE + (GAP,)  # index -1 (a gap) stays a gap
# A card's group, read at index -1 by a gap: an empty space is no building, so no group.
_GROUP_AT = tuple(GROUP) + (None,)


@lru_cache(maxsize=1 << 14)
def type_row(city: tuple[int, ...]) -> tuple[int, ...]:
    """The city with each card replaced by its type's representative."""
    return tuple(map(_ROW.__getitem__, city))


def slots_for(city: tuple[int, ...], closed: int, card: int, final: bool) -> list[int]:
    """Where `card` may be laid out, leftmost first."""
    kind = TYPE[card]
    # rulebook: "Each city may contain only one town hall."
    if kind == TOWN_HALL and any(c >= 0 and TYPE[c] == TOWN_HALL for c in city):
        return []
    group = GROUP[card]
    size = len(city)
    if kind == CORNER_TOWER:
        # rulebook: "The city may be completed only in the final round ... i.e. only then
        # may the second Corner Tower or both Corner Towers be placed."
        towers = (closed & LEFT) + (closed >> 1)  # each corner tower closes one end
        if towers >= (2 if final else 1):
            return []
        if size == 0:
            return [-1, 0]  # a lone corner tower closes the left or the right end
    elif size == 0:
        return [0]
    slots = []
    # rulebook: "Two buildings of same type may never stand side by side."
    if not closed & LEFT and GROUP[city[0]] != group:
        slots.append(-1)
    if kind != CORNER_TOWER and GAP in city:
        for i in range(1, size - 1):
            if city[i] == GAP and _GROUP_AT[city[i - 1]] != group and _GROUP_AT[city[i + 1]] != group:
                slots.append(i)
    if not closed & RIGHT and GROUP[city[-1]] != group:
        slots.append(size)
    return slots


# Building types as bits, for "which types fit" masks; towers and corner towers share a group.
_TYPES = range(len(TYPE_KEYS))
_GROUP_OF_TYPE = tuple(TOWER if kind == CORNER_TOWER else kind for kind in _TYPES)
ALL_TYPES = (1 << len(TYPE_KEYS)) - 1
# Per card: the types that may stand beside it (those of another group).
_BESIDE = tuple(sum(1 << kind for kind in _TYPES if _GROUP_OF_TYPE[kind] != GROUP[c]) for c in range(len(TYPE)))
_BESIDE_AT = _BESIDE + (ALL_TYPES,)  # a gap (-1) beside a gap: every type may stand there
_HALLS = frozenset(c for c in range(len(TYPE)) if TYPE[c] == TOWN_HALL)


def fitting_types(city: tuple[int, ...], closed: int, final: bool) -> int:
    """A bitmask of the building types (bit = type) that have a slot in the city now: the
    answer of `slots_for` for one card of each type, found in one pass over the ends and
    the gaps (a test checks the two agree)."""
    if not city:
        # A first card may be anything; a lone corner tower closes the left or right end.
        return ALL_TYPES
    fits = 0
    if not closed & LEFT:
        fits = _BESIDE[city[0]]
    if not closed & RIGHT:
        fits |= _BESIDE[city[-1]]
    if GAP in city:
        inner = 0
        for i in range(1, len(city) - 1):
            if city[i] == GAP:
                inner |= _BESIDE_AT[city[i - 1]] & _BESIDE_AT[city[i + 1]]
        fits |= inner & ~(1 << CORNER_TOWER)  # a corner tower only stands at an end
    if not _HALLS.isdisjoint(city):
        fits &= ~(1 << TOWN_HALL)
    if (closed & LEFT) + (closed >> 1) >= (2 if final else 1):
        fits &= ~(1 << CORNER_TOWER)
    return fits


def place(city: tuple[int, ...], closed: int, card: int, slot: int) -> tuple[tuple[int, ...], int]:
    """The city and its `closed` bits after laying `card` at a slot from `slots_for`."""
    tower = TYPE[card] == CORNER_TOWER
    if slot == -1:
        return (card,) + city, closed | (LEFT if tower else 0)
    if slot == len(city):
        return city + (card,), closed | (RIGHT if tower else 0)
    return city[:slot] + (card,) + city[slot + 1:], closed


def remove(city: tuple[int, ...], closed: int, slot: int) -> tuple[tuple[int, ...], int]:
    """The city after a saboteur removed the card at `slot`: a gap, or a shorter row at an end."""
    card = city[slot]
    if TYPE[card] == CORNER_TOWER:
        if len(city) == 1:
            closed = 0
        elif slot == 0:
            closed &= ~LEFT
        else:
            closed &= ~RIGHT
    row = list(city)
    row[slot] = GAP
    while row and row[-1] == GAP:
        row.pop()
    while row and row[0] == GAP:
        row.pop(0)
    return tuple(row), closed


def can_extend(city: tuple[int, ...], closed: int, hand: tuple[int, ...], count: int, final: bool) -> bool:
    """Whether `count` more cards of `hand` can be laid out one after another."""
    if count <= 0:
        return True
    if len(hand) < count:
        return False
    # Cards of one type are interchangeable here: representatives make a good cache key.
    return _can_extend(type_row(city), closed, tuple(sorted(map(REPRESENTATIVE.__getitem__, hand))), count, final)


@lru_cache(maxsize=1 << 16)
def _can_extend(city: tuple[int, ...], closed: int, hand: tuple[int, ...], count: int, final: bool) -> bool:
    if count <= 0:
        return True
    for i, card in enumerate(hand):
        if i and hand[i - 1] == card:  # the hand is sorted: try each type once
            continue
        rest = hand[:i] + hand[i + 1:]
        for slot in slots_for(city, closed, card, final):
            row, bits = place(city, closed, card, slot)
            if _can_extend(row, bits, rest, count - 1, final):
                return True
    return False


# Per card, with a last entry of 0 that a gap (-1) reads: sums need no test for gaps.
_SHIELDS_AT = SHIELDS + (0,)
_COINS_AT = COINS + (0,)


def shields(city: tuple[int, ...]) -> int:
    return sum(map(_SHIELDS_AT.__getitem__, city))


def coins(city: tuple[int, ...]) -> int:
    return sum(map(_COINS_AT.__getitem__, city))


def is_complete(city: tuple[int, ...]) -> bool:
    """rulebook: "If a city is complete, i.e. there are no gaps and there is a Corner Tower
    both on the left and right"."""
    return (
        len(city) >= 2
        and GAP not in city
        and TYPE[city[0]] == CORNER_TOWER
        and TYPE[city[-1]] == CORNER_TOWER
    )


def score(city: tuple[int, ...], hand: tuple[int, ...]) -> tuple[int, list[str]]:
    """Points of one player and the lines that explain them."""
    built = [c for c in city if c >= 0]
    total = sum(VALUE[c] for c in built)
    lines = [f"Buildings: {total} ({len(built)} card{'s' if len(built) != 1 else ''})"]
    if is_complete(city):
        lines.append("City complete: corner towers at both ends, no gaps")
        for points, line in _bonuses(city):
            total += points
            lines.append(line)
    elif built:
        lines.append("City not complete: no extra points")
    if hand:
        penalty = sum(VALUE[c] for c in hand)
        total -= penalty
        names = ", ".join(NAMES[c] for c in sorted(hand))
        lines.append(f"Cards in hand: -{penalty} ({names})")
    lines.append(f"Total: {total}")
    return total, lines


def _bonuses(city: tuple[int, ...]) -> list[tuple[int, str]]:
    found = []
    halls = [i for i, c in enumerate(city) if TYPE[c] == TOWN_HALL]
    # rulebook: "If the city is complete and there is a Town Hall exactly in the middle,
    # the city scores 10 extra points."
    if halls and len(city) % 2 == 1 and halls[0] == len(city) // 2:
        found.append((BONUS_MIDDLE_HALL, f"Town hall exactly in the middle: +{BONUS_MIDDLE_HALL}"))
    # rulebook: "an equal number of Churches on each side of the the Town Hall (zero
    # churches doesn't count, of course)".
    if halls:
        left = sum(1 for c in city[: halls[0]] if TYPE[c] == CHURCH)
        right = sum(1 for c in city[halls[0] + 1:] if TYPE[c] == CHURCH)
        if left == right and left > 0:
            churches = f"{left} church{'es' if left > 1 else ''}"
            found.append((BONUS_CHURCHES, f"{churches} on each side of the town hall: +{BONUS_CHURCHES}"))
    # rulebook: "the Corner Towers on both the left and right ends are the same value".
    if VALUE[city[0]] == VALUE[city[-1]]:
        found.append((BONUS_CORNERS, f"Corner towers of equal value ({VALUE[city[0]]}): +{BONUS_CORNERS}"))
    return found
