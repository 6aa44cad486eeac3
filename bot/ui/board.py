"""The public board of a table in its thread: one message per round or phase, edited in place.

The board shows the public view (embeds, and a picture where the game has one) and, below it,
the game log since the board was posted, so a move costs one edit rather than a post per event.
The picture is drawn and uploaded only when what it shows changed. A new board is posted when
the renderer's board key changes (a new round or phase), when the log has no room for a move's
lines (the old board keeps the whole log up to that move, so the thread loses none), or when the
old message can no longer be edited; the replaced board loses its buttons. A new board's log starts
where the thread stopped (bot/ui/board_log.py has the log's lines and limits).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, Hashable

import discord

from bot.render import get_renderer
from bot.render.base import EMBED_TOTAL, within_total
from bot.ui import panels
from bot.ui.board_retire import WAITING, RetireLater
from bot.ui.board_shown import BoardShown
from bot.ui.board_start import board_after_start
from bot.ui.board_turn import turn_line
from bot.ui.board_log import (CONTENT_LIMIT, EARLIER, LOG_TITLE, continued_logs, due_text, latest_lines,
                              lines_forgotten, log_embed, log_of, log_reaches, news_lines, versions_after)
from bot.ui.thread_refusals import EmbedsDropped
from bot.ui.unread import edit_unread, send_unread
from play.common import BoundedCache, KeyedLocks
from play.record import commitment
from play.results import TableNews
from play.tables import TableService

log = logging.getLogger(__name__)

# A board whose embeds leave the log less room than this (Aelderman's main version with four
# players) writes its log in the message's text, under the turn line, which has a limit of its own.
LOG_ROOM_IN_EMBEDS = 1000


@dataclass
class BoardText:
    """A board message's text: its turn line (and who it may mention), its embeds, and its log."""

    content: str | None
    mentions: discord.AllowedMentions
    embeds: list[discord.Embed]
    log_in_content: bool
    cut: bool  # the log left out lines since the board's start

    def message(self) -> dict[str, Any]:
        return {"content": self.content, "allowed_mentions": self.mentions, "embeds": self.embeds}


def thread_shows(shown: BoardShown | None, news: TableNews, hint: int | None) -> int:
    """The version up to which the thread shows the log: what its boards (and continued logs) were
    last brought to (earlier than this news when Discord refused a board meanwhile), or what a
    retry stored of it (`hint`); not known since a restart, the version before this news; with no
    board ever posted, nothing (0)."""
    if shown is not None and shown.version >= 0:
        return shown.version
    if hint is not None:
        return hint
    return news.first_version if shown is not None else 0


