"""One server never acts on another's tables or tournaments, whatever its permissions there.

A second server's administrator (Administrator, Manage Server and a role named like the
organiser role) and an ordinary member use every command that names a table or a tournament,
and forge every component family the bot reads, naming the first server's ids. Each is refused
privately, nothing stored changes, and nothing appears in the first server. A click in a direct
message is checked against the seat's player instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
import pytest

from tests.bot.driver import Table, choose, open_table, start
from tests.bot.tournament_driver import ORGANISER_ROLE, Event, answer, create, register_all
from tests.reliability.forge import (FIGURES, forge_component, forge_modal, guild_channel_ids, messages_of,
                                     private_answer, refused, stored_rows)

TABLE_COMMANDS = ("table hand", "table leave", "table abandon", "table cancel", "table undo", "table log",
                  "table export")
TOURNAMENT_COMMANDS = ("tournament start", "tournament next", "tournament status", "tournament standings",
                       "tournament extend", "tournament replace", "tournament forfeit", "tournament finish",
                       "tournament cancel")
LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "addai", "rmai", "rated", "pace", "handover")
TOURNAMENT_ACTIONS = ("register", "withdraw", "start", "next", "status", "standings")
REFUSED_TABLE = "is not a table of this server"
REFUSED_TOURNAMENT = "is not a tournament of this server"


@dataclass
class FirstServer:
    table: Table  # a running game (ada and bo)
    lobby_id: int  # a table still in its lobby
    tournaments: tuple[int, int]  # one open for registration, one running
    victim: Any  # a seated player of the first server, named by replace/forfeit


@dataclass
class Attackers:
    admin: Any
    member: Any
    channel: Any
    carrier: discord.Message  # a bot message in their own server, to forge clicks on


async def first_server(env) -> FirstServer:
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    bo = table.players[1]
    lobby = await bo.slash(table.channel, "table create", game="baumeister")
    lobby_id = int(lobby.response.content.split("#", 1)[1].split(" ", 1)[0])
    role = table.guild.create_role(ORGANISER_ROLE)
    organiser = table.guild.add_member(env.create_user("org"), roles=[role])
    players = [table.guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    event = Event(env, table.guild, table.channel, organiser, players)
    open_one = await create(event, rounds=2)
    running = await create(event, rounds=2)
    await register_all(event, running)
    started = await organiser.slash(table.channel, "tournament start", tournament=running)
    assert "has started" in answer(started)
    return FirstServer(table, lobby_id, (open_one, running), players[0])


def attackers(env) -> Attackers:
    guild = env.create_guild("elsewhere")
    channel = guild.create_text_channel("games")
    powers = discord.Permissions(administrator=True, manage_guild=True)
    roles = [guild.create_role("admins", permissions=powers), guild.create_role(ORGANISER_ROLE)]
    admin = guild.add_member(env.create_user("mallory"), roles=roles)
    member = guild.add_member(env.create_user("trudy"))
    return Attackers(admin, member, channel, carrier=None)  # type: ignore[arg-type]


async def with_carrier(attack: Attackers) -> Attackers:
    """The admin opens a table at home: its lobby message carries the forged clicks."""
    await attack.admin.slash(attack.channel, "table create", game="augsburg1520")
    attack.carrier = attack.channel.threads[-1].history()[0]
    return attack


async def observed(env, first: FirstServer) -> tuple[Any, Any]:
    people = [*first.table.players, first.victim]
    channels = guild_channel_ids(env, first.table.guild.id) + [p.user.dm_channel.id for p in people]
    return await stored_rows(env.bot), messages_of(env, channels)


def forged_ids(first: FirstServer, prompt_version: int) -> list[tuple[str, list[str] | None, str]]:
    """(custom_id, select values, expected refusal) for every component family."""
    running, lobby = first.table.table_id, first.lobby_id
    ids: list[tuple[str, list[str] | None, str]] = []
    for table_id in (running, lobby):
        ids += [(f"lobby:{action}:{table_id}", None, REFUSED_TABLE) for action in LOBBY_ACTIONS]
        ids += [(f"option:{table_id}:open_money", ["true"], REFUSED_TABLE), (f"hand:{table_id}", None, REFUSED_TABLE)]
    ids += [(f"act:{running}:{prompt_version}:0", None, REFUSED_TABLE),
            (f"pick:{running}:{prompt_version}:0", ["0"], REFUSED_TABLE),
            (f"amount:{running}:{prompt_version}", None, REFUSED_TABLE),
            (f"undo:{running}:{prompt_version}", None, REFUSED_TABLE),
            (f"log:{running}:0", None, REFUSED_TABLE),
            (f"back:{running}", None, REFUSED_TABLE),
            (f"rematch:{running}", None, REFUSED_TABLE),
            (f"vote:{running}:cancel:yes:{prompt_version}", None, REFUSED_TABLE),
            (f"vote:{running}:handover-1:no:{prompt_version}", None, REFUSED_TABLE)]
    for tournament_id in first.tournaments:
        ids += [(f"tourney:{action}:{tournament_id}", None, REFUSED_TOURNAMENT) for action in TOURNAMENT_ACTIONS]
    return ids


@pytest.mark.slow  # every command and control of every game, from another server
async def test_another_server_cannot_touch_tables_or_tournaments(simcord_env):
    env = simcord_env
    first = await first_server(env)
    attack = await with_carrier(attackers(env))
    row = await first.table.row()
    prompt_version = row.prompts[0][0]
    before = await observed(env, first)
    tried = 0
    for actor in (attack.admin, attack.member):
        for name in TABLE_COMMANDS:
            for table_id in (first.table.table_id, first.lobby_id):
                FIGURES["forged inputs tried"] += 1
                text = refused(await actor.slash(attack.channel, name, table=table_id))
                assert REFUSED_TABLE in text and "`/table list` shows this server's tables" in text, (name, text)
                tried += 1
        for name in TOURNAMENT_COMMANDS:
            extra: dict[str, Any] = {"hours": 5} if name.endswith("extend") else {}
            if name.endswith(("replace", "forfeit")):
                extra = {"player": first.victim.user}
            for tournament_id in first.tournaments:
                FIGURES["forged inputs tried"] += 1
                result = await actor.slash(attack.channel, name, tournament=tournament_id, **extra)
                assert REFUSED_TOURNAMENT in refused(result) and "without `tournament:`" in refused(result), name
                tried += 1
        for custom_id, values, refusal in forged_ids(first, prompt_version):
            result = await forge_component(actor, attack.carrier, custom_id, values)
            assert refusal in refused(result), custom_id
            tried += 1
        form = await forge_modal(actor, attack.channel, f"amountform:{first.table.table_id}:{prompt_version}",
                                 {"amount": "1"})
        assert REFUSED_TABLE in refused(form)
        tried += 1
    assert tried == 2 * (len(TABLE_COMMANDS) * 2 + len(TOURNAMENT_COMMANDS) * 2 + len(forged_ids(first, prompt_version)) + 1)
    assert await observed(env, first) == before


async def test_the_first_server_still_works_after_the_attempts(simcord_env):
    """The refusals above are about the server, not the ids: the same commands work at home."""
    env = simcord_env
    first = await first_server(env)
    attack = await with_carrier(attackers(env))
    await attack.admin.slash(attack.channel, "table cancel", table=first.lobby_id)
    bo = first.table.players[1]
    done = await bo.slash(first.table.channel, "table cancel", table=first.lobby_id)
    assert "is cancelled" in private_answer(done)
    assert (await env.bot.store.tables.get(first.lobby_id)).status == "cancelled"


async def test_a_dm_click_is_checked_against_the_seats_player(simcord_env):
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    panel = next(m for m in reversed(ada.user.dm_channel.history()) if m.components)
    custom_id = next(c.custom_id for row in panel.components for c in row.children
                     if (c.custom_id or "").startswith(("act:", "pick:")))
    values = ["0"] if custom_id.startswith("pick:") else None
    # Bo makes his own (secret) choice first, so the game now waits only for Ada.
    bo_panel = next(m for m in reversed(bo.user.dm_channel.history()) if m.components)
    await choose(bo, bo_panel, 0)
    attack = await with_carrier(attackers(env))
    eve = attack.admin.user  # not seated at Ada's table; her DMs hold the bot's "You joined" note
    carrier = eve.dm_channel.history()[-1]
    version = (await table.row()).version
    before = (await stored_rows(env.bot), messages_of(env, guild_channel_ids(env, table.guild.id)))
    outsider = await forge_component(eve, carrier, custom_id, values)
    text = refused(outsider)
    assert f"not seated at table #{table.table_id}: in a direct message, only its players" in text, text
    assert f"`/table log table:{table.table_id}`" in text, text  # what is allowed instead, in its server
    # Bo, seated but not at Ada's seat, sends Ada's choice from his own DMs: he has nothing to do.
    again = await forge_component(bo.user, bo_panel, custom_id, values)
    text = refused(again)
    assert "out of date" in text or "waiting" in text.lower() or "not your turn" in text.lower(), text
    assert (await stored_rows(env.bot), messages_of(env, guild_channel_ids(env, table.guild.id))) == before
    # Ada's own click from her DM panel is still accepted.
    accepted = await choose(ada, panel, 0)
    assert accepted.acknowledged and not accepted.ephemeral
    assert (await table.row()).version == version + 1


async def test_a_number_in_use_nowhere_is_answered_as_another_servers(simcord_env):
    """A refusal says what is wrong and what to do (where the server's tables and tournaments are
    found), and the same whether the number is another server's or nobody's: told apart, a server
    could watch which numbers other servers' tables and tournaments take, and when."""
    env = simcord_env
    first = await first_server(env)
    attack = attackers(env)
    theirs, unused = first.table.table_id, 999
    for command, option, refusal in (("table log", "table", REFUSED_TABLE),
                                     ("tournament status", "tournament", REFUSED_TOURNAMENT)):
        if option == "tournament":
            theirs = first.tournaments[0]
        said = [refused(await attack.member.slash(attack.channel, command, **{option: number}))
                for number in (theirs, unused)]
        assert refusal in said[0] and said[1] == said[0].replace(f"#{theirs} ", f"#{unused} "), said
    assert said[1].startswith("Tournament #999 is not a tournament of this server: its number is in its message's")


async def test_a_dm_click_naming_a_table_that_does_not_exist_reads_as_one_at_a_table_of_others(simcord_env):
    """A forged click in a DM names table #999: answered as a table the clicker is not seated at
    (there is no "this server" in a DM), not as a number in use nowhere."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    panel = ada.user.dm_channel.history()[-1]
    for custom_id in ("act:999:1:0", "log:999:0", "undo:999:1", "hand:999"):
        text = refused(await forge_component(ada.user, panel, custom_id))
        assert text.startswith("You are not seated at table #999: in a direct message, only its players"), text


async def test_a_table_or_tournament_numbered_zero_is_answered_as_any_missing_one(simcord_env):
    """A number no table can have is refused before it is looked up, with the same advice as a
    number that is merely not in use: where this server's tables (tournaments) are found."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    for custom_id, said in (("lobby:join:0", "Table #0 is not a table of this server: `/table list` shows this server"),
                            ("tourney:register:0", "Tournament #0 is not a tournament of this server: its number is")):
        text = refused(await forge_component(table.players[0], lobby, custom_id))
        assert said in text, text
    assert [s.display_name for s in await table.seats()] == ["ada", "bo"]
