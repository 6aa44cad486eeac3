"""A tournament that ends or is cancelled while Discord refuses some of its calls: what is refused is
tried again by a timer until the channel shows the tournament as it is, and what went out is never
posted twice."""

from __future__ import annotations

import asyncio
import types

import discord
import pytest

from play.common import Caller
from tests.bot.driver import labels
from tests.bot.test_tournament_faults import RETRY, as_now, round_tables, start_tournament, titled
from tests.bot.tournament_driver import answer, create, new_event, play_out, register_all, tournament_message


def refused() -> discord.HTTPException:
    """What discord.py raises when Discord answers 500 (for a refusal in the middle of the bot's
    own work, where the simulated Discord's injected errors cannot be set up)."""
    return discord.HTTPException(types.SimpleNamespace(status=500, reason="Internal Server Error"), "refused")


async def round_one_played(env):
    event, tournament, _ = await start_tournament(env, 3)
    for table in await round_tables(event, tournament, 1):
        await play_out(event.bot, table.id)
    (summary,) = titled(event, "standings after round 1")
    assert summary.components
    return event, tournament, summary


@pytest.mark.slow
async def test_the_start_next_round_button_goes_after_a_finish_whose_edit_was_refused(simcord_env):
    event, tournament, summary = await round_one_played(simcord_env)
    simcord_env.inject_error("PATCH", f"/channels/{event.channel.id}/messages/{summary.id}", status=500, times=1)
    finished = await event.organiser.slash(event.channel, "tournament finish", tournament=tournament)
    assert answer(finished) == f"Tournament #{tournament} is finished."
    assert len(titled(event, "final standings")) == 1
    assert as_now(event, summary).components  # refused once
    await simcord_env.advance_time(RETRY)
    assert not as_now(event, summary).components, "a finished tournament still offers 'Start next round'"
    assert len(titled(event, "final standings")) == 1


@pytest.mark.slow
async def test_the_start_next_round_button_goes_after_a_cancel_whose_edit_was_refused(simcord_env):
    event, tournament, summary = await round_one_played(simcord_env)
    simcord_env.inject_error("PATCH", f"/channels/{event.channel.id}/messages/{summary.id}", status=500, times=1)
    cancelled = await event.organiser.slash(event.channel, "tournament cancel", tournament=tournament)
    assert answer(cancelled) == f"Tournament #{tournament} is cancelled."
    await simcord_env.advance_time(RETRY)
    assert not as_now(event, summary).components, "a cancelled tournament still offers 'Start next round'"


async def test_a_cancelled_tournament_whose_embed_edit_was_refused_says_so_later(simcord_env):
    event, tournament, _ = await start_tournament(simcord_env, 3)
    row = await event.bot.store.tournaments.get(tournament)
    simcord_env.inject_error("PATCH", f"/channels/{event.channel.id}/messages/{row.message_id}", status=500, times=1)
    cancelled = await event.organiser.slash(event.channel, "tournament cancel", tournament=tournament)
    assert answer(cancelled) == f"Tournament #{tournament} is cancelled."
    embed_message = as_now(event, tournament_message(event, tournament))
    assert "Cancelled" not in embed_message.embeds[0].description  # refused once
    await simcord_env.advance_time(RETRY)
    embed_message = as_now(event, embed_message)
    assert "Cancelled" in embed_message.embeds[0].description and not labels(embed_message)


async def test_a_cancel_while_a_rounds_threads_open_starts_no_table_and_tells_a_thread_that_opened(simcord_env):
    """Discord is slow to open the second table's thread, and the organiser cancels meanwhile: the
    opening stops without an error; the thread that opened says the table was cancelled (it does not
    tell its players to play), no other thread opens, and no table starts."""
    simcord_env.check_errors = False
    event = new_event(simcord_env, 6)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tid)
    organiser = Caller(event.organiser.id, event.guild.id, "org", organiser=True)
    bot = event.bot
    assert await bot.tournaments.begin(tid, organiser) == 1  # seated, nothing opened yet (as Start does)
    ui = bot.tournament_ui
    real_open, calls, slow, release = ui.tables_ui.open_thread, [], asyncio.Event(), asyncio.Event()

    async def slow_open(channel, table, *args, **kwargs):
        calls.append(table.id)
        if len(calls) == 2:
            slow.set()
            await release.wait()
        return await real_open(channel, table, *args, **kwargs)

    ui.tables_ui.open_thread = slow_open
    opening = asyncio.create_task(ui.open_round(tid))
    await slow.wait()
    for news in await bot.tournaments.cancel(tid, organiser):  # what /tournament cancel does
        await ui.tables_ui.closed(news, f"Tournament #{tid} was cancelled, and this table with it.")
    threads_at_cancel = {t.id for t in event.channel.threads}
    release.set()
    assert await opening is True
    new = [t for t in event.channel.threads if t.id not in threads_at_cancel]
    assert len(calls) == 2 and len(new) == 1
    assert [m.content for m in new[0].history()] == [f"Tournament #{tid} was cancelled, and this table with it."]
    assert {(await bot.store.tables.get(g.table_id)).status for g in await bot.store.tournaments.games(tid, 1)} == {
        "cancelled"}
    assert not any("round 1" in (m.embeds[0].title or "") for m in event.channel.history() if m.embeds
                   and "standings" not in (m.embeds[0].title or "")), "a cancelled round was announced"


@pytest.mark.slow
async def test_a_deadline_notice_whose_later_part_was_refused_is_not_posted_twice(simcord_env):
    simcord_env.check_errors = False
    event = new_event(simcord_env, 48, names="a-rather-long-display-name-")
    tid = await create(event, game="augsburg1520", table_size=3, rounds=1, hours=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    ui, posts = event.bot.tournament_ui, []
    real_post = ui.post

    async def post(tournament_id, content=None, **kwargs):  # Discord refuses the notice's second message
        posts.append(content)
        if len(posts) == 2:
            raise refused()
        return await real_post(tournament_id, content, **kwargs)

    ui.post = post
    await simcord_env.advance_time(3700)  # the deadline passes
    await simcord_env.advance_time(RETRY)
    heads = [m for m in event.channel.history() if "the deadline of round 1 has passed" in (m.content or "")]
    assert len(posts) >= 2, "the notice needs several messages for this test"
    assert len(heads) == 1


@pytest.mark.slow
async def test_final_standings_whose_later_page_was_refused_are_not_posted_twice(simcord_env, monkeypatch):
    simcord_env.check_errors = False
    event = new_event(simcord_env, 60, names="a-rather-long-display-name-")
    tid = await create(event, game="augsburg1520", table_size=3, rounds=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    real_send, state = discord.abc.Messageable.send, {"armed": False, "refused": False}

    async def send(self, content=None, **kwargs):  # the page after the first is refused, once
        if state["armed"] and not state["refused"]:
            state["refused"] = True
            raise refused()
        message = await real_send(self, content, **kwargs)
        state["armed"] = state["armed"] or bool(content and f"Tournament #{tid} is over." in content)
        return message

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    for player in event.players:  # everyone withdraws: the tournament ends
        await player.click(tournament_message(event, tid), label="Withdraw")
    assert (await event.bot.store.tournaments.get(tid)).status == "finished"
    await simcord_env.advance_time(RETRY)
    over = [m for m in event.channel.history() if f"Tournament #{tid} is over." in (m.content or "")]
    assert state["refused"] and len(over) == 1
    assert len(titled(event, "final standings")) == 1  # its first page, once (the next one was refused)
