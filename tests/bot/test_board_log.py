"""The board's Game log lists what happened since the board was posted. When a move's lines do not
fit, the log goes on under a new board (the old one keeps its lines); a single move with more lines
than a board holds says that earlier lines exist and where to read them."""

from __future__ import annotations

import discord
import pytest

from bot.render import get_renderer
from bot.render.base import EMBED_TOTAL, within_total
from bot.ui.board import WAITING
from bot.ui.board_log import EARLIER, LOG_LINES, LOG_TITLE, log_embed
from play.record import visible_events
from tests.bot.driver import (board_message, fix_deal, heuristic_players, open_table, play_to_the_end,
                              play_turn_by_dm, start)


def test_a_log_that_fits_is_shown_whole_and_a_longer_one_says_so():
    short = [f"line {n}" for n in range(5)]
    assert log_embed(short, 6000).description == "\n".join(short)
    long = [f"line {n}" for n in range(LOG_LINES + 10)]
    shown = log_embed(long, 6000).description.splitlines()
    assert shown[0] == EARLIER and shown[1:] == long[-LOG_LINES:]
    tight = log_embed(long, 120).description.splitlines()  # little room: fewer lines, same note
    assert tight[0] == EARLIER and tight[1:] == long[-(len(tight) - 1):]


@pytest.mark.slow
async def test_a_long_round_goes_on_under_a_new_board_and_the_thread_loses_no_line(simcord_env, monkeypatch):
    """README: "The board's Game log lists what happened since that board was posted." When a
    round's log outgrows the board, the board keeps its lines and a new one goes on below it: read
    in order, the boards' logs are every public line of the game."""
    fix_deal(monkeypatch, 7)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    first_pings: dict[int, set[int]] = {}  # board -> whom it pinged when it was posted
    for _ in range(400):
        state = await table.state()
        board = await board_message(table)
        first_pings.setdefault(board.id, set(simcord_env.backend.messages[board.channel.id][board.id].ping_user_ids))
        if state.round > 1:  # past the first round
            break
        assert await play_turn_by_dm(table, policy)
    boards = [m for m in table.thread.history() if m.embeds and m.embeds[-1].title == LOG_TITLE]
    logs = [m.embeds[-1].description.splitlines() for m in boards]
    round_one = [log for m, log in zip(boards, logs) if "round 1 of" in m.embeds[0].title]
    assert max(len(log) for log in round_one) <= LOG_LINES < sum(len(log) for log in round_one)
    # Only the round's first board pinged whose move it was; the ones going on from a full log
    # did not (that turn's ping was its DM).
    pings = [first_pings[m.id] for m in boards if "round 1 of" in m.embeds[0].title]
    assert pings[0] and not any(pings[1:])
    shown = [line for log in logs for line in log]
    assert EARLIER not in shown
    row, seats = await table.row(), await table.seats()
    actions = await table.bot.store.tables.timed_actions(table.table_id)
    info = table.bot.presenter.boards.service_info(await table.bot.service.news(table.table_id))
    public = [info.fill(text) for _, text in visible_events(row, seats, actions, None, False)]
    assert shown == public


@pytest.mark.slow
async def test_a_board_with_little_room_writes_its_log_under_the_turn_line(simcord_env, monkeypatch):
    """Aelderman's main version with four players fills most of a message's 6,000 characters of
    embeds: such a board writes its log in the message's text, under the turn line, and keeps it
    there when it is replaced (losing only the turn line)."""
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo", "cy", "dee"], options="version=main")
    await start(table)
    policy = heuristic_players("aelderman", 4)
    head = f"**{LOG_TITLE}**"
    for _ in range(400):
        board = await board_message(table)
        if head in (board.content or ""):
            break
        assert await play_turn_by_dm(table, policy)
    else:
        raise AssertionError("no board wrote its log in its text")
    assert board.content.splitlines()[0].startswith(("Your move", "Waiting for", head))
    assert all(embed.title != LOG_TITLE for embed in board.embeds)
    assert sum(len(embed) for embed in board.embeds) <= 6000 and len(board.content) <= 2000
    while (await board_message(table)).id == board.id:
        assert await play_turn_by_dm(table, policy)
    replaced = next(m for m in table.thread.history() if m.id == board.id)
    assert replaced.content.startswith(head) and not replaced.components
    assert EARLIER not in replaced.content


def test_a_board_over_discords_limit_gives_way_at_its_last_text():
    """Discord refuses a message whose embeds hold over 6,000 characters together. The board's
    last embed's text gives way first (Aelderman's sea-map text, which its picture shows), cut at a
    line; the deadlines field never goes."""
    main = discord.Embed(title="Board", description="status " * 300)
    main.add_field(name=WAITING, value="ada in 2 hours")
    sea = discord.Embed(title="Sea map", description="\n".join(f"Hamburg {n}: two ships" for n in range(200)))
    before = sea.description
    within_total([main, sea], keep_field=WAITING)
    assert len(main) + len(sea) <= EMBED_TOTAL
    assert sea.description.endswith("\n…") and before.startswith(sea.description[:-2] + "\n")
    assert main.description == "status " * 300 and main.fields[0].name == WAITING
    small = [discord.Embed(title="Board", description="short")]
    within_total(small)
    assert small[0].description == "short"
    mentions = ", ".join(f"<@{1456074443980800011 + n}>" for n in range(8))  # one line
    line = [discord.Embed(title="Board", description=f"Everybody chooses: {mentions}.")]
    within_total(line, 120)
    kept = line[0].description.removesuffix("\n…")
    assert len(line[0]) <= 120 and mentions.startswith(kept.removeprefix("Everybody chooses: ")) and kept.endswith(">,")


