"""What a player away from a table is told: that a computer plays their seat until they press
"I'm back" (and, once they are back, those notices lose the button), and reminders before a
deadline. By DM, or a mention in the thread when their DMs are closed (in the table's channel when
the thread refuses the bot's posts)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.ui import panels
from bot.ui.components import BackButton
from bot.ui.dynamic import dynamic_view
from bot.ui.requests import safely
from bot.ui.shown import AWAY_HEAD, AWAY_LOOKBACK, is_away_notice
from play.results import TableNews, everyone_away
from storage import SeatRow

if TYPE_CHECKING:
    from bot.ui.presenter import Presenter


log = logging.getLogger(__name__)
WAITS_HEAD = "The game waits for you in"  # what the other away players are told once everyone is away


def with_link(text: str, news: TableNews) -> str:
    """A DM's text with the link to its table's thread (in the thread itself, it is not needed)."""
    link = panels.thread_url(news.table)
    return text + (f"\nTable: {link}" if link else "")


class AwayNoticesMixin:
    """The away notices and reminders of Presenter."""

    async def away_notice(self: Presenter, news: TableNews, seat: int) -> None:
        """Tell a player who missed a deadline that a computer plays for them, with "I'm back"."""
        row = news.seats[seat]
        info = self.info(news)
        text = (f"**{AWAY_HEAD} {info.title} (table #{news.table.id})**: a computer player made your move "
                "and plays your seat until you press **I'm back**.")
        if everyone_away(news.seats):  # nobody plays their own seat: the game waits
            text += (" Everyone at the table is away now, so the game waits until one of you is back."
                     if sum(s.user_id is not None and not s.handed_over for s in news.seats) > 1
                     else " The game waits until you are back.")
        view = dynamic_view()
        view.add_item(BackButton(news.table.id))
        if await self.send_dm(news.table.id, row, content=with_link(text, news), view=view) is None:
            if await self.to_player(news, f"<@{row.user_id}> " + text, view=view,
                                    allowed_mentions=panels.PLAYER_MENTIONS) is None:
                return
        await safely(f"away notice of table {news.table.id} noted", self.service.note_told_away(news.table.id, seat))

    async def retire_away_notices(self: Presenter, news: TableNews, row: SeatRow,
                                  clicked: discord.Message | None) -> None:
        """Once a player is back, their away notices lose "I'm back": one still offering it tells
        a start that they were told of their current absence (bot/ui/shown.py). Looked for where
        they were sent: the DMs, and the thread (the notices naming them)."""
        found = {}
        owner = None if clicked is None or clicked.guild is None else row.user_id  # in a thread: theirs only
        if clicked is not None and is_away_notice(clicked, news.table.id, owner):
            found[clicked.id] = clicked
        if row.dm_channel_id is not None:
            async for message in self._dm_channel(row).history(limit=AWAY_LOOKBACK):
                if is_away_notice(message, news.table.id):
                    found[message.id] = message
        # Also with open DMs: a DM may have failed.
        found.update({message.id: message for message in
                      await self._thread_away_notices(news, row.user_id, in_channel=row.dm_ok is False)})
        for message in found.values():
            await safely(f"away notice of table {news.table.id}", message.edit(view=None))

    async def game_waits(self: Presenter, news: TableNews, told: int | None = None) -> None:
        """Everyone at the table is away now (the last one playing missed a deadline, or abandoned):
        the other away players, told earlier that a computer plays for them, learn that the game
        waits for them. Their earlier notice keeps the one "I'm back". `told`: the seat whose
        notice said so already."""
        if news.table.status != "running" or not everyone_away(news.seats):
            return
        text = (f"**{WAITS_HEAD} {self.info(news).title} (table #{news.table.id})**: everyone at it is away now, so "
                "nothing is played until one of you presses **I'm back** (on your notice that time ran out, or "
                "on **My hand**).")
        for row in news.seats:
            if row.seat == told or not row.away or row.handed_over or row.user_id is None:
                continue
            if await self.send_dm(news.table.id, row, content=with_link(text, news)) is None:
                await self.to_player(news, f"<@{row.user_id}> " + text, allowed_mentions=panels.PLAYER_MENTIONS)

    async def remind(self: Presenter, news: TableNews, seat: int, when: str) -> None:
        """A reminder of an open decision: by DM, or a mention in the thread when DMs are closed."""
        row, info = news.seats[seat], self.info(news)
        due = news.table.deadlines.get(seat)
        soon = f" It is due <t:{int(due)}:R>." if due else ""
        first = "Still your turn" if when == "half" else "Last call: your turn"
        text = f"**{first} in {info.title} (table #{news.table.id})**.{soon}"
        sent = self.dm_worth_trying(row) and await self.send_dm(news.table.id, row, content=with_link(text, news))
        if sent:
            self.note_turn_post(news, seat, sent.channel_id, sent.id, reminder=True)
            return
        posted = await self.to_player(news, f"<@{row.user_id}> {text} Press **My hand** to play.",
                                      allowed_mentions=panels.PLAYER_MENTIONS,
                                      view=panels.mention_view(news.table, panels.turn_token(news.table, seat)))
        if posted is not None:
            self.note_turn_post(news, seat, posted.channel.id, posted.id, reminder=True)

    async def retire_thread_away_notices(self: Presenter, news: TableNews) -> None:
        """A game that ended (or was cancelled) with players away: their notices posted in the
        thread (their DMs were closed) lose "I'm back", which has nothing left to do. One read of
        the thread, only if someone is away (a notice of a player back lost its button then)."""
        away = [row for row in news.seats if row.away and not row.handed_over]
        if not away:
            return
        for message in await self._thread_away_notices(news, None, in_channel=any(r.dm_ok is False for r in away)):
            await safely(f"away notice of table {news.table.id}", message.edit(view=None))

    async def _thread_away_notices(self: Presenter, news: TableNews, user_id: int | None,
                                   in_channel: bool = False) -> list[discord.Message]:
        """The table's away notices still offering "I'm back" among the thread's latest messages
        (those of `user_id`; None: anyone's); `in_channel`: also among the table's channel's, where
        a notice to a player with closed DMs goes when the thread refuses the bot's posts."""
        found = []
        for place in (news.table.thread_id, news.table.channel_id if in_channel else None):
            channel = await self.channel(place)
            if channel is None:
                continue
            try:
                found += [message async for message in channel.history(limit=AWAY_LOOKBACK)
                          if is_away_notice(message, news.table.id, user_id)]
            except discord.HTTPException as exc:
                log.info("away notices in %s could not be read (%s)", place, exc.text or exc.status)
        return found
