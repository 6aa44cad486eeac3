"""Display names are the players' own text: shown as typed wherever the bot writes them. A name
that looks like another seat's placeholder, markdown or "@everyone" must not change what a
message says, how it looks, or whom it pings."""

from __future__ import annotations

import re

import pytest

from bot.render.base import shown_name
from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_turn_by_dm, start

NAMES = ["ada", "*bo*", "cy", "{p0}", "@everyone"]
SHOWN = ["ada", r"\*bo\*", "cy", "{p0}", "@everyone"]  # markdown escaped, the rest as typed


def expected_line(event_text: str) -> str:
    return re.sub(r"\{p([0-9])\}", lambda found: SHOWN[int(found[1])], event_text)


async def test_names_are_shown_as_typed_and_nobody_passes_for_another_seat(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 61)
    table = await open_table(simcord_env, "augsburg1520", NAMES)
    lobby = str([e.to_dict() for e in table.thread.history()[0].embeds])
    assert r"2. \\*bo\\*" in lobby  # escaped in the lobby's player list (the repr doubles backslashes)
    await start(table)
    policy = heuristic_players("augsburg1520", len(NAMES))
    for _ in range(60):  # until the player named "{p0}" (seat 3) has done something
        assert await play_turn_by_dm(table, policy)
        row = await table.row()
        by_seat_3 = [text for _, text in row.recent_events if "{p3}" in text]
        if by_seat_3:
            break
    assert by_seat_3
    board = "\n".join(str(e.description) for e in (await board_message(table)).embeds)
    lines = board.splitlines()
    for text in by_seat_3:
        assert expected_line(text) in lines
        as_ada = text.replace("{p3}", "{p0}")  # the same line for the first seat: only ada's own
        assert lines.count(expected_line(as_ada)) == sum(t == as_ada for _, t in row.recent_events)


async def test_no_message_may_ping_everyone_or_a_role(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 61)
    table = await open_table(simcord_env, "augsburg1520", NAMES)
    await start(table)
    ada = table.players[0]
    await ada.slash(table.thread, "table cancel")  # a vote question that mentions the players
    policy = heuristic_players("augsburg1520", len(NAMES))
    for _ in range(5):
        assert await play_turn_by_dm(table, policy)
    sent = [r.json for r in simcord_env.http_requests
            if r.method in ("POST", "PATCH") and isinstance(r.json, dict) and "content" in (r.json.get("data") or r.json)]
    assert len(sent) > 10
    for body in sent:
        mentions = (body.get("data") or body).get("allowed_mentions")
        assert mentions is not None and "everyone" not in mentions.get("parse", [])
        assert "roles" not in mentions.get("parse", []) and not mentions.get("roles")


