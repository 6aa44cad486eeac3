"""What the bot knows of a table's board message, as this process last left it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable

import discord


@dataclass(frozen=True)
class BoardShown:
    """The board message of a table as this process last left it."""

    message_id: int
    key: str
    image_key: Hashable | None  # None: not known (e.g. after a restart), so the picture is sent again
    version: int  # the table version it shows
    since: int  # its log starts after this version
    embeds: tuple[discord.Embed, ...] = ()  # as last sent (not known after a restart)
    content: str | None = None  # its turn line (and log, see board.LOG_ROOM_IN_EMBEDS) as last sent
    log_in_content: bool | None = None  # where its log is written (None: not known after a restart)

    def shows(self, message: dict[str, Any], image_key: Hashable | None) -> bool:
        """Whether `message` (a running board's text) and the picture of `image_key` are what it shows."""
        embeds = message["embeds"]
        if not self.embeds or image_key != self.image_key or message["content"] != self.content:
            return False
        if len(embeds) != len(self.embeds) or any(a.description != b.description for a, b in zip(embeds, self.embeds)):
            return False  # the usual case, found cheaply: a move adds a log line
        return [e.to_dict() for e in embeds] == [e.to_dict() for e in self.embeds]
