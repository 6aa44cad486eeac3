"""The Discord side of tournaments: the tournament embed, its buttons, round threads and notices.

Decisions are made by `TournamentService`; this module posts what happened. Tables of a
round are ordinary tables: a thread each in the tournament's channel (opened by
`TablesController.open_thread`), started by the bot, published by the `Presenter`.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.render.base import shown_name
from bot.ui import tournament_views as views
from bot.ui.controller import TablesController
from bot.ui.permissions import refusal_for
from bot.ui.presenter import UNKNOWN_MESSAGE, safely
from bot.ui.requests import caller_of, custom_ids, defer, embed_batches, left_server, name_of, refusal, reply
from bot.ui.thread_refusals import EmbedsRefused
from bot.ui.tournament_rounds import MENTION_USERS, NO_MENTIONS, RoundsMixin, cancelled_note, withdrawal_note
from play.common import BoundedCache, Caller, KeyedLocks, TableError, entrant_names, tournament_state
from play.results import TableNews
from play.tournaments.service import RoundEnd, TournamentError, TournamentService

log = logging.getLogger(__name__)
LATER = ("\nDiscord refused some of its threads or messages just now: I try again in two minutes "
         "(its tables start once their threads are open).")


PUBLIC_TWINS = ("\nI may not create private threads here (**Create Private Threads**), so its tables are in public "
                "threads: players of one table can read how the others played the same deal.")


class TournamentController(RoundsMixin):
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
        self.refusals_told: BoundedCache[tuple[int, tuple[str, ...]], bool] = BoundedCache(1_000)
        self.embed_edits = KeyedLocks()  # an embed's edits one at a time, each showing it as it is by then

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
    def creation_refused(self, interaction: discord.Interaction) -> str | None:
        """Why this member may not create a tournament here (None: they may); asked before the
        command's options are read, so a refusal never starts with what the options got wrong."""
        channel = interaction.channel
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        if interaction.guild is None or not isinstance(parent, discord.TextChannel):
            return "Tournaments are run in a server's text channel."
        if not self.caller(interaction).organiser:
            return (f"Only members with the **{self.organiser_role}** role or the Manage Server "
                    "permission can create tournaments.")
        return None

    async def create(self, interaction: discord.Interaction, **fields: Any) -> None:
        refused = self.creation_refused(interaction)
        if refused:
            await reply(interaction, refused)
            return
        channel = interaction.channel
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        refused = refusal_for(parent, fields["game"], "run this tournament's tables", tournament=True)
        if refused:  # said now, before anyone registers for rounds that could not be seated
            await reply(interaction, refused)
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
        try:
            await self.service.set_message(tournament.id, message.id)
        except Exception:  # the database refused it: no tournament whose embed would not follow it
            await self._unposted(tournament.id, message, self.caller(interaction))
            raise  # answered as a fault on the bot's side
        await reply(interaction, f"Tournament #{tournament.id} is open for registration in {parent.mention}. "
                    "Players press **Register**; you press **Start** when everyone is in.")

    async def _unposted(self, tournament_id: int, message: discord.Message, caller: Any) -> None:
        """A tournament whose embed could not be recorded: cancelled, and its embed taken down."""
        try:
            await self.service.cancel(tournament_id, caller)
        except Exception:  # the database still refuses
            log.exception("tournament %s could not be cancelled after its embed was not recorded", tournament_id)
        await safely(f"embed of tournament {tournament_id}", message.delete())

    async def embed_message(self, tournament_id: int) -> dict[str, Any]:
        tournament = await self.service.get(tournament_id)
        entrants = await self.service.entrants(tournament_id)
        return {"embed": views.tournament_embed(tournament, entrants, f"<@{tournament.organiser_id}>"),
                "view": views.tournament_view(tournament)}

    async def refresh_embed(self, tournament_id: int) -> bool:
        """Show the tournament as it stands on its embed; False if Discord refused the edit. Edits
        come one at a time, each reading the tournament once the one before has gone through: an edit
        that reaches Discord late never covers a newer one (a start with "Registration is open")."""
        async with self.embed_edits.hold(tournament_id):
            return await self._refresh_embed(tournament_id)

    async def _refresh_embed(self, tournament_id: int) -> bool:
        tournament = await self.service.get(tournament_id)
        channel = await self.presenter.channel(tournament.channel_id)
        if channel is None or tournament.status not in ("registration", "running") and tournament.message_id is None:
            return True
        message_id = tournament.message_id or await self._unrecorded_embed(tournament_id)
        if message_id is None:
            return await self._post_embed_again(channel, tournament_id)
        try:
            await channel.get_partial_message(message_id).edit(**await self.embed_message(tournament_id))
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MESSAGE or tournament.status not in ("registration", "running"):
                return True  # gone with its channel, or the tournament is over: nothing left to show
            return await self._post_embed_again(channel, tournament_id)  # the only Register and Withdraw
        except discord.HTTPException as exc:
            log.warning("could not update the embed of tournament %s: %s", tournament_id, exc)
            return False
        return True

    async def _unrecorded_embed(self, tournament_id: int) -> int | None:
        """The embed of a tournament a stop left unrecorded (between its post at /tournament create
        and recording it), found among the channel's latest messages by its buttons, and recorded."""
        def of_tournament(message: discord.Message) -> bool:
            return any(c.startswith("tourney:") and c.endswith(f":{tournament_id}") for c in custom_ids(message))

        found = await self.posted_before(tournament_id, of_tournament, always=True)
        if found is not None:
            await self.service.set_message(tournament_id, found.id)
        return None if found is None else found.id

    async def _post_embed_again(self, channel: Any, tournament_id: int) -> bool:
        """The tournament's embed, deleted (by a moderator), posted anew; False if refused."""
        try:
            message = await channel.send(**await self.embed_message(tournament_id))
        except discord.HTTPException as exc:
            log.warning("could not post the embed of tournament %s again: %s", tournament_id, exc)
            return False
        await self.service.set_message(tournament_id, message.id)
        return True

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
            try:
                message = await channel.send(content if number == 1 else None, embeds=batch,
                                             allowed_mentions=mentions, **last)
                if batch and not message.embeds:
                    await safely(f"post of tournament {tournament_id} without its embeds", message.delete())
                    raise EmbedsRefused
            except discord.HTTPException as exc:
                if number == 1:
                    raise  # nothing posted: the whole post is tried again
                # Its heading is out: tried again, it would be posted twice. The standings are
                # there for everyone with /tournament standings.
                log.warning("part %s of a post of tournament %s was refused (%s %s); the rest goes on", number,
                            tournament_id, exc.status, exc)
        return message

    async def retire_summary(self, tournament_id: int) -> bool:
        """Remove the "Start next round" button of the latest round end: a round was seated, or the
        tournament ended (a press would only be refused). False if Discord refused the edit (the
        button stays until a retry takes it off)."""
        found = await self.service.summary_to_retire(tournament_id)
        if found is None:
            return True
        round_no, message_id = found
        tournament = await self.service.get(tournament_id)
        channel = await self.presenter.channel(tournament.channel_id)
        if channel is None:
            return True
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.NotFound:
            pass  # deleted: no button left
        except discord.HTTPException as exc:
            log.warning("round summary of tournament %s kept its button (%s %s)", tournament_id, exc.status, exc)
            return False
        await self.service.summary_retired(tournament_id, round_no)
        return True

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

    async def show_embed(self, tournament_id: int) -> None:
        """The embed after a change; one Discord refused is tried again by the tournament's timer."""
        if not await self.refresh_embed(tournament_id):
            await self.try_again_later(tournament_id)

    async def register(self, interaction: discord.Interaction, tournament_id: int) -> None:
        await self.service.register(tournament_id, self.caller(interaction))
        await reply(interaction, f"You are registered for tournament #{tournament_id}. Your tables will open as "
                    "threads of this channel, and your hands come by DM.")
        # After the answer (Discord wants it within 3 seconds): the embed, a DM, and advice if it cannot be sent.
        await self.show_embed(tournament_id)
        if not await _dm_reaches(interaction.user, f"You are registered for tournament #{tournament_id}. "
                                                  "Your hands and private choices will come here."):
            await reply(interaction, DM_CLOSED)

    async def withdraw(self, interaction: discord.Interaction, tournament_id: int) -> None:
        tables = await self.service.withdraw(tournament_id, self.caller(interaction))
        await reply(interaction, "You withdrew from the tournament." + (
            " Your running game is recorded as a forfeit." if tables else ""))
        await self.show_embed(tournament_id)
        for news in tables:
            name = news.called(interaction.user.id, name_of(interaction.user))
            await self.seat_handed_over(news, withdrawal_note(name))

    async def start(self, interaction: discord.Interaction, tournament_id: int) -> None:
        caller = self.caller(interaction)
        tournament = await self.service.get(tournament_id, caller)
        self.service.require_organiser(tournament, caller, "start it")
        public = await self.check_channel(tournament)
        await defer(interaction)
        left = await self.withdraw_left(interaction, tournament_id)
        try:
            round_no = await self.service.begin(tournament_id, caller)
        except TournamentError as exc:  # e.g. too few players are left: who left is said too
            raise TournamentError(f"{exc}{left}") from None
        note = await self.twins_note(tournament_id, public) + left
        done = await self.open_round(tournament_id)
        await reply(interaction, f"Tournament #{tournament_id} has started: round {round_no} is seated.{note}"
                    + ("" if done else LATER))

    async def next_round(self, interaction: discord.Interaction, tournament_id: int) -> None:
        caller = self.caller(interaction)
        tournament = await self.service.get(tournament_id, caller)
        self.service.require_organiser(tournament, caller, "start the next round")
        public = await self.check_channel(tournament)
        await defer(interaction)
        await self.service.settle(tournament_id)  # e.g. a table cancelled mid-round
        current = await self.service.current_round(tournament_id)
        # Tables waiting for a thread Discord refused, and running ones that went on without one.
        waiting = [t for _, t in await self.service.pending_tables(tournament_id)
                   if t.status == "lobby" or (t.status == "running" and t.thread_id is None)]
        if current is not None and current.status == "running" and waiting:
            done = await self.open_round(tournament_id)  # tables still waiting for threads Discord refused
            await reply(interaction, f"Round {current.round_no} is seated already; "
                        + ("its tables are all open now." if done else "Discord still refuses some of its threads "
                           "or messages: I try again in two minutes."))
            return
        if not await self.post_round_ends(tournament_id):  # a round settle just ended; any refused before
            await self.try_again_later(tournament_id)  # also if no next round follows (the last one ended)
        left = await self.withdraw_left(interaction, tournament_id)
        try:
            round_no, _ = await self.service.next_round(tournament_id, caller)
        except TournamentError as exc:  # e.g. too few players are left: who left is said too
            raise TournamentError(f"{exc}{left}") from None
        note = await self.twins_note(tournament_id, public) + left
        ends_done = await self.post_round_ends(tournament_id)  # one that ended at this very instant
        retired = await self.retire_summary(tournament_id)
        done = await self.open_round(tournament_id) and ends_done and retired
        if not (ends_done and retired):
            await self.try_again_later(tournament_id)
        await reply(interaction, f"Round {round_no} is seated.{note}" + ("" if done else LATER))

    async def withdraw_left(self, interaction: discord.Interaction, tournament_id: int) -> str:
        """Players who have left the server are not seated in the round about to be: withdrawn
        (asked of Discord; one it cannot answer for stays). The organiser's note names them."""
        entrants = [e for e in await self.service.entrants(tournament_id) if not e.withdrawn]
        gone = await left_server(interaction.guild, entrants, caller_id=0)
        if not gone:
            return ""
        names = await self.service.withdraw_left(tournament_id, self.caller(interaction), gone)
        await self.show_embed(tournament_id)
        if not names:
            return ""
        if len(names) == 1:
            return f" Withdrawn, as they have left the server: {shown_name(names[0])}."
        # One a line: a name may hold a comma, and a long list is cut between lines (requests.pieces).
        listed = "".join(f"\n- {shown_name(name)}" for name in names)
        return f" Withdrawn, as they have left the server:{listed}\n"

    async def check_channel(self, tournament: Any) -> bool:
        """Refuse to seat a round whose tables the bot could not run in the tournament's channel
        (TournamentError naming the permissions to grant, or saying the channel is gone); True when a
        duplicate round's tables would go into public threads (the bot may not create private ones there)."""
        channel = await self.presenter.channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):  # its tables' threads, announcements and standings go there
            if self.presenter.deleted.get(tournament.channel_id):
                ended = ("End it with `/tournament finish` (the rounds played stand: `/tournament standings` shows "
                         "them) or cancel it with `/tournament cancel`" if tournament.current_round else
                         "Cancel it with `/tournament cancel`")
                raise TournamentError(f"Tournament #{tournament.id}'s channel was deleted, so its tables, "
                                      f"announcements and standings have nowhere to go; nothing was seated. {ended}, "
                                      "and open a new one in another channel.")
            raise TournamentError(f"I cannot reach tournament #{tournament.id}'s channel <#{tournament.channel_id}> "
                                  "now (Discord failing, or I can no longer see it); nothing was seated. Try again "
                                  "in a moment.")
        refused = refusal_for(channel, tournament.game, "open this tournament's tables", tournament=True)
        if refused:
            raise TournamentError(refused)
        me = channel.guild.me
        return tournament.duplicate and me is not None and not channel.permissions_for(me).create_private_threads

    async def twins_note(self, tournament_id: int, public: bool) -> str:
        """The organiser's warning when the round just seated has tables dealt the same cards in
        public threads (`public`); none for tables of different sizes, or a final of one table."""
        if not public:
            return ""
        seeds = [table.seed for _, table in await self.service.round_tables(tournament_id)]
        return PUBLIC_TWINS if len(seeds) > len(set(seeds)) else ""

    async def status(self, interaction: discord.Interaction, tournament_id: int) -> None:
        tournament = await self.service.get(tournament_id, self.caller(interaction))
        await defer(interaction)
        await self.refresh_embed(tournament_id)  # posted anew if it was deleted
        current = await self.service.current_round(tournament_id)
        if current is None:  # registration open, or cancelled in it
            raise TournamentError(f"Tournament #{tournament_id} {tournament_state(tournament.status)}.")
        tables = await self.service.progress(tournament_id)
        deadline = current.deadline if current.status == "running" else None
        await self.answer_pages(interaction, views.progress_embeds(tournament, current.round_no, tables,
                                                                   await self.names(tournament_id), deadline))

    async def standings(self, interaction: discord.Interaction, tournament_id: int) -> None:
        tournament = await self.service.get(tournament_id, self.caller(interaction))
        rows = await self.service.standings(tournament_id, asked=True)
        heading = {"finished": "final standings", "cancelled": "standings when it was cancelled"}.get(
            tournament.status, "standings")
        if await self.service.deal_still_played(tournament_id):
            heading += f" (without round {tournament.current_round}: its deal is still being played)"
        await self.answer_pages(interaction, views.standings_embeds(tournament, rows, await self.names(tournament_id),
                                                                    heading))

    @staticmethod
    async def answer_pages(interaction: discord.Interaction, embeds: list[discord.Embed]) -> None:
        for batch in embed_batches(embeds):  # the answer, then follow-ups as the pages need
            await reply(interaction, embeds=batch)

    # -- the organiser's tools -----------------------------------------------------------
    async def extend(self, interaction: discord.Interaction, tournament_id: int, hours: int) -> None:
        deadline = await self.service.extend(tournament_id, self.caller(interaction), hours)
        self.bot.scheduler.wake(deadline)
        await reply(interaction, f"Deadline extended to <t:{int(deadline)}:f>.")
        await safely(f"deadline notice of tournament {tournament_id}", self.post(
            tournament_id, f"The deadline of the current round is now <t:{int(deadline)}:f> (<t:{int(deadline)}:R>).",
            allowed_mentions=NO_MENTIONS))

    async def take_over(self, interaction: discord.Interaction, tournament_id: int, member: discord.abc.User,
                        *, forfeit: bool) -> None:
        caller = self.caller(interaction)
        if forfeit:
            news = await self.service.forfeit(tournament_id, caller, member.id)
            name = shown_name(news.called(member.id, name_of(member)))
            note = f"{name} forfeits this game (ranked last); a computer player finishes the seat."
        else:
            news = await self.service.replace(tournament_id, caller, member.id)
            name = shown_name(news.called(member.id, name_of(member)))
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
        if not tournament.current_round:  # no round was played: no round end stored, the standings now
            await safely(f"final standings of tournament {tournament_id}",
                         self.announce_end(RoundEnd(tournament, 0, rows, final=True)))
        elif not await self.post_round_ends(tournament_id):  # the final standings: later, if Discord refuses
            await self.try_again_later(tournament_id)

    async def cancel(self, interaction: discord.Interaction, tournament_id: int) -> None:
        tables = await self.service.cancel(tournament_id, self.caller(interaction))
        await reply(interaction, f"Tournament #{tournament_id} is cancelled.")  # stored: said at once
        for news in tables:
            await self.tables_ui.closed(news, cancelled_note(tournament_id))
        shown = await self.refresh_embed(tournament_id)
        if not (await self.retire_summary(tournament_id) and shown):  # Discord refused: a timer tries again
            await self.try_again_later(tournament_id)
        await safely(f"cancel notice of tournament {tournament_id}", self.post(
            tournament_id, f"Tournament #{tournament_id} was cancelled by {shown_name(name_of(interaction.user))}.",
            allowed_mentions=NO_MENTIONS))


DM_CLOSED = ("I could not send you a direct message (your DMs are closed for this server). You can still play: "
             "press **My hand** on your table's board, or use `/table hand` in its thread. To get DMs, enable "
             "*Direct Messages* in this server's Privacy Settings.")


async def _dm_reaches(user: discord.abc.User, text: str) -> bool:
    """Whether a DM reaches `user` (one is sent); True when Discord fails otherwise (not known)."""
    try:
        await user.send(text)
    except discord.Forbidden:
        return False
    except discord.HTTPException as exc:
        log.warning("DM to %s failed: %s", user.id, exc)
    return True
