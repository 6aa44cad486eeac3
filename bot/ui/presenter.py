"""Everything the bot posts about a table: lobby, board, private panels, DMs and results.

It works from the `TableNews` a request returned and never reads storage. Once a move is
stored, every Discord call that follows it is made on its own: one that fails is logged and
the others still happen, so the game goes on whatever Discord answers.
"""

from __future__ import annotations

import logging
from typing import Any, Awaitable, Callable

from functools import partial

import discord

from bot.render import get_renderer
from bot.ui import panels
from bot.ui.away_notices import AwayNoticesMixin
from bot.ui.last_chooser import LastChooserMixin, answered_elsewhere
from bot.ui.mentions import MentionsMixin
from bot.ui.finish import FinishMixin
from bot.ui.lobby_shown import unrecorded_lobby
from bot.ui.requests import custom_ids, safely
from bot.ui.thread_refusals import ThreadRefusals, in_channel_text, send_or_to_channel
from bot.ui.turns import away_seat, last_to_choose, no_longer_last, waiting_line
from bot.ui.unread import Sent, send_unread
from bot.ui.board import Boards
from games import registry
from play.damage import Damage
from play.common import BoundedCache, KeyedLocks
from play.results import TableNews, panel_token
from play.tables import TableService
from play.tournaments.rating_service import rated_as_it_stood
from storage import SeatRow

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()
ENDED = {"finished": "The game is over: the standings are in the table's thread.",
         "cancelled": "This game was cancelled: nothing more can be played at it."}
CLOSED_RATED = "Everyone left this game, so it was closed; it is rated as it stood (see the table's thread)."
PANEL_LOOKBACK = 100  # latest DMs of a player searched for live controls of a table that ended (one request)


