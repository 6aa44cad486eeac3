"""Take-backs for TablesController: "↩ Take back" on a panel and `/table undo`, and the refusal of a
control that is not a game choice."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.ui.presenter import safely
from bot.ui.requests import caller_of, dm_panel_pressed, panel_of_table, private_panel, refusal, reply
from bot.ui.unread import replace_clicked
from play.common import TableError

if TYPE_CHECKING:
    from bot.ui.controller import TablesController

log = logging.getLogger(__name__)

ENDED = ("finished", "cancelled")


class TakeBacksMixin:
    """The take-back handlers of TablesController."""

    async def undo(self: TablesController, interaction: discord.Interaction, table_id: int, version: int | None) -> None:
        """Take back the presser's last action; their panel shows the decision again, in place when
        the button was pressed on it."""
        try:
            news = await self.service.undo(table_id, caller_of(interaction), version)
        except TableError as exc:
            await self._refuse(interaction, table_id, refusal(exc), take_back=version is not None)
            return
        seat = news.seat_of(interaction.user.id)
        panel = self.presenter.panel(news, seat.seat) if seat is not None else None
        in_place = panel_of_table(interaction.message, table_id)  # not another table's DM panel
        in_dm = in_place and dm_panel_pressed(interaction.message)
        if version is not None and panel is not None and in_place:
            try:
                await replace_clicked(interaction, **panel)
            except discord.HTTPException as exc:  # the take-back is stored: its panel goes by DM
                log.warning("answer to a take-back at table %s failed (%s)", table_id, exc)
                await self.after(news)
                return
            if in_dm and interaction.message is not None:
                self.service.note_seat(table_id, interaction.user.id, dm_message_id=interaction.message.id,
                                       dm_channel_id=interaction.message.channel.id)
        elif panel is not None:
            await reply(interaction, **{**panel, "content": "Your last action is taken back.\n" + panel["content"]})
            if seat.dm_ok is not False:  # from /table undo: the DM panel shows the decision again too
                await self.after(news)
                return
        else:
            await reply(interaction, "The last action is taken back.")
        await self.after(news, answered=seat.seat if seat else None, in_dm=in_dm)

    async def _refuse(self: TablesController, interaction: discord.Interaction, table_id: int, message: str, *,
                      take_back: bool = False) -> None:
        """Refuse a control that is not a game choice ("Take back", "I'm back") with its reason.
        `take_back`: a "Take back" pressed on a panel; on a DM panel, which keeps its "Take back"
        when others act (taking it off at every move would cost a message edit), it goes now."""
        if take_back and dm_panel_pressed(interaction.message):
            await self._refresh_dm_panel(interaction, table_id)
        else:
            try:
                ended = (await self.service.get(table_id, caller_of(interaction))).status in ENDED
            except TableError:
                ended = False
            if ended:
                await self._retire_clicked(interaction)
        await reply(interaction, message)

    async def _refresh_dm_panel(self: TablesController, interaction: discord.Interaction, table_id: int) -> None:
        """The pressed DM panel as it may be now: the player's panel, when it is their current one
        in a game still played (it offers "Take back" only while one is possible), else without
        controls."""
        try:
            news = await self.service.news(table_id, caller_of(interaction))
        except TableError:  # not theirs to see: the reason alone
            return
        seat = news.seat_of(interaction.user.id)
        current = seat is not None and news.state is not None and not seat.handed_over and \
            news.table.status not in ENDED and \
            self.service.dm_panel_noted(table_id, seat).dm_message_id == interaction.message.id
        if not current:
            await self._retire_clicked(interaction)
        elif await self.service.made_last_action(news.table, seat.seat):
            return  # its own "Take back" is still good: one of another version was forged onto it
        elif not interaction.response.is_done():
            panel = self.presenter.panel(news, seat.seat, self.presenter.private_lines(news, seat.seat))
            await safely(f"panel of {interaction.user.id} at table {table_id}", replace_clicked(interaction, **panel))

    async def _retire_clicked(self: TablesController, interaction: discord.Interaction) -> None:
        """A control pressed on a private panel left with controls it should not have (the table has
        ended; a DM panel no longer current): the panel loses its controls; the reason follows."""
        if private_panel(interaction.message) and not interaction.response.is_done():
            await safely(f"ended panel of {interaction.user.id}", interaction.response.edit_message(view=None))
