"""Forged custom_ids, fuzzed: always a private refusal or discord.py's own drop, never an
exception in the bot, never a change.

Three senders forge clicks, select choices and form answers: an administrator of another
server (every id of the first server is foreign to them), a player seated at the first server's
running game who has nothing to do there now, and the same player from his direct messages.
Ids are the real ones (other tables, other seats' prompt versions), huge and negative numbers,
other scripts' digits, malformed and over-long strings. Each test uses one SimCord world for all
its examples.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, assume, event, given, settings, strategies as st

from bot.ui.components import AMOUNT_FORM, DYNAMIC_ITEMS
from bot.ui.tournament_items import TOURNAMENT_ITEMS
from play.results import seat_choices
from bot.ui.log import LogPage
from tests.bot.driver import choose, heuristic_players, open_table, panel_message, start
from tests.bot.tournament_driver import ORGANISER_ROLE, Event, create
from tests.reliability.forge import (FIGURES, forge_component, forge_modal, guild_channel_ids, messages_of,
                                     refused, stored_rows)

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
TEMPLATES = [item.__discord_ui_compiled_template__ for item in (*DYNAMIC_ITEMS, *TOURNAMENT_ITEMS, LogPage)]
FAMILIES = ["lobby:{w}:{n}", "option:{n}:{w}", "hand:{n}", "act:{n}:{n}:{n}", "pick:{n}:{n}:{n}", "amount:{n}:{n}",
            "tourney:{w}:{n}", "rank:{w}:{n}", "amountform:{n}:{n}", "undo:{n}:{n}", "log:{n}:{n}", "back:{n}",
            "rematch:{n}", "vote:{n}:cancel:{w}:{n}", "vote:{n}:{w}:no:{n}"]
WORDS = ["join", "leave", "start", "cancel", "addai", "rmai", "rated", "pace", "register", "withdraw", "next",
         "status", "standings", "open_money", "augsburg1520", "baumeister", "yes", "no", "handover-1", "JOIN", "",
         "x" * 60, "ünï", "../"]
ODD_NUMBERS = ["0", "-1", "00", "9" * 18, "9" * 19, "9" * 20, str(2**63 - 1), str(2**63), str(2**64), "1e3", "0x1f",
               "１２", "٣", "1_0", " 1", "+1", "", "NaN"]


@dataclass
class Arena:
    env: Any
    ids: list[str]  # the real ids and prompt versions of the first server
    senders: dict[str, tuple[Any, discord.Message]]  # name -> (actor, message to forge on)
    watched: list[int]  # the first server's channels and its players' DMs
    take_back: tuple[int, int]  # (table, version) of Bo's own take-back, which he may press


async def arena_of(env) -> Arena:
    """The world of a test, built at its first example: a running game waiting only for Ada, a
    full lobby and a tournament open for registration, all in the first server."""
    if getattr(env, "fuzz_arena", None) is not None:
        return env.fuzz_arena
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    row = await waiting_for_ada(table)
    await ada.slash(table.channel, "table create", game="baumeister")
    lobby_thread = table.channel.threads[-1]
    for _ in range(3):  # full: nobody can join
        await ada.click(lobby_thread.history()[0], label="Add computer")
    organiser = table.guild.add_member(env.create_user("org"), roles=[table.guild.create_role(ORGANISER_ROLE)])
    tournament = await create(Event(env, table.guild, table.channel, organiser, []), rounds=1)
    lobby = await env.bot.store.tables.by_thread(lobby_thread.id)
    prompts = [str(pv) for pv, _ in row.prompts.values()]
    ids = [str(table.table_id), str(lobby.id), str(tournament), *prompts]
    other = env.create_guild("elsewhere")
    home = other.create_text_channel("games")
    admins = other.create_role("admins", permissions=discord.Permissions(administrator=True, manage_guild=True))
    admin = other.add_member(env.create_user("mallory"), roles=[admins, other.create_role(ORGANISER_ROLE)])
    await admin.slash(home, "rules", game="augsburg1520", public=True)
    board = next(m for m in table.thread.history() if m.id == row.board_message_id)
    senders = {"foreign admin": (admin, home.history()[-1]), "seated player": (bo, board),
               "seated player by DM": (bo.user, bo.user.dm_channel.history()[-1])}
    watched = guild_channel_ids(env, table.guild.id) + [ada.user.dm_channel.id, bo.user.dm_channel.id]
    env.fuzz_arena = Arena(env, ids, senders, watched, (table.table_id, row.version))
    return env.fuzz_arena


async def waiting_for_ada(table) -> Any:
    """Play (Bo first) until the game waits for Ada alone; the table's row then."""
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(60):
        row = await table.row()
        spec, state = table.bot.service.spec(row), table.bot.service.state(row)
        due = spec.to_act(state)
        if due == frozenset({0}):
            return row
        seat = 1 if 1 in due else 0
        actor = table.players[seat]
        index = seat_choices(spec, state, seat).index(policy(state, seat))
        seat_row = next(s for s in await table.seats() if s.seat == seat)
        await choose(actor, await panel_message(table, actor, seat_row), index)
    raise AssertionError("the game never waited for Ada alone")


