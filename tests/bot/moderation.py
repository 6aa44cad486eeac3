"""What a moderator does to a running game's Discord objects, for tests: remove the bot from the server
(and add it back), restart it, compare the thread's log with the stored public log."""
from __future__ import annotations

import discord

from bot import create_bot
from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_turn_by_dm, start
from tests.bot.test_board_refused import public_log, thread_log

GAMES = {"augsburg1520": ["ada", "bo"], "baumeister": ["ada", "bo", "cy"], "aelderman": ["ada", "bo"]}


async def running(env, monkeypatch, game: str, moves: int = 6, seed: int = 7):
    fix_deal(monkeypatch, seed)
    table = await open_table(env, game, GAMES[game])
    await start(table)
    policy = heuristic_players(game, len(GAMES[game]))
    for _ in range(moves):
        assert await play_turn_by_dm(table, policy)
    return table, policy


def moderator(env, table):
    role = table.guild.create_role("mods", permissions=discord.Permissions(
        manage_messages=True, manage_threads=True, manage_channels=True, manage_guild=True, view_channel=True,
        read_message_history=True, send_messages=True, send_messages_in_threads=True, manage_roles=True))
    return table.guild.add_member(env.create_user("mod"), roles=[role])


async def follow_thread(table):
    """Point table.thread at the table's current thread (it may have been replaced)."""
    row = await table.row()
    if row.thread_id is not None and row.thread_id != table.thread.id:
        table.thread = next(t for t in table.channel.threads if t.id == row.thread_id)
    return table.thread


async def play_on(table, policy, moves: int) -> int:
    done = 0
    for _ in range(moves):
        if not await play_turn_by_dm(table, policy):
            break
        done += 1
    return done


async def hand_works(table) -> bool:
    board = await board_message(table)
    result = await table.players[0].click(board, label="My hand")
    return result.response is not None and result.response.ephemeral


async def restart(env, settings):
    await env.restart_bot(create_bot(settings))


def fault_words(texts) -> list[str]:
    return [t for t in texts if any(w in t.lower() for w in ("went wrong", "error", "traceback", "could not",
                                                              "cannot", "failed", "missing the permission"))]


async def log_gap(table):
    """(lines missing from the thread, lines shown twice or out of order) against the public log."""
    await follow_thread(table)
    shown, public = thread_log(table), await public_log(table)
    notices = [l for l in shown if l not in public and NOTICE(l)]
    return [l for l in shown if l not in notices], public


def NOTICE(line: str) -> bool:
    """Log lines that are not moves (public_log, from the stored actions, does not have them)."""
    return "ran out of time" in line or " is back" in line or "came back" in line


class BotRemoval:
    """The bot is removed from the table's server (Discord sends it GUILD_DELETE; REST in that server
    answers 403 Missing Access) and later invited back (GUILD_CREATE). Channels and threads stay."""

    def __init__(self, env, guild_id: int) -> None:
        self.env, self.guild_id = env, guild_id
        self.removed = False
        self.member = None
        backend = env.backend
        original = backend.emit

        def emit(event, payload):
            if self.removed and event == "GUILD_CREATE" and int(payload.get("id", 0)) == guild_id:
                return None  # a restarted bot is not told of a server it is not in
            return original(event, payload)

        backend.emit = emit

    async def remove(self) -> None:
        backend = self.env.backend
        guild = backend.guilds[self.guild_id]
        self.member = guild.members.pop(backend.bot_user.id)
        self.removed = True
        backend.emit("GUILD_DELETE", {"id": str(self.guild_id)})
        await self.env.settle()

    async def add_back(self) -> None:
        from simcord.backend import serializers
        backend = self.env.backend
        guild = backend.guilds[self.guild_id]
        guild.members[backend.bot_user.id] = self.member
        self.removed = False
        backend.emit("GUILD_CREATE", serializers.guild_create_payload(backend, guild))
        await self.env.settle()
