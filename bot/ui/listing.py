"""/table list: this server's tables open to join and being played, as the asker may see them."""

from __future__ import annotations

from typing import Any

import discord

from bot.render.base import cut_to, shown_name
from bot.ui.requests import caller_of, refusal, reply
from games import registry
from play.common import TableError, told_apart
from play.tournaments.rating_service import counts_for_rating

LISTED = 15  # tables of each kind in the answer (newest first)
ROOM = 4000  # characters of the answer's embed (Discord takes 4096): whole lines only
NAME = 16  # characters of a name in a list line (a line is one table, however long its names)
COLOUR = discord.Colour.blurple()
CLOSING = "Join a lobby with its **Join** button in the table's thread."


async def list_tables(interaction: discord.Interaction) -> None:
    service = interaction.client.service  # type: ignore[attr-defined]
    try:
        found = await service.listing(caller_of(interaction), visible_channels(interaction), LISTED + 1)
    except TableError as exc:
        await reply(interaction, refusal(exc))
        return
    user_id = interaction.user.id
    sections = [("Open to join", [lobby_line(t, s, user_id) for t, s in found if t.status == "lobby"]),
                ("Being played", [running_line(t, s, user_id) for t, s in found if t.status == "running"])]
    lines = fitted(sections, ROOM - len(CLOSING))
    lines = [*lines, CLOSING] if lines else ["No table is open or being played in this server. Open one with `/table create`."]
    await reply(interaction, embed=discord.Embed(title="Tables on this server", colour=COLOUR,
                                                 description="\n".join(lines)))


def visible_channels(interaction: discord.Interaction) -> list[int]:
    """The server's text channels the asker can see: a table in another stays unknown to them."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return []
    return [channel.id for channel in guild.text_channels if channel.permissions_for(member).view_channel]


NOTE_ROOM = 2 + 60  # a section's title's markup and its note of more


def fitted(sections: list[tuple[str, list[str]]], room: int) -> list[str]:
    """Each section's title and as many of its lines as fit whole; a section that does not show
    all its tables says so. The room is shared only where the sections overflow it together: a
    section needing less than an even share leaves the rest to the others, and what a section
    leaves unused goes to those after it."""
    shown = [(title, lines[:LISTED], len(lines)) for title, lines in sections if lines]
    needs = [len(title) + NOTE_ROOM + sum(len(line) + 1 for line in lines) for title, lines, _ in shown]
    out: list[str] = []
    for index, (title, lines, count) in enumerate(shown):
        share = _first_share(needs[index:], room - sum(len(line) + 1 for line in out))
        kept, used = [], len(title) + NOTE_ROOM
        for line in lines:
            if used + len(line) + 1 > share:
                break
            kept.append(line)
            used += len(line) + 1
        more = [f"… and more: the newest {len(kept)} are listed."] if len(kept) < count else []
        out += [f"**{title}**", *kept, *more, ""]
    return out


def _first_share(needs: list[int], room: int) -> int:
    """The first section's share of `room` among sections needing `needs`: an even share, except
    that sections needing less take only what they need and leave the rest to the others."""
    left = room
    for done, index in enumerate(sorted(range(len(needs)), key=needs.__getitem__)):
        share = min(needs[index], left // (len(needs) - done))
        if index == 0:
            return share
        left -= share
    return left


def place(table: Any) -> str:
    return f"<#{table.thread_id}>" if table.thread_id is not None else f"<#{table.channel_id}>"


def name(text: str) -> str:
    return shown_name(cut_to(text, NAME))


def lobby_line(table: Any, seats: list[Any], user_id: int) -> str:
    spec = registry.get(table.game)
    creator = next((s.display_name for s in seats if s.user_id == table.creator_id), None)
    full = " (full)" if len(seats) >= spec.max_seats else ""
    taken = f"{len(seats)} of {spec.min_seats}-{spec.max_seats} players{full}"
    parts = [f"**#{table.id}** {spec.title}", taken]
    if creator is not None:
        parts.append(f"run by {name(creator)}")  # who opened it, or took it over when its creator left
    if table.rated and not any(s.ai for s in seats):  # a computer seated makes it count for nobody
        parts.append("rated")
    parts.append(place(table))
    if any(s.user_id == user_id for s in seats):
        parts.append("you are seated")
    return " · ".join(parts)


def seat_names(seats: list[Any]) -> list[str]:
    """The seats' names cut for a list line; those that read alike, as typed or once cut, end with
    their seat number ("ada (1)", "Bartholomew the… (2)"), as on the board."""
    cut = {s.seat: cut_to(s.display_name, NAME) for s in seats}
    return [shown_name(text) for text in told_apart(cut, lambda seat: seat + 1).values()]


def running_line(table: Any, seats: list[Any], user_id: int) -> str:
    spec = registry.get(table.game)
    names = ", ".join(seat_names(seats))
    rated = ["rated"] if counts_for_rating(table, seats) else []
    parts = [f"**#{table.id}** {spec.title}", names, *rated, place(table)]
    if any(s.user_id == user_id and not s.handed_over for s in seats):  # not a seat given to the computer
        parts.append("you play")
    return " · ".join(parts)