def numbers(ids: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(ids), st.sampled_from(ODD_NUMBERS),
                     st.integers(-(10**25), 10**25).map(str), st.text(string.digits, min_size=1, max_size=30))


def fill(family: str, numbers_: list[str], words: list[str]) -> str:
    """A family's template with its {n} and {w} places filled in order."""
    rest = {"n": iter(numbers_), "w": iter(words)}
    return re.sub(r"\{([nw])\}", lambda place: next(rest[place.group(1)]), family)


def well_formed(ids: list[str]) -> st.SearchStrategy[str]:
    """A number as the bot's custom_ids carry them: a real id, or any 1 to 18 ASCII digits."""
    return st.one_of(st.sampled_from(ids), st.text(string.digits, min_size=1, max_size=18))


def custom_ids(ids: list[str]) -> st.SearchStrategy[str]:
    """Ids in the bot's families, well formed (real and unknown ids, 1-18 digits) or with odd
    parts, and anything else a forger can type."""
    digits = well_formed(ids)
    words = st.one_of(st.sampled_from(WORDS), st.text(string.ascii_lowercase, min_size=1, max_size=8))
    odd = st.one_of(numbers(ids), st.sampled_from(WORDS), st.text(max_size=12))
    families = st.sampled_from(FAMILIES)
    shaped = st.builds(fill, families, st.lists(digits, min_size=3, max_size=3), st.lists(words, min_size=1, max_size=1))
    malformed = st.builds(fill, families, st.lists(odd, min_size=3, max_size=3), st.lists(odd, min_size=1, max_size=1))
    return st.one_of(shaped, shaped, malformed, malformed.flatmap(lambda cid: st.text(max_size=20).map(cid.__add__)),
                     st.text(max_size=120), st.text(min_size=101, max_size=2000),
                     shaped.map(lambda cid: cid + ":" + "9" * 400))


def matched(custom_id: str, *patterns: re.Pattern[str]) -> bool:
    return any(pattern.fullmatch(custom_id) for pattern in patterns)


async def observe(arena: Arena) -> tuple[Any, Any]:
    return await stored_rows(arena.env.bot), messages_of(arena.env, arena.watched)


def check_answer(result: Any, handled: bool, custom_id: str, own_dm_panel: bool = False) -> None:
    """A private answer within Discord's limit, or no answer when no handler matches the id.
    `own_dm_panel`: a "Take back" of the presser's own table pressed on their own DM panel, which an
    out-of-date one refreshes in place (the panel as it stands, seen by them alone), the reason
    following privately."""
    if not result.acknowledged:
        assert not handled, f"{custom_id!r} matches a handler but got no answer"
        event("dropped by discord.py")
        FIGURES["dropped by discord.py"] += 1
        return
    event("refused privately")
    if own_dm_panel and not result.ephemeral:
        assert result.followups and all(m.ephemeral for m in result.followups), "the reason was not told privately"
        assert all(len(m.content or "") <= 2000 for m in result.followups)
        FIGURES["forged inputs refused privately"] += 1
        return
    text = refused(result)
    assert len(text) <= 2000


def own_take_back(arena: Arena, who: str, custom_id: str) -> bool:
    """A "Take back" of the arena's game sent from the seated player's own DM panel."""
    take_back = re.fullmatch(r"undo:([0-9]{1,18}):([0-9]{1,18})", custom_id)
    return who == "seated player by DM" and take_back is not None and int(take_back[1]) == arena.take_back[0]


def sender(arena: Arena, name: str, custom_id: str) -> tuple[Any, discord.Message]:
    # The seated player may legitimately register for his own server's open tournament, and take
    # back his own last move (Bo moved last; leading zeros name the same table and version).
    assume(not (name == "seated player" and custom_id.startswith("tourney:")))
    take_back = re.fullmatch(r"undo:([0-9]{1,18}):([0-9]{1,18})", custom_id)
    assume(not (name.startswith("seated player") and take_back is not None
                and (int(take_back[1]), int(take_back[2])) == arena.take_back))
    return arena.senders[name]


SENDERS = st.sampled_from(["foreign admin", "seated player", "seated player by DM"])


@pytest.mark.slow  # long random exploration
@FUZZ
@given(data=st.data(), who=SENDERS)
async def test_forged_button_clicks(simcord_env, data, who):
    arena = await arena_of(simcord_env)
    custom_id = data.draw(custom_ids(arena.ids), label="custom_id")
    actor, message = sender(arena, who, custom_id)
    before = await observe(arena)
    result = await forge_component(actor, message, custom_id)
    check_answer(result, matched(custom_id, *TEMPLATES), custom_id, own_take_back(arena, who, custom_id))
    assert await observe(arena) == before


