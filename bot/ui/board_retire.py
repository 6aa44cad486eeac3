"""A board that a new one replaces: it keeps what it showed of the game, but nothing that would read
as still running (its buttons, its turn line, whose move it was, its deadlines)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord

from bot.render import get_renderer
from bot.ui.board_log import LOG_TITLE
from bot.ui.unread import edit_unread

if TYPE_CHECKING:
    from bot.ui.board import BoardShown

WAITING = "Waiting for"  # the field that says whose decisions are due, and when


def retired_content(content: str | None) -> str | None:
    """What a replaced board keeps of its text: its log when the text has one, not its turn line."""
    head = f"**{LOG_TITLE}**"
    return content[content.index(head):] if content and head in content else None


def without_deadlines(embeds: tuple[discord.Embed, ...]) -> list[discord.Embed]:
    """Copies of a board's embeds without the field of deadlines."""
    kept = []
    for embed in embeds:
        embed = embed.copy()
        for index in reversed([i for i, f in enumerate(embed.fields) if f.name == WAITING]):
            embed.remove_field(index)
        kept.append(embed)
    return kept


async def retire_board(thread: Any, old: BoardShown, game: str) -> None:
    """The replaced board keeps its embeds, picture and log but loses its buttons, its turn line,
    what its embeds say of whose move it was, and its deadlines (their "in 2 hours" would read
    as still running)."""
    board = thread.get_partial_message(old.message_id)
    with contextlib.suppress(discord.HTTPException):
        content, embeds = old.content, old.embeds
        if old.log_in_content is None:  # not known since a restart: read back, with its embeds if unknown
            try:
                message = await thread.fetch_message(old.message_id)
            except discord.HTTPException:  # unreadable (no Read Message History): its buttons go at least
                await board.edit(view=None)
                return
            content, embeds = message.content, embeds or tuple(message.embeds)
        kept = get_renderer(game).retired(without_deadlines(embeds))
        stale = {"embeds": kept} if [e.to_dict() for e in kept] != [e.to_dict() for e in embeds] else {}
        await edit_unread(board, content=retired_content(content), view=None, **stale)
