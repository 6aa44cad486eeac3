"""A server whose members click about: tables opened in two channels with random games, options
(some malformed) and paces; random presses and menu picks by random members on anything they
can see (lobbies, boards, tournament posts, their DMs and private answers); `/table` and
`/tournament` commands with random table and tournament numbers, players and amounts; moves
played; bot restarts. Every interaction is answered, `/table list|hand|log` privately, nothing is
logged as an exception (see conftest.py), and what the bot stores stays sound after every step:
nobody holds two seats at a table, a table's seats fit its game, and the open-table limits hold.
Seeded: a failure replays the same."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import discord
import pytest

from bot import create_bot
from bot.settings import Settings
from games import registry
from tests.bot.driver import Table, buttons, fix_deal, heuristic_players
from tests.reliability.test_random_clicks import legitimate_move, press

STEPS = 300
PER_MEMBER, PER_SERVER = 2, 8
GAMES = registry.names()
OPTIONS = [None, None, "open_money=true", "version=main", "version=main,setup=2", "swap_open_card=false",
           "seats=2", "open_money=maybe", "", "version=short,version=main"]
PACES = [None, "off", "async-12h"]  # no live pace (see random_press)
TABLE_COMMANDS = ["table list", "table hand", "table leave", "table cancel", "table abandon", "table undo",
                  "table log", "table export", "table handover"]
TOURNAMENT_COMMANDS = ["tournament create", "tournament start", "tournament next", "tournament status",
                       "tournament standings", "tournament extend", "tournament replace", "tournament forfeit",
                       "tournament finish", "tournament cancel"]
PRIVATE = {"table list", "table hand", "table log"}  # README: "Only you see it"


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(token="", database=tmp_path / "bot.sqlite3", decision_timeout=3600,
                    max_open_tables_per_member=PER_MEMBER, max_open_tables_per_server=PER_SERVER)


class Server:
    """One server with an organiser, a moderator and five players, and what each was answered."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.guild = env.create_guild()
        self.channels = [self.guild.create_text_channel("games"), self.guild.create_text_channel("more")]
        organisers = self.guild.create_role("Tournament Organiser")
        moderators = self.guild.create_role("mods", permissions=discord.Permissions(
            manage_guild=True, view_channel=True, send_messages=True))
        self.members = [self.guild.add_member(env.create_user("org"), roles=[organisers]),
                        self.guild.add_member(env.create_user("mod"), roles=[moderators])]
        self.members += [self.guild.add_member(env.create_user(name)) for name in ("ada", "bo", "cy", "di", "ed")]
        self.outsider = env.create_guild().add_member(env.create_user("zed"))  # of another server
        self.answers: dict[int, list[discord.Message]] = {m.id: [] for m in self.members}

    def threads(self) -> list[Any]:
        return [thread for channel in self.channels for thread in channel.threads]

    def kept(self, member: Any, result: Any) -> None:
        assert result.acknowledged, "an interaction was not answered"
        if result.response is not None and result.response.ephemeral and result.response.message.components:
            self.answers[member.id].append(result.response.message)


async def create_table(rng: random.Random, server: Server, member: Any) -> None:
    options: dict[str, Any] = {"game": rng.choice(GAMES)}
    if (text := rng.choice(OPTIONS)) is not None:
        options["options"] = text
    if pace := rng.choice(PACES):
        options["pace"] = pace
    if rng.random() < 0.2:
        options["rated"] = True
    server.kept(member, await member.slash(rng.choice(server.channels), "table create", **options))


