"""A board that a new one replaces: it keeps what it showed of the game, but nothing that would read
as still running (its buttons, its turn line, whose move it was, its deadlines)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.render import get_renderer
from bot.ui.board_log import LOG_TITLE
from bot.ui.unread import edit_unread
from play.common import BoundedCache

if TYPE_CHECKING:
    from bot.ui.board import BoardShown

log = logging.getLogger(__name__)

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


async def retire_board(thread: Any, old: BoardShown, game: str) -> bool:
    """The replaced board keeps its embeds, picture and log but loses its buttons, its turn line,
    what its embeds say of whose move it was, and its deadlines (their "in 2 hours" would read
    as still running). False when Discord refused it (see RetireLater)."""
    board = thread.get_partial_message(old.message_id)
    try:
        content, embeds = old.content, old.embeds
        if old.log_in_content is None:  # not known since a restart: read back, with its embeds if unknown
            try:
                message = await thread.fetch_message(old.message_id)
            except discord.NotFound:
                return True
            except discord.HTTPException:  # unreadable (no Read Message History): its buttons go at least
                await board.edit(view=None)
                return True
            content, embeds = message.content, embeds or tuple(message.embeds)
        kept = get_renderer(game).retired(without_deadlines(embeds))
        stale = {"embeds": kept} if [e.to_dict() for e in kept] != [e.to_dict() for e in embeds] else {}
        await edit_unread(board, content=retired_content(content), view=None, **stale)
    except discord.NotFound:  # deleted meanwhile: nothing left to retire
        return True
    except discord.HTTPException:
        return False
    return True


class RetireLater:
    """Replaced boards Discord refused to retire (failing for a while): tried again at the table's
    next showings, a few times, so that no old board keeps its buttons and turn line for good."""

    TRIES = 5

    def __init__(self) -> None:
        self.pending: BoundedCache[int, list[tuple[Any, int]]] = BoundedCache(2_000)

    def add(self, table_id: int, old: BoardShown) -> None:
        self.pending.put(table_id, [*(self.pending.get(table_id) or []), (old, 0)])

    async def retire(self, thread: Any, old: BoardShown, table_id: int, game: str) -> None:
        if not await retire_board(thread, old, game):  # Discord failing: tried again at the next showings
            self.add(table_id, old)

    async def delete(self, thread: Any, old: BoardShown, table_id: int, game: str) -> None:
        """A board a take-back withdrew (it tells a turn that did not happen) goes; retired instead
        when Discord refuses."""
        try:
            await thread.get_partial_message(old.message_id).delete()
        except discord.HTTPException as exc:  # gone already, or Discord failing: it stays, without its buttons
            log.info("a board taken back could not be deleted (%s); it is retired instead", exc)
            await self.retire(thread, old, table_id, game)

    async def retry(self, table_id: int, thread: Any, game: str) -> None:
        waiting = self.pending.pop(table_id)
        still = [(old, tries + 1) for old, tries in waiting or []
                 if not await retire_board(thread, old, game) and tries + 1 < self.TRIES]
        if still:
            self.pending.put(table_id, still)
