"""Independent reference for the bot's ratings: openskill's PlackettLuce used directly, and
helpers that read what the bot shows (standings, /profile, /leaderboard)."""

from __future__ import annotations

import re

from openskill.models import PlackettLuce

from games import registry
from tests.bot.driver import Table, start
from tests.bot.tournament_driver import play_out

MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


class Ledger:
    """What each player's rating must be: (guild, game, user) -> (mu, sigma), plus games and wins."""

    def __init__(self) -> None:
        self.r: dict[tuple[int, str, int], tuple[float, float]] = {}
        self.games: dict[tuple[int, str, int], int] = {}
        self.wins: dict[tuple[int, str, int], int] = {}

    def get(self, guild: int, game: str, user: int) -> tuple[float, float]:
        return self.r.get((guild, game, user), (MODEL.mu, MODEL.sigma))

    def play(self, guild: int, game: str, groups: list[list[int]], winners: list[int] = ()):
        """Rate one game (groups of user ids, best first; a group is a tie). Returns before, after."""
        players = [u for g in groups for u in g]
        ranks, place = [], 1
        for g in groups:
            ranks += [place] * len(g)
            place += len(g)
        before = {u: self.get(guild, game, u) for u in players}
        teams = [[MODEL.rating(mu=before[u][0], sigma=before[u][1])] for u in players]
        rated = MODEL.rate(teams, ranks=ranks)
        after = {u: (t[0].mu, t[0].sigma) for u, t in zip(players, rated)}
        for u in players:
            key = (guild, game, u)
            self.r[key] = after[u]
            self.games[key] = self.games.get(key, 0) + 1
            self.wins[key] = self.wins.get(key, 0) + (u in winners)
        return before, after


def expected_result(row, seats):
    """(ranking of seats, winners) the README asks for: the engine's result of the final state,
    with abandoned/forfeited seats and seats whose player is away at the end ranked last together."""
    spec = registry.get(row.game)
    raw = spec.outcome(spec.load_state(row.state))
    last = {s.seat for s in seats if s.forfeited or (s.away and not s.ai)}
    groups = [[s for s in g if s not in last] for g in raw.ranking]
    groups = [g for g in groups if g] + ([sorted(last)] if last else [])
    winners = [s for s in raw.winners if s not in last]
    if raw.winners and not winners and raw.winners_by_place:
        winners = list(groups[0])
    return groups, winners


async def rate_reference(ledger: Ledger, env, table_id: int):
    """Feed a finished table into the ledger as the README says; returns (before, after, groups)."""
    store = env.bot.store
    row = await store.tables.get(table_id)
    seats = await store.tables.seats(table_id)
    groups, winners = expected_result(row, seats)
    user = {s.seat: s.user_id for s in seats}
    ugroups = [[user[s] for s in g] for g in groups]
    before, after = ledger.play(row.guild_id, row.game, ugroups, [user[s] for s in winners])
    return before, after, ugroups


async def open_rated(env, guild, channel, people, game="augsburg1520", *, computers=0, rated=True):
    kwargs = {"game": game}
    if rated:
        kwargs["rated"] = True
    res = await people[0].slash(channel, "table create", **kwargs)
    assert res.response is not None
    thread = channel.threads[-1]
    lobby = thread.history()[0]
    for p in people[1:]:
        await p.click(lobby, label="Join")
    for _ in range(computers):
        await people[0].click(lobby, label="Add computer")
    row = await env.bot.store.tables.by_thread(thread.id)
    return Table(env, guild, channel, thread, row.id, list(people))


async def played(env, guild, channel, people, game="augsburg1520", **kw) -> Table:
    table = await open_rated(env, guild, channel, people, game, **kw)
    await start(table)
    await play_out(env.bot, table.table_id)
    return table


def standings(thread):
    for m in reversed(thread.history()):
        if m.embeds and "final standings" in (m.embeds[0].title or ""):
            return m.embeds[0]
    raise AssertionError("no final standings")


def rating_changes(thread) -> str:
    emb = standings(thread)
    return next(f.value for f in emb.fields if f.name == "Rating changes")


LINE = re.compile(r"^(?P<name>.+): (?P<before>-?\d+\.\d) → (?P<after>-?\d+\.\d) \((?P<delta>[+-]\d+\.\d)\)$")


def parse_changes(text: str) -> dict[str, tuple[str, str, str]]:
    out = {}
    for line in text.splitlines():
        m = LINE.match(line)
        assert m, f"unexpected rating line {line!r}"
        name = re.sub(r" \((forfeited|away[^)]*)\)$", "", m["name"])
        out[name] = (m["before"], m["after"], m["delta"])
    return out


def f1(x: float) -> str:
    """A rating as the bot shows it: one decimal, never "-0.0"."""
    return f"{round(x, 1) + 0.0:.1f}"


def shown_change(before: float, after: float) -> str:
    """The change the bot shows beside two ratings: the difference of the two numbers shown."""
    return f"{round(round(after, 1) - round(before, 1), 1) + 0.0:+.1f}"
