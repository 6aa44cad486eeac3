"""What a player was last shown, read back from Discord after a stop: whether their newest DM is
the panel of their current decision, and whether a player away was told so (with "I'm back")."""

from __future__ import annotations

from typing import Any

import discord

from bot.ui.components import BackButton
from play.results import TableNews
from storage import SeatRow

AWAY_LOOKBACK = 20  # latest messages searched for an "I'm back" of a table


async def shows_current_panel(bot: Any, news: TableNews, row: SeatRow) -> bool:
    """Whether the player's latest DM is the panel of their current decision (its controls
    carry the decision's prompt version). False when it cannot be read."""
    if row.dm_channel_id is None:
        return False
    version = news.table.prompts.get(row.seat, (None,))[0]
    marks = (f"act:{news.table.id}:{version}:", f"pick:{news.table.id}:{version}:",
             f"amount:{news.table.id}:{version}")
    try:
        async for message in bot.get_partial_messageable(row.dm_channel_id).history(limit=1):
            return any(getattr(child, "custom_id", None) and child.custom_id.startswith(marks)
                       for component in message.components for child in getattr(component, "children", ()))
    except discord.HTTPException:
        return False
    return False


async def shows_away_notice(bot: Any, news: TableNews, row: SeatRow) -> bool:
    """Whether a player away was told so: an "I'm back" of this table among their latest DMs
    (or, with DMs closed, among the thread's latest messages). True when it cannot be read."""
    mark = BackButton(news.table.id).custom_id
    channel_id = row.dm_channel_id if row.dm_ok is not False else news.table.thread_id
    if channel_id is None:  # never DMed: not told; DMs closed and no thread: nowhere to tell
        return row.dm_ok is False
    try:
        async for message in bot.get_partial_messageable(channel_id).history(limit=AWAY_LOOKBACK):
            if any(getattr(child, "custom_id", None) == mark for component in message.components
                   for child in getattr(component, "children", ())):
                return True
    except discord.HTTPException:
        return True
    return False