async def command(rng: random.Random, server: Server, member: Any) -> None:
    name = rng.choice(TABLE_COMMANDS + TOURNAMENT_COMMANDS)
    options: dict[str, Any] = {}
    if name.startswith("tournament"):
        member = rng.choice(server.members[:2]) if rng.random() < 0.7 else member  # mostly organisers
        if name == "tournament create":
            options = {"game": rng.choice(GAMES), "format": rng.choice(["swiss", "round_robin", "elimination"]),
                       "table_size": rng.choice([2, 3, 4])}
            if options["format"] != "elimination":
                options["rounds"] = rng.choice([1, 2])
        elif rng.random() < 0.5:
            options["tournament"] = rng.randint(1, 4)
    elif name != "table list" and rng.random() < 0.6:
        options["table"] = rng.randint(1, 12)
    if name in ("table handover", "tournament replace", "tournament forfeit"):
        options["player"] = rng.choice(server.members + [server.outsider]).user
    if name == "tournament extend":
        options["hours"] = rng.choice([1, 24, 0, -5, 10_000])
    where = rng.choice(server.channels + server.threads()[-4:])
    result = await member.slash(where, name, **options)
    server.kept(member, result)
    if name in PRIVATE:
        assert result.response.ephemeral, f"/{name} was answered in public"


async def random_press(rng: random.Random, server: Server, member: Any) -> None:
    """A random enabled control on a message the member can see; a lobby's controls, half the
    time, by its creator (who may use them all)."""
    seen = [m for channel in server.channels for m in channel.history()[-4:]]
    seen += [m for thread in server.threads()[-6:] for m in thread.history()[-3:]]
    seen += (member.user.dm_channel.history()[-4:] if member.user.dm_channel else []) + server.answers[member.id][-3:]
    # Not a lobby's Pace: a live pace's deadlines, minutes away, would pass in real time in a test
    # this long (the simulated Discord then moves its clock on by itself).
    choices = [(m, c) for m in seen for c in buttons(m) if getattr(c, "custom_id", None)
               and not c.custom_id.startswith("lobby:pace") and not getattr(c, "disabled", False)]
    if not choices:
        return
    message, control = rng.choice(choices)
    if message.guild is not None and getattr(message.channel, "parent", None) is not None and rng.random() < 0.5:
        table = await server.env.bot.store.tables.by_thread(message.channel.id)
        member = next((m for m in server.members if table is not None and m.id == table.creator_id), member)
    result = await press(rng, member if message.guild is not None else member.user, message, control)
    if result is not None:
        server.kept(member, result)


async def a_move(rng: random.Random, server: Server) -> None:
    running = await server.env.bot.store.tables.with_status("running")
    if not running:
        return
    row = rng.choice(running)
    thread = next((t for t in server.threads() if t.id == row.thread_id), None)
    if thread is None:
        return
    seats = await server.env.bot.store.tables.seats(row.id)
    table = Table(server.env, server.guild, None, thread, row.id, server.members)
    await legitimate_move(table, heuristic_players(row.game, len(seats)))


async def check_sound(server: Server) -> None:
    store = server.env.bot.store
    casual_by_creator: Counter[int] = Counter()
    for status in ("lobby", "running"):
        for row in await store.tables.with_status(status):
            spec, seats = registry.get(row.game), await store.tables.seats(row.id)
            people = [s.user_id for s in seats if s.user_id is not None]
            assert len(people) == len(set(people)), f"table {row.id} seats someone twice"
            assert len(seats) <= spec.max_seats, f"table {row.id} has {len(seats)} seats"
            assert status == "lobby" or len(seats) >= spec.min_seats, f"table {row.id} runs with {len(seats)} seats"
            if row.tournament_id is None:
                casual_by_creator[row.creator_id] += 1
    assert max(casual_by_creator.values(), default=0) <= PER_MEMBER, f"open tables by creator: {casual_by_creator}"
    assert sum(casual_by_creator.values()) <= PER_SERVER


@pytest.mark.slow
@pytest.mark.parametrize("seed", [21, 24, 29, 33, 40, 41])
async def test_a_server_clicking_about_gets_answers_and_keeps_its_tables_sound(simcord_env, settings, monkeypatch,
                                                                               seed):
    rng = random.Random(seed)
    fix_deal(monkeypatch, seed)
    server = Server(simcord_env)
    for _ in range(STEPS):
        member, roll = rng.choice(server.members), rng.random()
        if roll < 0.1:
            await create_table(rng, server, member)
        elif roll < 0.25:
            await command(rng, server, member)
        elif roll < 0.27:
            await simcord_env.restart_bot(create_bot(settings))
        elif roll < 0.45:
            await a_move(rng, server)
        else:
            await random_press(rng, server, member)
        await check_sound(server)
