"""The end of a game in Discord: the standings (every score line, the rating changes of a rated
game, the fair-deal reveal and a Rematch button) and each player's last panel turned into their
result."""

from __future__ import annotations

import dataclasses
from typing import Any

import discord

from bot.render.base import shown_name
from bot.render import get_renderer
from bot.ui.components import RematchButton
from bot.ui.dynamic import dynamic_view
from play.common import tables_named
from play.results import TableNews
from play.tournaments.rating_service import unrated_reason
from play.tournaments.ratings import Rating, ordinal, tenths
from storage import HistoryRow, RatedResult

NO_MENTIONS = discord.AllowedMentions.none()


def rating_text(value: float) -> str:
    """A rating as shown: one decimal (never "-0.0")."""
    return f"{tenths(value) + 0.0:.1f}"


def change_text(before: float, after: float) -> str:
    """A rating's change as shown beside the two ratings: the difference of the numbers shown, so
    that "0.4 → 2.5" reads "(+2.1)" (the exact change, +2.03, would show as +2.0)."""
    return f"{tenths(tenths(after) - tenths(before)) + 0.0:+.1f}"


def rated_lines(reports: list[Any], names: dict[int, str]) -> list[str]:
    """"name: 12.3 → 14.1 (+1.8)" for each player of a game the finish work rated (or of its stored
    rated lines); `names` (user id -> name for message text) names them as the standings above do,
    players called alike told apart."""
    lines = []
    for report in reports:
        for result in report if isinstance(report, list) else []:
            if isinstance(result, (RatedResult, HistoryRow)):
                before = ordinal(Rating(mu=result.mu_before, sigma=result.sigma_before))
                after = ordinal(Rating(mu=result.mu_after, sigma=result.sigma_after))
                name = names.get(result.user_id) or shown_name(getattr(result, "display_name", str(result.user_id)))
                lines.append(f"{name}: {rating_text(before)} → {rating_text(after)} ({change_text(before, after)})")
    return lines


RATINGS_PENDING = "Not stored yet"  # the standings' rating changes, when the database refused them


def standings_title(info: Any, table_id: int) -> str:
    return f"{info.title} — table #{table_id}: final standings"[:256]


async def announce(thread: Any, news: TableNews, info: Any, ratings: list[str],
                   twins: list[Any], pending: bool = False, heading: str = "",
                   allowed_mentions: discord.AllowedMentions = NO_MENTIONS) -> discord.Message | None:
    """Post the final standings in the table's thread (or, `heading` above them, the channel of a
    table without one); returns the message. `twins`: tables dealt the same cards and still being
    played, whose deal the seed would give away. `pending`: the finish work (ratings) could not be
    stored yet."""
    table, outcome = news.table, news.outcome
    if outcome is None or thread is None:
        return None
    # Named as the table names them: players called alike told apart.
    # A footer shows no markdown: names as typed (not escaped), without their "(forfeited)".
    forfeited = [info.unmarked_name(s.seat, plain=True) for s in news.seats if s.forfeited]
    away = [s for s in news.seats if s.away and not s.ai and not s.forfeited]
    away_names = [info.plain_name(s.seat) for s in away]
    last = " (ranked last)" if len(news.seats) > 1 else ""  # a game of one has no last place
    if away:  # their line says why a score may be ranked below lower ones
        mark = "away: ranked last" if last else "away at the end"
        info = dataclasses.replace(info, names={**info.names, **{
            s.seat: f"{info.plain_name(s.seat)} ({mark})" for s in away}})
    embed = discord.Embed(title=standings_title(info, table.id),
                          description="\n".join(get_renderer(table.game).outcome_lines(info, outcome,
                                                                                      kept=bool(twins)))[:4096],
                          colour=discord.Colour.gold())
    if ratings:
        embed.add_field(name="Rating changes", value="\n".join(ratings)[:1024], inline=False)
    elif unrated := unrated_reason(table, news.seats):
        embed.add_field(name="Rating changes", value=f"None: not rated, as {unrated}.", inline=False)
    elif twins and table.rated and table.tournament_id is not None:  # see RatingService: "Duplicate rounds"
        playing = tables_named([t.id for t in twins]) + (" plays" if len(twins) == 1 else " play")
        embed.add_field(name="Rating changes", value=(
            f"Held back while {playing} this deal (they would tell its players how their game goes): they are "
            "stored when the last table of this deal ends, and `/profile` shows them then.")[:1024], inline=False)
    elif pending and table.rated:
        embed.add_field(name="Rating changes", value=f"{RATINGS_PENDING}: the bot could not save them. They follow "
                        "here once stored.", inline=False)
    if table.seed_salt and twins:
        embed.add_field(name="Fair deal", value=(
            f"This deal is still being played at {tables_named([t.id for t in twins])}: the seed and salt, and "
            "what each seat was dealt in secret, are kept until that game ends; then `/table export` gives "
            "them, and `python -m bot verify` checks every shuffle."), inline=False)
    elif table.seed_salt:
        embed.add_field(name="Fair deal", value=(
            f"Seed `{table.seed}`, salt `{table.seed_salt}`: their SHA-256 (salt:seed) is the commitment the "
            "board showed from the start. `/table export` and `python -m bot verify` check every shuffle."),
            inline=False)
    footer = [f"{label}{last}: {', '.join(names)}"
              for label, names in (("Forfeited", forfeited), ("Away at the end", away_names))
              if names]
    if footer:
        embed.set_footer(text="\n".join(footer)[:2048])
    view = None
    if table.tournament_id is None:
        view = dynamic_view()
        view.add_item(RematchButton(table.id))
    return await thread.send(heading or None, embed=embed, allowed_mentions=allowed_mentions,
                             **({"view": view} if view else {}))


END_HEAD = "**Game over in "  # how a last DM panel turned into the player's result begins


def end_note(news: TableNews, info: Any, seat: int, standings_url: str | None) -> str:
    """What a player's last DM panel says once the game is over."""
    outcome = news.outcome
    place = outcome.place_of(seat) if outcome is not None else None
    players = len(news.seats)
    text = f"{END_HEAD}{info.title} (table #{news.table.id})**"
    if outcome is not None and place is not None:
        text += f": {_your_result(outcome, seat, place, players)}."
    if standings_url:
        text += f"\nStandings: {standings_url}"
    return text


def _your_result(outcome: Any, seat: int, place: int, players: int) -> str:
    """The player's result in words: a win, a shared win, no winner at all, or their place."""
    if players == 1:
        return "you won" if seat in outcome.winners else "you did not win this time"
    if not outcome.winners:
        tied = len(outcome.ranking) == 1  # everyone shares the one place: no place worth saying
        return "nobody won" if tied else f"nobody won; you placed {_ordinal(place)} of {players}{_tied(outcome, seat)}"
    if seat in outcome.winners:
        return "you won" if len(outcome.winners) == 1 else f"you share the win with {len(outcome.winners) - 1} more"
    return f"you placed {_ordinal(place)} of {players}{_tied(outcome, seat)}"


def _tied(outcome: Any, seat: int) -> str:
    """', tied with 1 more' when others share the seat's place (the standings mark it '(tie)')."""
    others = next((len(group) - 1 for group in outcome.ranking if seat in group), 0)
    return f", tied with {others} more" if others else ""


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
