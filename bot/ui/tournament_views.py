"""Messages about tournaments: the tournament embed, rounds, progress and standings."""

from __future__ import annotations

from typing import Sequence

import discord

from bot.render.base import EMBED_TOTAL, shown_name
from bot.render import get_renderer
from bot.ui.dynamic import dynamic_view
from play.common import entrant_names
from play.tournaments import StandingRow
from play.tournaments.organiser import TableProgress
from play.tournaments.service import FORMAT_NAMES
from bot.ui.tournament_items import TournamentButton
from games import registry
from storage import EntrantRow, TableRow, TournamentRow

STATUS = {"registration": "Registration is open", "running": "In progress", "finished": "Finished",
          "cancelled": "Cancelled"}


def title(tournament: TournamentRow) -> str:
    return f"{registry.get(tournament.game).title} tournament #{tournament.id}"


def _limited(lines: list[str], limit: int) -> str:
    """Join lines; when they don't fit in `limit` characters, keep the first ones and say how many
    were left out."""
    full = "\n".join(lines)
    if len(full) <= limit:
        return full
    kept: list[str] = []
    for line in lines:
        note = f"… and {len(lines) - len(kept) - 1} more"
        if len("\n".join([*kept, line, note])) > limit:
            break
        kept.append(line)
    return "\n".join([*kept, f"… and {len(lines) - len(kept)} more"])


CONTINUED = "Players (continued)"
PAGE = 2800  # characters of lines an embed holds: two such pages and their titles fit in a message


def paged(heading: str, lines: list[str], colour: discord.Colour, footer: str | None = None) -> list[discord.Embed]:
    """`lines` on as many embeds as they need (numbered when more than one), nobody left out; send
    them with requests.embed_batches, which groups them into messages."""
    pages: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = line[:PAGE]
        if pages[-1] and size + len(line) + 1 > PAGE:
            pages.append([])
            size = 0
        pages[-1].append(line)
        size += len(line) + 1
    count = len(pages)
    embeds = [discord.Embed(title=heading + (f" ({number}/{count})" if count > 1 else ""),
                            description="\n".join(page), colour=colour) for number, page in enumerate(pages, start=1)]
    if footer:
        embeds[-1].set_footer(text=footer)
    return embeds


def text_parts(lines: list[str], limit: int = 2000) -> list[str]:
    """`lines` as message texts of at most `limit` characters each, split between lines."""
    parts: list[str] = []
    for line in lines:
        line = line[:limit]
        if parts and len(parts[-1]) + 1 + len(line) <= limit:
            parts[-1] += "\n" + line
        else:
            parts.append(line)
    return parts


def table_link(table: TableRow) -> str:
    return f"<#{table.thread_id}>" if table.thread_id else f"table #{table.id}"


def options_lines(tournament: TournamentRow) -> list[str]:
    spec = registry.get(tournament.game)
    options = spec.parse_options(tournament.options)
    try:
        return get_renderer(tournament.game).options_lines(options)
    except ImportError:  # a game without its own renderer yet
        return [f"{key}: {value}" for key, value in options.model_dump().items()]


def format_line(tournament: TournamentRow) -> str:
    fmt = FORMAT_NAMES[tournament.format]
    if tournament.format == "elimination":
        length = f"until the final, top {tournament.advance} of each table go through"
    else:
        length = f"{tournament.rounds} round{'s' if tournament.rounds != 1 else ''}"
    return f"{fmt.capitalize()}, {length}; tables of {tournament.table_size}"


def tournament_embed(tournament: TournamentRow, entrants: Sequence[EntrantRow], organiser: str) -> discord.Embed:
    status = STATUS[tournament.status]
    if tournament.status == "running" and tournament.current_round:
        status += f" — round {tournament.current_round}"
    embed = discord.Embed(title=title(tournament), description=f"**{status}**\n{format_line(tournament)}",
                          colour=discord.Colour.dark_gold())
    options = options_lines(tournament)
    details = [f"Organiser: {organiser}", f"Round deadline: {tournament.round_hours} h"]
    if tournament.duplicate:
        details.append("Duplicate deals: every table of a round with equal sizes gets the same cards")
    details.append("Rated: yes (OpenSkill, this server)")
    embed.add_field(name="Details", value="\n".join(details)[:1024], inline=False)
    embed.add_field(name="Options", value="\n".join(options)[:1024] or "Rulebook game.", inline=False)
    plain = entrant_names(entrants)
    if tournament.status == "registration":
        embed.set_footer(text="Register to play. The organiser starts the tournament; each round's tables "
                              "open as threads of this channel.")
    # Numbered in the order they registered, as the names of players called alike are ("ada (2)"):
    # those who withdrew keep their number, struck through, so no one else's changes.
    lines = [f"{i}. ~~{shown_name(plain[e.user_id])}~~ (withdrawn)" if e.withdrawn else
             f"{i}. {shown_name(plain[e.user_id])}" for i, e in enumerate(entrants, start=1)]
    playing, withdrawn = sum(not e.withdrawn for e in entrants), sum(e.withdrawn for e in entrants)
    heading = f"Players ({playing}" + (f" playing, {withdrawn} withdrawn)" if withdrawn else ")")
    for number, value in enumerate(_player_fields(lines, EMBED_TOTAL - len(embed) - 60)):
        embed.add_field(name=heading if number == 0 else CONTINUED, value=value, inline=False)
    return embed


