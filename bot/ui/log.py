"""`/table log`: a table's events as the asker may see them, a page at a time, with buttons
(`log:<table>:<page>`) that keep working after a restart."""

from __future__ import annotations

from typing import Any

import discord

from bot.ui import panels
from bot.ui.dynamic import dynamic_view
from bot.ui.requests import answers_faults, caller_of, refusal, reply
from play.common import TableError
from play.results import TableNews

LINES_PER_PAGE = 20
PAGE_CHARS = 3900  # an embed's description holds 4,096
LINE_CHARS = 1000


def log_pages(news: TableNews, info: Any) -> list[list[str]]:
    """The log's lines, whole, on pages of at most LINES_PER_PAGE lines and PAGE_CHARS characters."""
    pages: list[list[str]] = [[]]
    size = 0
    for number, text in news.log:
        line = f"`{number:>4}` {info.fill(text)}"
        if len(line) > LINE_CHARS:  # no game writes such a line; a page must still take it
            line = line[:LINE_CHARS - 1] + "…"
        if pages[-1] and (len(pages[-1]) >= LINES_PER_PAGE or size + len(line) + 1 > PAGE_CHARS):
            pages.append([])
            size = 0
        pages[-1].append(line)
        size += len(line) + 1
    return pages


def log_message(news: TableNews, info: Any, page: int | None) -> dict[str, Any]:
    """One page of the log (the last one when `page` is None), with paging buttons."""
    pages = log_pages(news, info)
    note = None
    if page is not None and page >= len(pages):
        count = f"{len(pages)} page{'s' if len(pages) > 1 else ''}"
        note = f"There is no page {page + 1}: the log has {count}; here is the last."
    page = len(pages) - 1 if page is None else max(0, min(page, len(pages) - 1))
    hidden = "" if news.table.status in ("finished", "cancelled") else \
        " · others' secret choices stay hidden until the game ends"
    embed = discord.Embed(title=f"{info.title} — table #{news.table.id}: game log"[:256],
                          description="\n".join(pages[page]) or "Nothing has happened yet.",
                          colour=discord.Colour.dark_grey())
    embed.set_footer(text=f"Page {page + 1} of {len(pages)} · the number counts the moves everyone saw{hidden}")
    view = dynamic_view()
    view.add_item(LogPage(news.table.id, max(page - 1, 0), label="◀ Earlier", disabled=page == 0))
    view.add_item(LogPage(news.table.id, page + 1, label="Later ▶", disabled=page + 1 >= len(pages)))
    return {"content": note, "embed": embed, "view": view}


async def show_log(interaction: discord.Interaction, table_id: int, page: int | None, *, in_place: bool) -> None:
    service = interaction.client.service  # type: ignore[attr-defined]
    try:
        news = await service.log(table_id, caller_of(interaction))
    except TableError as exc:
        await reply(interaction, refusal(exc))
        return
    info = panels.table_info(news.table, news.seats, service.spec(news.table), panels.thread_url(news.table))
    message = log_message(news, info, page)
    if in_place:
        await interaction.response.edit_message(**message)
    else:
        await reply(interaction, **message)


@answers_faults
class LogPage(discord.ui.DynamicItem[discord.ui.Button],
              template=r"log:(?P<table>[0-9]{1,18}):(?P<page>[0-9]{1,6})"):
    """Shows page `page` (0-based) of a table's log in place, as the presser may see it."""

    def __init__(self, table_id: int, page: int, *, label: str = "…", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"log:{table_id}:{page}", disabled=disabled))
        self.table_id, self.page = table_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> "LogPage":
        return cls(int(match["table"]), int(match["page"]), label=getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        # In place only on a log page; a page button forged onto another message (a board) must
        # not replace it: the page is then shown privately.
        await show_log(interaction, self.table_id, self.page, in_place=is_log(interaction.message))


def is_log(message: discord.Message | None) -> bool:
    return message is not None and bool(message.embeds) and (message.embeds[0].title or "").endswith(": game log")
