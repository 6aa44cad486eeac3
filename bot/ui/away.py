"""A player away from a table: a deadline passed (the computer moves for them until they press
"I'm back"), reminders before it, and abandoning a game for good."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.render.base import shown_name
from bot.ui.presenter import safely
from bot.ui.requests import caller_of, name_of, refusal, reply
from play.common import TableError
from play.results import TableNews

if TYPE_CHECKING:
    from bot.ui.controller import TablesController


class AwayMixin:
    """The away, reminder and abandon handlers of TablesController."""

    async def abandon(self: TablesController, interaction: discord.Interaction, table_id: int) -> None:
        news = await self.service.abandon(table_id, caller_of(interaction))
        name = shown_name(news.called(interaction.user.id, name_of(interaction.user)))
        if news.table.status == "cancelled":
            rated, changes = await self.rated_as_it_stood_lines(news)  # TableService._rate_left
            await reply(interaction, "You abandoned the game. No person is left playing, so the table is closed."
                        + rated)
            await self.closed_rated(news, (f"{name} abandoned the game; nobody is left, so table #{table_id} is "
                                           "closed." + rated + changes)[:2000])
            return
        await reply(interaction, "You abandoned the game. A computer player finishes it for your seat; "
                    "you are ranked last.")
        news, _ = await self.presenter.current_thread(news)
        await self.presenter.post(news.table.thread_id, f"{name} abandoned the game. A computer player takes "
                                  f"over the seat; {name} will be ranked last.")
        await self.after(news)
        if (row := news.seat_of(interaction.user.id)) is not None:  # its choices are the computer's now
            await safely(f"abandoned seat's panel of table {news.table.id}", self.presenter.retire_dm_panel(news, row))
            if row.away or row.missed:  # a "Time ran out" notice's I'm back no longer applies
                await safely(f"away notice of table {news.table.id}",
                             self.presenter.retire_away_notices(news, row, None))
        await safely(f"waiting table {table_id}", self.presenter.game_waits(news))  # they were the last playing
        await self.settle_votes(news)  # a vote may have waited only for them

    async def on_deadline(self: TablesController, table_id: int, seat: int, prompt_version: int) -> None:
        """A seat's deadline passed: the computer moved for it; its player is told how to come back."""
        news = await self.service.deadline_passed(table_id, seat, prompt_version)
        if news is None:
            return
        news = await self.after(news)
        if news.table.status != "running":  # the computer's move ended the game: its result says all
            return
        await safely(f"away notice of table {table_id} seat {seat}", self.presenter.away_notice(news, seat))
        await safely(f"waiting table {table_id}", self.presenter.game_waits(news, told=seat))
        await self.settle_votes(news)  # a vote may have waited only for them
        # Meanwhile (the board takes a few calls) the player may have come back or abandoned: the
        # notice then loses its "I'm back", which no longer applies.
        now = await self.service.news(table_id)
        row = now.seats[seat] if seat < len(now.seats) else None
        if row is not None and (not row.away or row.handed_over):
            await safely(f"away notice of table {table_id} seat {seat}",
                         self.presenter.retire_away_notices(now, row, None))

    async def on_reminder(self: TablesController, table_id: int, seat: int, prompt_version: int, when: str) -> None:
        async def send(news: TableNews) -> None:
            await safely(f"reminder of table {table_id} seat {seat}", self.presenter.remind(news, seat, when))

        await self.service.remind(table_id, seat, prompt_version, when, send)

    async def back(self: TablesController, interaction: discord.Interaction, table_id: int) -> None:
        """"I'm back": the player plays their seat again from their next decision."""
        try:
            news = await self.service.back(table_id, caller_of(interaction))
        except TableError as exc:
            await self._refuse(interaction, table_id, refusal(exc))
            return
        await reply(interaction, "Welcome back: your next decisions come to you again.")
        seat = news.seat_of(interaction.user.id)
        if seat is not None:
            await safely(f"away notices of table {table_id}",
                         self.presenter.retire_away_notices(news, seat, interaction.message))
        news = await self.after(news)  # the board shows your deadline; a game that waited goes on (its thread now)
        for kind in news.ended_votes:  # the vote to hand their seat over
            name = shown_name(news.called(interaction.user.id, name_of(interaction.user)))
            await self.vote_ended(news, kind, f"{name} is back: the vote to hand their seat to a computer player "
                                  "is over.")
        if (seat is not None and seat.seat not in news.changed
                and seat.seat in self.service.spec(news.table).to_act(news.state)):
            # By DM, or (DMs closed) a mention in the thread pointing to My hand.
            thread = await self.presenter.channel(news.table.thread_id)
            await safely(f"panel of table {table_id}", self.presenter.notify_seat(news, seat.seat, thread))
