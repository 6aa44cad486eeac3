"""Votes of a table's players in Discord: the question in the thread with Agree / Refuse buttons
that mention who must answer, and what follows the answer (play/votes.py has the rules)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.render.base import shown_name
from bot.ui.components import VoteButton
from bot.ui.dynamic import dynamic_view
from bot.ui.permissions import post_refusal
from bot.ui.presenter import safely
from bot.ui.requests import caller_of, custom_ids, defer, history_hidden, left_server, name_of, refusal, reply
from bot.ui import panels
from play.common import TableError
from play.results import TableNews
from play.tournaments.rating_service import UNRATED_BY_VOTE, counts_for_rating
from play.votes import VoteNews, VoteOver


log = logging.getLogger(__name__)

ASK = "agree?"  # how a vote's question ends
QUESTION_LOOKBACK = 100  # messages of the thread looked through for a vote's question
# The players who were to answer went away, abandoned or left the server meanwhile (perhaps all
# of them, so not "everyone agreed": maybe nobody did).
STILL_ASKED = "Nobody still asked refused (the others went away, abandoned or left the server)"
IN_THREAD = "A vote is answered with the **Agree** / **Refuse** buttons of its question in the table's thread."


def question(kind: str, asker: str, subject: str | None, rated: bool = False, departed: bool = False) -> str:
    if kind == "cancel":
        return f"{asker} asks to cancel this game{' (it is rated: cancelled, it counts for nobody)' if rated else ''}."
    unrated = " (the game is then no longer rated, for anyone)" if rated else ""
    if departed:  # at an unrated table, or one whose pace is off (play/votes.py _departed)
        return (f"{asker} asks to hand {subject}'s seat to a computer player for good, as {subject} has left the "
                f"server{unrated}.")
    return f"{asker} asks to hand {subject}'s seat to a computer player for good{unrated}."


class VotesMixin:
    """The vote requests of TablesController."""

    service: Any
    presenter: Any
    questions: Any

    async def ask_vote(self, interaction: discord.Interaction, table_id: int, kind: str) -> None:
        try:
            # A thread deleted unheard is replaced (or found impossible) before the vote is stored.
            await self.presenter.current_thread(await self.service.news(table_id, caller_of(interaction)))
            voted = await self.service.ask_vote(table_id, caller_of(interaction), kind,
                                                await self._left_server(interaction, table_id))
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        if voted.outcome == "agreed":
            if voted.asked_before:  # its last players to answer went away or left the server meanwhile
                await reply(interaction, f"Done: {STILL_ASKED[0].lower()}{STILL_ASKED[1:]}.")
                await safely(f"vote message of table {voted.news.table.id}",
                             self._retire_question(voted.news, voted.kind))
                await self._carried_out(voted, STILL_ASKED)
            else:
                await reply(interaction, "Done: no other player had to agree.")
                await self._carried_out(voted, "No other player had to agree")
            return
        info = self.presenter.info(voted.news)
        subject = _subject(voted, info)
        users = voted.waiting
        view = dynamic_view()
        vote = voted.news.table.votes[kind]
        view.add_item(VoteButton(table_id, kind, True, vote["at"]))
        view.add_item(VoteButton(table_id, kind, False, vote["at"]))
        mentions = " ".join(f"<@{u}>" for u in users)
        asker = _name_of(voted, info, vote["by"]) or shown_name(name_of(interaction.user))
        asked = question(kind, asker, subject, counts_for_rating(voted.news.table, voted.news.seats),
                         bool(vote.get("left")))
        posted = await self.presenter.post(voted.news.table.thread_id, f"{asked} {mentions}: {ASK}", view=view,
                                           allowed_mentions=panels.PLAYER_MENTIONS)
        if posted:
            asked = self.questions.get((table_id, kind)) or []
            self.questions.put((table_id, kind), [*asked[-4:], posted])
        if not posted:
            why = await self._missing_permissions(voted.news)
            await reply(interaction, (why or "The question could not be posted in the thread (Discord refused it).")
                        + " The vote stays open: run the command again to ask again.")
        elif voted.asked_before:
            yours = " (you too: press **Agree** on it)" if interaction.user.id in voted.waiting else ""
            await reply(interaction, "That vote was already open: its question is asked again in the thread, "
                                     f"waiting for {_waiting(voted, info)}{yours}.")
        else:
            await reply(interaction, "The other players are asked in the thread; it happens when all agree.")

    async def answer_vote(self, interaction: discord.Interaction, table_id: int, kind: str, agree: bool,
                          at: int) -> None:
        if interaction.guild is None:
            # Its question is only ever in the thread, where Discord says who is still in the server: a
            # player who left it (whom votes no longer ask) must not answer from a DM.
            await reply(interaction, IN_THREAD)
            return
        try:
            voted = await self.service.answer_vote(table_id, caller_of(interaction), kind, agree, at,
                                                   await self._left_server(interaction, table_id))
        except VoteOver as exc:  # its buttons go: a question nobody can answer any more
            await reply(interaction, refusal(exc))
            # While a vote of this kind is open, the clicked question may be its own (a click
            # forged with another `at` proves nothing): no question of that kind loses its buttons.
            if exc.open_at is None:
                await _retire(await _as_stored(interaction.message), table_id, kind)
            return
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        info = self.presenter.info(voted.news)
        if voted.outcome == "open":
            await reply(interaction, f"Noted. Still waiting for {_waiting(voted, info)}.")
            return
        kept = _seat_kept(kind, voted, info)
        await reply(interaction, {"refused": f"Noted: you refused, so {kept or 'the game goes on'}.",
                                  "agreed": "Noted: everyone agreed, so it is done."}.get(voted.outcome, "Noted."))
        await _retire(await _as_stored(interaction.message), table_id, kind)
        await safely(f"vote message of table {table_id}", self._retire_question(
            voted.news, kind, interaction.message.id if interaction.message else None))
        if voted.outcome == "refused":
            name = _name_of(voted, info, interaction.user.id) or shown_name(name_of(interaction.user))
            await self.presenter.post(voted.news.table.thread_id, f"{name} refused: {kept or 'the game goes on'}.")
            return
        await self._carried_out(voted)

    async def settle_votes(self, news: TableNews) -> None:
        """After a player went away or abandoned: a vote left waiting for nobody is carried out."""
        if not news.table.votes or news.table.status != "running":
            return
        # Those who left the server are not waited for: asked of Discord for the players still to answer.
        agreed_to_all = set.intersection(*(set(vote.get("yes", ())) for vote in news.table.votes.values()))
        subjects = {kind for kind in news.table.votes if kind.startswith("handover:")}
        still = [s for s in news.seats if s.user_id is not None and not s.handed_over and (
            (s.user_id not in agreed_to_all and not s.away) or f"handover:{s.seat}" in subjects)]
        guild = self.presenter.bot.get_guild(news.table.guild_id)
        left = await left_server(guild, still, caller_id=0) if guild is not None and still else frozenset()
        for voted in await self.service.settle_votes(news.table.id, left):
            await safely(f"vote message of table {voted.news.table.id}",
                         self._retire_question(voted.news, voted.kind))
            await self._carried_out(voted, STILL_ASKED)

    async def vote_ended(self, news: TableNews, kind: str, note: str) -> None:
        """A vote ended without an answer (the player whose seat it was about is back): its question
        loses its buttons, and the thread is told why."""
        await safely(f"vote message of table {news.table.id}", self._retire_question(news, kind))
        await self.presenter.post(news.table.thread_id, note)

    async def _retire_question(self, news: TableNews, kind: str, answered: int | None = None) -> None:
        """The questions of a decided vote lose their buttons: the ones this process posted (but the
        `answered` one, which its answer retires), and any other among the thread's latest messages
        (asked before a restart, or many times; a thread the bot may not read back shows it none)."""
        key = (news.table.id, kind)
        posted = await self._retire_posted(*key, answered)
        thread = await self.presenter.channel(news.table.thread_id)
        if thread is None:
            return
        done = {m.id for m in posted} | {answered}
        async for message in thread.history(limit=QUESTION_LOOKBACK):
            if message.author == self.presenter.bot.user and message.id not in done:
                await _retire(message, *key)

    async def retire_questions(self, news: TableNews) -> None:
        """A table cancelled or ended with votes open: their questions lose their buttons (pressed,
        they would only answer that the vote is over)."""
        kinds = set(news.table.votes) | {kind for (table_id, kind), _ in self.questions.items()
                                         if table_id == news.table.id}
        for kind in sorted(kinds):
            await safely(f"vote questions of table {news.table.id}", self._retire_question(news, kind))

    async def retire_decided_questions(self, news: TableNews) -> None:
        """After a start, at a table changed just before the stop: the questions of votes decided
        or ended then (a stop may have come before they lost their buttons) lose them now; those
        of open votes keep theirs. One request: the thread's latest messages."""
        thread = await self.presenter.channel(news.table.thread_id)
        if thread is None or history_hidden(thread):
            return
        open_ = {VoteButton.prefix(news.table.id, kind) + f"{answer}:{vote.get('at')}"
                 for kind, vote in news.table.votes.items() for answer in ("yes", "no")}
        async for message in thread.history(limit=QUESTION_LOOKBACK):
            ids = custom_ids(message) if message.author == self.presenter.bot.user else []
            kinds = {custom_id.split(":")[2] for custom_id in ids if custom_id.startswith(f"vote:{news.table.id}:")}
            if len(kinds) == 1 and not open_ & set(ids):
                await _retire(message, news.table.id, kinds.pop().replace("-", ":"))

    async def _retire_posted(self, table_id: int, kind: str, answered: int | None = None) -> list[discord.Message]:
        """Retire the questions of a decided vote that this process posted (but the `answered` one,
        which its answer retires); returns them."""
        posted = self.questions.pop((table_id, kind)) or []
        for message in posted:
            if message.id != answered:
                await _retire(message, table_id, kind)
        return posted

    async def _left_server(self, interaction: discord.Interaction, table_id: int) -> frozenset[int]:
        """The table's players who have left its server: a vote neither waits for nor pings them.
        Discord is asked (one call a player, after "thinking…": they may take a while) only when
        the table is this server's (checked first) and someone else plays at it."""
        caller = caller_of(interaction)
        seats = (await self.service.news(table_id, caller)).seats  # one load, the server checked first
        others = [s for s in seats if s.user_id not in (None, caller.user_id) and not s.handed_over]
        if not others or interaction.guild is None:
            return frozenset()
        await defer(interaction)
        return await left_server(interaction.guild, others, caller.user_id)

    async def _missing_permissions(self: Any, news: TableNews) -> str | None:
        """Why the bot could not post in a table's thread, if a permission of its channel is missing."""
        thread = await self.presenter.channel(news.table.thread_id)
        parent = getattr(thread, "parent", None)
        if not isinstance(parent, discord.TextChannel):
            return None
        return post_refusal(parent, "post the vote's question")

    async def _carried_out(self, voted: VoteNews, agreed: str = "Everyone agreed") -> None:
        """`agreed`: how the vote was decided, as the thread is told."""
        news = voted.news
        if voted.kind == "cancel":
            rated = " It was rated: it counts for nobody." if counts_for_rating(news.table, news.seats) else ""
            await self.closed(news, f"{agreed}: table #{news.table.id} is cancelled.{rated}")  # type: ignore[attr-defined]
            return
        subject = _subject(voted, self.presenter.info(news))
        if news.table.status == "cancelled":  # the others abandoned meanwhile: nobody is left playing
            await self.closed(news, f"A computer player now plays {subject}'s seat and nobody is left, so "  # type: ignore[attr-defined]
                              f"table #{news.table.id} is closed.")
            return
        unrated = " The game is no longer rated, for anyone." if news.table.unrated_reason == UNRATED_BY_VOTE else ""
        await self.presenter.post(news.table.thread_id, f"{agreed}: a computer player plays {subject}'s "
                                  f"seat for the rest of the game.{unrated}")
        await self.after(news)  # type: ignore[attr-defined]
        row = next((s for s in news.seats if f"handover:{s.seat}" == voted.kind), None)
        if row is not None:  # theirs for good: their "Time ran out" notice no longer offers I'm back
            await safely(f"away notice of table {news.table.id}",
                         self.presenter.retire_away_notices(news, row, None))
        await self.settle_votes(news)  # another vote may have waited only for them


