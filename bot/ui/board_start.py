"""The board a table goes on with, once after a start. A stop (kill -9, a crash) may have come
between posting a new board and storing it, or before the replaced board lost its buttons: the
thread then holds a board the table does not know of, or two boards with live buttons."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.ui.board_shown import BoardShown
from bot.ui.board_log import EARLIER, LOG_TITLE, lines_forgotten, log_of, log_reaches, log_starts
from bot.ui.components import HandButton
from bot.ui.requests import custom_ids, history_hidden
from play.results import TableNews

if TYPE_CHECKING:
    from bot.ui.board import Boards

log = logging.getLogger(__name__)

BOARD_LOOKBACK = 25  # latest thread messages looked over, once after a start


async def board_after_start(boards: Boards, thread: Any, news: TableNews, info: Any, key: str) -> BoardShown | None:
    """The table's board as a start finds it (what it shows is read back when needed: version -1;
    None: it has none yet).

    A board posted but not stored already shows the move that posted it, its log lines too: it is
    taken as the table's board (and stored), so that those lines are not posted again under yet
    another board. `key` is what the board shows now: such a board was posted for the stored
    state. Every other board with live buttons among the thread's latest messages is retired, so
    that only the board the bot goes on editing reads as current (one request for the history;
    none when it cannot be read)."""
    table = news.table
    stored = None
    if table.board_message_id is not None:
        stored = BoardShown(table.board_message_id, table.board_key or "", None, -1, table.board_version)
    latest = await _latest_own(boards, thread)
    unstored = [m for m in latest if (stored is None or m.id > stored.message_id) and _is_board(m, table.id)]
    shown = stored
    if unstored:
        shown = await _adopted(boards, thread, news, info, key, max(unstored, key=lambda m: m.id), stored, latest)
    mark = HandButton(table.id).custom_id  # a board's "My hand" (a mention's carries a token)
    for message in latest:
        if (shown is None or message.id != shown.message_id) and mark in custom_ids(message):
            log.info("board %s of table %s was left live by a stop; retired", message.id, table.id)
            await boards.retire_later.retire(thread, BoardShown(message.id, "", None, -1, 0, tuple(message.embeds),
                                                                message.content, log_in_content=False),
                                             table.id, table.game)
    return shown


async def _adopted(boards: Boards, thread: Any, news: TableNews, info: Any, key: str, newest: discord.Message,
                   stored: BoardShown | None, latest: list[discord.Message]) -> BoardShown | None:
    """`newest`, an unstored board, as the table's board (stored now), if its log can be placed;
    else the stored board."""
    table = news.table
    after = stored.since if stored is not None else table.board_version or 0
    stored_message = next((m for m in latest if stored is not None and m.id == stored.message_id), None)
    since = _placed(newest, stored_message, news, info, after, stored is None)
    if since is None and lines_forgotten(news, after):  # computer seats played on since: all lines
        since = _placed(newest, stored_message, await boards._recalled(news), info, after, stored is None)
    if since is None:
        return stored
    log.info("board %s of table %s was posted but not stored before a stop; the table goes on with it",
             newest.id, table.id)
    await boards.service.board_posted(table.id, newest.id, key, since)
    if stored is not None and stored_message is None:  # not among the latest: retired unread
        await boards.retire_later.retire(thread, stored, table.id, table.game)
    return BoardShown(newest.id, key, None, -1, since)


async def _latest_own(boards: Boards, thread: Any) -> list[discord.Message]:
    """The bot's messages among the thread's latest ones ([] when its history cannot be read)."""
    if history_hidden(thread):
        return []
    try:
        return [message async for message in thread.history(limit=BOARD_LOOKBACK)
                if message.author.id == boards.bot.user.id]
    except discord.HTTPException:
        return []


def _is_board(message: discord.Message, table_id: int) -> bool:
    """A board of the table: its "My hand", or (a game over's board has no buttons) its Game log."""
    return (HandButton(table_id).custom_id in custom_ids(message) or f"**{LOG_TITLE}**\n" in (message.content or "")
            or any(embed.title == LOG_TITLE for embed in message.embeds))


def _placed(board: discord.Message, stored: discord.Message | None, news: TableNews, info: Any,
            after: int, first: bool) -> int | None:
    """Where the log of a board posted after the stored one (`first`: the table's first board)
    starts (its `since`), placed among the game's lines by the lines it shows; with none, where the
    stored board's log ends (a new board goes on from there), or for a first board where the game's
    lines begin. None when it cannot be placed."""
    lines = [line for line in log_of(board, with_note=True) if line != EARLIER]
    if lines:
        return log_starts(lines, after, news, info.fill)
    if first:
        return after
    if stored is None:
        return None
    return log_reaches([line for line in log_of(stored, with_note=True) if line != EARLIER], after, news, info.fill)
