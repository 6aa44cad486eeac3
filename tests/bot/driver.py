"""Drive tables through the bot as players do: slash commands, clicks and menu picks in DMs
and ephemeral panels. The tests decide *what* to choose with a computer player, but every
choice reaches the bot as a click on the component that offers it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import discord

from play.results import seat_choices
from games import registry
from tests.games.playout import strings_in


@dataclass
class Table:
    env: Any
    guild: Any
    channel: Any
    thread: Any
    table_id: int
    players: list[Any]  # MemberActor per person, in join order

    @property
    def bot(self) -> Any:
        return self.env.bot

    async def row(self):
        return await self.bot.store.tables.get(self.table_id)

    async def seats(self):
        """The seats as the bot knows them (with what it learnt since its last write)."""
        return await self.bot.service.seats(self.table_id)

    async def state(self):
        table = await self.row()
        return self.bot.service.state(table)

    async def spec(self):
        return registry.get((await self.row()).game)

    async def actor_of_seat(self, seat: int):
        row = next(s for s in await self.seats() if s.seat == seat)
        return next(p for p in self.players if p.id == row.user_id)

    async def seat_of(self, actor) -> int:
        return next(s.seat for s in await self.seats() if s.user_id == actor.id)

    async def put_state(self, state) -> None:
        """Set the game to a state the test built (a situation whole games seldom reach), as a new
        version: panels from before are out of date, a fresh "My hand" shows the new state (the
        seats' stored prompts were the old state's: they go, or its panels would be refused too)."""
        from storage.db import run

        async with self.bot.store.db.transaction() as conn:
            await run(conn, "UPDATE game_tables SET state = ?, version = version + 1, prompts = '{}' WHERE id = ?",
                      ((await self.spec()).dump_state(state), self.table_id))


def embeds_text(embeds) -> str:
    parts = []
    for embed in embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def text_of(message) -> str:
    """A message's content and the text of its embeds."""
    return (message.content or "") + "\n" + embeds_text(message.embeds)


def thread_text(table: "Table") -> str:
    """Everything the table's thread shows now: messages and their embeds (the board's log)."""
    return "\n".join(text_of(m) for m in table.thread.history())


def buttons(message: discord.Message) -> list[Any]:
    found = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            found.append(child)
    return found


def labels(message: discord.Message) -> list[str]:
    return [c.label for c in buttons(message) if getattr(c, "label", None)]


def menu_options(message: discord.Message) -> list[str]:
    """The labels of every option in the message's select menus."""
    return [option.label for c in buttons(message) for option in getattr(c, "options", None) or []]


def choice_target(message: discord.Message, index: int) -> tuple[str, str | None]:
    """('click', custom_id) or ('select', custom_id) of the component offering choice `index`."""
    for component in buttons(message):
        custom_id = getattr(component, "custom_id", "") or ""
        if custom_id.startswith("act:") and custom_id.rsplit(":", 1)[1] == str(index):
            return "click", custom_id
        if custom_id.startswith("pick:"):
            if any(option.value == str(index) for option in component.options):
                return "select", custom_id
    raise AssertionError(f"choice {index} is not offered on the panel: {labels(message)}")


def clicker(actor, message: discord.Message):
    """Who clicks: a member in a server channel, the bare user in a DM."""
    return actor.user if message.guild is None else actor


async def choose(actor, message: discord.Message, index: int):
    how, custom_id = choice_target(message, index)
    if how == "click":
        return await clicker(actor, message).click(message, custom_id=custom_id)
    return await clicker(actor, message).select(message, [str(index)], custom_id=custom_id)


