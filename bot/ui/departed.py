"""Lobby players who have left the server. The bot is not told who leaves (it asks for no member
events): before a start, Discord is asked, and they are taken off the lobby, a creator among them
passing it on as by **Leave**, so a lobby whose creator left is not stuck."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.render.base import shown_name
from bot.ui.requests import caller_of, defer, left_server
from play.common import TableError
from play.tables import seated
from storage import TableRow

if TYPE_CHECKING:
    from bot.ui.controller import TablesController


class DepartedMixin:
    """Taking departed players off a lobby, for TablesController."""

    async def _without_departed(self: TablesController, interaction: discord.Interaction, table: TableRow) -> None:
        """Raise TableError (Start is pressed again) after taking off the lobby those of its players
        who have left the server. A player who is not the creator asks Discord of the creator
        alone first: only a departed creator lets them start."""
        seats = await self.service.seats(table.id)
        guild, presser = interaction.guild, interaction.user.id
        if guild is None or table.tournament_id is not None or not seated(seats, presser) or len(seats) < 2:
            return
        await defer(interaction)  # one call to Discord a player: it may take a while
        creator = [s for s in seats if s.user_id == table.creator_id]
        if presser != table.creator_id and creator and not await left_server(guild, creator, presser):
            return  # the creator is there: the start says only they may start
        gone = await left_server(guild, seats, presser)
        if not gone:
            return
        news = await self.service.unseat_departed(table.id, caller_of(interaction), gone)
        await self.presenter.refresh_lobby(news)
        names = [s.display_name for s in seats if s.user_id in gone]  # as typed: the refusal shows them safely
        runs = "" if news.table.creator_id == table.creator_id else f" <@{news.table.creator_id}> runs the table now."
        what = "{} left the server, so they were taken off the table." + runs
        said = what.format(", ".join(shown_name(name) for name in names))
        runner = discord.AllowedMentions(users=[discord.Object(news.table.creator_id)], everyone=False, roles=False)
        await self.presenter.post(news.table.thread_id, said, allowed_mentions=runner)  # the new runner hears of it
        spec = self.service.spec(news.table)
        if len(news.seats) < spec.min_seats:
            then = (f"Too few players are left to start ({spec.min_seats} to {spec.max_seats} are needed): wait for "
                    "others to join, or add computer players.")
        else:
            then = ("Press **Start** again to play without them." if news.table.creator_id == presser else
                    "They can start it without them.")
        raise TableError(f"{what.format(', '.join(names))} {then}", names=names)
