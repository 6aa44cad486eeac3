"""What happens when someone uses a table: slash commands, lobby buttons, panels and choices.

Every rejected request gets an ephemeral answer saying what is wrong and what is allowed,
and changes nothing (the service raises before committing anything).
"""

from __future__ import annotations

import logging
from typing import Any, Coroutine

import discord

from bot.service import COMPUTER_KINDS, Progress, TableError, TableService
from bot.ui import panels
from bot.ui.components import AmountForm
from bot.ui.presenter import Presenter
from storage import TableRow

log = logging.getLogger(__name__)

DM_HELP = ("I could not send you a direct message (your DMs are closed for this server). You can still "
           "play: press **My hand** on the table's board, or use `/table hand` in the thread, to see your "
           "hand and make your choices privately. To get DMs, enable *Direct Messages* in this server's "
           "Privacy Settings.")


def thread_failure(exc: discord.HTTPException) -> str:
    return (f"I could not open a thread for the table here ({exc.text or exc.status}). I need the permissions "
            "Create Public Threads and Send Messages in Threads in this channel.")


def can_manage(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Answer ephemerally, whether or not the interaction was already answered."""
    kwargs.setdefault("ephemeral", True)
    if kwargs.get("view", ...) is None:
        del kwargs["view"]  # a message without controls
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


class TablesController:
    def __init__(self, service: TableService, presenter: Presenter) -> None:
        self.service = service
        self.presenter = presenter

    # -- creating ------------------------------------------------------------------------
    async def create(self, interaction: discord.Interaction, game: str, options: dict[str, Any],
                     rated: bool) -> None:
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            await reply(interaction, "Tables live in server channels: use `/table create` in a server.")
            return
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        if not isinstance(parent, discord.TextChannel):
            await reply(interaction, "Use `/table create` in a text channel (or a thread of one).")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table = await self.service.create_table(
                guild_id=interaction.guild.id, channel_id=parent.id, game=game, options=options,
                creator_id=interaction.user.id, creator_name=interaction.user.display_name, rated=rated)
        except TableError as exc:
            await reply(interaction, str(exc))
            return
        spec = self.service.spec(table)
        try:
            thread = await self.open_thread(parent, table)
        except discord.HTTPException as exc:
            await self.service.store.tables.set_status(table.id, "cancelled")
            await reply(interaction, thread_failure(exc))
            return
        table = await self.service.get(table.id)
        seats = await self.service.store.tables.seats(table.id)
        lobby = await thread.send(**self.presenter.lobby_message(table, seats))
        await self.service.store.tables.set_messages(table.id, lobby_message_id=lobby.id)
        dm_note = await self._probe_dm(table.id, interaction.user.id)
        await reply(interaction, f"Table #{table.id} ({spec.title}) is open in {thread.mention}. "
                    "Others can join with the Join button there." + (f"\n\n{dm_note}" if dm_note else ""))

    async def open_thread(self, parent: discord.TextChannel, table: TableRow,
                          name: str | None = None) -> discord.Thread:
        """Open the thread a table is played in and record it. Raises discord.HTTPException."""
        title = name or f"{self.service.spec(table).title} #{table.id}"
        thread = await parent.create_thread(name=title[:100], type=discord.ChannelType.public_thread,
                                            auto_archive_duration=10080)
        await self.service.store.tables.set_messages(table.id, thread_id=thread.id)
        return thread

    async def _probe_dm(self, table_id: int, user_id: int) -> str | None:
        """Say hello by DM when someone sits down; returns advice if their DMs are closed."""
        table = await self.service.get(table_id)
        seat = await self.service.seat_of(table, user_id)
        if seat is None:
            return None
        spec = self.service.spec(table)
        link = panels.thread_url(table)
        sent = await self.presenter.send_dm(
            seat, content=f"You joined **{spec.title} — table #{table.id}**" + (f": {link}" if link else "")
            + ". Your hand and your private choices will come here.")
        return None if sent else DM_HELP

    # -- lobby ---------------------------------------------------------------------------
    async def lobby_button(self, interaction: discord.Interaction, table_id: int, action: str) -> None:
        user = interaction.user
        try:
            if action == "join":
                await self.service.join(table_id, user.id, user.display_name)
                await self.presenter.refresh_lobby(table_id)
                note = await self._probe_dm(table_id, user.id)
                await reply(interaction, "You joined the table." + (f"\n\n{note}" if note else ""))
            elif action == "leave":
                await self.service.leave(table_id, user.id)
                await self.presenter.refresh_lobby(table_id)
                await reply(interaction, "You left the table.")
            elif action == "start":
                await self.start(interaction, table_id)
            elif action == "cancel":
                await self.cancel(interaction, table_id)
            elif action in ("addai", "rmai"):
                if action == "addai":
                    await self.service.add_computer(table_id, user.id, COMPUTER_KINDS[0])
                else:
                    await self.service.remove_computer(table_id, user.id)
                await self.presenter.refresh_lobby(table_id)
                await reply(interaction, "Computer player added." if action == "addai"
                            else "Computer player removed.")
            elif action == "rated":
                await self.toggle_rated(interaction, table_id)
            else:
                await reply(interaction, "That button is not known any more; use the table's current lobby.")
        except TableError as exc:
            await reply(interaction, str(exc))

    async def toggle_rated(self, interaction: discord.Interaction, table_id: int) -> None:
        table = await self.service.get(table_id)
        if table.status != "lobby":
            raise TableError("The game has started; whether it is rated can no longer change.")
        if interaction.user.id != table.creator_id:
            raise TableError("Only the table's creator can change whether the table is rated.")
        await self.service.store.tables.set_rated(table_id, not table.rated)
        await self.presenter.refresh_lobby(table_id)
        await reply(interaction, "This table is now rated." if not table.rated else "This table is now casual.")

    async def option_select(self, interaction: discord.Interaction, table_id: int, key: str,
                            values: list[str]) -> None:
        try:
            table = await self.service.get(table_id)
            value = panels.decode_choice(self.service.spec(table), key, values[0] if values else "")
            if value is None:
                raise TableError("That option value is not offered; pick one from the menu.")
            await self.service.set_option(table_id, interaction.user.id, key, value)
        except TableError as exc:
            await reply(interaction, str(exc))
            await self.presenter.refresh_lobby(table_id)  # put the menu back to the stored value
            return
        await self.presenter.refresh_lobby(table_id)
        await reply(interaction, f"Option {key.replace('_', ' ')} set.")

    async def start(self, interaction: discord.Interaction, table_id: int) -> None:
        progress = await self.service.start(table_id, interaction.user.id)
        await reply(interaction, "The game has started. Your hand and choices come by DM "
                    "(or press **My hand** on the board).")
        await self.presenter.refresh_lobby(table_id)
        await self.after(progress)

    async def cancel(self, interaction: discord.Interaction, table_id: int) -> None:
        table = await self.service.cancel(table_id, interaction.user.id, can_manage=can_manage(interaction))
        await self.presenter.refresh_lobby(table_id)
        await self.presenter.retire_panels(table_id)
        await self.presenter.refresh_board(table_id)
        await reply(interaction, f"Table #{table.id} is cancelled.")
        thread = await self.presenter.channel(table.thread_id)
        if thread is not None:
            await thread.send(f"Table #{table.id} was cancelled by {interaction.user.display_name}.",
                              allowed_mentions=discord.AllowedMentions.none())

    # -- playing ---------------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        try:
            table = await self.service.get(table_id)
            seat = await self.service.seat_of(table, interaction.user.id)
            if seat is None:
                raise TableError("You are not seated at this table. The board shows everything "
                                 "spectators may see.")
            if table.state is None:
                raise TableError("The game has not started yet.")
        except TableError as exc:
            await reply(interaction, str(exc))
            return
        seats = await self.service.store.tables.seats(table_id)
        await reply(interaction, **self.presenter.panel(table, seats, self.service.state(table), seat.seat))

    async def act(self, interaction: discord.Interaction, table_id: int, prompt_version: int, index: int) -> None:
        await self._answer(interaction, table_id,
                           self.service.act(table_id, interaction.user.id, prompt_version, index))

    async def ask_amount(self, interaction: discord.Interaction, table_id: int, prompt_version: int) -> None:
        """"Other amount…": open the form to type an amount of the current decision."""
        try:
            choice = await self.service.amount_asked(table_id, interaction.user.id, prompt_version)
        except TableError as exc:
            await self.reject(interaction, table_id, str(exc))
            return
        await interaction.response.send_modal(
            AmountForm(table_id, prompt_version, choice.what, choice.low, choice.high))

    async def submit_amount(self, interaction: discord.Interaction, table_id: int, prompt_version: int,
                            typed: str) -> None:
        await self._answer(interaction, table_id, self._typed_amount(interaction, table_id, prompt_version, typed))

    async def _typed_amount(self, interaction: discord.Interaction, table_id: int, prompt_version: int,
                            typed: str) -> Progress:
        try:
            amount = int(typed.strip())
        except ValueError:
            choice = await self.service.amount_asked(table_id, interaction.user.id, prompt_version)
            raise TableError(f"{typed.strip()[:20] or 'Nothing'} is not a whole number. "
                             f"Type an amount from {choice.low} to {choice.high}.") from None
        return await self.service.act_amount(table_id, interaction.user.id, prompt_version, amount)

    async def _answer(self, interaction: discord.Interaction, table_id: int,
                      attempt: Coroutine[Any, Any, Progress]) -> None:
        """Await a player's choice: refused, an ephemeral reason; accepted, `_answered`."""
        try:
            progress = await attempt
        except TableError as exc:
            await self.reject(interaction, table_id, str(exc))
            return
        await self._answered(interaction, table_id, progress)

    async def _answered(self, interaction: discord.Interaction, table_id: int, progress: Progress) -> None:
        """After a player's accepted choice: their panel in place of the answered one, then the rest."""
        seat = progress.moves[0].seat
        panel = self.presenter.panel(progress.table, progress.seats, progress.state, seat,
                                     self.presenter.private_lines(progress, seat))
        await interaction.response.edit_message(**panel)
        if interaction.message is not None and interaction.message.guild is None:
            # The DM panel itself was answered in place: it stays this seat's current DM panel.
            await self.service.store.tables.update_seat(table_id, seat, dm_message_id=interaction.message.id,
                                                        dm_channel_id=interaction.message.channel.id)
        await self.after(progress, skip={seat})

    async def reject(self, interaction: discord.Interaction, table_id: int, message: str) -> None:
        """Explain a refused choice and, for a seated player, show the current panel again."""
        extra: dict[str, Any] = {}
        table = await self.service.store.tables.get(table_id)
        if table is not None:
            seats = await self.service.store.tables.seats(table_id)
            message = self.presenter.info(table, seats).fill(message)
            seat = next((s for s in seats if s.user_id == interaction.user.id), None)
            if seat is not None and table.state is not None:
                panel = self.presenter.panel(table, seats, self.service.state(table), seat.seat)
                extra = {"embed": panel["embed"]}
                if panel["view"] is not None:
                    extra["view"] = panel["view"]
        await reply(interaction, message, **extra)

    async def after(self, progress: Progress, *, skip: set[int] = frozenset()) -> None:
        """Publish a change, then let computer seats play and publish theirs."""
        await self.presenter.publish(progress, skip=skip)
        computers = await self.service.run_computers(progress.table.id)
        if computers is not None:
            await self.presenter.publish(computers)

    async def abandon(self, interaction: discord.Interaction, table_id: int) -> None:
        progress = await self.service.abandon(table_id, interaction.user.id)
        name = interaction.user.display_name
        thread = await self.presenter.channel(progress.table.thread_id)
        if progress.table.status == "cancelled":
            await reply(interaction, "You abandoned the game. No person is left playing, so the table is closed.")
            if thread is not None:
                await thread.send(f"{name} abandoned the game; nobody is left, so table #{table_id} is closed.",
                                  allowed_mentions=discord.AllowedMentions.none())
            return
        await reply(interaction, "You abandoned the game. A computer player finishes it for your seat; "
                    "you are ranked last.")
        if thread is not None:
            await thread.send(f"{name} abandoned the game. A computer player takes over the seat; "
                              f"{name} will be ranked last.", allowed_mentions=discord.AllowedMentions.none())
        computers = await self.service.run_computers(table_id)
        await self.presenter.refresh_board(table_id)
        if computers is not None:
            await self.presenter.publish(computers)

    async def on_timeout(self, table_id: int, seat: int, prompt_version: int) -> None:
        progress = await self.service.timeout(table_id, seat, prompt_version)
        if progress is not None:
            await self.after(progress)