@pytest.mark.slow  # a whole four-player game of Aelderman's main version
async def test_aelderman_main_boards_stay_within_discords_limit_and_lose_no_line(simcord_env, monkeypatch):
    """Seed 104, four players, main version: from round 3 the Council Hall boards came to 6,127
    characters with the fair deal's footer and the deadlines, Discord refused their edits and the
    new boards meant to replace them, and 16 public lines never reached the thread."""
    fix_deal(monkeypatch, 104)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo", "cy", "dee"], options="version=main")
    await start(table)
    await play_to_the_end(table, heuristic_players("aelderman", 4))
    thread = f"/channels/{table.thread.id}/"
    messages = [r.json for r in simcord_env.http_requests if thread in r.path and isinstance(r.json, dict)
                and r.json.get("embeds")]  # the boards as sent, refused or not
    assert max(sum(len(discord.Embed.from_dict(e)) for e in m["embeds"]) for m in messages) <= EMBED_TOTAL
    head = f"**{LOG_TITLE}**\n"
    shown = []
    for message in table.thread.history():
        if head in (message.content or ""):
            shown += message.content.split(head, 1)[1].splitlines()
        shown += [line for e in message.embeds if e.title == LOG_TITLE for line in e.description.splitlines()]
    row, seats = await table.row(), await table.seats()
    actions = await table.bot.store.tables.timed_actions(table.table_id)
    info = table.bot.presenter.boards.service_info(await table.bot.service.news(table.table_id))
    public = [info.fill(text) for _, text in visible_events(row, seats, actions, None, False)]
    assert [line for line in shown if line] == public


async def test_the_deadlines_of_many_long_names_make_the_log_give_way_not_the_board(simcord_env):
    """Five players with long names choose at once, each with a deadline, under a full log: the
    board is within Discord's limit, its own text whole, and the log (which says that earlier lines
    exist) is what gives way."""
    names = ["_*" * 15 + c for c in "abcde"]  # 31 characters each, twice that shown as typed
    table = await open_table(simcord_env, "augsburg1520", names)
    await start(table)
    bot = table.bot
    news = await bot.service.news(table.table_id)
    assert len(news.table.deadlines) == 5  # everyone picks their cards at once, on the clock
    long_line = "{p0} bids 3 cards on Jakob Fugger, outbidding {p1} and {p2}."
    news.table = news.table.model_copy(update={"recent_events": [(news.table.version, long_line)] * 40})
    boards = bot.presenter.boards
    info, public = boards.service_info(news), bot.service.spec(news.table).view(news.state, None)
    whole = get_renderer("augsburg1520").board(info, public)
    text = boards._text(news, info, public, news.table.version - 1, False)
    assert sum(len(e) for e in text.embeds) <= EMBED_TOTAL
    assert [e.description for e in text.embeds[:-1]] == [e.description for e in whole]
    log = text.embeds[-1]
    assert log.title == LOG_TITLE and log.description.startswith(EARLIER)
    assert any(f.name == WAITING and f.value.count("<t:") == 5 for f in log.fields)


async def crowded_aelderman(env):
    """Aelderman's main version with four long names, at the Council Hall of a later round, where
    the board is fullest: the table, the game's spec and the names."""
    import random

    from games import registry

    spec = registry.get("aelderman")
    names = [f"Bartholomew von Schleswig-Hols{c}" for c in "abcd"]
    table = await open_table(env, "aelderman", names, options="version=main")
    await start(table)
    rng, state = random.Random(0), spec.setup(4, 0, spec.Options(version="main"))
    for _ in range(355):
        seat = rng.choice(sorted(spec.to_act(state)))
        state, _ = spec.apply(state, seat, rng.choice(spec.legal_actions(state, seat)))
    await table.put_state(state)
    return table, spec, names


async def test_a_crowded_aelderman_board_shortens_long_names_and_keeps_its_own_text(simcord_env):
    """Aelderman's main version with four players names each player some thirty times on its
    board: with long names the board writes them shortened (told apart by seat where they start
    alike), so that the board stays within Discord's limit and keeps its own text whole."""
    table, spec, names = await crowded_aelderman(simcord_env)
    news = await table.bot.service.news(table.table_id)
    boards = table.bot.presenter.boards
    info, public = boards.service_info(news), spec.view(news.state, None)
    text = boards._text(news, info, public, news.table.version, None)
    assert sum(len(e) for e in text.embeds) <= EMBED_TOTAL
    main = text.embeds[0]
    assert main.description.splitlines()[-1].startswith("Action-card pile")  # the status is whole
    headings = [f.name for f in main.fields if " — in " in f.name]
    assert [h.split(" — ")[0][2:].removesuffix(" ⏳") for h in headings] == [f"Bartholomew… ({n})" for n in (1, 2, 3, 4)]
    shown = [main.description, *(f.name + f.value for f in main.fields if f.name != WAITING)]
    assert not any(name in part for part in shown for name in names)


async def test_a_shortened_name_keeps_its_abandoned_mark(simcord_env):
    """README (/table abandon): the seat of a player who abandoned is a computer's for good; the
    crowded board that shortens names cuts the name, not the "(forfeited)" that says so."""
    table, _, _ = await crowded_aelderman(simcord_env)
    quitter = table.players[1]
    assert "You abandoned" in (await quitter.slash(table.thread, "table abandon")).response.content
    board = await board_message(table)
    headings = [f.name.split(" — ")[0][2:].removesuffix(" ⏳") for f in board.embeds[0].fields if " — in " in f.name]
    seat = await table.seat_of(quitter)
    assert headings[seat] == "Bartholomew… (forfeited)", headings
    assert [h for n, h in enumerate(headings) if n != seat] == [f"Bartholomew… ({n + 1})" for n in range(4) if n != seat]