async def open_table(env, game: str, names: list[str], *, options: str | None = None,
                     computers: int = 0, guild: Any = None) -> Table:
    """Create a table with `names[0]` as creator, seat the others through Join, add computers (in a
    new server, or in a new channel of `guild`)."""
    guild = guild or env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in names]
    kwargs = {"game": game}
    if options:
        kwargs["options"] = options
    result = await players[0].slash(channel, "table create", **kwargs)
    assert result.response is not None, "the bot answered /table create"
    thread = channel.threads[-1]
    table = await env.bot.store.tables.by_thread(thread.id)
    lobby = thread.history()[0]
    for player in players[1:]:
        await player.click(lobby, label="Join")
    for _ in range(computers):
        await players[0].click(lobby, label="Add computer")
    return Table(env, guild, channel, thread, table.id, players)


def fix_deal(monkeypatch, seed: int) -> None:
    """Tables opened from now on in this test get `seed` (otherwise a random one), so a game
    played by computer-player choices is the same every time."""
    from types import SimpleNamespace

    import play.tables

    monkeypatch.setattr(play.tables, "secrets", SimpleNamespace(randbits=lambda bits: seed))


async def start(table: Table):
    lobby = table.thread.history()[0]
    return await table.players[0].click(lobby, label="Start")


def latest_dm(actor) -> discord.Message | None:
    return actor.user.dm_channel.last_message


async def play_turn_by_dm(table: Table, policy: Callable[[Any, int], Any]) -> bool:
    """Let one person who must act now make the policy's choice by clicking in their DM panel.
    Returns False when nobody (human) has to act."""
    bot = table.bot
    row = await table.row()
    if row.status != "running":
        return False
    state = bot.service.state(row)
    spec = bot.service.spec(row)
    for seat in await table.seats():
        if seat.user_id is None or seat.forfeited or seat.seat not in spec.to_act(state):
            continue
        actor = next(p for p in table.players if p.id == seat.user_id)
        actions = seat_choices(spec, state, seat.seat)
        wanted = policy(state, seat.seat)
        index = actions.index(wanted)
        message = await panel_message(table, actor, seat)
        result = await choose(actor, message, index)
        assert result.acknowledged
        return True
    return False


def heuristic_players(game: str, seats: int) -> Callable[[Any, int], Any]:
    """The choice of a heuristic computer player for every seat (seeded by seat)."""
    spec = registry.get(game)
    players = {seat: spec.policy("heuristic", seed=seat) for seat in range(seats)}
    return lambda state, seat: players[seat].choose(state, seat)


async def play_to_the_end(table: Table, policy: Callable[[Any, int], Any], limit: int = 2000) -> int:
    """Let the people play the policy's choices by DM until nobody has to act (the game is over
    or only computers are left); returns the number of choices made, at most `limit`."""
    clicks = 0
    while await play_turn_by_dm(table, policy):
        clicks += 1
        assert clicks < limit, f"the game did not end within {limit} choices"
    return clicks


async def play_until(table: Table, policy: Callable[[Any, int], Any], reached: Callable[[Any], bool],
                     what: str, limit: int = 600) -> Any:
    """Let the people play the policy's choices by DM until `reached(state)` holds; returns that
    state. Fails, naming `what` was awaited, if the game stops or `limit` choices pass first."""
    for _ in range(limit):
        state = await table.state()
        if reached(state):
            return state
        assert await play_turn_by_dm(table, policy), f"the game stopped before {what}"
    raise AssertionError(f"{what} did not come up within {limit} choices")


async def panel_message(table: Table, actor, seat) -> discord.Message:
    """The player's current panel: their newest DM panel with controls for this table if DMs
    work (as a player would pick it), otherwise a fresh "My hand"."""
    if seat.dm_ok is not False and actor.user.dm_channel is not None:
        for message in reversed(actor.user.dm_channel.history()):
            if any(table_control(c, table.table_id) for c in buttons(message)):
                return message
    board = await board_message(table)
    result = await actor.click(board, label="My hand")
    assert result.response is not None and result.response.ephemeral
    return result.response.message


