"""A running table's thread that stops taking the bot's board (a moderator took a permission away
or locked the thread): the move is stored and the game goes on by DM, and the board is tried again
later (Presenter.publish). The player whose move could not be shown is told why and who can fix it,
once until the thread takes the board again; the log names the same."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.ui.permissions import denied_to_me, missing_to_post, timed_out
from play.common import BoundedCache

log = logging.getLogger(__name__)

ARCHIVED = 50083  # Discord's error code for a post in an archived (or locked) thread


class EmbedsDropped(Exception):
    """Discord took a board without its embeds: the bot lacks Embed Links in the thread's channel
    (with text in the message Discord drops the embeds instead of refusing it)."""


class EmbedsRefused(discord.Forbidden):
    """As EmbedsDropped, for a tournament's post in its channel: handled as Discord's refusal (a
    discord.Forbidden), so the post is tried again and the organiser told."""

    def __init__(self) -> None:
        Exception.__init__(self, "the embeds were dropped (Embed Links)")
        self.response, self.status, self.code, self.text = None, 403, 0, "the embeds were dropped"


def _then(fixed: str, ended: bool) -> str:
    """What follows once `fixed` ("a moderator unlocks the thread"): the next move's board, or, the
    game over (`ended`), the retries of its last board and standings (the last 2 hours later)."""
    if ended:
        return (f"The game is over, and each player's result comes by DM; its last board and standings are tried "
                f"again over the next two hours (and at my next start): they are posted if by then {fixed}.")
    return f"The game goes on by DM; once {fixed}, the board catches up at the next move."


def thread_refusal(thread: Any, exc: Exception, *, board: bool = False, ended: bool = False) -> str | None:
    """What to tell of a message (`board`: a board; `ended`: the game's last) Discord refused in
    `thread`: the permissions to grant in its channel, or that the thread is locked; None when
    Discord refused for another reason."""
    if getattr(exc, "code", None) == ARCHIVED:
        return ("Your move is stored, but I cannot post in this table's thread: it is locked or archived. "
                + _then("a moderator unlocks the thread", ended))
    parent = getattr(thread, "parent", None)
    if isinstance(exc, discord.Forbidden) and timed_out(parent):
        return ("Your move is stored, but a moderator has timed me out in this server, so I cannot post this "
                "table's board. " + _then("the timeout ends or is removed (my member menu, **Remove Timeout**)",
                                          ended))
    refused = isinstance(exc, (discord.Forbidden, EmbedsDropped)) and parent is not None
    missing = missing_to_post(parent, board=board) if refused else []
    if isinstance(exc, EmbedsDropped) and refused and not missing:
        missing = ["Embed Links"]  # Discord knows better than the bot's copy of the permissions
    if not missing:
        return None
    listed = ", ".join(f"**{label}**" for label in missing)
    # A deny set on the bot itself in the channel beats any grant to its roles: only that setting mends it.
    where = ("in the channel's settings, where it is denied to me by name" if denied_to_me(parent, missing)
             else "in the channel's settings, or to my role")
    return (f"Your move is stored, but I cannot post this table's board in {parent.mention}: I am missing the "
            f"permission{'s' * (len(missing) > 1)} {listed} there. "
            + _then(f"a server admin grants it ({where})", ended))


def in_channel_text(content: str, table_id: int, thread: Any) -> str:
    """`content` as posted in a thread's channel when the thread refuses the bot's posts."""
    return f"{content}\n*(Posted here: the thread of table #{table_id}, {thread.mention}, does not take my posts " \
           "at the moment.)*"


def no_thread_text(content: str, table_id: int) -> str:
    """`content` as posted in a table's channel when the table has no thread (none could be opened)."""
    return (f"{content}\n*(Posted here: table #{table_id} has no thread at the moment; `/table hand table:{table_id}` "
            "shows your hand.)*")


async def send_or_to_channel(thread: Any, content: str, in_channel: str, **kwargs: Any) -> Any:
    """`thread.send(content, **kwargs)`; when the thread refuses the bot's posts (it is locked, or a
    permission to post there was taken away), `in_channel` goes to the thread's channel instead: a
    player whose DMs are closed hears of their turn nowhere else. Raises the thread's refusal when
    the channel refuses too (and what Discord raises for any other failure)."""
    try:
        return await thread.send(content, **kwargs)
    except discord.HTTPException as exc:
        parent = getattr(thread, "parent", None)
        if parent is None or thread_refusal(thread, exc) is None:
            raise
        try:
            return await parent.send(in_channel, **kwargs)
        except discord.HTTPException as refused:
            needs = (f" (the bot needs {to_post_in_channel(parent)} there to tell players whose DMs are closed)"
                     if isinstance(refused, discord.Forbidden) and not timed_out(parent) else "")
            log.warning("a notice refused in thread %s was refused in its channel %s too (%s %s)%s", thread.id,
                        parent.id, refused.status, refused.text or refused, needs)
            raise exc from None


def to_post_in_channel(channel: Any) -> str:
    """The permissions the bot lacks to post in `channel` itself (both, when it cannot tell)."""
    needed = {"view_channel": "View Channels", "send_messages": "Send Messages"}
    me = getattr(getattr(channel, "guild", None), "me", None)
    allowed = channel.permissions_for(me) if me is not None and hasattr(channel, "permissions_for") else None
    missing = [label for name, label in needed.items() if allowed is not None and not getattr(allowed, name)]
    if missing[:1] == ["View Channels"]:
        return "View Channels"  # (without it Discord counts every other permission as missing too)
    return " and ".join(missing or needed.values())


class ThreadRefusals:
    """Tables whose thread refused their board, with what to tell and whether it was told."""

    def __init__(self) -> None:
        self.refused: BoundedCache[int, tuple[str, bool]] = BoundedCache(1_000)

    async def show(self, table_id: int, thread: Any, refresh: Any, ended: bool = False) -> bool:
        """Await `refresh` (the board's; `ended`: the game's last); False when Discord (or a fault)
        kept it from the thread, which is logged, with what is missing when that is why."""
        try:
            await refresh
        except (discord.HTTPException, EmbedsDropped) as exc:
            reason = thread_refusal(thread, exc, board=True, ended=ended)
            known = self.refused.get(table_id)
            if reason is not None and known is None:
                self.refused.put(table_id, (reason, False))
            failure = f"{exc.status} {exc.text or exc}" if isinstance(exc, discord.HTTPException) else \
                "Discord dropped its embeds"
            # Once a table's board is refused for a reason, its later moves (refused alike until the
            # permission is back) are logged quietly: one warning says what to grant.
            level = logging.DEBUG if known is not None and known[0] == reason else logging.WARNING
            log.log(level, "board of table %s failed: %s%s", table_id, failure, f" ({reason})" if reason else "")
            return False
        except Exception:  # a bug in one step must not stop the next ones
            log.exception("board of table %s failed", table_id)
            return False
        self.refused.pop(table_id)
        return True

    def to_tell(self, table_id: int) -> str | None:
        """Why the table's thread refused its board, once (until it takes the board again)."""
        found = self.refused.get(table_id)
        if found is None or found[1]:
            return None
        self.refused.put(table_id, (found[0], True))
        return found[0]
