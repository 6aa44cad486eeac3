"""The Game log of a table's board: which public lines the thread shows, and how many fit.

A board's log lists the public lines since that board was posted. The lines come from the ones kept
with the table (its latest RECENT_EVENTS) and from a request's own moves; lines a board cannot hold
(a chain of computer moves) go in messages of their own; a thread that fell further behind than the
kept lines gets them replayed (bot/ui/board.py decides which)."""

from __future__ import annotations

from itertools import groupby
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


def log_reaches(board: list[str], since: int, news: TableNews, fill: Any, from_start: bool = False) -> int | None:
    """The version a board's log lines (`board`, posted after `since`) reach: where they end among
    the lines kept with the table (`fill` names the players as the board does); None if unknown.
    `from_start`: the board shows every line since its start, and `news` has them all; it is then
    placed by its first lines, for a game's lines repeat (each round's opening) and only where the
    board starts tells which of them it shows."""
    kept = [(version, fill(text)) for version, text in news_lines(news) if version > since]
    if not board:
        return since if kept else None
    texts = [text for _, text in kept]
    if from_start and texts[:len(board)] == board:
        return kept[len(board) - 1][0]
    for end in range(len(texts), 0, -1):  # the latest place where the board's lines end
        size = min(len(board), end)
        if texts[end - size:end] == board[-size:]:
            return kept[end - 1][0]
    return None


def log_starts(board: list[str], since: int, news: TableNews, fill: Any) -> int | None:
    """Where a board's log lines (`board`, not empty, posted after `since`) start: the version its
    log goes on from (its own `since`), found at the latest place among the lines kept with the
    table where they stand whole; None if nowhere."""
    kept = [(version, fill(text)) for version, text in news_lines(news) if version > since]
    texts = [text for _, text in kept]
    for start in range(len(texts) - len(board), -1, -1):
        if texts[start:start + len(board)] == board:
            return kept[start][0] - 1
    return None


def versions_after(news: TableNews, since: int) -> list[int]:
    """The versions after `since` that have public log lines."""
    return sorted({version for version, _ in news_lines(news) if version > since})


def continued_logs(lines: list[tuple[int, str]]) -> list[tuple[str, int]]:
    """Lines no board can hold, (version, text) each, as messages of their own within Discord's
    limit: each with the version up to which the thread shows the log once it is sent (a refusal
    partway resends only what was not sent). Messages break between moves, unless one move's lines
    alone fill more than a message."""
    head = f"**{LOG_TITLE}** (continued)"
    room = CONTENT_LIMIT - len(head) - 1
    messages: list[tuple[str, int]] = []
    current: list[str] = []
    reached = lines[0][0] - 1 if lines else 0
    for version, move in groupby(lines, key=lambda line: line[0]):
        texts = [text[:room - 10] for _, text in move]
        if current and size(current) + size(texts) > room:
            messages.append(("\n".join([head, *current]), reached))
            current = []
        for text in texts:  # one move alone may fill several messages
            if current and size(current) + len(text) + 1 > room:
                messages.append(("\n".join([head, *current]), reached))
                current = []
            current.append(text)
        reached = version
    return messages + ([("\n".join([head, *current]), reached)] if current else [])


def size(lines: list[str]) -> int:
    """The characters `lines` take in a message, one a line."""
    return sum(len(line) + 1 for line in lines)


# A board leaves some 350 characters for the deal's footer and the deadlines: long names (say,
# escaped ones) are cut in the "Waiting for" line rather than the board losing text to make room.
DUE_ROOM = 240


def due_text(info: Any, deadlines: dict[int, float]) -> str:
    """Whose decision is awaited and when it falls due (Discord shows the time left)."""
    due = ""
    for cut in (None, 12, 8):  # names shortened only when needed: shortening costs a pass over all of them
        names = info if cut is None else info.shortened(cut)
        due = ", ".join(f"{names.name(seat)} <t:{int(at)}:R>" for seat, at in sorted(deadlines.items()))
        if len(due) <= DUE_ROOM:
            break
    return due[:1024]
