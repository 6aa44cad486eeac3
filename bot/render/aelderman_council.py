"""Aelderman's Council Hall as the board and the bidders' panels show it: the rows' cards, who has
bid, and the bids revealed."""

from __future__ import annotations

from typing import Any

from bot.render.aelderman_labels import council_card_text, items_text
from bot.render.base import TableInfo


def council_row_lines(info: TableInfo, view: Any, row: int, compact: bool = False) -> list[str]:
    """A Council Hall row's cards with their texts (`compact`: by number alone; the bidders'
    panels and `/rules` give the texts), second-row bonuses, and who took each."""
    lines = []
    for slot in view.council.rows[row]:
        bonus = f" (bonus {items_text(slot.bonus)})" if slot.bonus and row == 1 else ""
        taken = f" — **{info.name(slot.taken_by)}**" if slot.taken_by is not None else ""
        text = "" if compact else f": {council_card_text(slot.card)}"
        lines.append(f"{slot.card}{text}{bonus}{taken}")
    return lines


def bid_status(info: TableInfo, view: Any) -> str:
    """During sealed bidding only who has bid is shown; amounts appear once all are in."""
    council = view.council
    parts = [f"{info.name(s)} {'✅ has bid' if done else '⏳ deciding'}" for s, done in enumerate(council.submitted)]
    return f"Sealed bids for row {council.row + 1}: " + " · ".join(parts)


def revealed_lines(info: TableInfo, view: Any, compact: bool = False) -> list[str]:
    """The bids of the Council Hall rows revealed so far (`compact`: without the rule they follow,
    which `/rules` and the bidders' panels give)."""
    lines = [f"Row {row + 1} bids: " + ", ".join(f"{info.name(s)} {bid}" for s, bid in enumerate(bids)) + "."
             for row, bids in enumerate(view.council.revealed)]
    if lines and not compact:  # said once for both rows
        lines[-1] += " The highest bid chooses first (ties: more coins, then player order); a bid of 0 gets no card."
    return lines
