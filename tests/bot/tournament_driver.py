"""Drive tournaments through the bot: an organiser with the organiser role, registrations by
button, and games finished by computer policies acting for the people through the bot's own
service layer (`TableService.act_seat`); the last move is published like any move, so the
table reports its result the way a played game does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from games import registry
from tests.bot.driver import labels

ORGANISER_ROLE = "Tournament Organiser"


@dataclass
class Event:
    env: Any
    guild: Any
    channel: Any
    organiser: Any
    players: list[Any]

    @property
    def bot(self) -> Any:
        return self.env.bot

    def by_id(self, user_id: int) -> Any:
        return next(p for p in self.players if p.id == user_id)


def answer(result: Any) -> str:
    """The text of the bot's (last) answer to an interaction, deferred or not."""
    if result.followups:
        return result.followups[-1].content or ""
    return result.response.content or ""


def new_event(env, count: int, *, names: str = "p") -> Event:
    guild = env.create_guild()
    channel = guild.create_text_channel("tournaments")
    role = guild.create_role(ORGANISER_ROLE)
    organiser = guild.add_member(env.create_user("org"), roles=[role])
    players = [guild.add_member(env.create_user(f"{names}{i}")) for i in range(count)]
    return Event(env, guild, channel, organiser, players)


def tournament_message(event: Event, tournament_id: int) -> discord.Message:
    """The tournament embed with its buttons, as it is now."""
    for message in reversed(event.channel.history()):
        if message.embeds and message.embeds[0].title and message.embeds[0].title.endswith(f"#{tournament_id}") \
                and labels(message):
            return message
    raise AssertionError(f"no message of tournament #{tournament_id} with buttons")


async def create(event: Event, **options: Any) -> int:
    options.setdefault("game", "baumeister")
    options.setdefault("format", "swiss")
    options.setdefault("table_size", 3)
    result = await event.organiser.slash(event.channel, "tournament create", **options)
    assert result.ephemeral and "open for registration" in result.response.content, result.response.content
    return (await event.bot.store.tournaments.with_status("registration", guild_id=event.guild.id))[-1].id


async def register_all(event: Event, tournament_id: int) -> None:
    for player in event.players:
        answer = await player.click(tournament_message(event, tournament_id), label="Register")
        assert "registered" in answer.response.content


async def play_out(bot: Any, table_id: int, *, publish: bool = True) -> None:
    """Finish a table (see play_moves). The final move is published (unless `publish` is False:
    the bot stopped before it could post anything)."""
    await play_moves(bot, table_id, 5000, publish=publish)
    assert (await bot.store.tables.get(table_id)).status == "finished"


async def play_moves(bot: Any, table_id: int, moves: int, *, publish: bool = True) -> None:
    """Play up to `moves` moves of a table, or to its end: each person's move is chosen by a
    heuristic policy and played with `act_seat`; computer seats move through `run_computers`.
    The last move is published (unless `publish` is False)."""
    spec = registry.get((await bot.store.tables.get(table_id)).game)
    policies: dict[int, Any] = {}
    last = None
    for _ in range(moves):
        table = await bot.store.tables.get(table_id)
        if table.status != "running":
            break
        state = spec.load_state(table.state)
        seats = await bot.store.tables.seats(table_id)
        people = [s for s in sorted(spec.to_act(state)) if seats[s].ai is None]
        if people:
            seat = people[0]
            policy = policies.setdefault(seat, spec.policy("heuristic", seed=table.seed % 1000 + seat))
            last = await bot.service.act_seat(table_id, seat, policy.choose(state, seat))
        else:
            last = await bot.service.run_computers(table_id) or last
    if last is not None and publish:
        await bot.controller.after(last)


async def play_round(event: Event, tournament_id: int, round_no: int) -> None:
    for game in await event.bot.store.tournaments.games(tournament_id, round_no):
        await play_out(event.bot, game.table_id)


def last_embed_titled(channel: Any, text: str) -> discord.Message:
    for message in reversed(channel.history()):
        if message.embeds and text in (message.embeds[0].title or ""):
            return message
    raise AssertionError(f"no message titled {text!r}")
