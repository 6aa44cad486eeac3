"""What the bot must be allowed in a channel to run tables there, checked before anything is
stored or created: a table or round the bot cannot show is refused with the permissions to grant."""

from __future__ import annotations

from typing import Any

import discord

from bot.render import get_renderer

# Permission attribute -> its name in Discord's channel settings. A table is played in a thread
# of the channel: these are looked up as they apply inside its threads.
IN_THREADS = {"view_channel": "View Channels", "create_public_threads": "Create Public Threads",
              "send_messages_in_threads": "Send Messages in Threads", "embed_links": "Embed Links",
              "read_message_history": "Read Message History"}
PICTURES = {"attach_files": "Attach Files"}
# What a plain message in a table's thread needs (a vote's question), and a board (made of embeds).
TO_POST = {"view_channel": "View Channels", "send_messages_in_threads": "Send Messages in Threads"}
TO_SHOW_BOARD = {**TO_POST, "embed_links": "Embed Links"}
# A tournament also posts in the channel itself (its embed, each round, the standings).
IN_CHANNEL = {"send_messages": "Send Messages", "embed_links": "Embed Links"}


def missing_permissions(channel: discord.TextChannel, *, pictures: bool, posts_in_channel: bool = False) -> list[str]:
    """The permissions the bot lacks in `channel` to run tables in its threads (`pictures`: a game
    whose board has a picture; `posts_in_channel`: a tournament, which posts in the channel too).
    Empty when they are all there, or when the bot's own member is unknown."""
    me = channel.guild.me
    if me is None:
        return []
    # As Discord works out a thread's: the channel's own, where Send Messages in Threads (not Send
    # Messages) decides whether links and files may be posted. Without it, links and files are
    # named only if they are denied too: granting it is then the whole fix.
    in_threads = discord.abc.GuildChannel.permissions_for(channel, me)
    needed = {**IN_THREADS, **(PICTURES if pictures else {})}
    missing = [label for name, label in needed.items() if not getattr(in_threads, name)]
    if posts_in_channel:  # the same values: without Send Messages, links count as denied, but granting it is the fix
        missing += [label for name, label in IN_CHANNEL.items()
                    if not getattr(in_threads, name) and label not in missing]
    return missing


def timed_out(channel: Any) -> bool:
    """Whether a moderator has timed the bot out in `channel`'s server: Discord then refuses its
    posts whatever its permissions say, and removing the timeout is the fix."""
    me = getattr(getattr(channel, "guild", None), "me", None)
    return me is not None and me.is_timed_out()


def timed_out_text(what: str) -> str:
    return (f"I cannot {what}: a moderator has timed me out in this server, and I may not post until the timeout "
            "ends. A moderator can remove it (my member menu, **Remove Timeout**), then try again.")


def missing_text(channel: discord.abc.GuildChannel, missing: list[str], what: str) -> str:
    """A refusal naming what to grant, and where (or that the bot is timed out, which no grant mends)."""
    if timed_out(channel):
        return timed_out_text(what)
    listed = ", ".join(f"**{label}**" for label in missing)
    # A deny set on the bot itself in the channel beats any grant to its roles: only that setting mends it.
    where = ("settings (Permissions), where it is denied to me by name" if denied_to_me(channel, missing) else
             "settings (Permissions) or to my role")
    return (f"I cannot {what} in {channel.mention}: I am missing the permission{'s' if len(missing) > 1 else ''} "
            f"{listed} there. A server admin can grant {'them' if len(missing) > 1 else 'it'} in the channel's "
            f"{where}, then try again.")


def denied_to_me(channel: discord.abc.GuildChannel, missing: list[str]) -> bool:
    """Whether the channel's settings deny one of `missing` to the bot's own member (not a role)."""
    me = channel.guild.me
    if me is None:
        return False
    own = channel.overwrites_for(me)
    labels = {**IN_THREADS, **PICTURES, **TO_POST, **IN_CHANNEL}
    return any(getattr(own, name) is False for name, label in labels.items() if label in missing)


def refusal_for(channel: discord.TextChannel, game: str, what: str, *, tournament: bool = False) -> str | None:
    """The refusal to give when the bot could not run `game`'s tables in `channel` (a tournament
    posts in the channel too), naming what to grant; None when it can."""
    if channel.is_news():  # Discord opens only announcement threads there, never a table's kind
        return (f"I cannot {what} in {channel.mention}: it is an announcement channel, and tables are played in "
                "threads that Discord does not allow there. Use a text channel that is not an announcement channel.")
    missing = missing_permissions(channel, pictures=get_renderer(game).draws_pictures, posts_in_channel=tournament)
    return missing_text(channel, missing, what) if missing else None


def missing_to_post(channel: discord.TextChannel, *, board: bool = False) -> list[str]:
    """The permissions the bot lacks to post a plain message (`board`: a board) in `channel`'s
    threads (none when its own member is unknown)."""
    me = channel.guild.me
    if me is None:
        return []
    allowed = discord.abc.GuildChannel.permissions_for(channel, me)
    return [label for name, label in (TO_SHOW_BOARD if board else TO_POST).items() if not getattr(allowed, name)]


def post_refusal(channel: discord.TextChannel, what: str) -> str | None:
    """Why the bot may not post a plain message in `channel`'s threads, naming what to grant; None
    when nothing it needs for that is missing (Discord refused for another reason)."""
    missing = missing_to_post(channel)
    return missing_text(channel, missing, what) if missing else None
