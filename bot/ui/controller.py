"""What happens when someone uses a table: slash commands, lobby buttons, panels and choices.

Each handler turns the interaction into a play/ request (with the `Caller`) and the result into
messages. Every rejected request gets an ephemeral answer saying what is wrong and what is
allowed, and changes nothing (the service raises before committing anything).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Coroutine

import discord

from bot.render import get_renderer
from bot.render.base import shown_name
from bot.ui import panels
from bot.ui.components import AMOUNT, AmountForm, amount_fault, trimmed
from bot.ui.permissions import refusal_for
from bot.ui.away import AwayMixin
from bot.ui.closed_rated import ClosedRatedMixin
from bot.ui.departed import DepartedMixin
from bot.ui.last_chooser import answered_elsewhere
from bot.ui.lobby_shown import LobbyShownMixin
from bot.ui.presenter import Presenter, safely
from bot.ui.requests import (caller_of, defer, dm_panel_pressed, left_server, name_of, panel_of_table, refusal, reply,
                             request_of, thread_failure)
from bot.ui.resume import ResumeMixin
from bot.ui.take_backs import ENDED, TakeBacksMixin
from bot.ui.reopen import ReopenMixin
from bot.ui.threads import ThreadsMixin
from bot.ui.unread import replace_clicked
from bot.ui.votes import VotesMixin
from games.core import plural
from play import pace
from play.common import (AmountOutOfRange, BoundedCache, KeyedLocks, TableError, not_seated, not_seated_so, quote,
                         table_state)
from play.results import TableNews
from play.moves import OUT_OF_DATE, SENT_BEFORE_UPDATE
from play.lobby import COMPUTER_KINDS, LOBBY_OUT_OF_DATE
from play.tables import TableService
from storage import TableRow

log = logging.getLogger(__name__)

# A lobby's controls are only posted in its thread, where Discord says who is still in the server.
LOBBY_IN_THREAD = "A table's lobby is run with the buttons and menus of its message in the table's thread."
FORM_OUT_OF_DATE = "This form is out of date: the game has moved on since it was opened. Use the current panel."


class TablesController(VotesMixin, AwayMixin, ClosedRatedMixin, ResumeMixin, ThreadsMixin, ReopenMixin, DepartedMixin,
                       LobbyShownMixin, TakeBacksMixin):
    def __init__(self, service: TableService, presenter: Presenter) -> None:
        self.service = service
        self.presenter = presenter
        self._background: set[asyncio.Task[Any]] = set()
        self.reopening = KeyedLocks()  # tables whose deleted thread is being replaced (bot/ui/reopen.py)
        presenter.thread_went = self.replace_deleted_thread
        self.move_notes_due: BoundedCache[int, bool] = BoundedCache(1_000)  # see ReopenMixin._note_move
        self.thread_tries: BoundedCache[int, float] = BoundedCache(1_000)  # see ReopenMixin._may_open_thread_again
        # Vote questions this process posted, by (table, kind): retired without reading the thread back.
        self.questions: BoundedCache[tuple[int, str], list[discord.Message]] = BoundedCache(1_000)

    # -- creating ------------------------------------------------------------------------
    async def create(self, interaction: discord.Interaction, game: str, options: dict[str, Any],
                     rated: bool, seed: int | None = None, pace_name: str | None = None) -> None:
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            await reply(interaction, "Tables live in server channels: use `/table create` in a server.")
            return
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        if not isinstance(parent, discord.TextChannel):
            await reply(interaction, "Use `/table create` in a text channel (or a thread of one).")
            return
        refused = refusal_for(parent, game, "run a table")
        if refused:
            await reply(interaction, refused)
            return
        await defer(interaction)
        try:
            table = await self.service.create_table(
                guild_id=interaction.guild.id, channel_id=parent.id, game=game, options=options,
                creator_id=interaction.user.id, creator_name=name_of(interaction.user), rated=rated,
                chosen_seed=seed, pace_name=pace_name)
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        await self._open_lobby(interaction, parent, table)

    async def rematch(self, interaction: discord.Interaction, table_id: int) -> None:
        """The standings' Rematch button: a new table with the same players and options."""
        try:
            old = await self.service.check_rematch(table_id, caller_of(interaction))  # (open already: where it is)
            parent = await self.presenter.channel(old.channel_id)
            if not isinstance(parent, discord.TextChannel):
                raise TableError("The channel of this game is gone; open a new table with `/table create`.")
            refused = refusal_for(parent, old.game, "run a table")
            if refused:
                raise TableError(refused)
            await defer(interaction)
            # Asked only of those a rematch would seat (not those who abandoned, were away or handed over).
            seated = [s for s in await self.service.seats(table_id) if not (s.handed_over or s.away)]
            gone = await left_server(parent.guild, seated, interaction.user.id)
            table = await self.service.rematch(table_id, caller_of(interaction), gone)
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        await self._open_lobby(interaction, parent, table, rematch={s.user_id for s in seated if s.dm_ok is False})

    async def _open_lobby(self, interaction: discord.Interaction, parent: discord.TextChannel,
                          table: TableRow, rematch: set[int | None] | None = None) -> None:
        """A new table's thread and lobby message; the creator is told where it is. A rematch's
        other players, seated by it, are mentioned in the new thread (which adds them to it), with
        advice for those whose DMs were closed (`rematch`: their ids)."""
        thread = None
        try:
            thread = await self.open_thread(parent, table)
            news = await self.service.news(table.id)
            lobby = await thread.send(**self.presenter.lobby_message(news))
            await self.service.opened(table.id, lobby_message_id=lobby.id)
        except discord.HTTPException as exc:  # no thread, or no lobby in it: no table either
            await self._unopened(table.id, thread)
            await reply(interaction, thread_failure(exc))
            return
        except Exception:  # the database refused to record them: no half-open table either
            await self._unopened(table.id, thread)
            raise  # answered as a fault on the bot's side
        others = [s.user_id for s in news.seats if s.user_id not in (None, interaction.user.id)]
        asker = shown_name(news.called(interaction.user.id, name_of(interaction.user)))
        closed = [u for u in others if u in (rematch or ())]
        advice = (f" {' '.join(f'<@{u}>' for u in closed)}: your DMs were closed to me, so your turns will be "
                  "mentioned here: press **My hand** on the board (or use `/table hand`) to play." if closed else "")
        what = f"rematch's players of table {news.table.id}"
        told = rematch is not None and others and await safely(what, thread.send(
            f"{' '.join(f'<@{u}>' for u in others)}: {asker} asks for a rematch and seated you here. "
            "Press **Leave** if you do not want to play." + advice, allowed_mentions=panels.PLAYER_MENTIONS))
        dm_note = await self._probe_dm(news, interaction.user.id)
        title = self.service.spec(table).title
        joining = ("The other players are seated and were mentioned there; they may leave." if told
                   else "Others can join with the Join button there.")
        await reply(interaction, f"Table #{table.id} ({title}) is open in {thread.mention}. {joining}"
                    + (f"\n\n{dm_note}" if dm_note else ""))

    # -- lobby ---------------------------------------------------------------------------
    async def lobby_button(self, interaction: discord.Interaction, table_id: int, action: str,
                           shown: int | None = None) -> None:
        if interaction.guild is None:
            await reply(interaction, LOBBY_IN_THREAD)
            return
        caller = caller_of(interaction)
        try:
            if action == "start":
                await self.start(interaction, table_id)
                return
            if action == "cancel":
                await self.cancel(interaction, table_id)
                return
            if action == "leave":
                await self.leave(interaction, table_id)
                return
            handlers = {
                "join": (self.service.join, "You joined the table."),
                "addai": (lambda t, c: self.service.add_computer(t, c, COMPUTER_KINDS[0], shown=shown),
                          "Computer player added."),
                "rmai": (lambda t, c: self.service.remove_computer(t, c, shown=shown), "Computer player removed."),
                "rated": (lambda t, c: self.service.toggle_rated(t, c, shown=shown), None),
                "pace": (lambda t, c: self.service.set_pace(t, c, shown=shown), None),
                "handover": (lambda t, c: self.service.next_handover_after(t, c, shown=shown), None),
            }
            if action not in handlers:
                raise TableError("That button is not known any more; use the table's current lobby.")
            request, answer = handlers[action]
            news = await request(table_id, caller)
        except TableError as exc:
            await reply(interaction, refusal(exc))
            await self._lobby_as_it_stands(interaction, table_id, stale=str(exc) == LOBBY_OUT_OF_DATE)
            return
        if action == "addai" and news.table.rated:
            answer += " This game will not count for ratings while a computer player is seated."
        if action == "rated":
            answer = ("This table is now rated: the game counts for ratings if at least two people play it and no "
                      "computer player does." if news.table.rated else "This table is now casual.")
        if action == "pace":
            answer = f"Pace: {pace.describe(news.table)}. Press again for the next one."
        if action == "handover":
            answer = (f"The others may vote to hand a seat to a computer player after "
                      f"{plural(news.table.handover_after, 'missed deadline')}. Press again for the next number.")
        # Answered first (the change is stored): the lobby's edit and the DM may wait on Discord.
        await reply(interaction, answer)
        await self.presenter.refresh_lobby(news)
        if action == "join":
            note = await self._probe_dm(news, caller.user_id)
            if note:
                await reply(interaction, note)

    async def leave(self, interaction: discord.Interaction, table_id: int) -> None:
        """Leave a lobby (its Leave button, `/table leave`); a creator's answer names who runs it now."""
        caller = caller_of(interaction)
        try:
            news, ran_it = await self.service.leave(table_id, caller)
        except TableError as exc:
            said = refusal(exc)
            if interaction.message is None:  # `/table leave`: the lobby it points to may have been deleted
                said += await self._lobby_link(interaction, table_id)
            await reply(interaction, said)
            await self._lobby_as_it_stands(interaction, table_id)
            return
        # Answered first (the leave is stored): the lobby's edit and the thread's line may wait on Discord.
        answer = f"You left table #{table_id}."
        if ran_it:
            names = panels.lobby_names(news.seats)  # as the lobby shows them ("ada (2)" beside another ada)
            successor = shown_name(next((names[i] for i, s in enumerate(news.seats)
                                         if s.user_id == news.table.creator_id), ""))
            answer = (f"You left table #{table_id}; {successor} now runs its lobby (starts it, adds computers, "
                      "sets options).")
        await reply(interaction, answer)
        await self.presenter.refresh_lobby(news)
        if ran_it:
            runner = news.table.creator_id  # told in the thread, with a ping: the table waits for their Start
            await self.presenter.post(news.table.thread_id, f"{shown_name(caller.name)} left the table; <@{runner}> "
                                      "runs it now: **Start** it once enough players are seated.",
                                      allowed_mentions=discord.AllowedMentions(users=[discord.Object(runner)],
                                                                               everyone=False, roles=False))

    async def option_select(self, interaction: discord.Interaction, table_id: int, key: str,
                            values: list[str]) -> None:
        if interaction.guild is None:
            await reply(interaction, LOBBY_IN_THREAD)
            return
        caller = caller_of(interaction)
        try:
            news = await self.service.news(table_id, caller)
            # A menu of one value answered with none or several (forged) is refused as a value not offered.
            value = panels.decode_choice(self.service.spec(news.table), key, values[0]) if len(values) == 1 else None
            if value is None:
                await self.service.check_option_change(table_id, caller, key)  # first: who may, and where
                await self.presenter.refresh_lobby(news)  # put the menu back to the stored value
                raise TableError("That option value is not offered; pick one from the menu.")
            news = await self.service.set_option(table_id, caller, key, value)
        except TableError as exc:
            await reply(interaction, refusal(exc))
            await self._lobby_as_it_stands(interaction, table_id)
            return
        await reply(interaction, f"Set: {get_renderer(news.table.game).option_label(key, value)}.")
        await self.presenter.refresh_lobby(news)

    async def start(self, interaction: discord.Interaction, table_id: int) -> None:
        """The lobby's Start: checked first as a new table is (a lobby may wait for hours while a
        moderator changes the bot's permissions), then started."""
        table = await self.service.get(table_id, caller_of(interaction))
        parent = await self.presenter.channel(table.channel_id)
        refused = isinstance(parent, discord.TextChannel) and refusal_for(parent, table.game, "start this game")
        if refused:
            raise TableError(refused)
        await self._without_departed(interaction, table)
        news = await self.service.start(table_id, caller_of(interaction))
        await reply(interaction, "The game has started. Your hand and choices come by DM "
                    "(or press **My hand** on the board).")
        await self.presenter.refresh_lobby(news)
        await self.after(news)
        # The DM channels the start's panels went to are noted for the next move's write: a crash
        # before it would send everyone their panel again at the next start.
        await safely(f"seat notes of table {table_id}", self.service.keep_notes(table_id))

    async def cancel(self, interaction: discord.Interaction, table_id: int) -> None:
        caller = caller_of(interaction)
        if await self.service.cancel_asks(table_id, caller):
            await self.ask_vote(interaction, table_id, "cancel")  # the other players must agree
            return
        try:
            news = await self.service.cancel(table_id, caller)
        except TableError:
            creator = (await self.service.get(table_id, caller)).creator_id == caller.user_id
            if creator and await self.service.cancel_asks(table_id, caller):  # a Start at the same moment came first
                await reply(interaction, f"Table #{table_id} started just before your cancel reached me: a running "
                            "game is cancelled when every other player agrees. Use `/table cancel` again to ask them.")
                return
            raise
        await reply(interaction, f"Table #{table_id} is cancelled.")
        await self.closed(news, f"Table #{table_id} was cancelled by {shown_name(name_of(interaction.user))}.")

    async def closed(self, news: TableNews, note: str) -> bool:
        """A table was cancelled: its lobby, board and panels lose their controls, the board says it
        was cancelled; the thread is told (False: Discord refused the note)."""
        await self.presenter.refresh_lobby(news)
        await self.presenter.retire_panels(news)
        await self.retire_questions(news)
        await self.presenter.show_closed(news)
        posted = await self.presenter.post(news.table.thread_id, note)
        for listener in self.presenter.closed_listeners:
            await safely(f"close of table {news.table.id}", listener(news))
        return posted is not None

    # -- playing ---------------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        try:
            news = await self.service.hand_news(table_id, caller_of(interaction))
            seat = news.seat_of(interaction.user.id)
            if seat is None:
                raise not_seated(table_id, not_seated_so(news.table))
            if news.state is None and news.table.status == "lobby" and news.table.tournament_id is not None:
                raise TableError("The game has not started yet: the tournament starts it once its thread opens "
                                 "(`/tournament status` says what it waits for).")
            if news.state is None and news.table.status == "lobby":
                raise TableError("The game has not started yet: its creator starts it with **Start** on its lobby."
                                 + await self._lobby_link(interaction, table_id, news))
            if news.state is None:
                raise TableError(f"Table #{table_id} {table_state(news.table.status)}: it has no hands to show.")
            if seat.handed_over and news.table.status == "running":
                # Out of the game: the seat's hidden cards are the computer's now, not theirs to pass on.
                raise TableError("You left this game (or your seat went to a computer player): the computer plays "
                                 "that seat, and its hand is no longer shown to you. The board shows what everyone "
                                 "sees; `/table log` shows everything once the game has ended.")
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        await reply(interaction, **self.presenter.panel(news, seat.seat))

    async def act(self, interaction: discord.Interaction, table_id: int, prompt_version: int, index: int) -> None:
        caller = caller_of(interaction)
        await self._answer(interaction, table_id, self.service.act(table_id, caller, prompt_version, index))

    async def ask_amount(self, interaction: discord.Interaction, table_id: int, prompt_version: int) -> None:
        """"Other amount…": open the form to type an amount of the current decision."""
        try:
            choice = await self.service.amount_asked(table_id, caller_of(interaction), prompt_version)
        except TableError as exc:
            await self.reject(interaction, table_id, refusal(exc))
            return
        try:
            await interaction.response.send_modal(
                AmountForm(table_id, prompt_version, choice.what, choice.low, choice.high))
        except discord.HTTPException as exc:  # the press expired, or Discord failing: it changed nothing
            log.log(logging.ERROR if exc.status == 400 else logging.WARNING,
                    "the form of %s's request (%s) could not be opened (%s)", interaction.user.id,
                    request_of(interaction), exc)

    async def submit_amount(self, interaction: discord.Interaction, table_id: int, prompt_version: int,
                            typed: str) -> None:
        await self._answer(interaction, table_id, self._typed_amount(interaction, table_id, prompt_version, typed))

    async def _typed_amount(self, interaction: discord.Interaction, table_id: int, prompt_version: int,
                            typed: str) -> TableNews:
        caller = caller_of(interaction)
        typed = trimmed(typed)
        match = AMOUNT.fullmatch(typed)
        if match is None:  # ASCII digits only (no "1_0", no other scripts' digits), spaces around allowed
            choice = await self.service.amount_asked(table_id, caller, prompt_version)
            fault = f"{shown_name(quote(typed))} {amount_fault(typed)}" if typed else "Nothing was typed"
            raise TableError(f"{fault}. Type an amount from {choice.low} to {choice.high} in digits.", verbatim=True)
        try:
            return await self.service.act_amount(table_id, caller, prompt_version, int(match.group(1)))
        except AmountOutOfRange as exc:  # answered as every other typing fault: what was typed, quoted
            raise TableError(f"{shown_name(quote(typed))} is {exc.side} amount. Type an amount from {exc.low} "
                             f"to {exc.high} in digits.", verbatim=True) from None

    async def _answer(self, interaction: discord.Interaction, table_id: int,
                      attempt: Coroutine[Any, Any, TableNews]) -> None:
        """Await a player's choice: refused, an ephemeral reason; accepted, their new panel in place
        of the answered one, then everything else that follows the move."""
        try:
            news = await attempt
        except TableError as exc:
            await self.reject(interaction, table_id, refusal(exc), fill=not exc.verbatim)
            return
        seat = news.seat_of(interaction.user.id)
        number = seat.seat if seat is not None else news.moves[0].seat
        in_place = panel_of_table(interaction.message, table_id)
        in_dm = in_place and dm_panel_pressed(interaction.message)
        panel = self.presenter.panel(news, number, self.presenter.private_lines(news, number))
        try:
            if in_place:
                await replace_clicked(interaction, **panel)
                answered = True
            else:  # a control forged onto a public message (the board), or onto another table's DM
                # panel: that message stays as it is
                answered = await reply(interaction, **panel)
        except discord.HTTPException as exc:  # e.g. the interaction expired: the move is stored anyway
            log.warning("answer to a move at table %s failed (%s); the panel goes by DM", table_id, exc)
            answered = False
        if not answered:
            sent = self.presenter.dm_worth_trying(news.seats[number]) and await safely(
                f"panel of table {table_id} seat {number}", self.presenter.dm_panel(news, number))
            # DMs closed too: the thread tells the player their move stands, unless the thread did
            # not see the move (a secret pick, a step of a pay-off's private exchange).
            seen = any(e.text and e.seats is None for move in news.moves for e in move.events)
            if not sent and seen and self.presenter.public_step(news):
                await self.presenter.to_player(news, f"<@{interaction.user.id}>, your move was stored; press "
                                               "**My hand** on the board for your next choices.",
                                               allowed_mentions=panels.PLAYER_MENTIONS)
            await self.after(news, answered=number, in_dm=in_dm or bool(sent))  # a panel sent: the current one
            return
        if in_dm and interaction.message is not None:
            # The DM panel itself was answered in place: it stays this seat's current DM panel. A
            # later copy of it (the last-to-choose notice) loses its now outdated controls, and so
            # does the panel a notice copied when the notice is answered.
            row = news.seat_of(interaction.user.id)
            row = None if row is None else self.service.dm_panel_noted(table_id, row)
            copied = None if row is None else self.presenter.copied.get((table_id, row.seat))
            if row is not None and copied == interaction.message.id:
                self.presenter.copied.pop((table_id, row.seat))  # the copied panel, answered: current again
            elif row is not None and copied is not None and row.dm_message_id == interaction.message.id:
                await self.presenter.retire_copied(news, row, answered_elsewhere(
                    self.presenter, news, row.seat, lambda: panel, "on the newer panel below"))
            if row is not None and row.dm_message_id not in (None, interaction.message.id):
                # A later DM (a last-to-choose notice) would go on asking.
                await self.presenter.retire_dm_panel(news, row, answered_elsewhere(
                    self.presenter, news, row.seat, lambda: panel, "on the earlier panel above"))
            self.service.note_seat(table_id, interaction.user.id, dm_message_id=interaction.message.id,
                                   dm_channel_id=interaction.message.channel.id)
        await self.after(news, answered=number, in_dm=in_dm)
        # The thread refused the board (a permission taken away, the thread locked): the mover is
        # told why and who can fix it, once, as nobody else may see it.
        if (reason := self.presenter.thread_refusals.to_tell(table_id)) is not None:
            await safely(f"thread notice of table {table_id}", interaction.followup.send(reason, ephemeral=True))

    async def reject(self, interaction: discord.Interaction, table_id: int, message: str, *,
                     fill: bool = True) -> None:
        """Explain a refused choice and, for a seated player, show the current panel again. `fill`:
        the message is the engine's, its {p0}... placeholders to be replaced with the players' names."""
        extra: dict[str, Any] = {}
        out_of_date = message.startswith((OUT_OF_DATE, SENT_BEFORE_UPDATE))
        if message.startswith(OUT_OF_DATE) and interaction.type == discord.InteractionType.modal_submit:
            message = FORM_OUT_OF_DATE + message[len(OUT_OF_DATE):]  # typed in a form, not pressed
        try:
            news = await self.service.news(table_id, caller_of(interaction))
        except TableError:
            news = None  # another server's table, or none: the reason alone
        if news is not None:
            seat = news.seat_of(interaction.user.id)
            stale = out_of_date and self._kept_controls_pressed(interaction, seat)
            if news.table.status in ENDED or stale:
                await self._retire_clicked(interaction)
            message = self.presenter.info(news).fill(message) if fill else message
            # Not for a seat the computer plays for good: its hand is no longer the player's to see.
            if seat is not None and news.state is not None and not seat.handed_over:
                panel = self.presenter.panel(news, seat.seat)
                extra = {"embed": panel["embed"]}
                if panel["view"] is not None:
                    extra["view"] = panel["view"]
                # The panel's own words follow the reason: which table (someone may play two of one
                # game), whose turn, the time left and the link, as "My hand" shows them.
                message = f"{message}\n\n{panel['content']}" if panel.get("content") else message
        await reply(interaction, message, **extra)

    def _kept_controls_pressed(self, interaction: discord.Interaction, seat: Any) -> bool:
        """Whether an out-of-date press came from a DM panel whose controls Discord did not let the
        bot take away when it went out of date: it loses them now."""
        if seat is None or interaction.message is None:
            return False
        return self.presenter.kept_controls.get((seat.table_id, seat.seat)) == interaction.message.id

    async def after(self, news: TableNews, *, answered: int | None = None, in_dm: bool = False) -> TableNews:
        """Publish a stored change; then the finish work of a game it ended, and the computer
        moves it left for the background. Returns `news` with the table's current thread."""
        was_in = news.table.thread_id
        news, _ = await self.presenter.current_thread(news)  # the end and any note go there too
        await self.presenter.publish(news, answered=answered, in_dm=in_dm, new_thread=news.table.thread_id != was_in)
        if self.move_notes_due.get(news.table.id):
            await self.note_move_again(news)
        if news.finished:
            await self.retire_questions(news)
            await self.presenter.finished(news)
        if news.more_computers:
            self.spawn(self.play_computers(news.table.id), f"computers-{news.table.id}")
        for due in news.timers:
            self.scheduler_wake(due)
        return news

    def scheduler_wake(self, due: float) -> None:
        scheduler = getattr(self.presenter.bot, "scheduler", None)
        if scheduler is not None:
            scheduler.wake(due)

    def spawn(self, work: Coroutine[Any, Any, Any], name: str) -> None:
        task = asyncio.get_running_loop().create_task(work, name=name)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def play_computers(self, table_id: int) -> None:
        """Computer seats play the moves that are due, in batches, publishing each batch."""
        try:
            news = await self.service.run_computers(table_id)
            if news is not None:
                await self.after(news)
        except TableError as exc:
            log.info("computer moves of table %s: %s", table_id, exc)

    async def on_timeout(self, table_id: int, seat: int, prompt_version: int) -> None:
        news = await self.service.timeout(table_id, seat, prompt_version)
        if news is not None:
            await self.after(news)