async def test_a_name_that_is_a_mention_pings_nobody(simcord_env):
    """A display name may read "<@someone's id>": in the thread it stays text, and the vote question
    it is part of pings only the players asked."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    victim = guild.add_member(simcord_env.create_user("victim"))
    mallory = guild.add_member(simcord_env.create_user(f"<@{victim.id}>"))
    bo = guild.add_member(simcord_env.create_user("bo"))
    await mallory.slash(channel, "table create", game="augsburg1520")
    thread = channel.threads[-1]
    await bo.click(thread.history()[0], label="Join")
    await mallory.click(thread.history()[0], label="Start")
    await mallory.slash(thread, "table cancel")
    question = next(m for m in thread.history() if "agree?" in (m.content or ""))
    assert set(simcord_env.backend.messages[thread.id][question.id].ping_user_ids) == {bo.id}
    assert f"<@{victim.id}> asks" not in question.content


@pytest.mark.slow
async def test_tournament_messages_show_names_as_typed(simcord_env):
    """Progress (who a table waits for) and standings show entrants' names with markdown inert: a
    name written as a masked link is not a link."""
    from tests.bot.tournament_driver import (ORGANISER_ROLE, Event, create, play_round, register_all,
                                             tournament_message)

    names = ["*bold*", "[site](https://e.vil)", "__u__"]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tournaments")
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    event = Event(simcord_env, guild, channel, organiser,
                  [guild.add_member(simcord_env.create_user(name)) for name in names])
    tournament = await create(event, rounds=1)
    await register_all(event, tournament)
    await organiser.click(tournament_message(event, tournament), label="Start")
    status = (await event.players[0].slash(channel, "tournament status", tournament=tournament)).response
    waiting = status.embeds[0].description.split("waiting for ", 1)[1]
    assert waiting in [shown_name(name) for name in names] and waiting not in names, waiting
    await play_round(event, tournament, 1)
    standings = (await event.players[0].slash(channel, "tournament standings", tournament=tournament)).response
    text = standings.embeds[0].description
    assert all(shown_name(name) in text for name in names) and text.count("[site](") == text.count(r"\[site]("), text


def test_players_called_alike_are_told_apart_by_their_seat_number():
    """Display names need not be unique: two players called "ada" read "ada (1)" and "ada (2)"
    wherever the table names them (board, log, standings), so neither passes for the other."""
    from types import SimpleNamespace

    from bot.ui.panels import table_info
    from games import registry

    table = SimpleNamespace(id=1)
    seats = [SimpleNamespace(seat=s, user_id=10 + s, display_name=n, forfeited=False)
             for s, n in enumerate(["ada", "ada", "bo"])]
    info = table_info(table, seats, registry.get("baumeister"))
    assert [info.plain_name(s) for s in range(3)] == ["ada (1)", "ada (2)", "bo"]
    assert info.fill("{p1} begins.") == "ada (2) begins."


async def lobby_of_nicknames(env, game: str, nicks: list[str]):
    """A lobby of `game` whose players go by `nicks` in the server (the first created it)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(f"u{n}"), nick=nick) for n, nick in enumerate(nicks)]
    await players[0].slash(channel, "table create", game=game)
    thread = channel.threads[-1]
    for player in players[1:]:
        await player.click(thread.history()[0], label="Join")
    return guild, channel, thread, players


@pytest.mark.slow
async def test_players_called_alike_stay_told_apart_once_one_forfeits(simcord_env):
    """README: two players called alike read "ada (1)" and "ada (2)" ... "in the thread's notes about
    them too". The mark of a forfeit does not make the other the only "ada": the standings and their
    footer of forfeits name the one who left with their number."""
    from tests.bot.driver import Table, play_to_the_end

    guild, channel, thread, players = await lobby_of_nicknames(simcord_env, "augsburg1520", ["ada", "ada", "bo"])
    table = Table(simcord_env, guild, channel, thread, (await simcord_env.bot.store.tables.by_thread(thread.id)).id,
                  players)
    await start(table)
    await players[1].slash(thread, "table abandon")
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    standings = next(m for m in reversed(thread.history()) if any("final standings" in (e.title or "") for e in m.embeds))
    embed = next(e for e in standings.embeds if "final standings" in (e.title or ""))
    text = f"{embed.description}\n" + "\n".join(f"{f.name} {f.value}" for f in embed.fields)
    left = next(s.seat for s in await table.seats() if s.forfeited) + 1
    stayed = next(s.seat for s in await table.seats() if s.display_name == "ada" and not s.forfeited) + 1
    assert f"ada ({stayed})" in text and f"ada ({left}) (forfeited)" in text, text
    assert f"Forfeited (ranked last): ada ({left})" in (embed.footer.text or ""), embed.footer.text


async def test_the_board_tells_players_called_alike_apart_and_its_colour_key_shows_names_as_typed(simcord_env):
    """Through the bot: two players called "ada" read "ada (1)" and "ada (2)" on the board; the sea
    map's colour key (an embed footer, which shows no markdown) writes a name as typed."""
    _, _, thread, players = await lobby_of_nicknames(simcord_env, "aelderman", ["ada", "ada", "**bo**"])
    await players[0].click(thread.history()[0], label="Start")
    board = next(m for m in reversed(thread.history()) if m.embeds and len(m.embeds) > 1)
    text = "\n".join(f"{e.description}\n" + "\n".join(f"{f.name} {f.value}" for f in e.fields) for e in board.embeds)
    assert "ada (1)" in text and "ada (2)" in text
    key = next(e.footer.text for e in board.embeds if e.footer.text and "Colours:" in e.footer.text)
    assert "ada (1)" in key and "**bo**" in key and "\\" not in key


