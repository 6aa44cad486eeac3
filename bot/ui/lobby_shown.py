"""A lobby shown as it stands when a request finds it out of date, gone or unrecorded (its message is
the only place with the Join, Start, Leave and Cancel buttons), and the hello by DM to who sits down."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.ui import panels
from bot.ui.requests import caller_of, custom_ids, defer, history_hidden
from play.common import TableError
from play.results import TableNews

if TYPE_CHECKING:
    from bot.ui.controller import TablesController
    from bot.ui.presenter import Presenter

LOBBY_LOOKBACK = 10  # a thread's first messages looked over for its lobby

DM_HELP = ("I could not send you a direct message (your DMs are closed for this server). You can still "
           "play: press **My hand** on the table's board, or use `/table hand` in the thread, to see your "
           "hand and make your choices privately. To get DMs, enable *Direct Messages* in this server's "
           "Privacy Settings.")


class LobbyShownMixin:
    """Bringing a lobby's message back up to date, and a new player's DM, for TablesController."""

    async def _lobby_as_it_stands(self: TablesController, interaction: discord.Interaction, table_id: int,
                                  stale: bool = False) -> None:
        """A refused press on a lobby that still offers its buttons after the game began or the
        table closed (Discord refused that edit then), or (`stale`) one that does not show the
        creator's last change (a double click; or Discord refused that edit, or the bot stopped
        before it): the lobby is brought up to date, so its controls are taken again."""
        message = interaction.message
        if message is None or not message.components:
            return
        try:
            news = await self.service.news(table_id, caller_of(interaction))  # the server checked first
        except TableError:
            return
        if (news.table.status != "lobby" or stale) and news.table.lobby_message_id == message.id:
            await self.presenter.refresh_lobby(news)

    async def _lobby_link(self: TablesController, interaction: discord.Interaction, table_id: int,
                          news: TableNews | None = None) -> str:
        """For a seated player's command about a lobby (`news`: the table, if the command loaded it):
        the lobby as it stands, posted anew if a moderator deleted it (its buttons are the only way
        to start it), as a link to add to the answer ("" when it is not a lobby of theirs, or cannot
        be shown)."""
        if news is None:
            try:
                news = await self.service.news(table_id, caller_of(interaction))  # the server checked first
            except TableError:
                return ""
        if news.table.status != "lobby" or news.seat_of(interaction.user.id) is None:
            return ""
        await defer(interaction)  # the lobby's edit (or new post) may wait on Discord past the answer's 3 s
        lobby_id = await self.presenter.refresh_lobby(news)
        if lobby_id is None:
            return ""
        return f" Its lobby: https://discord.com/channels/{news.table.guild_id}/{news.table.thread_id}/{lobby_id}"

    async def _probe_dm(self: TablesController, news: TableNews, user_id: int) -> str | None:
        """Say hello by DM when someone sits down; returns advice if their DMs are closed."""
        seat = news.seat_of(user_id)
        if seat is None:
            return None
        link = panels.thread_url(news.table)
        title = self.service.spec(news.table).title
        sent = await self.presenter.send_dm(
            news.table.id, seat, content=f"You joined **{title} — table #{news.table.id}**"
            + (f": {link}" if link else "") + ". Your hand and your private choices will come here.")
        return None if sent else DM_HELP


async def unrecorded_lobby(presenter: Presenter, thread: Any, table_id: int) -> int | None:
    """The lobby a stop left unrecorded (between posting it in the new thread and recording it),
    found among the thread's first messages by its buttons, and recorded; None if not found."""
    if history_hidden(thread):
        return None
    try:
        async for message in thread.history(limit=LOBBY_LOOKBACK, oldest_first=True):
            if message.author.id == presenter.bot.user.id and any(
                    c.startswith("lobby:") and c.split(":")[2] == str(table_id) for c in custom_ids(message)):
                await presenter.service.opened(table_id, lobby_message_id=message.id)
                return message.id
    except discord.HTTPException:
        return None
    return None
