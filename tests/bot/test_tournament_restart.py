"""A tournament survives restarts in the middle of a round."""

from __future__ import annotations

import pytest

from bot import create_bot
from play.common import Caller
from tests.bot.tournament_driver import create, last_embed_titled, new_event, play_out, register_all


@pytest.mark.slow
async def test_restart_after_seating_and_after_an_unreported_finish(simcord_env, settings):
    event = new_event(simcord_env, 6)
    tid = await create(event, rounds=1)
    await register_all(event, tid)
    # The bot stops right after round 1 was seated and stored, before any thread was opened.
    organiser = Caller(event.organiser.id, event.guild.id, organiser=True)
    assert await event.bot.tournaments.begin(tid, organiser) == 1
    assert event.channel.threads == []

    await simcord_env.restart_bot(create_bot(settings))
    bot = simcord_env.bot
    first, second = await bot.store.tournaments.games(tid, 1)
    tables = [await bot.store.tables.get(g.table_id) for g in (first, second)]
    assert [t.status for t in tables] == ["running", "running"]
    assert {t.thread_id for t in tables} == {t.id for t in event.channel.threads}
    assert all(t.board_message_id is not None for t in tables)
    assert "round 1" in last_embed_titled(event.channel, "round 1").embeds[0].title

    # The first table finishes, but the bot stops before it could report the result.
    await play_out(bot, first.table_id, publish=False)
    assert (await bot.store.tournaments.game_of_table(first.table_id)).result is None
    await simcord_env.restart_bot(create_bot(settings))
    bot = simcord_env.bot
    recorded = (await bot.store.tournaments.game_of_table(first.table_id)).result
    assert recorded is not None and len(recorded["ranking"]) >= 1
    assert await bot.store.ratings.is_rated(first.table_id)
    assert (await bot.store.tournaments.rounds(tid))[0].status == "running"

    await play_out(bot, second.table_id)
    assert (await bot.store.tournaments.get(tid)).status == "finished"
    assert len(last_embed_titled(event.channel, "final standings").embeds[0].description.splitlines()) == 6


def summaries(channel, title: str) -> list:
    return [m for m in channel.history() if m.embeds and title in (m.embeds[0].title or "")]


@pytest.mark.slow
async def test_a_round_end_stored_but_not_posted_is_posted_at_the_next_start(simcord_env, settings):
    """The last table of a round ends and its finish work (result, round closed) is stored; the bot
    stops before posting. At the next start the round's standings and Start next round come; and
    likewise the final standings of a tournament whose last round ended that way."""
    from tests.bot.driver import labels
    from tests.bot.tournament_driver import tournament_message

    for rounds in (2, 1):
        event = new_event(simcord_env, 4)
        tid = await create(event, game="augsburg1520", table_size=2, rounds=rounds)
        await register_all(event, tid)
        await event.organiser.click(tournament_message(event, tid), label="Start")
        first, second = await event.bot.store.tournaments.games(tid, 1)
        await play_out(event.bot, first.table_id)
        await play_out(event.bot, second.table_id, publish=False)
        await event.bot.service.finish_work(second.table_id)  # stored; the stop comes before any post
        assert (await event.bot.store.tournaments.rounds(tid))[0].status == "finished"
        await simcord_env.restart_bot(create_bot(settings))
        if rounds == 2:
            (summary,) = summaries(event.channel, "standings after round 1")
            assert "Start next round" in labels(summary)
        else:
            (final,) = summaries(event.channel, "final standings")
            assert f"Tournament #{tid} is over" in final.content
        await simcord_env.restart_bot(create_bot(settings))  # posted once, not at every start
        assert len(summaries(event.channel, "standings after round 1" if rounds == 2 else "final standings")) == 1


@pytest.mark.slow
async def test_start_next_round_goes_once_it_no_longer_applies(simcord_env):
    """The button on a round's standings is for seating the next round: it goes when that round is
    seated, and when the tournament is finished early."""
    from tests.bot.driver import labels
    from tests.bot.tournament_driver import play_round, tournament_message

    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=3)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    await play_round(event, tid, 1)
    (summary,) = summaries(event.channel, "standings after round 1")
    await event.organiser.click(summary, label="Start next round")
    assert len(await event.bot.store.tournaments.rounds(tid)) == 2
    assert labels(summaries(event.channel, "standings after round 1")[0]) == []
    await play_round(event, tid, 2)
    assert "Start next round" in labels(summaries(event.channel, "standings after round 2")[0])
    await event.organiser.slash(event.channel, "tournament finish")
    assert labels(summaries(event.channel, "standings after round 2")[0]) == []