async def test_names_written_with_an_accent_one_way_or_the_other_are_told_apart_on_the_board(simcord_env):
    """"José" typed with "é" as one character and as "e" and a combining accent read the same, so
    they are "called alike" and read "José (1)" and "José (2)"."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(simcord_env.create_user(f"u{n}"), nick=nick)
               for n, nick in enumerate(["Jos\u00e9", "Jose\u0301"])]
    await players[0].slash(channel, "table create", game="augsburg1520")
    thread = channel.threads[-1]
    await players[1].click(thread.history()[0], label="Join")
    await players[0].click(thread.history()[0], label="Start")
    board = next(m for m in reversed(thread.history()) if m.embeds and "Fair deal" in str(m.embeds[0].footer.text))
    text = "\n".join(f"{e.description}\n" + "\n".join(f"{f.name} {f.value}" for f in e.fields) for e in board.embeds)
    assert "Jos\u00e9 (1)" in text and "Jose\u0301 (2)" in text, text


@pytest.mark.parametrize("nick", ["\u200b\u2800 \u3164", "\u17b4\u17b5\u180b"])
async def test_a_name_that_shows_nothing_is_replaced_by_the_username(simcord_env, nick):
    """A display name of only spaces or invisible characters would leave a seat looking blank in
    the lobby, on the board and in refusals: the bot calls that person by their username."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    blank = guild.add_member(simcord_env.create_user("bo_42"), nick=nick)
    await ada.slash(channel, "table create", game="augsburg1520")
    thread = channel.threads[-1]
    await blank.click(thread.history()[0], label="Join")
    players = thread.history()[0].embeds[0].fields[0].value
    assert players.splitlines() == ["1. ada", r"2. bo\_42"], players
    await ada.click(thread.history()[0], label="Start")
    board = next(m for m in reversed(thread.history()) if m.embeds and "Fair deal" in str(m.embeds[0].footer.text))
    text = "\n".join(f"{e.description}\n" + "\n".join(f"{f.name} {f.value}" for f in e.fields) for e in board.embeds)
    assert r"bo\_42" in text and nick[0] not in text, text


@pytest.mark.slow
async def test_tournament_entrants_called_alike_are_told_apart_in_its_messages(simcord_env):
    """Two entrants called "ada" read "ada (1)" and "ada (2)" (their numbers in the list of
    players) in the tournament's embed, its progress and its standings."""
    from tests.bot.tournament_driver import (ORGANISER_ROLE, Event, create, play_round, register_all,
                                             tournament_message)

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tournaments")
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    event = Event(simcord_env, guild, channel, organiser,
                  [guild.add_member(simcord_env.create_user(f"u{n}"), nick=nick)
                   for n, nick in enumerate(["ada", "ada", "bo"])])
    tournament = await create(event, rounds=1)
    await register_all(event, tournament)
    listed = str(tournament_message(event, tournament).embeds[0].to_dict())
    assert "1. ada (1)" in listed and "2. ada (2)" in listed and "3. bo" in listed
    await organiser.click(tournament_message(event, tournament), label="Start")
    (game,) = await simcord_env.bot.store.tournaments.games(tournament, 1)
    seated = {s.user_id: s.display_name for s in await simcord_env.bot.store.tables.seats(game.table_id)}
    assert seated == {event.players[0].id: "ada (1)", event.players[1].id: "ada (2)", event.players[2].id: "bo"}
    await play_round(event, tournament, 1)
    standings = (await event.players[0].slash(channel, "tournament standings", tournament=tournament)).response
    text = standings.embeds[0].description
    assert "ada (1)" in text and "ada (2)" in text, text


