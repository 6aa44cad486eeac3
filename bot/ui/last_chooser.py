"""The notice that tells the last player still to choose, in a choice several make at once, that
the others have chosen: a copy of their panel by DM (or a mention in the thread when their DMs are
closed), taken back when a take-back makes it untrue or a crossing click made it out of date."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import discord

from bot.ui import panels
from bot.ui.requests import safely
from bot.ui.turns import LAST_TO_CHOOSE
from play.results import TableNews
from storage import SeatRow

if TYPE_CHECKING:
    from bot.ui.presenter import Presenter


class LastChooserMixin:
    """The last-to-choose notices of Presenter."""

    async def tell_last(self: Presenter, news: TableNews, seat: int) -> None:
        """In a choice made at once, the last player still to choose is told so, on a copy of their
        panel: their newest DM is then their panel, which the game's end turns into their result.
        The panel they had keeps working (same choices; one call, not two); it loses its controls
        when the notice is answered, or with the notice when the seat's panel is retired (a missed
        deadline, an abandon, the end)."""
        row, info = news.seats[seat], self.info(news)
        text = f"**{LAST_TO_CHOOSE} in {info.title} (table #{news.table.id})**: the others have chosen."
        message = None if not self.dm_worth_trying(row) else await self.send_dm(
            news.table.id, row, **self.panel(news, seat, self.private_lines(news, seat), heading=text))
        if message is not None and self.service.overtaken(news, seat):  # they chose as it was sent
            await self.withdraw_dm(message, f"out-of-date last-to-choose notice of {row.user_id}")
        elif message is not None:
            self.service.note_seat(news.table.id, row.user_id, dm_message_id=message.id)
            if row.dm_message_id not in (None, message.id):
                self.copied.put((news.table.id, seat), row.dm_message_id)
        else:
            # Its "My hand" carries the decision's token: a start sees they were told (bot/ui/shown.py).
            posted = await self.to_player(news, f"<@{row.user_id}> {text} Press **My hand**.",
                                          allowed_mentions=panels.PLAYER_MENTIONS,
                                          view=panels.mention_view(news.table, panels.turn_token(news.table, seat)))
            if posted is not None:
                self.told_last.put((news.table.id, seat), (posted.channel.id, posted.id, _prompt_version(news, seat)))

    async def untell_last(self: Presenter, news: TableNews, seat: int) -> None:
        """A take-back made a player choose again beside the one told they were the last to choose:
        that notice, the seat's DM panel, becomes their ordinary panel (its choices are unchanged), and
        the panel it copied loses its controls; one posted in the thread (their DMs closed) is taken down."""
        row = news.seats[seat]
        posted = self.told_last.pop((news.table.id, seat))
        if posted is not None and posted[2] == _prompt_version(news, seat):
            place = self.bot.get_partial_messageable(posted[0])  # the thread, or its channel when it refused
            await safely(f"last chooser of table {news.table.id}", place.get_partial_message(posted[1]).delete())
        if row.dm_ok is False or row.dm_message_id is None or row.dm_channel_id is None:
            return
        await self._dm_channel(row).get_partial_message(row.dm_message_id).edit(**self.panel(news, seat))
        # The panel the notice copied goes: the notice is their one panel now (a second notice, after
        # the choice is made again, copies that one, and this one would keep its controls for good).
        await self.retire_copied(news, row)

    async def retire_copied(self: Presenter, news: TableNews, row: SeatRow,
                            current: dict[str, Any] | None = None) -> None:
        """The panel a last-to-choose notice copied loses its controls too, once that decision ended
        (`current`: the seat's panel now, which it then shows: it would go on asking)."""
        copied = self.copied.pop((news.table.id, row.seat))
        if copied is not None and row.dm_channel_id is not None:
            channel = self.bot.get_partial_messageable(row.dm_channel_id, type=discord.ChannelType.private)
            edit = {**current, "view": None} if current is not None else {"view": None}
            await safely(f"old panel of {row.user_id} at table {news.table.id}",
                         channel.get_partial_message(copied).edit(**edit))


def answered_elsewhere(presenter: Presenter, news: TableNews, seat: int, answer: Callable[[], dict[str, Any]],
                       where: str) -> dict[str, Any]:
    """What a copy of a seat's panel says once the player answered on another (`where`): what the
    answer says (`answer()`, made only then) when their decision is over, else only where it goes
    on (a copy of a step of it would soon ask for what was already chosen)."""
    if not news.choices_of(presenter.service.spec(news.table), seat) or news.table.status != "running":
        return answer()
    info = presenter.info(news)
    return {"content": f"**{info.title} (table #{news.table.id})**: you answered {where}; your choices are "
                       "there now.", "embed": None}


def _prompt_version(news: TableNews, seat: int) -> int:
    """The version at which the seat's current decision was put to it."""
    return news.table.prompts.get(seat, (news.table.version,))[0]
