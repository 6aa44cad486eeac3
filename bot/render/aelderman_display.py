"""Aelderman's main version on the board, in text: the improvements and Council orders on display
and the majorities so far (the picture's strip under the map draws them in short), and those a
player has developed or fulfilled."""

from __future__ import annotations

from typing import Any

from bot.render import aelderman_labels as labels
from bot.render.aelderman_labels import items_text
from bot.render.aelderman_map import spare_name
from bot.render.base import TableInfo, plural
from games.aelderman import data as D


def colour_name(info: TableInfo, view: Any, seat: int) -> str:
    """A player's name, or for the spare colour (2 players) or the dummy (solo) what the board calls it."""
    return spare_name(view) if seat == view.spare else info.name(seat)


def majority_lines(info: TableInfo, view: Any) -> list[str]:
    """The main version's scoring boxes so far, as the picture's strip shows them: each colour's
    markers (zones) or strength (districts), and the votes for first and second place."""
    lines, empty = [], []
    for box in [*view.zone_majorities, *view.district_majorities]:
        name = f"{box.name} zone" if box.name in D.ZONES else box.name
        standing = sorted(((value, seat) for seat, value in box.standing.items() if value > 0), reverse=True)
        if standing:
            shown = ", ".join(f"{colour_name(info, view, seat)} {value}" for value, seat in standing)
            lines.append(f"{name} ({box.first}/{box.second}): {shown}")
        else:
            empty.append(name)
    return lines + ([f"Nobody yet: {', '.join(empty)}"] if empty else [])


def display_lines(v: Any, compact: bool = False) -> list[str]:
    """The improvements on display and the Council orders, each with its full text (`compact`: the
    improvements by number alone)."""
    spots = labels.display_spots(v)
    if compact:
        lines = [" · ".join(f"{index}. **{imp.number}**" if imp else f"{index}. –" for index, imp in spots)
                 + " (their texts: `/rules game:aelderman`)"]
    else:
        lines = [f"{index}. **{imp.number}** ({imp.when}): {imp.text}" if imp
                 else f"{index}. – (empty: the improvement pile has run out)" for index, imp in spots]
    lines += [f"Order {index}: **{order.number}** {order.text} → {items_text(order.reward)}" if order
              else f"Order {index}: fulfilled or removed" for index, order in enumerate(v.orders, 1)]
    return lines


def improvement_text(imp: Any, compact: bool = False) -> str:
    """'505 (whenever you sell goods, used this round)'; `compact`: '505 (used this round)'."""
    notes = ([] if compact else [imp.when]) + (["used this round"] if imp.activated else [])
    return f"{imp.number}" + (f" ({', '.join(notes)})" if notes else "")


def fulfilled_order_text(number: int) -> str:
    """'2x beer production, 4 council votes at the final scoring': what it asked, and the votes it
    still brings (its other rewards were paid when it was fulfilled)."""
    order = D.COUNCIL_ORDERS[number]
    votes = order.reward.get("votes", 0)
    return order.text + (f", {plural(votes, 'council vote')} at the final scoring" if votes else "")


def open_cards_text(player: Any, compact: bool = False) -> list[str]:
    """What lies open at a player's board in the main version: improvements (flipped once used
    this round) and the Council orders fulfilled; nothing while there are none. `compact`: by
    number alone."""
    parts = []
    if player.improvements:
        parts.append("Improvements: " + "; ".join(improvement_text(imp, compact) for imp in player.improvements))
    if player.orders:
        parts.append("Council orders fulfilled: " + "; ".join(
            f"{n}" + ("" if compact else f" ({fulfilled_order_text(n)})") for n in player.orders))
    return [" · ".join(parts)] if parts else []


def improvement_lines(player: Any) -> str:
    lines = [f"{imp.number} {'(used this round)' if imp.activated else '(ready)'}: {imp.when} — {imp.text}"
             for imp in player.improvements]
    return "\n".join(lines) or "None yet: develop one at sea (3 coins, 1 influence) or in the Council Hall."