def _player_fields(lines: list[str], room: int) -> list[str]:
    """The numbered players as field values of up to 1,024 characters, as many as `room` characters
    hold (a message holds 6,000); whoever does not fit is counted at the end of the last one."""
    fields: list[list[str]] = [[]]
    used, shown = 0, len(lines)
    for index, line in enumerate(lines):
        opens = bool(fields[-1]) and len("\n".join([*fields[-1], line])) > 1024
        cost = len(line) + 1 + (len(CONTINUED) if opens else 0)
        if used + cost > room - len(f"… and {len(lines)} more"):
            shown = index
            break
        if opens:
            fields.append([])
        fields[-1].append(line)
        used += cost
    if shown < len(lines):
        while fields[-1] and len("\n".join([*fields[-1], f"… and {len(lines) - shown} more"])) > 1024:
            fields[-1].pop()
            shown -= 1
        fields[-1].append(f"… and {len(lines) - shown} more")
    return ["\n".join(field) for field in fields if field] or ["Nobody yet."]


def tournament_view(tournament: TournamentRow) -> discord.ui.View | None:
    buttons = []
    if tournament.status == "registration":
        buttons = [("register", "Register", discord.ButtonStyle.success),
                   ("withdraw", "Withdraw", discord.ButtonStyle.secondary),
                   ("start", "Start", discord.ButtonStyle.primary)]
    elif tournament.status == "running":
        buttons = [("status", "Round progress", discord.ButtonStyle.secondary),
                   ("standings", "Standings", discord.ButtonStyle.secondary),
                   ("withdraw", "Withdraw", discord.ButtonStyle.danger)]
    if not buttons:
        return None
    view = dynamic_view()
    for action, label, style in buttons:
        view.add_item(TournamentButton(action, tournament.id, label=label, style=style))
    return view


def next_round_view(tournament: TournamentRow) -> discord.ui.View:
    view = dynamic_view()
    view.add_item(TournamentButton("next", tournament.id, label="Start next round",
                                   style=discord.ButtonStyle.primary))
    return view


def standing_line(row: StandingRow, name: str) -> str:
    extra = [f"{row.games} game{'s' if row.games != 1 else ''}", f"{row.wins} won"]
    if row.byes:
        extra.append(f"{row.byes} bye{'s' if row.byes != 1 else ''}")
    if row.forfeits:
        extra.append(f"{row.forfeits} forfeit{'s' if row.forfeits != 1 else ''}")
    if row.reached_round is not None:
        extra.append(f"reached round {row.reached_round}")
    breaks = (f"ratio {row.score_ratio:.2f} · opp. {row.opponents_points:.2f} · "
              f"opp. rating {row.opponents_rating:.1f}")
    shown = f"~~{name}~~" if row.withdrawn else f"**{name}**"
    return f"{row.rank}. {shown} — {row.points:.2f} pts ({', '.join(extra)}) · {breaks}"


def standings_embeds(tournament: TournamentRow, rows: Sequence[StandingRow], names: dict[int, str],
                     heading: str) -> list[discord.Embed]:
    lines = [standing_line(row, names.get(row.player_id, str(row.player_id))) for row in rows]
    if not lines:
        lines = ["Nobody has registered yet: the standings list the players once they have."
                 if tournament.status == "registration" else "This tournament has no players."]
    breaks = "score ratio, opponents' points, opponents' average rating"
    order = (f"Order: the last round reached (one who forfeited it below those who played it), that round's "
             f"game's points, then points and the tie-breaks ({breaks})." if tournament.format == "elimination"
             else f"Tie-breaks: {breaks}.")
    return paged(f"{title(tournament)} — {heading}", lines, discord.Colour.gold(),
                 f"Points: 1 for first, 0 for last, evenly between, ties split; a bye 0.5. {order}")


def round_embeds(tournament: TournamentRow, round_no: int, tables: Sequence[TableProgress],
                 byes: Sequence[int], names: dict[int, str], deadline: float) -> list[discord.Embed]:
    lines = []
    for entry in tables:
        where = table_link(entry.table)
        players = ", ".join(f"<@{p}>" for p in entry.game.players)
        if entry.table.status == "cancelled":  # by Manage Server before it could start
            lines.append(f"Board {entry.game.board} ({where}): cancelled ({players})")
            continue
        lines.append(f"**Board {entry.game.board}** ({where}): {players}")
    if byes:
        lines.append("Bye (0.5 points): " + ", ".join(names.get(p, str(p)) for p in byes))
    lines.append(f"Deadline: <t:{int(deadline)}:f> (<t:{int(deadline)}:R>)")
    return paged(f"{title(tournament)} — round {round_no}", lines, discord.Colour.dark_gold())


def progress_embeds(tournament: TournamentRow, round_no: int, tables: Sequence[TableProgress],
                    names: dict[int, str], deadline: float | None) -> list[discord.Embed]:
    lines = []
    for entry in tables:
        where = table_link(entry.table)
        if entry.table.status == "running":
            waiting = ", ".join(names.get(p, str(p)) for p in entry.waiting_for) or "computer players"
            state = f"playing — waiting for {waiting}"  # no count of moves: it would count secret steps
        elif entry.table.status == "lobby":
            state = "not started: waiting for its thread, which Discord refused (tried again by itself)"
        else:
            state = entry.table.status
        lines.append(f"Board {entry.game.board} ({where}): {state}")
    done = sum(1 for entry in tables if entry.table.status in ("finished", "cancelled"))
    header = f"{done} of {len(tables)} tables finished."
    if tournament.status == "cancelled":  # its running tables were cancelled with it: no deadline runs
        header = "This tournament was cancelled; its tables as they ended:"
    elif deadline is not None:
        header += f" Deadline <t:{int(deadline)}:R>."
    return paged(f"{title(tournament)} — round {round_no}", [header, *lines], discord.Colour.dark_gold())
