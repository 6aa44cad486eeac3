"""Whom a table waits for, as panels and notices say it: a seat away after a missed deadline,
and the last player still to choose in a choice made at once."""

from __future__ import annotations

from play.results import NO_CHOICES, TableNews


def away_seat(news: TableNews, seat: int) -> bool:
    """The seat's player missed a deadline and has not pressed "I'm back" yet."""
    row = news.seats[seat] if 0 <= seat < len(news.seats) else None
    return news.table.status == "running" and row is not None and row.away and not row.ai and not row.forfeited


def waiting_line(news: TableNews, seat: int) -> str | None:
    """The panel's line when the seat cannot choose for a reason beyond the game: it ended, or the
    computer plays the seat."""
    if news.table.status != "running":
        return f"This game is {news.table.status}."
    if away_seat(news, seat):
        return "A computer player plays your seat since you missed a deadline: press **I'm back** to play on."
    return None  # whom the game waits for is the panel's own first line (the renderer's)


def _choosing(prompts: dict[int, tuple[int, str]]) -> set[int]:
    return {seat for seat, (_, digest) in prompts.items() if digest != NO_CHOICES}


def no_longer_last(news: TableNews) -> int | None:
    """The person who was the last to choose until others chose again (after a take-back), their
    own choices unchanged."""
    before, now = _choosing(news.previous_prompts), _choosing(news.table.prompts)
    if len(before) != 1 or len(now) < 2 or not before < now or before & news.changed:
        return None
    (seat,) = before
    row = next((s for s in news.seats if s.seat == seat), None)
    # Not a seat given to the computer: its panel is no longer its former player's to see.
    return seat if row is not None and row.user_id is not None and not row.handed_over else None


LAST_TO_CHOOSE = "You are the last to choose"  # the notice's heading


def lone_chooser(news: TableNews) -> int | None:
    """Without the prompts from before (after a stop): the one person left to choose whose decision
    began before the latest move, so others moved meanwhile: a choice several made at once."""
    now = _choosing(news.table.prompts)
    if len(now) != 1:
        return None
    (seat,) = now
    row = next((s for s in news.seats if s.seat == seat), None)
    begun_before = news.table.prompts[seat][0] < news.table.version
    return seat if begun_before and row is not None and row.played_in_person and not row.away else None


def last_to_choose(news: TableNews) -> int | None:
    """The one person left to choose in a choice several made at once (their choices unchanged)."""
    before, now = _choosing(news.previous_prompts), _choosing(news.table.prompts)
    if len(before) < 2 or len(now) != 1 or not now <= before or now & news.changed:
        return None
    (seat,) = now
    row = next((s for s in news.seats if s.seat == seat), None)
    played_by_them = row is not None and row.played_in_person
    return seat if played_by_them else None
