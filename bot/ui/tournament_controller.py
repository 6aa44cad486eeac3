"""The Discord side of tournaments: the tournament embed, its buttons, round threads and notices.

Decisions are made by `TournamentService`; this module posts what happened. Tables of a
round are ordinary tables: a thread each in the tournament's channel (opened by
`TablesController.open_thread`), started by the bot, published by the `Presenter`.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.render import get_renderer
from bot.render.base import shown_name
from bot.ui import tournament_views as views
from bot.ui.controller import TablesController
from bot.ui.permissions import missing_permissions, missing_text
from bot.ui.presenter import safely
from bot.ui.requests import caller_of, embed_batches, name_of, refusal, reply
from games import registry
from play.common import Caller, KeyedLocks, TableError, entrant_names
from play.results import TableNews
from play.tournaments.service import RoundEnd, TournamentError, TournamentService
from storage import TimerRow

log = logging.getLogger(__name__)
LATER = ("\nDiscord refused some of its threads or messages just now: I try again in two minutes "
         "(its tables start once their threads are open).")
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
NO_MENTIONS = discord.AllowedMentions.none()


class TournamentController:
    def __init__(self, bot: Any, service: TournamentService, tables_ui: TablesController,
                 organiser_role: str) -> None:
        self.bot = bot
        self.service = service
        self.tables_ui = tables_ui
        self.presenter = tables_ui.presenter
        self.organiser_role = organiser_role
        # One opening of a round at a time per tournament: the start-up's resume and an
        # organiser's Start or Next round may come at once, and each would open its own threads.
        self.openings = KeyedLocks()
        self.announcing = KeyedLocks()  # two tables ending at once must not post a round's end twice

    # -- who and which -------------------------------------------------------------------
    def caller(self, interaction: discord.Interaction) -> Caller:
        """The requester; organisers have the configured organiser role or Manage Server."""
        return caller_of(interaction, self.organiser_role)

    async def resolve(self, interaction: discord.Interaction, tournament_id: int | None) -> int:
        """The tournament a command means: the given number, the one of this table thread, or the
        only open one of this channel (or else of this server)."""
        channel = interaction.channel
        parent_id = channel.parent_id if isinstance(channel, discord.Thread) else None
        return await self.service.resolve(self.caller(interaction), tournament_id, getattr(channel, "id", None),
                                          parent_id)

    async def names(self, tournament_id: int) -> dict[int, str]:
        """The entrants' names as message text shows them (markdown and mentions inert); entrants
        called alike are told apart by their number in the tournament's list of players."""
        entrants = await self.service.entrants(tournament_id)
        return {user_id: shown_name(name) for user_id, name in entrant_names(entrants).items()}

    # -- creating and the embed ----------------------------------------------------------
    async def create(self, interaction: discord.Interaction, **fields: Any) -> None:
        channel = interaction.channel
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        if interaction.guild is None or not isinstance(parent, discord.TextChannel):
            await reply(interaction, "Tournaments are run in a server's text channel.")
            return
        if not self.caller(interaction).organiser:
            await reply(interaction, f"Only members with the **{self.organiser_role}** role or the Manage Server "
                        "permission can create tournaments.")
            return
        missing = missing_permissions(parent, pictures=get_renderer(fields["game"]).draws_pictures,
                                      posts_in_channel=True)
        if missing:  # said now, before anyone registers for rounds that could not be seated
            await reply(interaction, missing_text(parent, missing, "run this tournament's tables"))
            return
        tournament = await self.service.create(guild_id=interaction.guild.id, channel_id=parent.id,
                                               organiser_id=interaction.user.id, **fields)
        try:
            message = await parent.send(**await self.embed_message(tournament.id), allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:  # nowhere to register: the tournament is not kept
            await self.service.cancel(tournament.id, self.caller(interaction))
            await reply(interaction, f"I could not post the tournament in {parent.mention} ({exc.text or exc.status}). "
                        "I need the permissions View Channel, Send Messages and Embed Links there.")
            return
        await self.service.set_message(tournament.id, message.id)
        await reply(interaction, f"Tournament #{tournament.id} is open for registration in {parent.mention}. "
                    "Players press **Register**; you press **Start** when everyone is in.")

    async def embed_message(self, tournament_id: int) -> dict[str, Any]:
        tournament = await self.service.get(tournament_id)
        entrants = await self.service.entrants(tournament_id)
        return {"embed": views.tournament_embed(tournament, entrants, f"<@{tournament.organiser_id}>"),
                "view": views.tournament_view(tournament)}

    async def refresh_embed(self, tournament_id: int) -> None:
        tournament = await self.service.get(tournament_id)
        channel = await self.presenter.channel(tournament.channel_id)
        if channel is None or tournament.message_id is None:
            return
        try:
            await channel.get_partial_message(tournament.message_id).edit(**await self.embed_message(tournament_id))
        except discord.HTTPException as exc:
            log.warning("could not update the embed of tournament %s: %s", tournament_id, exc)

    async def post(self, tournament_id: int, content: str | None = None, *, embeds: list[discord.Embed] = (),
                   **kwargs: Any) -> discord.Message | None:
        """Post in the tournament's channel: `content` with the first of as many messages as
        `embeds` need (a large field's standings); `kwargs` (a view) go with the last. Returns it."""
        tournament = await self.service.get(tournament_id)
        channel = await self.presenter.channel(tournament.channel_id)
        if channel is None:
            return None
        mentions = kwargs.pop("allowed_mentions", MENTION_USERS)
        batches = embed_batches(list(embeds)) if embeds else [[]]
        message = None
        for number, batch in enumerate(batches, start=1):
            last = kwargs if number == len(batches) else {}
            message = await channel.send(content if number == 1 else None, embeds=batch,
                                         allowed_mentions=mentions, **last)
        return message

    async def retire_summary(self, tournament_id: int) -> None:
        """Remove the "Start next round" button of the latest round end: a round was seated, or the
        tournament ended (a press would only be refused)."""
        found = await self.service.summary_to_retire(tournament_id)
        if found is None:
            return
        round_no, message_id = found
        tournament = await self.service.get(tournament_id)
        channel = await self.presenter.channel(tournament.channel_id)
        if channel is None:
            return
        if await safely("round summary", channel.get_partial_message(message_id).edit(view=None)):
            await self.service.summary_retired(tournament_id, round_no)

    # -- buttons -------------------------------------------------------------------------
    async def button(self, interaction: discord.Interaction, tournament_id: int, action: str) -> None:
        handlers = {"register": self.register, "withdraw": self.withdraw, "start": self.start,
                    "next": self.next_round, "status": self.status, "standings": self.standings}
        handler = handlers.get(action)
        try:
            if handler is None:
                raise TournamentError("That button is not known any more; use the tournament's current message.")
            await handler(interaction, tournament_id)
        except TableError as exc:
            await reply(interaction, refusal(exc))

    async def register(self, interaction: discord.Interaction, tournament_id: int) -> None:
        await self.service.register(tournament_id, self.caller(interaction))
        await self.refresh_embed(tournament_id)
        await reply(interaction, f"You are registered for tournament #{tournament_id}. Your tables will open as "
                    "threads of this channel, and your hands come by DM.")

    async def withdraw(self, interaction: discord.Interaction, tournament_id: int) -> None:
        tables = await self.service.withdraw(tournament_id, self.caller(interaction))
        await self.refresh_embed(tournament_id)
        for news in tables:
            await self.seat_handed_over(news, withdrawal_note(name_of(interaction.user)))
        await reply(interaction, "You withdrew from the tournament." + (
            " Your running game is recorded as a forfeit." if tables else ""))

    async def start(self, interaction: discord.Interaction, tournament_id: int) -> None:
        caller = self.caller(interaction)
        tournament = await self.service.get(tournament_id, caller)
        if not self.service.can_run(tournament, caller):
            raise TournamentError("Only the tournament's organiser can start it.")
        note = await self.check_channel(tournament)
        await interaction.response.defer(ephemeral=True, thinking=True)
        round_no = await self.service.begin(tournament_id, caller)
        done = await self.open_round(tournament_id)
        await reply(interaction, f"Tournament #{tournament_id} has started: round {round_no} is seated.{note}"
                    + ("" if done else LATER))

    async def next_round(self, interaction: discord.Interaction, tournament_id: int) -> None:
        caller = self.caller(interaction)
        tournament = await self.service.get(tournament_id, caller)
        if not self.service.can_run(tournament, caller):
            raise TournamentError("Only the tournament's organiser can start the next round.")
        note = await self.check_channel(tournament)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.service.settle(tournament_id)  # e.g. a table cancelled mid-round
        await self.post_round_ends(tournament_id)  # and any Discord refused before
        round_no, ends = await self.service.next_round(tournament_id, caller)
        for end in ends:  # a last table that ended at the same instant: its round's standings
            await safely(f"round end of tournament {tournament_id}", self.announce_end(end, next_button=False))
        await self.retire_summary(tournament_id)
        done = await self.open_round(tournament_id)
        await reply(interaction, f"Round {round_no} is seated.{note}" + ("" if done else LATER))

    async def check_channel(self, tournament: Any) -> str:
        """Refuse to seat a round whose tables the bot could not run in the tournament's channel
        (TournamentError naming the permissions to grant); a note for the organiser when a
        duplicate round's tables must go into public threads."""
        channel = await self.presenter.channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return ""  # gone: the round is seated and its tables are played by DM and My hand
        missing = missing_permissions(channel, pictures=get_renderer(tournament.game).draws_pictures,
                                      posts_in_channel=True)
        if missing:
            raise TournamentError(missing_text(channel, missing, "open this tournament's tables"))
        me = channel.guild.me
        if tournament.duplicate and me is not None and not channel.permissions_for(me).create_private_threads:
            return ("\nI may not create private threads here (**Create Private Threads**), so its tables are in "
                    "public threads: players of one table can read how the others played the same deal.")
        return ""

    async def status(self, interaction: discord.Interaction, tournament_id: int) -> None:
        tournament = await self.service.get(tournament_id, self.caller(interaction))
        current = await self.service.current_round(tournament_id)
        if current is None:
            raise TournamentError(f"Tournament #{tournament_id} has not started yet.")
        tables = await self.service.progress(tournament_id)
        deadline = current.deadline if current.status == "running" else None
        await self.answer_pages(interaction, views.progress_embeds(tournament, current.round_no, tables,
                                                                   await self.names(tournament_id), deadline))

    async def standings(self, interaction: discord.Interaction, tournament_id: int) -> None:
        tournament = await self.service.get(tournament_id, self.caller(interaction))
        rows = await self.service.standings(tournament_id)
        heading = "final standings" if tournament.status == "finished" else "standings"
        await self.answer_pages(interaction, views.standings_embeds(tournament, rows, await self.names(tournament_id),
                                                                    heading))

    @staticmethod
    async def answer_pages(interaction: discord.Interaction, embeds: list[discord.Embed]) -> None:
        for batch in embed_batches(embeds):  # the answer, then follow-ups as the pages need
            await reply(interaction, embeds=batch)

    # -- rounds --------------------------------------------------------------------------
    async def open_round(self, tournament_id: int) -> bool:
        """Open a thread for each table of the current round that has none, start the tables,
        announce the round and send everyone their board and hand. Safe to repeat, and to call
        twice at once: the second waits and finds nothing left to open. What Discord refuses is
        tried again later (a timer); False then."""
        self.bot.scheduler.wake()  # the round's deadline timer was just added
        async with self.openings.hold(tournament_id):
            done = await self._open_round(tournament_id)
        if not done:
            await self.try_again_later(tournament_id)
        return done

    async def _open_round(self, tournament_id: int) -> bool:
        pending = await self.service.pending_tables(tournament_id)
        if not pending:
            current = await self.service.current_round(tournament_id)
            if current is not None and current.status == "running" and not current.opened:
                return await self._announce_round(tournament_id)  # a stop or Discord came in between
            return True
        opened, failed = await self._open_threads(tournament_id, pending)
        published = []
        for table in opened:  # a table starts once its thread is there, or it would have no board
            if table.status == "lobby":
                published.append(await self.service.tables.start(table.id, None))
            elif table.status == "running":  # its thread came late (an older bot started it without)
                published.append(await self.service.tables.news(table.id))
        announced = not failed and await self._announce_round(tournament_id)
        for news in published:
            await self.tables_ui.after(news)
            await safely(f"seat notes of table {news.table.id}", self.service.tables.keep_notes(news.table.id))
        return announced

    async def _open_threads(self, tournament_id: int, pending: list[Any]) -> tuple[list[Any], int]:
        """Threads for the tables of `pending` that have none: (the tables that have one, or that
        go without as the channel is gone; how many Discord refused)."""
        tournament = await self.service.get(tournament_id)
        channel = await self.presenter.channel(tournament.channel_id)
        title = registry.get(tournament.game).title
        alike = await self.service.dealt_alike(tournament_id)  # each thread private to its players
        opened, failed = [], 0
        for game, table in pending:
            if table.thread_id is None and channel is not None:
                name = f"{title} T{tournament.id} · round {game.round_no} · board {game.board}"
                try:
                    thread = await self.tables_ui.open_thread(channel, table, name, game.players if alike else None)
                except discord.HTTPException as exc:
                    log.warning("no thread for table %s yet (%s %s); trying again later", table.id, exc.status, exc)
                    failed += 1
                    continue
                players = " ".join(f"<@{p}>" for p in game.players)
                await safely(f"round note of table {table.id}", thread.send(
                    f"**{views.title(tournament)} — round {game.round_no}, board {game.board}** (table #{table.id}): "
                    f"{players}. Your hand and choices come by DM, or press **My hand** on the board.",
                    allowed_mentions=MENTION_USERS))
            opened.append(table)
        return opened, failed

    async def _announce_round(self, tournament_id: int) -> bool:
        try:
            await self.announce_round(tournament_id)
        except discord.HTTPException as exc:
            log.warning("round of tournament %s not announced (%s %s); trying again later", tournament_id,
                        exc.status, exc)
            return False
        return True

    async def try_again_later(self, tournament_id: int, attempt: int = 0) -> None:
        """Discord refused some of a tournament's posts or threads: a timer tries again."""
        due = await self.service.posts_again(tournament_id, attempt)
        if due is None:
            log.warning("tournament %s: Discord kept refusing its posts; they are tried again at the next "
                        "start or by the organiser's next command", tournament_id)
        else:
            self.bot.scheduler.wake(due)

    async def on_posts_due(self, timer: TimerRow) -> None:
        """The timer of `try_again_later`: post the round ends not posted yet, open what the
        seated round still lacks."""
        tournament_id, attempt = int(timer.payload["tournament_id"]), int(timer.payload["attempt"])
        if (await self.service.get(tournament_id)).status == "cancelled":
            return
        ends_done = await self.post_round_ends(tournament_id)
        async with self.openings.hold(tournament_id):
            round_done = await self._open_round(tournament_id)
        if not (ends_done and round_done):
            await self.try_again_later(tournament_id, attempt)

    async def post_round_ends(self, tournament_id: int) -> bool:
        """Post the tournament's round ends that were stored and not posted; False if Discord refused."""
        try:
            async with self.announcing.hold(tournament_id):
                for end in await self.service.unannounced_ends(tournament_id):
                    await self.announce_end(end)
        except discord.HTTPException as exc:
            log.warning("round end of tournament %s not posted (%s %s)", tournament_id, exc.status, exc)
            return False
        return True

    async def announce_round(self, tournament_id: int) -> None:
        tournament = await self.service.get(tournament_id)
        current = await self.service.current_round(tournament_id)
        if current is None:
            return
        tables = await self.service.progress(tournament_id)
        embeds = views.round_embeds(tournament, current.round_no, tables, current.byes,
                                    await self.names(tournament_id), current.deadline)
        await self.post(tournament_id, embeds=embeds, allowed_mentions=NO_MENTIONS)
        await self.service.round_opened(tournament_id, current.round_no)
        await self.refresh_embed(tournament_id)

    async def on_finish_reports(self, reports: list[Any]) -> None:
        """After a table's finish work: announce a round it completed (later, if Discord refuses)."""
        for report in reports:
            if isinstance(report, RoundEnd) and not await self.post_round_ends(report.tournament.id):
                await self.try_again_later(report.tournament.id)

    async def on_table_closed(self, news: TableNews) -> None:
        """A table of a running tournament was cancelled (by an admin, or everyone abandoned it):
        its players forfeit, and a round it completes is announced with its standings."""
        if news.table.tournament_id is None:
            return
        tournament = await self.service.get(news.table.tournament_id)
        if tournament.status != "running":  # a cancelled tournament closes its tables itself
            return
        if await self.service.settle(tournament.id) and not await self.post_round_ends(tournament.id):
            await self.try_again_later(tournament.id)
        await self.refresh_embed(tournament.id)

    async def announce_end(self, end: RoundEnd, *, next_button: bool = True) -> None:
        tournament = end.tournament
        names = await self.names(tournament.id)
        if end.final:
            embeds = views.standings_embeds(tournament, end.standings, names, "final standings")
            # Not its winner: a player who withdrew, nor in an elimination one who forfeited (who never
            # goes on: a tournament whose every last table was cancelled has no winner).
            elimination = tournament.format == "elimination"
            active = [r for r in end.standings if not r.withdrawn and not (elimination and r.forfeits)]
            best = min((r.rank for r in active), default=None)
            winners = " and ".join(f"<@{r.player_id}>" for r in active if r.rank == best)
            text = f"Tournament #{tournament.id} is over." + (f" Congratulations, {winners}!" if winners else "")
            await self.retire_summary(tournament.id)
            await self.post(tournament.id, text, embeds=embeds)
            summary = None
        else:
            embeds = views.standings_embeds(tournament, end.standings, names, f"standings after round {end.round_no}")
            summary = await self.post(tournament.id, f"<@{tournament.organiser_id}>, round {end.round_no} is complete. "
                                      "Start the next round with the button or `/tournament next`.", embeds=embeds,
                                      **({"view": views.next_round_view(tournament)} if next_button else {}))
        await self.service.round_announced(tournament.id, end.round_no, summary.id if summary else None)
        await self.refresh_embed(tournament.id)

    async def on_deadline(self, timer: TimerRow) -> None:
        """A round's deadline passed: tell the organiser which tables are still playing (nothing is
        decided for anyone; the organiser extends, replaces or records forfeits)."""
        found = await self.service.deadline_passed(timer.payload)
        if found is None:
            return
        tournament, tables = found
        lines = [f"<@{tournament.organiser_id}>, the deadline of round {timer.payload['round_no']} has passed. "
                 "Still playing:"]
        for entry in tables:
            waiting = ", ".join(f"<@{p}>" for p in entry.waiting_for) or "computer players"
            lines.append(f"Board {entry.game.board} ({views.table_link(entry.table)}): waiting for {waiting}")
        lines.append("Use `/tournament extend`, `/tournament replace` or `/tournament forfeit`.")
        for text in views.text_parts(lines):  # many open tables take several messages
            await self.post(tournament.id, text)

    # -- the organiser's tools -----------------------------------------------------------
    async def extend(self, interaction: discord.Interaction, tournament_id: int, hours: int) -> None:
        deadline = await self.service.extend(tournament_id, self.caller(interaction), hours)
        self.bot.scheduler.wake(deadline)
        await self.post(tournament_id, f"The deadline of the current round is now <t:{int(deadline)}:f> "
                        f"(<t:{int(deadline)}:R>).", allowed_mentions=NO_MENTIONS)
        await reply(interaction, f"Deadline extended to <t:{int(deadline)}:f>.")

    async def take_over(self, interaction: discord.Interaction, tournament_id: int, member: discord.abc.User,
                        *, forfeit: bool) -> None:
        caller = self.caller(interaction)
        name = shown_name(name_of(member))
        if forfeit:
            news = await self.service.forfeit(tournament_id, caller, member.id)
            note = f"{name} forfeits this game (ranked last); a computer player finishes the seat."
        else:
            news = await self.service.replace(tournament_id, caller, member.id)
            note = (f"The organiser replaced {name} by a computer player, which plays the seat on "
                    f"{name}'s behalf. The game is not rated.")
        await reply(interaction, f"Done: table #{news.table.id}. {note}")
        await self.seat_handed_over(news, note)

    async def seat_handed_over(self, news: TableNews, note: str) -> None:
        """Say so in the table's thread, then publish the moves the computer player made (or, when
        nobody is left playing, close the table: its players forfeit)."""
        if news.table.status == "cancelled":
            await self.tables_ui.closed(news, f"{note} Nobody is left playing, so table #{news.table.id} is closed.")
            return
        await self.presenter.post(news.table.thread_id, note)
        await self.tables_ui.after(news)

    async def finish(self, interaction: discord.Interaction, tournament_id: int) -> None:
        rows = await self.service.finish_early(tournament_id, self.caller(interaction))
        tournament = await self.service.get(tournament_id)
        await reply(interaction, f"Tournament #{tournament_id} is finished.")
        await self.announce_end(RoundEnd(tournament, tournament.current_round, rows, final=True))

    async def cancel(self, interaction: discord.Interaction, tournament_id: int) -> None:
        tables = await self.service.cancel(tournament_id, self.caller(interaction))
        for news in tables:
            await self.tables_ui.closed(news, f"Tournament #{tournament_id} was cancelled, and this table with it.")
        await self.refresh_embed(tournament_id)
        await self.retire_summary(tournament_id)
        await self.post(tournament_id, f"Tournament #{tournament_id} was cancelled by "
                        f"{shown_name(name_of(interaction.user))}.", allowed_mentions=NO_MENTIONS)
        await reply(interaction, f"Tournament #{tournament_id} is cancelled.")

    # -- restarts ------------------------------------------------------------------------
    async def resume(self) -> None:
        """After a restart: record results that finished unseen, open tables not yet opened, and
        post the round ends a stop cut off."""
        for tournament_id in await self.service.running():
            await safely(f"resuming tournament {tournament_id}", self._resume(tournament_id))
        for end in await self.service.unannounced_ends():
            await safely(f"round end of tournament {end.tournament.id}", self.announce_end(end))

    async def _resume(self, tournament_id: int) -> None:
        await self.service.seat_cut_off_start(tournament_id)  # opened below like any seated round
        for end in await self.service.settle(tournament_id):
            await self.announce_end(end)
        current = await self.service.current_round(tournament_id)
        playing = current is not None and current.status == "running"
        if playing:  # a stop may have come between seating a round and retiring the old button
            await self.retire_summary(tournament_id)
        await self.open_round(tournament_id)
        for name, news in await self.service.forfeit_withdrawn(tournament_id):
            await self.seat_handed_over(news, withdrawal_note(name))
        if playing and await self.service.dealt_alike(tournament_id):
            await self._seat_members(tournament_id)

    async def _seat_members(self, tournament_id: int) -> None:
        """Each player of a duplicate round in their table's private thread (an addition that
        failed when the thread opened, or a stop before it, is made good at a start)."""
        for game, table in await self.service.round_tables(tournament_id):
            thread = await self.presenter.channel(table.thread_id) if table.status == "running" else None
            if isinstance(thread, discord.Thread) and thread.type == discord.ChannelType.private_thread:
                for player in game.players:
                    await safely(f"thread member {player}", thread.add_user(discord.Object(player)))


def withdrawal_note(display_name: str) -> str:
    name = shown_name(display_name)
    return f"{name} withdrew from the tournament. A computer player finishes the seat; {name} is ranked last at this table."
