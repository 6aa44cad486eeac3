"""The end of a game in Discord: the finish work stored (ratings, a tournament's result), the
standings posted (again later when Discord refuses them), each player's last DM panel turned into
their result, and rating changes stored late posted after the standings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.ui import panels, results
from bot.ui.board_turn import cancelled_head
from bot.ui.requests import history_hidden, safely
from bot.ui.results import rated_lines
from play.results import TableNews
from storage import SeatRow

if TYPE_CHECKING:
    from bot.ui.presenter import Presenter

STANDINGS_LOOKBACK = 100  # messages searched for a game's final standings after a stop (one request of Discord's)
STANDINGS_RETRIES = (60, 600, 3600)  # seconds before each new try of standings Discord refused


class FinishMixin:
    """The end of a game, for Presenter."""

    async def finished(self: Presenter, news: TableNews, *, again: bool = False, attempt: int = 0) -> None:
        """The end of a game was published: store its finish work (ratings, the tournament result),
        post the standings with the rating changes, turn each player's last DM panel into their
        result, then tell who listens (a tournament's round summary comes after its games).
        `again`: the finish work was stored before a stop, the standings were not posted. Standings
        that Discord refuses are posted again later (`attempt`: how many times so far)."""
        finish = await self.service.finish_work(news.table.id, again=again)
        if not finish.done:
            await self.retry_finish(news.table.id, 1)
        await self.refresh_lobby(news)  # "Game over" before the standings (a start redoes both if they are not up)
        thread = await self.channel(news.table.thread_id)
        twins = await self.service.same_deal_running(news.table)
        info = self.info(news)
        names = {s.user_id: info.name(s.seat) for s in news.seats if s.user_id is not None}
        place = await self._standings_place(news, thread)
        heading = self._threadless_end(news) if place is not thread else ""
        standings = await safely(f"result of table {news.table.id}", results.announce(
            place, news, info, rated_lines(finish.reports, names), twins, pending=not finish.stored,
            heading=heading, allowed_mentions=panels.PLAYER_MENTIONS if heading else results.NO_MENTIONS))
        # Tried again unless there is nowhere to post them: a thread (or the channel of a table
        # without one) unreadable for now (the bot out of the server, Discord failing) is tried again.
        if standings is None and not (place is None and self.thread_gone(news, thread)):
            await self.standings_later(news.table.id, attempt)
        words = await self._results_to_dms(news, standings)
        if finish.stored:
            await self.tell_finish_listeners(news.table.id, finish.reports)
        await self._after_results(news, words)

    async def _results_to_dms(self: Presenter, news: TableNews, standings: discord.Message | None,
                              untold: set[int] | None = None) -> dict[int, dict[str, Any]]:
        """Each player's last DM panel turned into their result (`untold`: those seats only)."""
        words: dict[int, dict[str, Any]] = {}
        for seat in news.seats:
            if seat.user_id is not None and seat.dm_message_id is not None and news.outcome is not None \
                    and (untold is None or seat.seat in untold):
                words[seat.seat] = self._end_word(news, seat, standings)
                await safely(f"last panel of {seat.user_id} at table {news.table.id}",
                             self._dm_channel(seat).get_partial_message(seat.dm_message_id).edit(**words[seat.seat]))
        return words

    async def _after_results(self: Presenter, news: TableNews, words: dict[int, dict[str, Any]]) -> None:
        """Last, as it may take many calls: answered panels keep their "Take back" until the end
        (retiring each on the way would cost a call a move), and away notices lose "I'm back"."""
        for seat in news.seats:
            await safely(f"old panels of {seat.user_id} at table {news.table.id}",
                         self._sweep_dms(news.table.id, seat, words.get(seat.seat)))
        await safely(f"away notices of table {news.table.id}", self.retire_thread_away_notices(news))

    async def results_untold(self: Presenter, news: TableNews) -> None:
        """After a stop that came once a game's standings were posted but before every player's
        last DM panel became their result (README: "Each player's last DM panel is turned into
        their result"): those panels now, read back from Discord, then the end's other tidying."""
        untold = set()
        for seat in news.seats:
            if seat.user_id is None or seat.dm_message_id is None or news.outcome is None:
                continue
            try:
                shown = await self._dm_channel(seat).fetch_message(seat.dm_message_id)
            except discord.HTTPException:
                continue  # deleted, or DMs closed: nothing to turn
            if not (shown.content or "").startswith(results.END_HEAD):
                untold.add(seat.seat)
        if not untold:
            return
        place = await self._standings_place(news, await self.channel(news.table.thread_id))
        try:
            standings = await self._standings_message(news, place) if place is not None else None
        except discord.HTTPException:
            standings = None
        await self._after_results(news, await self._results_to_dms(news, standings, untold))

    async def _standings_place(self: Presenter, news: TableNews, thread: Any) -> Any:
        """Where a game's standings go: its thread; for one that went on without a thread, its
        channel (not while another table still plays its deal, which they would give away)."""
        if news.table.thread_id is not None or await self.service.same_deal_running(news.table):
            return thread
        return await self.channel(news.table.channel_id)

    def _threadless_end(self: Presenter, news: TableNews) -> str:
        """The words above the standings of a game that went on without a thread, posted in its
        channel: a mention of those whose DMs are closed (their last panel cannot say it)."""
        closed = " ".join(f"<@{s.user_id}>" for s in news.seats
                          if s.user_id is not None and s.dm_ok is False and not s.handed_over)
        return (f"{closed + ': ' if closed else ''}{self.info(news).title} — table #{news.table.id}, played without "
                "a thread at its end, is over.")

    def thread_gone(self: Presenter, news: TableNews, thread: Any) -> bool:
        """Whether the table has no thread to post in: none, or one Discord says was deleted (not
        one unreadable for now: the bot out of the server, Discord failing)."""
        return thread is None and (news.table.thread_id is None or bool(self.deleted.get(news.table.thread_id)))

    async def standings_later(self: Presenter, table_id: int, attempt: int) -> None:
        """Standings not posted (`attempt` tries so far): tried again later, while tries are left."""
        if attempt < len(STANDINGS_RETRIES):
            self.wake_timers(await self.service.standings_again(table_id, attempt + 1, STANDINGS_RETRIES[attempt]))

    async def tell_finish_listeners(self: Presenter, table_id: int, reports: list[Any]) -> None:
        for listener in self.finish_listeners:
            await safely(f"finish of table {table_id}", listener(reports))

    async def retry_finish(self: Presenter, table_id: int, attempt: int) -> None:
        """Finish work the database refused: tried again later (`attempt`: the how-manyth try next)."""
        due = await self.service.finish_again(table_id, attempt)
        if due is not None:
            self.wake_timers(due)

    async def finish_stored_late(self: Presenter, news: TableNews, reports: list[Any]) -> None:
        """Finish work stored after the standings went out without all of it: rating changes they
        say are not stored yet follow them in the thread, and those who listen (a tournament's
        round) hear of the game now."""
        info = self.info(news)
        lines = rated_lines(reports, {s.user_id: info.name(s.seat) for s in news.seats if s.user_id is not None})
        thread = await self._standings_place(news, await self.channel(news.table.thread_id))
        if lines and thread is not None and await self._ratings_pending(news, thread):
            embed = discord.Embed(title=f"Rating changes — table #{news.table.id}", colour=discord.Colour.gold(),
                                  description="\n".join(lines)[:4096])
            await safely(f"late ratings of table {news.table.id}", thread.send(embed=embed))
        await self.tell_finish_listeners(news.table.id, reports)

    async def _ratings_pending(self: Presenter, news: TableNews, thread: Any) -> bool:
        """Whether the standings in the thread say the rating changes are not stored yet: a retry
        that stored only a tournament's result has none to add, and standings not posted yet (their
        own retry is due) will carry them."""
        try:
            standings = await self._standings_in(news, thread)
        except discord.HTTPException:
            return False
        return standings is not None and any(
            f.name == "Rating changes" and f.value.startswith(results.RATINGS_PENDING) for f in standings.fields)

    async def standings_posted(self: Presenter, news: TableNews, *, refused: bool = False) -> bool:
        """Whether the table's thread shows its final standings among its latest messages. A
        thread the bot may not read is taken to show them (better no standings twice), unless they
        are known not to have gone out (`refused`: a retry of standings that were not posted)."""
        thread = await self._standings_place(news, await self.channel(news.table.thread_id))
        if thread is None:
            return True  # nowhere to post them
        if history_hidden(thread):
            return not refused
        try:
            return await self._standings_in(news, thread) is not None
        except discord.HTTPException:
            return True  # cannot tell: better no standings twice

    async def _standings_in(self: Presenter, news: TableNews, thread: Any) -> discord.Embed | None:
        """The final standings among the thread's latest messages. Raises discord.HTTPException."""
        message = await self._standings_message(news, thread)
        title = results.standings_title(self.info(news), news.table.id)
        return None if message is None else next(e for e in message.embeds if e.title == title)

    async def _standings_message(self: Presenter, news: TableNews, thread: Any) -> discord.Message | None:
        """The message of the final standings among the thread's latest. Raises discord.HTTPException."""
        title = results.standings_title(self.info(news), news.table.id)
        async for message in thread.history(limit=STANDINGS_LOOKBACK):
            if any(embed.title == title for embed in message.embeds):
                return message
        return None

    async def close_shown(self: Presenter, news: TableNews) -> bool:
        """Whether a cancelled table's board (its lobby, if it never started) shows that it is closed."""
        thread = await self.channel(news.table.thread_id)
        message_id = news.table.board_message_id or news.table.lobby_message_id
        if thread is None or message_id is None:
            return True  # nothing in Discord to bring up to date
        try:
            message = await thread.fetch_message(message_id)
        except discord.HTTPException:
            return True  # gone, or cannot tell: better no second notice
        if news.table.board_message_id is not None:
            return (message.content or "").startswith(cancelled_head(news))
        return not message.components  # a cancelled lobby has no buttons

    def _end_word(self: Presenter, news: TableNews, seat: SeatRow, standings: discord.Message | None) -> dict[str, Any]:
        """What a player's last DM panel becomes: their result, the game-over panel, no controls."""
        content = results.end_note(news, self.info(news), seat.seat, standings.jump_url if standings else None)
        return {"content": content, "embed": self.panel(news, seat.seat)["embed"], "view": None}
