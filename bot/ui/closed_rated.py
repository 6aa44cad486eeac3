"""The thread's note of a casual rated game that everyone left, closed and rated as it stood
(TableService._rate_left): who abandoned it before, and each player's rating change. It is that
game's standings, so it gets what a finished game's standings get: written again by a start that
a stop cut off before it, and posted again later when Discord refuses it (STANDINGS_RETRIES)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.ui.finish import STANDINGS_LOOKBACK
from bot.ui.requests import history_hidden
from bot.ui.results import rated_lines
from play.results import TableNews
from play.tournaments.rating_service import rated_as_it_stood

if TYPE_CHECKING:
    from bot.ui.controller import TablesController

RATED_AS_IT_STOOD = "It is rated as it stood"


class ClosedRatedMixin:
    """The closing note of a game rated as it stood, for TablesController."""

    async def close_note(self: TablesController, news: TableNews, head: str) -> str:
        """`head` ("… so table #n is closed."), and when the game was rated as it stood, who
        abandoned it before (ranked last) and the rating changes."""
        rated, changes = await self.rated_as_it_stood_lines(news)
        return (head + rated + changes)[:2000]

    async def rated_as_it_stood_lines(self: TablesController, news: TableNews) -> tuple[str, str]:
        """(" It is rated as it stood: … ranked last.", "\n**Rating changes**\n…") of a closed
        table that was rated as it stood; empty texts for any other."""
        rows = await self.service.rating_changes(news.table.id) if rated_as_it_stood(news.table, news.seats) else []
        if not rows:
            return "", ""
        info = self.presenter.info(news)
        first = {row.user_id for row in rows if row.place == 1}  # the last to leave
        before = [s for s in news.seats if s.forfeited and s.user_id not in first]
        rated = (f" {RATED_AS_IT_STOOD}: " + ", ".join(info.unmarked_name(s.seat) for s in before)
                 + f" abandoned it before and {'are' if len(before) > 1 else 'is'} ranked last.")
        names = {s.user_id: info.unmarked_name(s.seat) for s in news.seats if s.user_id is not None}
        return rated, "\n**Rating changes**\n" + "\n".join(rated_lines([rows], names))

    async def closed_rated(self: TablesController, news: TableNews, note: str) -> None:
        """A table closed: `closed`, and a note of a game rated as it stood that Discord refused is
        posted again later, as standings are."""
        if not await self.closed(news, note) and rated_as_it_stood(news.table, news.seats):
            await self.presenter.standings_later(news.table.id, 0)

    async def close_note_again(self: TablesController, news: TableNews, attempt: int = 0) -> None:
        """The note of a game rated as it stood, unless the thread shows it (`attempt`: 0 at a
        start, else the retry of a note Discord refused)."""
        thread = await self.presenter.channel(news.table.thread_id)
        if thread is None:
            if not self.presenter.thread_gone(news, thread):  # unreadable for now
                await self.presenter.standings_later(news.table.id, attempt)
            return
        if await _note_in(thread, news.table.id, refused=attempt > 0):
            return
        note = await self.close_note(news, f"Everyone left, so table #{news.table.id} is closed.")
        if await self.presenter.post(news.table.thread_id, note) is None:
            await self.presenter.standings_later(news.table.id, attempt)


async def _note_in(thread: Any, table_id: int, *, refused: bool) -> bool:
    """Whether the thread's latest messages hold the table's note of a game rated as it stood (a
    thread the bot may not read is taken to, unless the note is known not to have gone out)."""
    if history_hidden(thread):
        return not refused
    try:
        async for message in thread.history(limit=STANDINGS_LOOKBACK):
            content = message.content or ""
            if f"table #{table_id} is closed." in content and RATED_AS_IT_STOOD in content:
                return True
    except discord.HTTPException:  # cannot tell: better no note twice
        return True
    return False
