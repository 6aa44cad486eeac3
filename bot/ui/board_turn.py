"""The first line of a table's board: whose move it is (mentioned), or that the game waits for
everyone away, or that the table was cancelled or closed."""

from __future__ import annotations

import discord

from play.results import TableNews, everyone_away
from play.tournaments.rating_service import rated_as_it_stood


def cancelled_head(news: TableNews) -> str:
    """How a cancelled table's board begins (a start-up reads it to see whether the cancel is shown).
    A rated game that everyone left was closed, not cancelled: it counts."""
    return f"**Table #{news.table.id} was {'closed' if rated_as_it_stood(news.table, news.seats) else 'cancelled'}**"


def turn_line(news: TableNews, to_act: frozenset[int]) -> tuple[str | None, discord.AllowedMentions]:
    """The board's first line: the players whose move it is, mentioned (highlighted for them).
    Discord pings for a mention in a new board, not in an edited one; the ping of a turn in
    the middle of a round is its DM (or a thread mention when DMs are closed)."""
    if news.table.status == "cancelled":
        counted = "; it is rated as it stood" if rated_as_it_stood(news.table, news.seats) else ""
        return (f"{cancelled_head(news)}: nobody is to move any more{counted}.",
                discord.AllowedMentions.none())
    if news.table.status != "running":
        return None, discord.AllowedMentions.none()
    users = [s.user_id for s in news.seats
             if s.seat in to_act and s.user_id is not None and not (s.ai or s.away or s.forfeited)]
    if not users:
        if everyone_away(news.seats):
            return ("The game waits: every player is away. Press **I'm back** (on your notice, or **My hand**) "
                    "to play on.", discord.AllowedMentions.none())
        return None, discord.AllowedMentions.none()
    mentions = ", ".join(f"<@{user}>" for user in users)
    line = f"Your move, {mentions}." if len(users) == 1 else f"Waiting for {mentions}: choose on your panels."
    return line, discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                         users=[discord.Object(user) for user in users])