@pytest.mark.slow
async def test_finish_or_cancel_waits_while_a_round_is_being_seated(simcord_env, monkeypatch):
    """The next round is paired in a worker thread (seconds for a large round robin). /tournament
    finish or cancel arriving meanwhile waits for the seating: finish is then refused (a round is
    being played), cancel closes the new round's tables too; never a round left running in a
    finished or cancelled tournament."""
    import asyncio

    import play.tournaments.service as service_module
    from tests.bot.tournament_driver import play_round, tournament_message

    real = asyncio.to_thread
    for ending in ("finish_early", "cancel"):
        event = new_event(simcord_env, 4)
        tid = await create(event, game="augsburg1520", table_size=2, rounds=3)
        await register_all(event, tid)
        await event.organiser.click(tournament_message(event, tid), label="Start")
        await play_round(event, tid, 1)
        organiser = Caller(event.organiser.id, event.guild.id, "org", organiser=True)
        service = event.bot.tournaments
        pairing, release = asyncio.Event(), asyncio.Event()

        async def slow_pairing(func, *args, **kwargs):
            pairing.set()
            await release.wait()
            return await real(func, *args, **kwargs)

        monkeypatch.setattr(service_module.asyncio, "to_thread", slow_pairing)
        seating = asyncio.create_task(service.next_round(tid, organiser))
        await pairing.wait()
        ended = asyncio.create_task(getattr(service, ending)(tid, organiser))
        await asyncio.sleep(0.05)
        assert not ended.done()  # it waits for the seating
        release.set()
        assert (await seating)[0] == 2
        outcome = (await asyncio.gather(ended, return_exceptions=True))[0]
        monkeypatch.undo()
        tournament = await event.bot.store.tournaments.get(tid)
        tables = [await event.bot.store.tables.get(g.table_id) for g in await event.bot.store.tournaments.games(tid, 2)]
        if ending == "finish_early":
            assert isinstance(outcome, Exception) and "only between rounds" in str(outcome)
            assert tournament.status == "running"
        else:
            assert tournament.status == "cancelled" and all(t.status == "cancelled" for t in tables)


@pytest.mark.slow
async def test_a_stop_between_closing_the_last_round_and_finishing_the_tournament_loses_nothing(
        simcord_env, settings):
    """The last round's end and the tournament's are stored together: a failure between them
    leaves neither, and the next start finishes both (final standings, no Start next round)."""
    from tests.bot.tournament_driver import tournament_message

    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    first, second = await event.bot.store.tournaments.games(tid, 1)
    await play_out(event.bot, first.table_id)
    store = event.bot.store.tournaments
    real = store.set_status

    async def stop_before(tournament_id, status, expected=()):
        if status == "finished":
            raise RuntimeError("the bot stopped here")
        return await real(tournament_id, status, expected=expected)

    store.set_status = stop_before
    await play_out(event.bot, second.table_id, publish=False)
    await event.bot.service.finish_work(second.table_id)  # the tournament's hook fails midway
    assert (await store.rounds(tid))[0].status == "running"  # rolled back with it
    await simcord_env.restart_bot(create_bot(settings))
    assert (await simcord_env.bot.store.tournaments.get(tid)).status == "finished"
    (final,) = summaries(event.channel, "final standings")
    assert not summaries(event.channel, "standings after round 1")


@pytest.mark.slow
async def test_a_stop_after_seating_a_round_retires_the_old_button_at_the_next_start(simcord_env, settings):
    from tests.bot.driver import labels
    from tests.bot.tournament_driver import play_round, tournament_message

    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=3)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    await play_round(event, tid, 1)
    assert "Start next round" in labels(summaries(event.channel, "standings after round 1")[0])
    organiser = Caller(event.organiser.id, event.guild.id, organiser=True)
    assert (await event.bot.tournaments.next_round(tid, organiser))[0] == 2  # stored; a stop before any post
    await simcord_env.restart_bot(create_bot(settings))
    assert labels(summaries(event.channel, "standings after round 1")[0]) == []


async def test_a_round_opened_twice_at_once_gets_one_thread_per_table(simcord_env):
    """At a start the bot resumes tournaments in the background; an organiser's Start or Next
    round may open the same round at that moment. Each table gets one thread and one start, and
    the round is announced once."""
    import asyncio

    event = new_event(simcord_env, 6)
    tid = await create(event, rounds=1)
    await register_all(event, tid)
    organiser = Caller(event.organiser.id, event.guild.id, organiser=True)
    assert await event.bot.tournaments.begin(tid, organiser) == 1  # seated; nothing opened yet
    ui = event.bot.tournament_ui
    await asyncio.gather(ui.open_round(tid), ui.open_round(tid))  # the resume's and the organiser's

    games = await event.bot.store.tournaments.games(tid, 1)
    tables = [await event.bot.store.tables.get(g.table_id) for g in games]
    assert [t.status for t in tables] == ["running"] * len(games)
    assert sorted(t.thread_id for t in tables) == sorted(t.id for t in event.channel.threads)
    assert len(summaries(event.channel, "round 1")) == 1
