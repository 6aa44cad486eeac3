"""The Game log of a table's board: which public lines the thread shows, and how many fit.

A board's log lists the public lines since that board was posted. The lines come from the ones kept
with the table (its latest RECENT_EVENTS) and from a request's own moves; lines a board cannot hold
(a chain of computer moves) go in messages of their own; a thread that fell further behind than the
kept lines gets them replayed (bot/ui/board.py decides which)."""

from __future__ import annotations

from typing import Any

import discord

from play.results import RECENT_EVENTS, TableNews

LOG_TITLE = "Game log"
LOG_LINES = 25
CONTENT_LIMIT = 2000
EARLIER = "… (earlier lines: `/table log`)"


def latest_lines(lines: list[str], room: int, earlier: bool = False) -> list[str]:
    """The latest log lines that fit in `room` characters, after a note that earlier lines exist
    (and where to read them) when some were left out, or when `earlier` ones are not known here."""
    shown: list[str] = []
    size = len(LOG_TITLE) + len(EARLIER)
    for line in reversed(lines[-LOG_LINES:]):
        if size + len(line) + 1 > min(room, 4000):
            break
        shown.append(line)
        size += len(line) + 1
    if shown and (len(shown) < len(lines) or earlier):
        shown.append(EARLIER)
    return shown[::-1]


def log_embed(lines: list[str], room: int, earlier: bool = False) -> discord.Embed | None:
    """The game log under the board: the latest lines that fit in `room` characters."""
    shown = latest_lines(lines, room, earlier)
    if not shown:
        return None
    return discord.Embed(title=LOG_TITLE, description="\n".join(shown), colour=discord.Colour.dark_grey())


def news_lines(news: TableNews) -> list[tuple[int, str]]:
    """(version, text) of the table's public log lines as far as `news` knows them: the recent ones
    stored with the table, and all of the request's own moves (a long chain of computer moves
    makes more lines than the table keeps)."""
    recent = [(version, text) for version, text in news.table.recent_events]
    if not moves_known(news):
        return recent
    made = [(version, event.text) for version, move in enumerate(news.moves, start=news.first_version + 1)
            for event in move.events if event.seats is None and event.text]
    return [line for line in recent if line[0] <= news.first_version] + made


def lines_forgotten(news: TableNews, since: int) -> bool:
    """Whether public lines after `since` are no longer kept with the table (it keeps its latest
    RECENT_EVENTS: a thread Discord refused for long fell further behind). The log then says where
    to read them."""
    recent = news.table.recent_events
    if len(recent) < RECENT_EVENTS or recent[0][0] <= since:
        return False
    return not (moves_known(news) and since >= news.first_version)


def moves_known(news: TableNews) -> bool:
    """Whether `news` has every move since its first version (a request's, not a reload's)."""
    return bool(news.moves) and len(news.moves) == news.table.version - news.first_version


def log_of(message: discord.Message, with_note: bool = False) -> list[str]:
    """The lines of a board message's Game log (in its text or its log embed), without the note of
    earlier lines unless `with_note`."""
    content, head = message.content or "", f"**{LOG_TITLE}**\n"
    lines = content.split(head, 1)[1].splitlines() if head in content else []
    lines += [line for embed in message.embeds if embed.title == LOG_TITLE
              for line in (embed.description or "").splitlines()]
    return [line for line in lines if line and (with_note or line != EARLIER)]


def log_reaches(board: list[str], since: int, news: TableNews, fill: Any) -> int | None:
    """The version a board's log lines (`board`, posted after `since`) reach: where they end among
    the lines kept with the table (`fill` names the players as the board does); None if unknown."""
    kept = [(version, fill(text)) for version, text in news_lines(news) if version > since]
    if not board:
        return since if kept else None
    texts = [text for _, text in kept]
    for end in range(len(texts), 0, -1):  # the latest place where the board's lines end
        size = min(len(board), end)
        if texts[end - size:end] == board[-size:]:
            return kept[end - 1][0]
    return None


def versions_after(news: TableNews, since: int) -> list[int]:
    """The versions after `since` that have public log lines."""
    return sorted({version for version, _ in news_lines(news) if version > since})


def continued_logs(lines: list[str]) -> list[str]:
    """Lines no board can hold, as messages of their own (each within Discord's limit)."""
    head, messages, current = f"**{LOG_TITLE}** (continued)", [], []
    for line in lines:
        line = line[:CONTENT_LIMIT - len(head) - 10]
        if current and len(head) + sum(len(x) + 1 for x in current) + len(line) + 1 > CONTENT_LIMIT:
            messages.append("\n".join([head, *current]))
            current = []
        current.append(line)
    return messages + (["\n".join([head, *current])] if current else [])