async def _as_stored(clicked: discord.Message | None) -> discord.Message | None:
    """The clicked message as Discord stores it: a forged click shows it with controls of its own
    making (another vote's buttons), which prove nothing. None when it cannot be read back."""
    if clicked is None:
        return None
    try:
        return await clicked.channel.fetch_message(clicked.id)
    except (discord.HTTPException, AttributeError) as exc:  # gone, or a channel the bot cannot read
        log.info("vote question %s not read back (%r); its buttons stay", clicked.id, exc)
        return None


async def _retire(message: discord.Message | None, table_id: int, kind: str) -> None:
    """Remove the buttons of a vote's question once it is decided: only if `message` (as stored)
    is that question, so a vote button forged onto a board, a lobby or another vote's question
    does not strip theirs."""
    prefix = VoteButton.prefix(table_id, kind)
    ids = custom_ids(message)
    if (message is not None and (message.content or "").endswith(ASK) and ids
            and all(custom_id.startswith(prefix) for custom_id in ids)):
        await safely(f"vote message of table {table_id}", message.edit(view=None))


# Players are named as the table names them (panels.table_info): those called alike told apart.
def _subject(voted: VoteNews, info: Any) -> str | None:
    """The name of the seat a hand-over vote is about (None for other votes)."""
    if not voted.kind.startswith("handover:"):
        return None
    return info.name(int(voted.kind.split(":")[1]))


def _seat_kept(kind: str, voted: VoteNews, info: Any) -> str:
    """What a refused hand-over vote leaves ("" for a cancel vote, after which the game goes on)."""
    if not kind.startswith("handover:"):
        return ""
    seat = int(kind.split(":")[1])
    meanwhile = " (a computer player plays it only until they press **I'm back**)" if voted.news.seats[seat].away else ""
    return f"{info.name(seat)} keeps their seat{meanwhile}; the vote can be asked again with `/table handover`"


def _name_of(voted: VoteNews, info: Any, user_id: int) -> str | None:
    return next((info.name(s.seat) for s in voted.news.seats if s.user_id == user_id), None)


def _waiting(voted: VoteNews, info: Any) -> str:
    return ", ".join(info.name(s.seat) for s in voted.news.seats if s.user_id in voted.waiting)