def table_control(component: Any, table_id: int) -> bool:
    custom_id = getattr(component, "custom_id", "") or ""
    return custom_id.split(":")[:2] in (["act", str(table_id)], ["pick", str(table_id)], ["amount", str(table_id)])


async def board_message(table: Table) -> discord.Message:
    row = await table.row()
    for message in reversed(table.thread.history()):
        if message.id == row.board_message_id:
            return message
    raise AssertionError("no board message in the thread")


async def opening_chosen_by_ada(env):
    """Ada and Bo at an Augsburg 1520 table; Ada makes all her opening-purchase choices (Bo is
    then the last to choose). Returns the table, a function making a heuristic choice on a given
    message, and Bo's panel from before he was told he is the last to choose."""
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    spec = registry.get("augsburg1520")
    policies = {s: spec.policy("heuristic", seed=s) for s in range(2)}

    async def choose_on(player, message) -> None:
        state = await table.state()
        seat = await table.seat_of(player)
        await choose(player, message, seat_choices(spec, state, seat).index(policies[seat].choose(state, seat)))

    older = table.players[1].user.dm_channel.history()[-1]  # Bo's panel of the opening purchase
    ada_seat = await table.seat_of(ada)
    while ada_seat in spec.to_act(await table.state()):
        await choose_on(ada, await panel_message(table, ada, next(s for s in await table.seats() if s.user_id == ada.id)))
    return table, choose_on, older


# -- what a person was shown ------------------------------------------------------------
def request_cursor(env) -> int:
    """A mark in the bot's REST log: `shown_to(..., since=mark)` looks only at later requests."""
    return len(env.http_requests)


def shown_to(env, user_id: int, since: int = 0) -> list[str]:
    """The text of every message the bot sent or edited (REST requests from `since` on) that this
    person could see: messages in server channels and threads, messages in their own DMs, answers to
    their own clicks and commands, and answers to other people's only when they are public."""
    backend = env.backend
    by_token = {i.token: i for i in backend.interactions.values()}
    texts: list[str] = []
    for request in env.http_requests[since:]:
        if request.json is None or request.method not in ("POST", "PATCH"):
            continue
        parts = request.path.strip("/").split("/")
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            channel = backend.channels.get(int(parts[1]))
            visible = channel is not None and (not channel.recipient_ids or user_id in channel.recipient_ids)
        elif parts[0] == "interactions":  # interactions/{id}/{token}/callback
            visible = _answer_visible(backend, backend.interactions.get(int(parts[1])), user_id, request.json)
        elif parts[0] == "webhooks" and len(parts) >= 3:  # webhooks/{app}/{token}/...: follow-ups, edits
            visible = _answer_visible(backend, by_token.get(parts[2]), user_id, request.json)
        else:
            continue
        if visible:
            texts.extend(strings_in(request.json))
    return texts


EPHEMERAL = 64


def _answer_visible(backend, interaction, user_id: int, payload: Any) -> bool:
    if interaction is None:
        return False
    if interaction.user_id == user_id:
        return True
    channel = backend.channels.get(interaction.channel_id)
    if channel is None or channel.recipient_ids or interaction.ephemeral:
        return False
    data = payload.get("data", payload) if isinstance(payload, dict) else {}
    if isinstance(data, dict) and (data.get("flags") or 0) & EPHEMERAL:
        return False
    # An update of the clicked message is as private as that message.
    message = backend.messages.get(interaction.channel_id, {}).get(interaction.message_id)
    return message is None or not message.flags & EPHEMERAL


def staff_only_channel(env, guild):
    """A role and a text channel only it (and the bot) may see: (role, channel)."""
    staff = guild.create_role("staff")
    hidden = guild.create_text_channel("staff-games", overwrites={
        guild.default_role: discord.PermissionOverwrite(view_channel=False),
        staff: discord.PermissionOverwrite(view_channel=True),
        env.bot.user: discord.PermissionOverwrite(view_channel=True)})
    return staff, hidden
