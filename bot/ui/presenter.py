"""Everything the bot posts about a table: lobby, board, game log, private panels, results."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.render import get_renderer
from bot.service import Progress, TableService, seat_choices
from bot.ui import panels
from games import Outcome
from storage import SeatRow, TableRow

log = logging.getLogger(__name__)
DM_CLOSED = 50007


class Presenter:
    def __init__(self, bot: discord.Client, service: TableService, *, decision_timeout: int) -> None:
        self.bot = bot
        self.service = service
        self.decision_timeout = decision_timeout
        self._board_locks: dict[int, asyncio.Lock] = {}
        self.on_finished: list[Any] = []  # async callbacks(table, outcome) (ratings, tournaments)

    # -- channels ------------------------------------------------------------------------
    async def channel(self, channel_id: int | None) -> Any:
        if channel_id is None:
            return None
        found = self.bot.get_channel(channel_id)
        if found is None:
            try:
                found = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is gone", channel_id)
                return None
        return found

    def info(self, table: TableRow, seats: list[SeatRow]):
        return panels.table_info(table, seats, self.service.spec(table), panels.thread_url(table))

    # -- lobby ---------------------------------------------------------------------------
    def lobby_message(self, table: TableRow, seats: list[SeatRow]) -> dict[str, Any]:
        spec = self.service.spec(table)
        return {"embed": panels.lobby_embed(table, seats, spec, get_renderer(table.game)),
                "view": panels.lobby_view(table, spec)}

    async def refresh_lobby(self, table_id: int) -> None:
        table = await self.service.get(table_id)
        thread = await self.channel(table.thread_id)
        if thread is None or table.lobby_message_id is None:
            return
        seats = await self.service.store.tables.seats(table_id)
        try:
            await thread.get_partial_message(table.lobby_message_id).edit(**self.lobby_message(table, seats))
        except discord.HTTPException as exc:
            log.warning("could not update the lobby of table %s: %s", table_id, exc)

    # -- after a change ------------------------------------------------------------------
    async def publish(self, progress: Progress, *, skip: set[int] = frozenset()) -> None:
        """Post what happened, refresh the board and tell the seats whose choices changed."""
        table, seats = progress.table, progress.seats
        info = self.info(table, seats)
        renderer = get_renderer(table.game)
        lines = [line for move in progress.moves for event in move.events
                 if event.seats is None and (line := renderer.event_line(info, event))]
        thread = await self.channel(table.thread_id)
        if thread is not None and lines:
            await self._send_lines(thread, lines)
        await self.refresh_board(table.id)
        latest = await self.service.progress(table.id)
        if latest.table.status == "running":
            for seat in sorted(progress.changed - set(skip)):
                row = latest.seats[seat]
                if row.user_id is not None and not row.forfeited:
                    await self.notify_seat(latest, row, progress)
            await self.schedule_timeouts(latest, progress.changed)
        if progress.table.status == "finished" and progress.outcome is not None:
            await self.announce_result(latest.table, latest.seats, progress.outcome)

    async def _send_lines(self, channel: Any, lines: list[str]) -> None:
        chunk = ""
        for line in lines:
            if len(chunk) + len(line) + 1 > 1900:
                await channel.send(chunk, allowed_mentions=discord.AllowedMentions.none())
                chunk = ""
            chunk += line + "\n"
        if chunk:
            await channel.send(chunk, allowed_mentions=discord.AllowedMentions.none())

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._board_locks.setdefault(table_id, asyncio.Lock())

    async def refresh_board(self, table_id: int, *, force_new: bool = False) -> None:
        """Post a new board at a round or phase boundary, otherwise edit the current one.
        Always drawn from the latest stored state, so overlapping updates end up current."""
        async with self._lock(table_id):
            current = await self.service.progress(table_id)
            table = current.table
            if current.state is None:
                return
            thread = await self.channel(table.thread_id)
            if thread is None:
                return
            spec, renderer = self.service.spec(table), get_renderer(table.game)
            public = spec.view(current.state, None)
            info = self.info(table, current.seats)
            embeds = renderer.board(info, public)
            image = await asyncio.to_thread(renderer.board_image, info, public)
            key = renderer.board_key(public)
            view = panels.board_view(table)
            files = [image] if image else []
            if not force_new and table.board_message_id and table.board_key == key:
                try:
                    await thread.get_partial_message(table.board_message_id).edit(
                        embeds=embeds, view=view, attachments=files)
                    return
                except discord.HTTPException as exc:
                    log.info("board of table %s not editable (%s); posting a new one", table.id, exc)
            message = await thread.send(embeds=embeds, view=view, files=files,
                                        allowed_mentions=discord.AllowedMentions.none())
            await self.service.store.tables.set_board(table.id, message.id, key)

    # -- private panels ------------------------------------------------------------------
    def panel(self, table: TableRow, seats: list[SeatRow], state: Any, seat: int,
              lines: list[str] = ()) -> dict[str, Any]:
        """The private panel of a seat: content, embed and controls."""
        spec, renderer = self.service.spec(table), get_renderer(table.game)
        info = self.info(table, seats)
        view = spec.view(state, seat)
        prompt_version, actions = self.service.choices(table, state, seat)
        waiting = None
        if table.status == "running" and not actions:
            others = ", ".join(info.name(s) for s in sorted(spec.to_act(state)))
            waiting = f"Nothing to do for you right now — waiting for {others}." if others else None
        elif table.status != "running":
            waiting = f"This game is {table.status}."
        return {
            "content": panels.panel_content(info, table, list(lines), waiting),
            "embed": renderer.panel(info, view, seat),
            "view": panels.controls(table.id, prompt_version, actions, view, renderer, info,
                                    spec.amount_choice(state, seat) if actions else None)
            if table.status == "running" else None,
        }

    def private_lines(self, progress: Progress, seat: int) -> list[str]:
        info = self.info(progress.table, progress.seats)
        renderer = get_renderer(progress.table.game)
        return [line for move in progress.moves for event in move.events
                if event.visible_to(seat) and (line := renderer.event_line(info, event))]

    async def notify_seat(self, latest: Progress, row: SeatRow, progress: Progress) -> None:
        """A seat's choices changed: send a fresh DM panel when it must act (and take the controls
        off the previous one), or tell it in the thread when its DMs are closed."""
        table = latest.table
        if not seat_choices(self.service.spec(table), latest.state, row.seat):
            await self._retire_dm_panel(row)
            return
        if row.dm_ok is not False:
            message = await self.send_dm(row, **self.panel(table, latest.seats, latest.state, row.seat,
                                                           self.private_lines(progress, row.seat)))
            if message is not None:
                await self._retire_dm_panel(row)
                await self.service.store.tables.update_seat(table.id, row.seat, dm_message_id=message.id,
                                                            dm_channel_id=message.channel.id)
                return
        thread = await self.channel(table.thread_id)
        if thread is not None:
            await thread.send(f"<@{row.user_id}>, it is your move — press **My hand** on the board to play.",
                              allowed_mentions=discord.AllowedMentions(users=True))

    async def send_dm(self, row: SeatRow, **message: Any) -> discord.Message | None:
        """DM a player; records whether their DMs are open. Returns None when they are closed."""
        try:
            user = self.bot.get_user(row.user_id) or await self.bot.fetch_user(row.user_id)
            sent = await user.send(**message)
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED or exc.status == 403:
                await self.service.store.tables.update_seat(row.table_id, row.seat, dm_ok=False)
                return None
            raise
        except discord.HTTPException as exc:
            log.warning("DM to %s failed: %s", row.user_id, exc)
            return None
        if row.dm_ok is not True:
            await self.service.store.tables.update_seat(row.table_id, row.seat, dm_ok=True)
        return sent

    async def retire_panels(self, table_id: int) -> None:
        """Take the controls off every DM panel of a table that ended or was cancelled."""
        for row in await self.service.store.tables.seats(table_id):
            await self._retire_dm_panel(row)

    async def _retire_dm_panel(self, row: SeatRow) -> None:
        if row.dm_message_id is None or row.dm_channel_id is None:
            return
        channel = self.bot.get_partial_messageable(row.dm_channel_id, type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(row.dm_message_id).edit(view=None)
        except discord.HTTPException:
            pass  # an old panel that cannot be edited still answers "out of date" when clicked
        await self.service.store.tables.update_seat(row.table_id, row.seat, dm_message_id=None)

    # -- timed decisions and results -----------------------------------------------------
    async def schedule_timeouts(self, latest: Progress, changed: set[int]) -> None:
        spec = self.service.spec(latest.table)
        for seat in sorted(changed):
            if spec.timeout_action(latest.state, seat) is None:
                continue
            prompt_version = latest.table.prompts[seat][0]
            await self.service.store.tables.add_timer(
                "decision", time_now() + self.decision_timeout, table_id=latest.table.id,
                payload={"seat": seat, "prompt_version": prompt_version})
            self.bot.scheduler.wake()  # type: ignore[attr-defined]

    async def announce_result(self, table: TableRow, seats: list[SeatRow], outcome: Outcome) -> None:
        thread = await self.channel(table.thread_id)
        info = self.info(table, seats)
        renderer = get_renderer(table.game)
        embed = discord.Embed(title=f"{info.title} — table #{table.id}: final standings",
                              description="\n".join(renderer.outcome_lines(info, outcome))[:4096],
                              colour=discord.Colour.gold())
        forfeited = [s.display_name for s in seats if s.forfeited]
        if forfeited:
            embed.set_footer(text="Abandoned (ranked last): " + ", ".join(forfeited))
        if thread is not None:
            await thread.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
        await self.service.store.tables.delete_timers(table_id=table.id)
        await self.retire_panels(table.id)
        for callback in self.on_finished:
            await callback(table, seats, outcome)


def time_now() -> float:
    """Wall-clock seconds, read through discord.utils so tests can move time."""
    return discord.utils.utcnow().timestamp()
