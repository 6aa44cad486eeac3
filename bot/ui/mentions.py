"""How a player hears that a decision is theirs: a DM panel, or, when their DMs are closed, a
mention in the table's thread (in its channel when the thread refuses the bot's posts or the table
has no thread), with a **My hand** button; in a private exchange, a mention of both its sides."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.ui import panels
from bot.ui.requests import safely
from bot.ui.shown import mentioned_for_turn
from bot.ui.thread_refusals import in_channel_text, no_thread_text, send_or_to_channel
from play.results import TableNews, exchange_token
from storage import SeatRow

if TYPE_CHECKING:
    from bot.ui.presenter import Presenter


class MentionsMixin:
    """The turn notices of Presenter."""

    async def notify_seat(self: Presenter, news: TableNews, seat: int, thread: Any) -> None:
        """A seat's choices changed: send it a fresh DM panel when it must act (taking the controls
        off its previous one), or mention it in the thread when its DMs are closed."""
        row, spec = news.seats[seat], self.service.spec(news.table)
        if row.user_id is None:
            return
        # The computer plays the seat for good, or until its player is back (whose notice with I'm
        # back says so, also while the game waits for everyone away): no turn panel is theirs.
        gone = row.handed_over or row.away
        if gone or news.table.status != "running" or not news.choices_of(spec, seat):
            if news.had_controls(seat):  # a decision withdrawn (a take-back): no longer asked for
                current = None if gone or news.table.status != "running" else self.panel(news, seat)
                await self.retire_dm_panel(news, row, current)
                # A reminder stays when the decision was made, or time ran out (the player was reminded):
                # only a take-back goes back on it.
                await self._withdraw_turn_mention(news, seat, reminders=news.taken_back is not None)
            return
        tried = self.dm_worth_trying(row)
        sent = tried and await self.dm_panel(news, seat, turn=True)
        if spec.shown_to_act(news.state) != spec.to_act(news.state):
            await self._exchange_mention(news, row, thread, tried, sent)
        elif not sent:
            where = f"{self.info(news).title} (table #{news.table.id})"
            turn = f"<@{row.user_id}>, it is your move — press **My hand** to play."
            posted = await self.mention(news, thread, turn, (
                f"<@{row.user_id}>, it is your move in {where} — press **My hand** to play (its thread, "
                f"{thread.mention}, does not take my posts at the moment).") if thread else "",
                view=panels.mention_view(news.table, panels.turn_token(news.table, seat)),
                allowed_mentions=panels.PLAYER_MENTIONS)
            if posted is not None:
                self.note_turn_post(news, seat, posted.channel.id, posted.id)

    def note_turn_post(self: Presenter, news: TableNews, seat: int, channel_id: int, message_id: int,
                       reminder: bool = False) -> None:
        """A post telling `seat` that its open decision waits (the thread's "it is your move", a
        reminder by DM or in the thread): a take-back that withdraws the decision removes it."""
        version = news.table.prompts.get(seat, (news.table.version,))[0]
        earlier = [post for post in self.turn_mentions.get((news.table.id, seat)) or () if post[2] == version]
        self.turn_mentions.put((news.table.id, seat), [*earlier, (channel_id, message_id, version, reminder)])

    async def _withdraw_turn_mention(self: Presenter, news: TableNews, seat: int, reminders: bool = True) -> None:
        """The thread's "it is your move" of a decision a take-back withdrew goes, and so does a
        reminder of it: pressed, it would show nothing to decide, it says a turn is due that is not,
        and each move taken back again would leave one more ping."""
        posts = self.turn_mentions.pop((news.table.id, seat)) or []
        withdrawn = news.previous_prompts.get(seat)
        for channel_id, message_id, version, reminder in posts:
            if withdrawn is not None and withdrawn[0] == version and (reminders or not reminder):  # that decision's
                place = self.bot.get_partial_messageable(channel_id)  # the thread, its channel, or a DM
                await safely(f"turn notice of table {news.table.id}", place.get_partial_message(message_id).delete())

    async def mention(self: Presenter, news: TableNews, thread: Any, text: str, in_channel: str = "",
                      **kwargs: Any) -> Any:
        """Post a player's mention in the table's thread (`in_channel`, or `text` marked so, in its
        channel when the thread refuses the bot's posts); in the channel when the table has no
        thread (none could be opened): a player whose DMs are closed hears of it nowhere else."""
        if thread is not None:
            return await send_or_to_channel(thread, text, in_channel or in_channel_text(text, news.table.id, thread),
                                            **kwargs)
        channel = await self.channel(news.table.channel_id) if news.table.thread_id is None else None
        if channel is None:
            return None
        return await channel.send(no_thread_text(text, news.table.id), **kwargs)

    async def _exchange_mention(self: Presenter, news: TableNews, row: SeatRow, thread: Any, tried: bool,
                                sent: bool) -> None:
        """A private exchange (a pay-off's answers): both sides are mentioned, in words that do not say
        whose answer is due, as it opens when a side's DMs are closed (that side would hear nothing
        until its time ran out), or once when a DM of it failed (also the first since a restart)."""
        spec = self.service.spec(news.table)
        people = [news.seats[s] for s in sorted(spec.shown_to_act(news.state))]
        people = [p for p in people if p.played_in_person]  # not a side the computer plays
        opened = any(e.kind in spec.private_exchange_events for move in news.moves for e in move.events)
        if sent and not (opened and any(p.dm_ok is False for p in people)):
            return
        if not (opened or tried) or (not opened and await mentioned_for_turn(self.bot, news, spec, row)):
            return
        if people:
            text = (f"{' '.join(f'<@{p.user_id}>' for p in people)}: you negotiate a pay-off: press **My hand** on "
                    "the board for your part, and again after each answer.")
            view = panels.mention_view(news.table, exchange_token(news.table, spec, news.state))
            await self.mention(news, thread, text, allowed_mentions=panels.PLAYER_MENTIONS, view=view)

    async def to_player(self: Presenter, news: TableNews, content: str, **kwargs: Any) -> discord.Message | None:
        """A line for a player who may hear of it nowhere else (DMs closed): in the table's thread,
        or its channel (when the thread refuses the bot's posts, or the table has no thread)."""
        if news.table.thread_id is None:
            return await self.post(news.table.channel_id, no_thread_text(content, news.table.id), **kwargs)
        return await self.post(news.table.thread_id, content, player_of=news.table.id, **kwargs)