class Presenter(AwayNoticesMixin, LastChooserMixin, FinishMixin, MentionsMixin):
    def __init__(self, bot: discord.Client, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self.boards = Boards(bot, service)
        self.finish_listeners: list[Callable[[list[Any]], Awaitable[None]]] = []  # tournaments
        self.closed_listeners: list[Callable[[TableNews], Awaitable[None]]] = []  # tournaments: a table cancelled
        # When a player's DMs were last refused (user id: clock time): tried again after DM_RETRY.
        # Not stored: a start counts as a refusal of every seat known refused, so restarts do not
        # retry them at once (and every restart cost the bot one refused call a player).
        self.dm_refused: BoundedCache[int, float] = BoundedCache(10_000)
        # Channels Discord would not let the bot read (the HTTP status it gave): logged once.
        self.unreadable: BoundedCache[int, int] = BoundedCache(2_000)
        self.lobby_locks = KeyedLocks()  # a lobby's edits one at a time (dropped when not held)
        self.started = service.clock()
        # Tables with a retry of what Discord refused, and their seats not told (seat: prompt version).
        self.retrying: BoundedCache[int, dict[int, int]] = BoundedCache(2_000)
        self.deleted: BoundedCache[int, bool] = BoundedCache(1_000)  # channels Discord says are deleted
        self.moved: BoundedCache[int, int] = BoundedCache(1_000)  # deleted thread -> the thread replacing it
        # (table, seat): the panel a last-to-choose notice copied, retired with the notice (tell_last).
        self.copied: BoundedCache[tuple[int, int], int] = BoundedCache(10_000)
        # (table, seat): a DM panel whose controls Discord did not let the bot take away; pressed,
        # it loses them then (controller.reject).
        self.kept_controls: BoundedCache[tuple[int, int], int] = BoundedCache(10_000)
        # (table, seat): a last-to-choose notice posted in the thread (closed DMs): its channel, its id
        # and the prompt version of the decision it is about, taken down if a take-back makes it untrue (untell_last).
        self.told_last: BoundedCache[tuple[int, int], tuple[int, int, int]] = BoundedCache(10_000)
        # (table, seat): the turn mention posted for a player whose DMs are closed and the reminders of their
        # decision (channel, id, the decision's prompt version, a reminder?), deleted when a take-back withdraws it.
        self.turn_mentions: BoundedCache[tuple[int, int], list[tuple[int, int, int, bool]]] = BoundedCache(10_000)
        self.thread_refusals = ThreadRefusals()  # threads that refused a board: the mover is told why
        self.thread_went: Callable[[TableNews], Awaitable[TableNews]] = _unchanged  # see ReopenMixin

    # -- channels ------------------------------------------------------------------------
    async def channel(self, channel_id: int | None) -> Any:
        if channel_id is None:
            return None
        channel_id = self.moved.get(channel_id) or channel_id  # a deleted thread's replacement
        found = self.bot.get_channel(channel_id)
        if found is None:
            try:
                found = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException as exc:
                if self.unreadable.get(channel_id) != exc.status:  # logged once, not at every move
                    log.warning("channel %s cannot be read (%s)", channel_id, exc.status)
                    self.unreadable.put(channel_id, exc.status)
                if isinstance(exc, discord.NotFound):
                    self.deleted.put(channel_id, True)
                return None
        self.unreadable.pop(channel_id)
        return found

    async def current_thread(self, news: TableNews) -> tuple[TableNews, Any]:
        """`news` with the table's thread as it is now, and that thread (None: it has none, or it
        cannot be read): one Discord says was deleted is replaced first, where one can be opened."""
        thread_id = news.table.thread_id
        if thread_id is None:  # it went on without one: a thread again, where one can be opened now
            if news.table.status != "running":
                return news, None
            news = await self.thread_went(news)
            return news, await self.channel(news.table.thread_id)
        if self.moved.get(thread_id) is None:
            thread = await self.channel(thread_id)
            if thread is not None or not self.deleted.get(thread_id):
                return news, thread
        news = await self.thread_went(news)
        return news, await self.channel(news.table.thread_id)

    async def post(self, channel_id: int | None, content: str, *, player_of: int | None = None,
                   **kwargs: Any) -> discord.Message | None:
        """A line in a table's thread (no mentions unless asked); None if it could not be posted.
        `player_of`: the table whose player it mentions, who may hear of it nowhere else (DMs
        closed): when the thread refuses the bot's posts, it goes to the thread's channel."""
        channel = await self.channel(channel_id)
        if channel is None:
            return None
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        sent = channel.send(content[:2000], **kwargs) if player_of is None else send_or_to_channel(
            channel, content[:2000], in_channel_text(content, player_of, channel)[:2000], **kwargs)
        return await safely(f"post in {channel_id}", sent)

    def info(self, news: TableNews) -> Any:
        return self.boards.service_info(news)

    # -- lobby ---------------------------------------------------------------------------
    def lobby_message(self, news: TableNews) -> dict[str, Any]:
        spec = self.service.spec(news.table)
        return {"embed": panels.lobby_embed(news.table, news.seats, spec, get_renderer(news.table.game)),
                "view": panels.lobby_view(news.table, news.seats, spec)}

    async def refresh_lobby(self, news: TableNews) -> int | None:
        """Show the lobby as it stands; one deleted (by a moderator) is posted anew, as the only
        place with its Join and Start buttons. Returns the lobby's message id (None: not shown).
        Edits come one at a time, each showing the table as it is by then: two joins at once never
        leave the lobby showing the first, and a lobby deleted is posted anew only once."""
        async with self.lobby_locks.hold(news.table.id):
            return await self._refresh_lobby(await self.service.news(news.table.id))

    async def _refresh_lobby(self, news: TableNews) -> int | None:
        thread = await self.channel(news.table.thread_id)
        lobby_id = news.table.lobby_message_id
        if thread is not None and lobby_id is None and news.table.tournament_id is None:
            lobby_id = await unrecorded_lobby(self, thread, news.table.id)  # a stop came before it was recorded
        if thread is None or lobby_id is None:
            return None
        what = f"lobby of table {news.table.id}"
        try:
            await thread.get_partial_message(lobby_id).edit(**self.lobby_message(news))
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MESSAGE or news.table.status != "lobby":
                return None
            lobby = await safely(what, thread.send(**self.lobby_message(news)))
            if lobby is not None:
                await self.service.opened(news.table.id, lobby_message_id=lobby.id)
            return None if lobby is None else lobby.id
        except discord.HTTPException as exc:
            log.warning("%s failed: %s %s", what, exc.status, exc.text or exc)
            return None
        return lobby_id

    # -- after a change ------------------------------------------------------------------
    async def publish(self, news: TableNews, *, answered: int | None = None, in_dm: bool = False,
                      attempt: int = 0, new_thread: bool = False) -> None:
        """Refresh the board and tell the seats whose choices changed (not `answered`, whose panel
        was just answered in place). The end of a game follows in `finished`. A running table whose
        board or due panel Discord refused is shown again later (`attempt`: how many times so far).
        A thread Discord says was deleted is replaced first (see current_thread; `new_thread`: the
        caller has just replaced it)."""
        was_in = news.table.thread_id
        news, thread = await self.current_thread(news)
        table = news.table
        waiting = table.id in self.retrying  # a board or panel Discord refused waits for its retry
        # A thread opened just now in place of a deleted one shows its board at once: its opening
        # told the step's moment already, and without a board it offers no "My hand".
        secret = self.secret_step(news) and table.thread_id == was_in and not new_thread
        if secret:
            # Nothing public changed; a board refused earlier waits for its retry rather than catch
            # up now, which would tell the thread when this step was taken.
            board = not waiting
        else:
            board = await self.thread_refusals.show(table.id, thread, self.boards.refresh(news, thread),
                                                    ended=table.status == "finished")
        shown = table.thread_id is None or (thread is not None and board)  # a thread that could not be read too
        told = {answered}  # answered in place
        if answered is not None and not in_dm and (news.had_controls(answered) or news.taken_back is not None):
            if news.moves and answered not in news.same_turn and table.status == "running" and \
                    news.seats[answered].dm_ok and news.choices_of(self.service.spec(table), answered):
                told = set()  # it began a new turn of theirs: its DM, as every turn's (the old one retires)
            else:  # the DM panel does not go on asking (nor, after a take-back there, offer what was taken back)
                answer = partial(self.panel, news, answered, self.private_lines(news, answered))
                await self.retire_dm_panel(news, news.seats[answered],
                                           answered_elsewhere(self, news, answered, answer, "from **My hand**"))
        untold = {}
        for seat in sorted((news.changed | self._still_untold(news)) - told):
            if self.service.overtaken(news, seat):  # a later move changed it again and tells it
                continue
            if not await safely(f"panel of table {table.id} seat {seat}", _done(self.notify_seat(news, seat, thread))):
                untold[seat] = table.prompts.get(seat, (table.version,))[0]
        for seat in sorted(self.told_privately(news) - news.changed - {answered}):
            await safely(f"private news of table {table.id} seat {seat}", self.dm_panel(news, seat))
        if untold or not (waiting and secret):  # (that retry keeps its time)
            await self._retry_if_refused(news, bool(shown) and not untold, untold, attempt)
        last = None if self.service.overtaken(news) else last_to_choose(news)
        # Not once their own time has run out (a shared deadline passing moves for them in turn).
        if last is not None and news.table.deadlines.get(last, float("inf")) > self.service.clock():
            await safely(f"last chooser of table {table.id}", self.tell_last(news, last))
        again = no_longer_last(news)
        if again is not None:
            await safely(f"former last chooser of table {table.id}", self.untell_last(news, again))

    def told_privately(self, news: TableNews) -> set[int]:
        """People, not the movers, to whom this move settled a private exchange (the other side of
        a pay-off hears that it was agreed, and for how much): their panel shows it."""
        settling = self.service.spec(news.table).settling_events
        if news.table.status != "running" or not settling:
            return set()  # the end: every player's game-over DM follows
        movers = {move.seat for move in news.moves}
        told = {seat for move in news.moves for event in move.events
                if event.kind in settling and event.seats is not None for seat in event.seats}
        return {seat for seat in told - movers if news.seats[seat].user_id is not None
                and not (news.seats[seat].handed_over or news.seats[seat].away)}

    def wake_timers(self, due: float) -> None:
        """A timer due at `due` was stored: the bot's timer scheduler (if it runs) must not sleep past it."""
        if (scheduler := getattr(self.bot, "scheduler", None)) is not None:
            scheduler.wake(due)

    def _still_untold(self, news: TableNews) -> set[int]:
        """Seats whose panel Discord refused earlier, still facing that decision: any later showing
        of the table sends them too."""
        untold = self.retrying.get(news.table.id)
        if not untold or news.state is None:
            return set()
        due = self.service.spec(news.table).to_act(news.state)
        return {seat for seat, version in untold.items()
                if seat in due and news.table.prompts.get(seat, (None,))[0] == version}

    async def _retry_if_refused(self, news: TableNews, shown: bool, untold: dict[int, int], attempt: int) -> None:
        """A table whose board or due panels Discord refused is shown again later; once a
        later publish showed everything, its retry goes (`retrying` keeps them, with seats not told)."""
        table_id = news.table.id
        if shown:
            if self.retrying.pop(table_id) is not None:
                await safely(f"retry of table {table_id}", self.service.show_done(table_id))
            return
        if news.table.status not in ("running", "finished") or attempt >= len(SHOW_RETRIES):
            return  # a game over is retried too: its board would say whose move it is for good
        due = await safely(f"retry of table {table_id}", self.service.show_again(
            table_id, attempt + 1, SHOW_RETRIES[attempt], untold, self.boards.shown_up_to(table_id)))
        if due is not None:
            self.retrying.put(table_id, untold)
            self.wake_timers(due)

    async def show_closed(self, news: TableNews, attempt: int = 0) -> None:
        """A cancelled table's board says so; one Discord refused is tried again later, as a
        running table's board is (`attempt`: how many times so far)."""
        thread = await self.channel(news.table.thread_id)
        if await safely(f"board of table {news.table.id}", self.boards.close(news, thread)):
            return
        if attempt < len(SHOW_RETRIES):
            due = await safely(f"retry of table {news.table.id}", self.service.show_again(
                news.table.id, attempt + 1, SHOW_RETRIES[attempt], {}))
            if due is not None:
                self.wake_timers(due)

    # -- private panels ------------------------------------------------------------------
    def panel(self, news: TableNews, seat: int, lines: list[str] = (),
              heading: str | None = None) -> dict[str, Any]:
        """The private panel of a seat: content (under `heading`, when given), embed and controls."""
        table, state = news.table, news.state
        spec, renderer = self.service.spec(table), get_renderer(table.game)
        info = self.info(news)
        view = news.view(spec, seat)
        actions = news.choices_of(spec, seat) if table.status == "running" else []
        waiting = waiting_line(news, seat)
        turn = None
        if actions:
            turn = "sealed" if len(spec.to_act(state)) > 1 else "turn"
        take_back = news.undo_seat == seat and table.status == "running"
        controls = panels.controls(table.id, news.panel_token_of(spec, seat), actions, view, renderer, info,
                                   spec.amount_choice(state, seat) if actions else None,
                                   rows=4 if take_back else 5) if actions else None
        if take_back:
            controls = panels.with_take_back(controls, table.id, panel_token(table, table.version))
        if away_seat(news, seat):
            controls = panels.with_back(table.id)
        embed = renderer.panel(info, view, seat)
        if table.status != "running":  # not "waiting for ..." of a game that stopped
            embed.description = ENDED.get(table.status, f"This game is {table.status}.")
            if rated_as_it_stood(table, news.seats):
                embed.description = CLOSED_RATED
            if table.status == "finished" and table.thread_id is None:
                embed.description = "The game is over (it went on without a thread): `/table log` shows how it went."
        # The seat's own deadline: on the board too, except for a step the thread does not see (a
        # pay-off's answers), where this panel is the only place that tells it.
        due = table.deadlines.get(seat) if actions and table.status == "running" else None
        return {
            "content": panels.panel_content(info, table, list(lines), waiting, turn, heading, due),
            "embed": embed,
            "view": controls,
        }

    def private_lines(self, news: TableNews, seat: int) -> list[str]:
        return panels.seat_lines(self.info(news), get_renderer(news.table.game), news, seat)

    def public_step(self, news: TableNews) -> bool:
        """Whether the thread may hear of the move of `news`: not a step of a private exchange (a
        pay-off's answers, of which it sees only that they negotiate and whether they agree)."""
        spec = self.service.spec(news.table)
        if news.state is not None and spec.shown_to_act(news.state) != spec.to_act(news.state):
            return False
        return not any(e.kind in spec.private_exchange_events for move in news.moves for e in move.events)

    def secret_step(self, news: TableNews) -> bool:
        """Whether `news` is only a secret step of a private exchange (a counter-offer in a pay-off):
        the exchange goes on and none of its moves opened it."""
        spec = self.service.spec(news.table)
        if not news.moves or news.state is None or spec.shown_to_act(news.state) == spec.to_act(news.state):
            return False
        return not any(e.kind in spec.private_exchange_events for move in news.moves for e in move.events)

    def dm_worth_trying(self, row: SeatRow) -> bool:
        """Whether to DM a seat: its DMs are open, or were refused long enough ago (DM_RETRY) that
        its player may have opened them since (as the bot's advice says). Refused DMs count against
        Discord's limit of invalid requests: not tried at every move."""
        if row.dm_ok is not False:
            return True
        refused = self.dm_refused.get(row.user_id)
        return self.service.clock() - (self.started if refused is None else refused) >= DM_RETRY

    async def dm_panel(self, news: TableNews, seat: int, turn: bool = False) -> bool:
        """Send a seat its panel by DM in place of its previous one; False if the DM failed.
        `turn`: the seat's decision is new (its news is then everything since its last move)."""
        row = news.seats[seat]
        lines = (panels.turn_lines if turn else panels.seat_lines)(self.info(news), get_renderer(news.table.game),
                                                                   news, seat)
        message = await self.send_dm(news.table.id, row, **self.panel(news, seat, lines))
        if message is None:
            return False
        if self.service.overtaken(news, seat):  # a click crossed it: the later move shows the seat its panel
            await self.withdraw_dm(message, f"out-of-date panel of {row.user_id}")
            return True
        if news.had_controls(seat):
            await self.retire_dm_panel(news, row)
        self.service.note_seat(news.table.id, row.user_id, dm_message_id=message.id)
        return True

    async def withdraw_dm(self, sent: Sent, what: str) -> None:
        """Delete a DM just sent that a later move made untrue."""
        channel = self.bot.get_partial_messageable(sent.channel_id, type=discord.ChannelType.private)
        await safely(what, channel.get_partial_message(sent.id).delete())

    async def send_dm(self, table_id: int, row: SeatRow, **message: Any) -> Sent | None:
        """DM a player through their stored DM channel (opening it the first time), and note
        whether their DMs are open. Returns None when the DM could not be sent."""
        if message.get("view", ...) is None:
            del message["view"]
        try:
            if row.dm_channel_id is not None:
                channel: Any = self.bot.get_partial_messageable(row.dm_channel_id, type=discord.ChannelType.private)
            else:
                channel = await self.bot.create_dm(discord.Object(row.user_id))
            sent = await send_unread(channel, **message)
        except discord.Forbidden as exc:
            self.dm_refused.put(row.user_id, self.service.clock())
            if row.dm_ok is not False:  # said once
                log.info("DMs to %s (table %s) are refused (%s); they play through My hand", row.user_id,
                         table_id, exc.text or exc.status)
            self.service.note_seat(table_id, row.user_id, dm_ok=False)
            return None
        except discord.HTTPException as exc:
            log.warning("DM to %s (table %s) failed: %s", row.user_id, table_id, exc)
            return None
        if row.dm_ok is not True or row.dm_channel_id != sent.channel_id:
            self.service.note_seat(table_id, row.user_id, dm_ok=True, dm_channel_id=sent.channel_id)
            if row.dm_ok is False:  # DMs opened again: stored now, so a restart before the next move knows it
                await safely(f"seat notes of table {table_id}", self.service.keep_notes(table_id))
        return sent

    async def retire_dm_panel(self, news: TableNews, row: SeatRow, current: dict[str, Any] | None = None) -> None:
        """Take the controls off a seat's last DM panel (an old panel that cannot be edited still
        answers "out of date" when clicked). `current`: the seat's panel now, which replaces it
        when the decision it asked for is gone, so that it does not go on asking."""
        await self.retire_copied(news, row, current)
        if row.dm_message_id is None or row.dm_channel_id is None:
            return
        channel = self.bot.get_partial_messageable(row.dm_channel_id, type=discord.ChannelType.private)
        edit = {**current, "view": None} if current is not None else {"view": None}
        edited = await safely(f"old panel of {row.user_id} at table {news.table.id}",
                             channel.get_partial_message(row.dm_message_id).edit(**edit))
        if edited is None:
            self.kept_controls.put((news.table.id, row.seat), row.dm_message_id)

    async def retire_panels(self, news: TableNews) -> None:
        """Take the controls off a cancelled table's DMs: each player's tracked panel, whatever it
        offered (a "Take back" too), and every other DM with this table's controls among their
        latest PANEL_LOOKBACK, which the bot keeps no record of (the panel a last-to-choose notice
        copied, one sent before a restart, an answered panel's "Take back", an "I'm back" notice).
        One read per player; an older one loses its controls when clicked (controller.reject)."""
        for row in news.seats:
            if row.user_id is not None and row.dm_channel_id is not None:
                await safely(f"old panels of {row.user_id} at table {news.table.id}",
                             self._retire_dms(news.table.id, row, news))
        if news.state is None:  # a lobby's cancel notices, stored: sent once, whatever restarts follow
            await safely(f"seat notes of table {news.table.id}", self.service.keep_notes(news.table.id))
        await safely(f"away notices of table {news.table.id}", self.retire_thread_away_notices(news))

    async def _retire_dms(self, table_id: int, row: SeatRow, news: TableNews) -> None:
        what = "was closed, and is rated as it stood" if rated_as_it_stood(news.table, news.seats) else "was cancelled"
        cancelled: dict[str, Any] = {"content": f"**Table #{table_id} ({self.info(news).title}) {what}.**",
                                     "view": None}
        if news.state is not None:
            cancelled["embed"] = self.panel(news, row.seat)["embed"]
        elif row.dm_message_id is None:  # a lobby: its "You joined" DM promised a hand, which will not come
            sent = await safely(f"cancel notice to {row.user_id} of table {table_id}",
                                self._dm_channel(row).send(cancelled["content"]))
            if sent is not None:  # noted as their last panel: a start that closes the table again edits it
                self.service.note_seat(table_id, row.user_id, dm_message_id=sent.id)
            return  # no panel was ever sent: no controls to take off
        if row.dm_message_id is not None:  # the latest panel says what happened
            await safely(f"last panel of {row.user_id} at table {table_id}", self._dm_channel(row).get_partial_message(
                row.dm_message_id).edit(**cancelled))
        await self._sweep_dms(table_id, row, cancelled)

    def _dm_channel(self, row: SeatRow) -> Any:
        return self.bot.get_partial_messageable(row.dm_channel_id or 0, type=discord.ChannelType.private)

    async def _sweep_dms(self, table_id: int, row: SeatRow, last_word: dict[str, Any] | None) -> None:
        """After a table ended: one read of the player's latest PANEL_LOOKBACK DMs takes the table's
        controls off any besides the tracked panel (kept no record of: a copied panel, an answered
        panel's "Take back", an "I'm back" notice); and when a later DM (a reminder, a "Time ran
        out" notice) of this table came after the tracked panel, `last_word` goes out as a new DM
        too (or when the tracked panel is not among them), so that their newest DM of the table says
        how it ended."""
        if row.user_id is None or row.dm_channel_id is None:
            return
        channel = self._dm_channel(row)
        try:
            latest = [message async for message in channel.history(limit=PANEL_LOOKBACK)]
        except discord.HTTPException as exc:
            log.info("DMs of %s (table %s) could not be read (%s)", row.user_id, table_id, exc.text or exc.status)
            return
        for message in latest:
            if message.id != row.dm_message_id and has_controls_of(message, table_id):
                await safely(f"old panel of {row.user_id} at table {table_id}",
                             channel.get_partial_message(message.id).edit(view=None))
        later = [m for m in latest if row.dm_message_id is not None and m.id > row.dm_message_id]
        # A tracked panel that DMs of other tables pushed out of sight is not their newest DM of it either.
        pushed_out = len(latest) >= PANEL_LOOKBACK and all(m.id != row.dm_message_id for m in latest)
        if last_word and row.dm_message_id is not None and (pushed_out or any(about_table(m, table_id)
                                                                              for m in later)):
            await safely(f"last word to {row.user_id} at table {table_id}",
                         channel.send(**{key: value for key, value in last_word.items() if key != "view"}))

    async def tell_damaged(self, damage: Damage) -> None:
        """A table's stored game could not be read: its thread is told once, its players privately."""
        game = registry.get(damage.game).title if damage.game in registry.names() else None
        named = f"Table #{damage.table_id} ({game})" if game else f"Table #{damage.table_id}"
        text = (f"{named} cannot go on: its stored game could not be read, so nothing more "
                "can be played at it. The bot's operator finds the details in the bot's log under table "
                f"#{damage.table_id}.")
        await self.post(damage.thread_id, text)
        for user_id in damage.user_ids:
            await safely(f"damage notice to {user_id} of table {damage.table_id}", self._dm_user(user_id, text))

    async def _dm_user(self, user_id: int, text: str) -> None:
        channel = await self.bot.create_dm(discord.Object(user_id))
        await channel.send(text, allowed_mentions=NO_MENTIONS)


UNKNOWN_MESSAGE = 10008  # Discord's error code for a message that was deleted
# Seconds before each new try of a board or a due panel Discord refused (each later move tries too).
# Longer than a test's wait for the bot to settle, which a timer due sooner would hold up.
SHOW_RETRIES = (300, 1800, 7200)
DM_RETRY = 600  # seconds after DMs were refused before a seat's next panel tries a DM again
TABLE_CONTROLS = ("act", "pick", "amount", "undo", "back")  # custom_id prefixes of a player's private controls


async def _unchanged(news: TableNews) -> TableNews:
    return news


async def _done(call: Awaitable[Any]) -> bool:
    """True once `call` is done (for `safely`, whose None says it failed)."""
    await call
    return True


def about_table(message: discord.Message, table_id: int) -> bool:
    """Whether a DM is the table's: its controls, or its "(table #N)" in the text (a reminder)."""
    return has_controls_of(message, table_id) or f"(table #{table_id})" in (message.content or "")


def has_controls_of(message: discord.Message, table_id: int) -> bool:
    """Whether a DM offers a control of the table (its custom_id starts "kind:table_id")."""
    marks = {(kind, str(table_id)) for kind in TABLE_CONTROLS}
    return any(tuple(custom_id.split(":")[:2]) in marks for custom_id in custom_ids(message))
