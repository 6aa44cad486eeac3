"""/table list: this server's tables open to join and being played, as the asker may see them."""

from __future__ import annotations

from typing import Any

import discord

from bot.render.base import shown_name
from bot.ui.requests import caller_of, refusal, reply
from games import registry
from play.common import TableError

LISTED = 15  # tables of each kind in the answer (newest first)
READ = 60  # tables of each kind read: some may be in channels the asker cannot see
COLOUR = discord.Colour.blurple()


async def list_tables(interaction: discord.Interaction) -> None:
    service = interaction.client.service  # type: ignore[attr-defined]
    try:
        found = await service.listing(caller_of(interaction), READ)
    except TableError as exc:
        await reply(interaction, refusal(exc))
        return
    # Only tables in channels the asker can see: a table in a private channel stays unknown to others.
    visible = [(table, seats) for table, seats in found if can_see(interaction, table.channel_id)]
    lobbies = [entry for entry in visible if entry[0].status == "lobby"]
    running = [entry for entry in visible if entry[0].status == "running"]
    user_id = interaction.user.id
    lines = section("Open to join", [lobby_line(t, s, user_id) for t, s in lobbies])
    lines += section("Being played", [running_line(t, s, user_id) for t, s in running])
    if not lines:
        lines = ["No table is open or being played here. Open one with `/table create`."]
    else:
        lines.append("Join a lobby with its **Join** button in the table's thread.")
    embed = discord.Embed(title="Tables on this server", colour=COLOUR, description="\n".join(lines)[:4096])
    await reply(interaction, embed=embed)


def can_see(interaction: discord.Interaction, channel_id: int) -> bool:
    guild, member = interaction.guild, interaction.user
    channel = guild.get_channel(channel_id) if guild is not None else None
    if channel is None or not isinstance(member, discord.Member):
        return False
    return channel.permissions_for(member).view_channel


def section(title: str, lines: list[str]) -> list[str]:
    if not lines:
        return []
    more = [f"… and more: the newest {LISTED} are listed."] if len(lines) > LISTED else []
    return [f"**{title}**", *lines[:LISTED], *more, ""]


def place(table: Any) -> str:
    return f"<#{table.thread_id}>" if table.thread_id is not None else f"<#{table.channel_id}>"


def lobby_line(table: Any, seats: list[Any], user_id: int) -> str:
    spec = registry.get(table.game)
    creator = next((s.display_name for s in seats if s.user_id == table.creator_id), None)
    taken = f"{len(seats)} of {spec.min_seats}-{spec.max_seats} players" + (" (full)" if len(seats) >= spec.max_seats else "")
    parts = [f"**#{table.id}** {spec.title}", taken]
    if creator is not None:
        parts.append(f"opened by {shown_name(creator)}")
    if table.rated:
        parts.append("rated")
    parts.append(place(table))
    if any(s.user_id == user_id for s in seats):
        parts.append("you are seated")
    return " · ".join(parts)


def running_line(table: Any, seats: list[Any], user_id: int) -> str:
    spec = registry.get(table.game)
    names = ", ".join(shown_name(s.display_name) for s in seats)
    parts = [f"**#{table.id}** {spec.title}", names] + (["rated"] if table.rated else []) + [place(table)]
    if any(s.user_id == user_id for s in seats):
        parts.append("you play")
    return " · ".join(parts)
