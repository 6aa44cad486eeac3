"""What a player was last shown, read back from Discord after a stop: whether their newest DM is
the panel of their current decision, and whether a player away was told so (with "I'm back")."""

from __future__ import annotations

from typing import Any

import discord

from bot.ui.components import BackButton, HandButton
from bot.ui.panels import turn_token
from bot.ui.requests import custom_ids, history_hidden
from games import registry
from play.results import TableNews, exchange_token
from storage import SeatRow

AWAY_LOOKBACK = 100  # latest messages searched for an "I'm back", or a panel, of a table (one request)
PANEL_CONTROLS = ("act", "pick", "amount")  # custom_id prefixes of a decision's controls
AWAY_HEAD = "Time ran out in"  # an away notice's first words (after a mention, in a thread)


async def shows_current_panel(bot: Any, news: TableNews, row: SeatRow, heading: str = "") -> bool:
    """Whether the player's latest DM panel of this table (among their latest DMs: they may play
    at other tables too) is the panel of their current decision (its controls carry the decision's
    prompt version's panel_token), under `heading` when given. False when it cannot be read."""
    if row.dm_channel_id is None:
        return False
    table_id, version = news.table.id, news.table.prompts.get(row.seat, (None,))[0]
    carried = None if version is None else str(news.panel_token_of(registry.get(news.table.game), row.seat))
    of_table = tuple(f"{kind}:{table_id}:" for kind in PANEL_CONTROLS)
    try:
        async for message in bot.get_partial_messageable(row.dm_channel_id).history(limit=AWAY_LOOKBACK):
            ids = custom_ids(message)
            if any(i.startswith(of_table) for i in ids):  # act:table:token:index, amount:table:token
                return (any(i.startswith(of_table) and i.split(":")[2] == carried for i in ids)
                        and heading in (message.content or ""))
    except discord.HTTPException:
        return False
    return False


async def shows_lines(bot: Any, news: TableNews, row: SeatRow, lines: list[str]) -> bool:
    """Whether the player's latest DM of this table (among their latest DMs) shows `lines`, the
    news of a move. False when it cannot be read."""
    if row.dm_channel_id is None:
        return False
    mark = f"(table #{news.table.id})"  # in a panel's first line
    try:
        async for message in bot.get_partial_messageable(row.dm_channel_id).history(limit=AWAY_LOOKBACK):
            if mark in (message.content or ""):
                return all(line in message.content for line in lines)
    except discord.HTTPException:
        return False
    return False


async def mentioned_for_turn(bot: Any, news: TableNews, spec: Any, row: SeatRow, saying: str = "") -> bool:
    """Whether the thread's latest messages hold the player's mention for their current decision
    (DMs closed: its "My hand" carries the decision's panel token), or, in a private exchange, the
    mention of both its sides as it opened (marked with the exchange); also the table's channel,
    where a turn's mention goes when the thread refuses it or the table has none. `saying`: a mention with this text
    (the last-to-choose notice). False when they cannot be read."""
    exchange = spec.shown_to_act(news.state) != spec.to_act(news.state)
    token = exchange_token(news.table, spec, news.state) if exchange else turn_token(news.table, row.seat)
    mark = HandButton(news.table.id, token).custom_id
    for place in (news.table.thread_id, news.table.channel_id):  # no thread: where they were told instead
        if place is None or history_hidden(bot.get_channel(place)):
            continue
        try:
            async for message in bot.get_partial_messageable(place).history(limit=AWAY_LOOKBACK):
                if row.user_id in message.raw_mentions and mark in custom_ids(message) and saying in message.content:
                    return True
        except discord.HTTPException:
            continue
    return False


async def shows_away_notice(bot: Any, news: TableNews, row: SeatRow) -> bool:
    """Whether a player away was told so: an "I'm back" of this table among their latest DMs, or
    among the thread's latest messages on a notice naming them (DMs closed, or a DM that failed).
    True when it cannot be read. Pressing "I'm back" takes it off the notices of that absence. A
    notice noted as sent counts however far back it has scrolled."""
    if row.away_told:
        return True
    places = [(row.dm_channel_id, None)] if row.dm_ok is not False and row.dm_channel_id is not None else []
    places += [(news.table.thread_id, row.user_id)] if news.table.thread_id is not None else []
    if not places:  # never DMed and no thread: told nowhere (DMs closed too: nowhere to tell)
        return row.dm_ok is False
    try:
        for channel_id, user_id in places:
            if user_id is not None and history_hidden(bot.get_channel(channel_id)):
                return True  # the thread's notices cannot be read back: better no second ping
            async for message in bot.get_partial_messageable(channel_id).history(limit=AWAY_LOOKBACK):
                if is_away_notice(message, news.table.id, user_id):
                    return True
    except discord.HTTPException:
        return True
    return False


def is_away_notice(message: discord.Message, table_id: int, user_id: int | None = None) -> bool:
    """Whether `message` is the table's away notice still offering "I'm back" (in a thread, the
    notice of `user_id`: it starts with their mention). A panel offering it is not a notice."""
    mark, content = BackButton(table_id).custom_id, message.content or ""
    return AWAY_HEAD in content and mark in custom_ids(message) and (user_id is None or content.startswith(f"<@{user_id}>"))
