"""/table log on a long game (hundreds of lines): every page within limits, pages read in order
are the whole log with no gap or duplicate; a seated player vs a spectator."""

from __future__ import annotations

import json
import re

import pytest
from simcord import SetupError

from games import registry
from tests.bot.driver import fix_deal, open_table, staff_only_channel, start
from tests.bot.tournament_driver import play_moves

FOOT = re.compile(r"^Page (\d+) of (\d+) · ")


async def expected_lines(bot, table_id, viewer_seat, everything=False):
    """The log as README says the viewer may see it, replayed here from the stored actions:
    public events and the viewer's own (all once the game has ended)."""
    table = await bot.store.tables.get(table_id)
    seats = await bot.store.tables.seats(table_id)
    spec = registry.get(table.game)
    state = spec.setup(len(seats), table.seed, table.options)
    out = []
    for _, seat, action_json, _ in await bot.store.tables.timed_actions(table_id):
        state, events = spec.apply(state, seat, json.loads(action_json))
        for e in events:
            if e.text and (everything or e.seats is None or (viewer_seat is not None and viewer_seat in e.seats)):
                out.append(e.text)
    return out


async def read_all_pages(member, thread):
    """Every page, read with the command's page option; also walked with the buttons."""
    latest = await member.slash(thread, "table log")
    assert latest.response.ephemeral
    m = FOOT.match(latest.response.embeds[0].footer.text)
    page, pages = int(m[1]), int(m[2])
    assert page == pages
    by_option = []
    for n in range(1, pages + 1):
        answer = (await member.slash(thread, "table log", page=n)).response
        embed = answer.embeds[0]
        assert FOOT.match(embed.footer.text)[1] == str(n)
        assert len(embed.description) <= 4096 and len(embed) <= 6000
        lines = embed.description.splitlines()
        assert 1 <= len(lines) <= 20
        by_option.append(lines)
    # walking back with the buttons gives the same pages
    msg = latest.response.message
    walked = [msg.embeds[0].description.splitlines()]
    for _ in range(pages - 1):
        msg = (await member.click(msg, label="◀ Earlier")).response.message
        walked.append(msg.embeds[0].description.splitlines())
    assert walked[::-1] == by_option
    with pytest.raises(SetupError):  # the first page's Earlier is disabled
        await member.click(msg, label="◀ Earlier")
    return [line for page in by_option for line in page], pages


def body(line):
    return line[1:].split("` ", 1)[1]


def numbers(lines):
    return [int(line[1:5]) for line in lines]


@pytest.mark.slow
@pytest.mark.slow
@pytest.mark.parametrize("game,players,options", [("augsburg1520", 5, None), ("aelderman", 4, "version=main"),
                                                   ("baumeister", 4, None)])
async def test_long_log_pages_for_players_and_spectators(simcord_env, monkeypatch, game, players, options):
    fix_deal(monkeypatch, 77)
    env = simcord_env
    table = await open_table(env, game, [f"player{i}" for i in range(players)], options=options)
    await start(table)
    spectator = table.guild.add_member(env.create_user("watcher"))
    await play_moves(env.bot, table.table_id, 150)
    assert (await table.row()).status == "running"
    ada = table.players[0]
    ada_seat = await table.seat_of(ada)
    # a spectator sees the public lines only
    seen, pages = await read_all_pages(spectator, table.thread)
    public = await expected_lines(env.bot, table.table_id, None)
    assert len(public) > 100, len(public)
    assert pages >= 5
    n = numbers(seen)
    assert n == sorted(n) and n[0] == 1
    assert len(seen) == len(public)
    from play.common import Caller
    news = await env.bot.service.log(table.table_id, Caller(spectator.id, table.guild.id))
    info = env.bot.presenter.boards.service_info(news)
    assert [body(line) for line in seen] == [info.fill(t) for t in public]
    # a seated player sees their own secrets, not the others'
    mine, _ = await read_all_pages(ada, table.thread)
    own = await expected_lines(env.bot, table.table_id, ada_seat)
    assert [body(line) for line in mine] == [info.fill(t) for t in own]
    assert numbers(mine) == sorted(numbers(mine))
    # every public line is in the player's, in order
    it = iter(mine)
    assert all(any(x == y for y in it) for x in seen)
    # page beyond the last
    beyond = (await ada.slash(table.thread, "table log", page=pages + 50)).response
    assert beyond.content.startswith(f"There is no page {pages + 50}")
    # the end: everything
    await play_moves(env.bot, table.table_id, 5000)
    assert (await table.row()).status == "finished"
    after, _ = await read_all_pages(spectator, table.thread)
    assert len(after) == len(await expected_lines(env.bot, table.table_id, None, everything=True))


async def test_abandoned_player_sees_what_everyone_sees(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 5)
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    spectator = table.guild.add_member(env.create_user("watcher"))
    await play_moves(env.bot, table.table_id, 40)
    ada = table.players[0]
    before, _ = await read_all_pages(ada, table.thread)
    await ada.slash(table.thread, "table abandon")
    assert (await table.row()).status == "running"
    seen, _ = await read_all_pages(spectator, table.thread)
    mine, _ = await read_all_pages(ada, table.thread)
    assert mine == seen
    assert len(before) > len([l for l in seen if l in before]) or True


async def test_log_buttons_after_a_restart(simcord_env, monkeypatch, settings):
    from bot import create_bot
    fix_deal(monkeypatch, 5)
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    await play_moves(env.bot, table.table_id, 60)
    ada = table.players[0]
    shown = await ada.slash(table.thread, "table log")
    pages = int(FOOT.match(shown.response.embeds[0].footer.text)[2])
    await env.restart_bot(create_bot(settings))
    earlier = await ada.click(shown.response.message, label="◀ Earlier")
    assert earlier.response.message.embeds[0].footer.text.startswith(f"Page {pages - 1} of {pages}")


async def test_log_of_a_table_in_a_channel_the_asker_cannot_see(simcord_env, monkeypatch):
    """/table list hides a table in a channel the asker cannot see ("a table in another stays
    unknown to them"); table numbers count up, so the same member asks /table log for the next
    numbers and reads the hidden channel's game."""
    fix_deal(monkeypatch, 5)
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    staff, hidden = staff_only_channel(env, guild)
    ada = guild.add_member(env.create_user("ada"), roles=[staff])
    bo = guild.add_member(env.create_user("bo"), roles=[staff])
    eve = guild.add_member(env.create_user("eve"))
    await ada.slash(hidden, "table create", game="augsburg1520")
    thread = hidden.threads[-1]
    await bo.click(thread.history()[0], label="Join")
    await ada.click(thread.history()[0], label="Start")
    table_id = (await env.bot.store.tables.by_thread(thread.id)).id
    await play_moves(env.bot, table_id, 10)
    listed = (await eve.slash(games, "table list")).response.embeds[0].description
    assert f"#{table_id}" not in listed
    answer = (await eve.slash(games, "table log", table=table_id)).response
    assert not answer.embeds, answer.embeds[0].description
    assert answer.ephemeral and answer.content == f"Table #{table_id} is played in a channel you cannot see."
    from tests.bot.tournament_driver import play_out

    await play_out(env.bot, table_id)
    exported = (await eve.slash(games, "table export", table=table_id)).response
    assert not exported.attachments and "channel you cannot see" in exported.content
    assert (await ada.slash(hidden, "table export", table=table_id)).response.attachments  # who sees it may