def test_names_told_apart_never_read_alike_even_when_one_is_typed_like_a_numbered_one():
    from play.common import told_apart

    names = told_apart({0: "ada", 1: "ada", 2: "ada (2)", 3: "bo"}, lambda seat: seat + 1)
    assert len(set(names.values())) == 4 and names[3] == "bo" and names[0] == "ada (1)"
    assert all(name.startswith(("ada", "bo")) for name in names.values())


def test_what_counts_as_a_name_that_shows_nothing():
    """Only characters that draw nothing make a name blank: spaces, zero-width and format
    characters, fillers. An emoji newer than this Python's Unicode tables, a private-use glyph or a
    lone mark still shows."""
    from bot.render.base import visible_name

    for blank in ("   ", "\u200b\u200d", "\u3164\u2800", "\ufe0f\u034f", "\U000e0100", "\u17b4\u180d",
                  "\U000e0002", "\ufff0"):
        assert visible_name(blank, "", "user_1") == "user_1", repr(blank)
    for shown in ("\U0001fae8", "\ue000", "\u20dd", " ada "):
        assert visible_name(shown, "user_1") == shown.strip(), repr(shown)


async def test_a_blank_server_nickname_falls_back_to_the_global_display_name(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada_l99", global_name="Ada Lovelace"), nick="\u3164")
    await ada.slash(channel, "table create", game="augsburg1520")
    players = channel.threads[-1].history()[0].embeds[0].fields[0].value
    assert players == "1. Ada Lovelace", players


def test_a_name_cannot_turn_the_rest_of_its_line_around():
    """README: "direction controls are left out, and a right-to-left name is kept apart from the
    text after it, so a name cannot turn the rest of its line around". An open right-to-left
    override at the end of a name would show "ada — 36 prestige" as "ada egitserp 63 —"."""
    assert shown_name("ada\u202e") == "ada"
    assert shown_name("ada\u2069\u202e") == "ada"  # closing an isolate early does not help either
    assert shown_name("\u05e9\u05e8\u05d4") == "\u2068\u05e9\u05e8\u05d4\u2069"  # isolated: FSI ... PDI
    assert shown_name("**ada**") == "\\*\\*ada\\*\\*"  # a left-to-right name is shown as before
    # A control inside markdown or a mention does not hide it from the escaping, then go.
    assert shown_name("\u202e# HUGE") == "\\# HUGE"
    assert shown_name("@\u202eeveryone") == "@\u200beveryone"
    assert shown_name("[free]\u202e(https://e.com)").startswith("\\[free]")


async def test_the_board_leaves_out_a_names_direction_controls(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada\u202e", "bo\u2067"])
    await start(table)
    board = await board_message(table)
    text = "\n".join([board.content or ""] + [f"{e.title}\n{e.description}\n" + "\n".join(
        f"{f.name}\n{f.value}" for f in e.fields) for e in board.embeds])
    assert "ada" in text and "bo" in text
    assert "\u202e" not in text and "\u2067" not in text, repr(text)


def test_labels_keep_a_name_apart_too():
    """Button labels and menu options name players as typed, but with a name's direction
    controls left out and a right-to-left name isolated, as in message text."""
    from bot.render.base import TableInfo

    info = TableInfo(table_id=1, title="t", names={0: "ada\u202e", 1: "\u05e9\u05e8\u05d4", 2: "**bo**"})
    assert [info.plain_name(s) for s in range(3)] == ["ada", "\u2068\u05e9\u05e8\u05d4\u2069", "**bo**"]
    assert info.name(1) == "\u2068\u05e9\u05e8\u05d4\u2069" and info.name(2) == "\\*\\*bo\\*\\*"


async def test_a_web_address_as_a_name_is_not_a_link(simcord_env):
    """A player called "https://discord.gift/x" would show, in the bot's own messages, as a link to
    follow: the lobby and the board show the name as typed, but not as a link."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "https://discord.gift/x"])
    await start(table)
    board = await board_message(table)
    texts = [str([e.to_dict() for e in m.embeds]) + (m.content or "") for m in (table.thread.history()[0], board)]
    for text in texts:
        assert "discord.gift/x" in text and "https://discord.gift" not in text, text
