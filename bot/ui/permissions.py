"""What the bot must be allowed in a channel to run tables there, checked before anything is
stored or created: a table or round the bot cannot show is refused with the permissions to grant."""

from __future__ import annotations

import discord

# Permission attribute -> its name in Discord's channel settings.
TABLES = {"view_channel": "View Channels", "send_messages": "Send Messages",
          "create_public_threads": "Create Public Threads", "send_messages_in_threads": "Send Messages in Threads",
          "embed_links": "Embed Links", "read_message_history": "Read Message History"}
PICTURES = {"attach_files": "Attach Files"}


def missing_permissions(channel: discord.abc.GuildChannel, *, pictures: bool) -> list[str]:
    """The permissions the bot lacks in `channel` to run a table there (`pictures`: a game whose
    board has a picture). Empty when they are all there, or when the bot's own member is unknown."""
    me = channel.guild.me
    if me is None:
        return []
    allowed = channel.permissions_for(me)
    needed = {**TABLES, **(PICTURES if pictures else {})}
    return [label for name, label in needed.items() if not getattr(allowed, name)]


def missing_text(channel: discord.abc.GuildChannel, missing: list[str], what: str) -> str:
    """A refusal naming what to grant, and where."""
    listed = ", ".join(f"**{label}**" for label in missing)
    return (f"I cannot {what} in {channel.mention}: I am missing the permission{'s' if len(missing) > 1 else ''} "
            f"{listed} there. A server admin can grant {'them' if len(missing) > 1 else 'it'} in the channel's "
            "settings (Permissions) or to my role, then try again.")