@pytest.mark.slow  # long random exploration
@FUZZ
@given(data=st.data(), who=SENDERS)
async def test_forged_select_choices(simcord_env, data, who):
    arena = await arena_of(simcord_env)
    custom_id = data.draw(custom_ids(arena.ids), label="custom_id")
    values = data.draw(st.lists(st.one_of(numbers(arena.ids), st.sampled_from(["true", "false"]),
                                          st.text(max_size=100)), min_size=0, max_size=3, unique=True), label="values")
    actor, message = sender(arena, who, custom_id)
    before = await observe(arena)
    result = await forge_component(actor, message, custom_id, values)
    check_answer(result, matched(custom_id, *TEMPLATES), custom_id, own_take_back(arena, who, custom_id))
    assert await observe(arena) == before


@pytest.mark.slow  # long random exploration
@FUZZ
@given(data=st.data(), who=SENDERS)
async def test_forged_amount_forms(simcord_env, data, who):
    arena = await arena_of(simcord_env)
    form = st.builds("amountform:{}:{}".format, well_formed(arena.ids), well_formed(arena.ids))
    custom_id = data.draw(st.one_of(form, form, custom_ids(arena.ids)), label="custom_id")
    typed = data.draw(st.one_of(numbers(arena.ids), st.text(max_size=60)), label="typed")
    actor, message = sender(arena, who, custom_id)
    before = await observe(arena)
    channel = actor.dm_channel if who.endswith("DM") else message.channel
    result = await forge_modal(actor, channel, custom_id, {"amount": typed})
    check_answer(result, matched(custom_id, AMOUNT_FORM), custom_id)
    assert await observe(arena) == before


async def test_a_button_id_on_a_menu_and_a_page_id_on_the_board(simcord_env):
    """Found by the fuzzing above: a button's id sent as a menu choice (no label to read) and a
    leaderboard page id clicked on a table's board (which must stay the board)."""
    arena = await arena_of(simcord_env)
    admin, home = arena.senders["foreign admin"]
    bo, board = arena.senders["seated player"]
    table_id, _, tournament_id = arena.ids[:3]
    before = await observe(arena)
    for custom_id in (f"lobby:join:{table_id}", f"act:{table_id}:1:0", f"tourney:register:{tournament_id}"):
        result = await forge_component(admin, home, custom_id, ["0"])
        assert "of this server" in refused(result), custom_id
    page = await forge_component(bo, board, "rank:augsburg1520:0")
    assert "leaderboard" in page.response.embeds[0].title and page.ephemeral
    assert await observe(arena) == before


async def test_an_odd_option_value_from_someone_else_edits_nothing(simcord_env):
    """Only the creator's own menu is put back after a value that is not offered: anyone else's
    forged choice costs no edit of the lobby (edits of an old message are limited by Discord), and
    is told that only the creator sets options, or (pressed on a message elsewhere, as here) that
    the menu belongs to the lobby in the table's own thread."""
    arena = await arena_of(simcord_env)
    bo, board = arena.senders["seated player"]
    lobby_id = arena.ids[1]
    mark = len(simcord_env.http_requests)
    for values in (["nonsense"], ["x" * 100], []):
        result = await forge_component(bo, board, f"option:{lobby_id}:first_build", values)
        text = refused(result)
        assert board.channel.id != (await simcord_env.bot.service.get(int(lobby_id))).thread_id
        assert f"belongs to table #{lobby_id}, whose lobby is in its own thread" in text, text
    edits = [r for r in simcord_env.http_requests[mark:] if r.method == "PATCH"]
    assert not edits, [r.path for r in edits]


async def test_a_take_back_of_another_version_forged_onto_a_dm_panel_whose_own_is_good_changes_nothing(simcord_env):
    """Bo moved last, so his DM panel's own "Take back" still works: one of another version forged
    onto it is refused and leaves the panel (its news and its good "Take back") as it was."""
    arena = await arena_of(simcord_env)
    bo, panel = arena.senders["seated player by DM"]
    table_id, version = arena.take_back
    before = await observe(arena)
    for custom_id, values in ((f"undo:{table_id}:1", None), (f"undo:{table_id}:1", []),
                              (f"undo:{table_id}:{version - 1}", None)):
        text = refused(await forge_component(bo, panel, custom_id, values))
        assert "out of date" in text, text
        assert await observe(arena) == before


async def test_a_start_forged_onto_another_lobby_is_refused_as_the_other_lobby_controls_are(simcord_env):
    """README: a lobby's buttons and menus "work only where the lobby is, in the table's thread". The
    creator's Start sent on another table's lobby message starts nothing."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada, bo = table.players
    await bo.slash(table.channel, "table create", game="baumeister")
    elsewhere = table.channel.threads[-1].history()[0]  # bo's lobby, in its own thread
    result = await forge_component(ada, elsewhere, f"lobby:start:{table.table_id}")
    text = result.followups[-1].content if result.followups else result.response.content
    assert f"belongs to table #{table.table_id}, whose lobby is in its own thread" in text, text
    assert (await table.row()).status == "lobby"