class Boards:
    def __init__(self, bot: discord.Client, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self.shown: BoundedCache[int, BoardShown] = BoundedCache(2_000)
        self.hints: BoundedCache[int, int] = BoundedCache(2_000)  # see thread_showed
        self.locks = KeyedLocks()
        # Tables whose channel refused their board picture (no Attach Files): their boards go
        # without it, and a new board (a new round) tries again.
        self.pictures_refused: BoundedCache[int, bool] = BoundedCache(2_000)
        self.retire_later = RetireLater()  # replaced boards Discord refused to retire
        # Tables a start shows again whose first board a stop may have cut off before it was stored.
        self.look_back: BoundedCache[int, bool] = BoundedCache(2_000)

    def forget(self, table_id: int) -> None:
        self.shown.pop(table_id)
        self.hints.pop(table_id)
        self.pictures_refused.pop(table_id)

    async def refresh(self, news: TableNews, thread: Any, *, force_new: bool = False) -> None:
        """Show the table of `news` on its board. Overlapping refreshes end with the newest one."""
        if news.state is None or thread is None:
            return
        table = news.table
        async with self.locks.hold(table.id):
            if self.service.ended_since(news):
                return  # cancelled meanwhile: its board says so, and this must not undo that
            await self.retire_later.retry(table.id, thread, table.game)
            shown, hint = self.shown.get(table.id), self.hints.get(table.id)
            renderer = get_renderer(table.game)
            info = self.service_info(news)
            public = news.view(self.service.spec(table), None)
            key = renderer.board_key(public)
            look_back = shown is None and self.look_back.pop(table.id)  # once, whether needed or not
            if shown is None and (table.board_message_id is not None or look_back):
                shown = await board_after_start(self, thread, news, info, key)  # since a start
            if shown is not None and shown.version > table.version:
                return  # a later move's board is already up
            new = force_new or shown is None or shown.key != key
            since = thread_shows(shown, news, hint)  # a new board's log starts after what the thread shows
            unknown = shown is not None and shown.version < 0 and hint is None  # since a restart: read it back
            image_key = self._image_key(table, info, public)
            if not new:
                text = self._text(news, info, public, shown.since, shown.log_in_content)
                # A full log goes on under a new board, unless one move alone overflows this one.
                if not (text.cut and (since > shown.since or len(versions_after(news, since)) > 1)):
                    edited = await self._edit(thread, shown, news, text, key, image_key, info, public)
                    if edited == "edited":
                        self._forget_ended(table)
                        return
                    if edited == "gone":  # deleted: the new board shows its whole log again
                        since, unknown = shown.since, False
            # Any new board (a new round, a full log, one a moderator deleted) tries its picture again.
            if self.pictures_refused.pop(table.id) is not None:
                image_key = self._image_key(table, info, public)
            recalled = False
            if unknown:
                read, reached = await self._read_shown(thread, shown, news, info)
                recalled, news = read is not news, read  # with every line of the game: not replayed again
                since = news.first_version if reached is None else reached
                if reached is not None:  # read once: a board refused below goes on from there next time
                    shown = dataclasses.replace(shown, version=reached)
                    self.shown.put(table.id, shown)
            if not recalled and lines_forgotten(news, since):  # rare: the thread fell far behind (Discord refused it for long)
                news = await self._recalled(news)
            # The board the action taken back began (a new round or phase) tells a game that did not
            # happen: it goes once the new one is up, whose log goes on from where the thread was before.
            withdrawn = (new and shown is not None and news.taken_back is not None
                         and shown.since >= news.taken_back - 1)
            if withdrawn:
                since = shown.since
            since, text = await self._post_overflow(thread, news, info, public, since)
            # A new round's (or phase's) board pings whose move it is; one that only goes on from a
            # full log or an uneditable message does not (their turn's ping was its DM).
            await self._post(thread, shown, news, info, public, key, image_key, since, text,
                             ping=new and news.taken_back is None, withdrawn=withdrawn)  # who took back: they know
            self._forget_ended(table)

    async def _post_overflow(self, thread: Any, news: TableNews, info: Any, public: Any,
                             since: int) -> tuple[int, BoardText]:
        """Lines after `since` that a new board's log cannot hold (a chain of computer moves) go
        first, whole moves at a time, in messages of their own, so the thread loses none; returns
        where the new board's log starts, and its text. A single move with more lines than a board
        holds is cut there (its log says where to read them all)."""
        text = self._text(news, info, public, since, None)
        versions = versions_after(news, since) if text.cut else []
        if len(versions) < 2:
            return since, text
        for start in versions[:-1]:  # the earliest start whose log fits; else all but the last move
            text = self._text(news, info, public, start, None)
            if not text.cut:
                break
        lines = [(version, info.fill(line)) for version, line in news_lines(news) if since < version <= start]
        for content, reached in continued_logs(lines):
            await thread.send(content=content, allowed_mentions=discord.AllowedMentions.none())
            self._thread_reached(news.table.id, reached)  # a refusal next goes on from there
        return start, text

    async def _read_shown(self, thread: Any, shown: BoardShown, news: TableNews,
                          info: Any) -> tuple[TableNews, int | None]:
        """Since a restart: the version up to which the current board's log reaches, read from the
        board itself (a stop between storing a move and showing it left the move's lines off it);
        None when it cannot be read or placed. A board the thread left further behind than the
        lines kept with the table is placed among all of the game's lines (`news` comes back with
        them, for the board that goes on from there), by the lines it starts with."""
        try:
            board = log_of(await thread.fetch_message(shown.message_id), with_note=True)
        except discord.HTTPException:
            return news, None
        if lines_forgotten(news, shown.since):
            news = await self._recalled(news)  # every line since the board's start
        whole = EARLIER not in board  # else its log starts with the note that earlier lines are left out
        lines = [line for line in board if line != EARLIER]
        return news, log_reaches(lines, shown.since, news, info.fill, from_start=whole)

    async def _recalled(self, news: TableNews) -> TableNews:
        """`news` with its table's public lines from the game's start (replayed), for a thread that
        fell behind the ones kept with the table."""
        recent = news.table.recent_events
        kept_from = recent[0][0]  # its earlier lines may be cut: replayed up to it
        lines = [line for line in await self.service.public_lines(news.table.id) if line[0] <= kept_from]
        lines += [(version, text) for version, text in recent if version > kept_from]
        return dataclasses.replace(news, table=news.table.model_copy(update={"recent_events": lines}))

    def _thread_reached(self, table_id: int, version: int) -> None:
        shown = self.shown.get(table_id)
        if shown is not None:
            self.shown.put(table_id, dataclasses.replace(shown, version=version))
        else:
            self.hints.put(table_id, version)

    def thread_showed(self, table_id: int, version: int | None) -> None:
        """What a retry stored of the thread (`Boards.shown_up_to` then): used until this process
        shows the table's board itself (after a restart)."""
        if version is not None and self.shown.get(table_id) is None:
            self.hints.put(table_id, version)

    def shown_up_to(self, table_id: int) -> int | None:
        """The version up to which the thread's boards show the log, as this process left them."""
        shown = self.shown.get(table_id)
        return shown.version if shown is not None and shown.version >= 0 else self.hints.get(table_id)

    def _forget_ended(self, table: Any) -> None:
        """A game over is shown for good: nothing of its board is kept. (Kept while Discord refuses
        its last board, whose retry must know what the thread shows.)"""
        if table.status != "running":
            self.forget(table.id)

    async def close(self, news: TableNews, thread: Any) -> bool:
        """The board of a cancelled table says so in place of whose move it was, names the players
        without mentioning them, shows no deadlines and loses its buttons; its log stays as it is
        (its picture too, unless the table changed since it was drawn), and lines Discord refused
        to show meanwhile go below it. Raises discord.HTTPException when Discord refuses (the
        caller tries again later)."""
        table = news.table
        if news.state is None or thread is None or table.board_message_id is None:
            return True
        async with self.locks.hold(table.id):
            shown, upto = self.shown.get(table.id), self.shown_up_to(table.id)
            message_id, since = (shown.message_id, shown.since) if shown else (table.board_message_id,
                                                                               table.board_version)
            info = dataclasses.replace(self.service_info(news), mentions={})
            edit = True
            try:
                own = log_of(await thread.fetch_message(message_id), with_note=True)
            except discord.NotFound:  # deleted (by a moderator): a new one shows its whole log
                own, upto, edit = None, news.table.version, False
            except discord.Forbidden:  # no Read Message History: written again, its log from the stored lines
                own, upto = None, news.table.version
            if upto is None:
                upto = log_reaches([line for line in own if line != EARLIER], since, news, info.fill)
            upto = news.table.version if upto is None else upto
            if lines_forgotten(news, since if own is None else upto):
                news = await self._recalled(news)
            public = news.view(self.service.spec(table), None)
            text = self._text(news, info, public, since, shown.log_in_content if shown else None, own)
            if not edit:  # posted anew: with its picture, as every new board
                image = None if self._image_key(table, info, public) is None else await self._image(news, info, public)
                await self._without_refused_picture(thread.send, {
                    **text.message(), "allowed_mentions": discord.AllowedMentions.none(),
                    "files": [image] if image else []}, table.id)
            else:
                await self._closed_edit(thread.get_partial_message(message_id), news, info, public, text, shown)
            self.forget(table.id)
            self.hints.put(table.id, upto)  # until the lines below are out: a retry posts only those
            lines = [(version, info.fill(line)) for version, line in news_lines(news) if version > upto]
            for content, reached in continued_logs(lines):
                await thread.send(content=content, allowed_mentions=discord.AllowedMentions.none())
                self.hints.put(table.id, reached)
            self.forget(table.id)
            return True

    def service_info(self, news: TableNews) -> Any:
        """The names and links of a table, worked out once for a request's news."""
        return news.once("info", lambda: panels.table_info(news.table, news.seats, self.service.spec(news.table),
                                                           panels.thread_url(news.table)))

    def _text(self, news: TableNews, info: Any, public: Any, since: int, log_in_content: bool | None,
              shown_log: list[str] | None = None) -> BoardText:
        """The board's text for a new board or an edit, its log since `since` (or `shown_log`, the
        lines it shows already) written where the board has it (`log_in_content`; None: where there
        is room, for a new board)."""
        turn, mentions = turn_line(news, self.service.spec(news.table).shown_to_act(news.state))
        embeds = self._embeds(news, info, public)
        if shown_log is not None:
            lines, earlier = [line for line in shown_log if line != EARLIER], EARLIER in shown_log
        else:
            lines = [info.fill(text) for version, text in news_lines(news) if version > since]
            earlier = lines_forgotten(news, since)
        deadlines = news.table.deadlines if news.table.status == "running" else {}  # a cancel keeps them stored
        spec = self.service.spec(news.table)
        if deadlines and spec.shown_to_act(news.state) != spec.to_act(news.state):
            deadlines = {}  # whose step it is stays private (a pay-off's answers): no deadline tells it
        due = due_text(info, deadlines)
        room = EMBED_TOTAL - sum(len(e) for e in embeds) - 50 - (len(WAITING) + len(due) if due else 0)
        if log_in_content is None:
            log_in_content = room < LOG_ROOM_IN_EMBEDS
        if log_in_content:
            shown = latest_lines(lines, CONTENT_LIMIT - len(turn or "") - len(LOG_TITLE) - 10, earlier)
            log_part = None
            turn = "\n".join(filter(None, [turn, f"**{LOG_TITLE}**\n" + "\n".join(shown) if shown else None]))
        else:
            log_part = log_embed(lines, room, earlier) if len(embeds) < 10 else None
            shown = log_part.description.splitlines() if log_part is not None else []
        # `is not None`, not truth: an Embed's truth looks at every one of its parts.
        target = log_part if log_part is not None else (embeds[-1] if embeds else None)
        if due and target is not None and len(target.fields) < 25:
            target.add_field(name=WAITING, value=due, inline=False)
        cut = bool(lines) and len([line for line in shown if line != EARLIER]) < len(lines)
        # The renderer keeps its embeds within Discord's limit; the deal's footer and the
        # deadlines come on top of them.
        within_total(embeds, EMBED_TOTAL - (len(log_part) if log_part is not None else 0), keep_field=WAITING)
        return BoardText(turn, mentions, embeds + ([log_part] if log_part is not None else []), log_in_content, cut)

    def _embeds(self, news: TableNews, info: Any, public: Any) -> list[discord.Embed]:
        renderer = get_renderer(news.table.game)
        embeds = renderer.board(info, public)
        if news.table.status == "cancelled":  # the game as it stood, not whose move it was
            embeds = renderer.retired(embeds)
        if (news.table.seed_salt or news.table.seed_chosen) and embeds:
            # The deal is fixed before anyone sees a card: shown now, checked at the end (play/record.py).
            fair = (f"Fair deal: SHA-256 of salt:seed = {_commitment(news.table.seed, news.table.seed_salt)}"
                    if news.table.seed_salt else f"Dealt from the seed {news.table.seed}, chosen by an admin: not rated")
            footer = embeds[-1].footer.text
            embeds[-1].set_footer(text=f"{footer}\n{fair}"[-2048:] if footer else fair)
        return embeds

    async def _closed_edit(self, board: Any, news: TableNews, info: Any, public: Any, text: BoardText,
                           shown: BoardShown | None) -> None:
        """The ended board's edit, with the picture of the table as it ended if the board shows
        another (moves made while Discord refused the board's edits) or, since a restart, maybe."""
        message: dict[str, Any] = {**text.message(), "view": None}
        key = self._image_key(news.table, info, public)
        if key is not None and (shown is None or key != shown.image_key):
            image = await self._image(news, info, public)
            # Not drawn: none, rather than a picture of an earlier position under the ended board's text.
            message["attachments"] = [image] if image is not None else []
        await self._without_refused_picture(board.edit, message, news.table.id)

    def _image_key(self, table: Any, info: Any, public: Any) -> Hashable | None:
        """What the board's picture shows (None: no picture, or the channel refused pictures)."""
        if table.id in self.pictures_refused:
            return None
        try:
            return get_renderer(table.game).board_image_key(info, public)
        except Exception:  # as a picture that cannot be drawn: the board's text goes on without it
            log.exception("the board picture of table %s could not be keyed; the board goes without it", table.id)
            self.pictures_refused.put(table.id, True)
            return None

    async def _image(self, news: TableNews, info: Any, public: Any) -> discord.File | None:
        """The board's picture; None, and none until a new board, when it cannot be drawn (a
        picture that fails must not keep the board's text from the thread)."""
        renderer = get_renderer(news.table.game)
        try:
            quick = renderer.board_image_now(info, public)
            return quick if quick is not None else await asyncio.to_thread(renderer.board_image, info, public)
        except Exception:
            log.exception("the board picture of table %s could not be drawn; the board goes without it",
                          news.table.id)
            self.pictures_refused.put(news.table.id, True)
            return None

    async def _edit(self, thread: Any, shown: BoardShown, news: TableNews, text: BoardText, key: str,
                    image_key: Hashable | None, info: Any, public: Any) -> str:
        """"edited"; "gone" (deleted); "stuck": refused otherwise (it stays in the thread as it was)."""
        message = text.message()
        if news.table.status == "running" and shown.shows(message, image_key):
            # Nothing the thread sees changed (a pay-off's secret step): no edit, whose "(edited)"
            # time would tell that a step was taken.
            self.shown.put(news.table.id, dataclasses.replace(shown, version=news.table.version))
            return "edited"
        if news.table.status != "running":  # while it runs, the board keeps the buttons it was posted with
            message["view"] = panels.board_view(news.table)
        if image_key != shown.image_key:
            image = await self._image(news, info, public) if image_key is not None else None
            message["attachments"] = [image] if image else []
        try:
            embeds, pictured = await self._without_refused_picture(partial(edit_unread, thread.get_partial_message(
                shown.message_id)), message, news.table.id)
        except discord.HTTPException as exc:  # deleted, too old to edit, archived thread...
            log.info("board of table %s not editable (%s); posting a new one", news.table.id, exc)
            return "gone" if isinstance(exc, discord.NotFound) else "stuck"
        if news.table.id in self.pictures_refused or not pictured:
            image_key = None
        # Embeds dropped (not removed by a moderator: -1): the next move edits them in again, and
        # the picture, shown all the same, is not uploaded again.
        dropped = bool(text.embeds) and not embeds
        self.shown.put(news.table.id, BoardShown(shown.message_id, key, image_key, news.table.version, shown.since,
                                                 () if dropped else tuple(text.embeds), text.content,
                                                 text.log_in_content))
        self.hints.pop(news.table.id)
        if dropped:
            raise EmbedsDropped
        return "edited"

    async def _post(self, thread: Any, old: BoardShown | None, news: TableNews, info: Any, public: Any, key: str,
                    image_key: Hashable | None, since: int, text: BoardText, *, ping: bool = True,
                    withdrawn: bool = False) -> None:
        """Post a new board in place of `old`, which then loses its buttons (`withdrawn`: is deleted)."""
        image = await self._image(news, info, public) if image_key is not None else None
        if not ping:
            text.mentions = discord.AllowedMentions.none()
        message, pictured = await self._without_refused_picture(
            partial(send_unread, thread),
            {**text.message(), "view": panels.board_view(news.table), "files": [image] if image else []}, news.table.id)
        if news.table.id in self.pictures_refused or not pictured:
            image_key = None
        dropped = bool(text.embeds) and not message.embeds  # shown without them: the next move edits it
        self.shown.put(news.table.id, BoardShown(message.id, key, image_key, news.table.version, since,
                                                 () if dropped else tuple(text.embeds), text.content,
                                                 text.log_in_content))
        self.hints.pop(news.table.id)
        try:
            await self.service.board_posted(news.table.id, message.id, key, since)
        except Exception:  # not recorded (the database refused): the board goes on all the same, alone
            await self._replaced(thread, old, news, withdrawn)
            raise
        await self._replaced(thread, old, news, withdrawn)
        if dropped:
            raise EmbedsDropped

    async def _replaced(self, thread: Any, old: BoardShown | None, news: TableNews, withdrawn: bool) -> None:
        """The board a new one replaced loses its buttons (`withdrawn`: a take-back's, it goes)."""
        if old is not None:
            await (self.retire_later.delete if withdrawn else self.retire_later.retire)(
                thread, old, news.table.id, news.table.game)

    async def _without_refused_picture(self, call: Any, message: dict[str, Any], table_id: int) -> tuple[Any, bool]:
        """Send or edit a board, and whether its picture went with it. A board Discord refuses for
        its picture (the bot lost Attach Files there, or the file is too large) goes without one
        (its text says the same) until a new board is posted: the text must not wait for it. One
        whose upload meets a server error (after discord.py's own retries: an outage of uploads)
        goes without it too, and the next move tries the picture again."""
        try:
            return await call(**message), True
        except discord.HTTPException as exc:
            refused = isinstance(exc, discord.Forbidden) or exc.status == 413
            if not (refused or exc.status >= 500) or not message.get("files") and not message.get("attachments"):
                raise
            # Tried without it: only if that goes through was the picture what failed (else the bot
            # may not post there at all, or Discord is failing altogether, and keeps its pictures).
            sent = await call(**{**{key: value for key, value in message.items() if key != "files"},
                                 **({"attachments": []} if "attachments" in message else {})})
            if not refused:
                log.warning("the board picture of table %s failed to upload (%s); the board goes without it "
                            "until the next move", table_id, exc.status)
                return sent, False
            log.warning("the board picture of table %s was refused (%s): %s; the board goes without it", table_id,
                        exc.status, "it is too large" if exc.status == 413 else "the bot needs Attach Files in its channel")
            self.pictures_refused.put(table_id, True)
            return sent, False


@lru_cache(maxsize=1024)  # every board of a fair deal shows it (the table's seed and salt, as stored)
def _commitment(seed: int, salt: str) -> str:
    return commitment(seed, salt)
