"""A stop in the middle of an organiser's or a player's tournament action: what was stored together
stays together, and the next start finishes what was cut off (README: "A bot restart in the middle of
a round loses nothing: tables, results and deadlines are stored")."""

from __future__ import annotations

import contextlib

import pytest

from bot import create_bot
from play.common import Caller
from tests.bot.tournament_driver import answer, create, new_event, play_round, register_all, tournament_message

ROUND_TIMER = "tournament_round"


def titled(channel, text: str) -> list:
    return [m for m in channel.history() if m.embeds and text in (m.embeds[0].title or "")]


def deadline_told(channel) -> bool:
    return any("deadline of round 1 has passed" in (m.content or "") for m in channel.history())


async def started(env, players: int = 6, **options):
    event = new_event(env, players)
    tid = await create(event, **{"game": "augsburg1520", "table_size": 2, "rounds": 2, **options})
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    return event, tid


def organiser(event) -> Caller:
    return Caller(event.organiser.id, event.guild.id, organiser=True)


def failing(real, when):
    async def call(*args, **kwargs):
        if when(*args):
            raise RuntimeError("the bot stopped here")
        return await real(*args, **kwargs)
    return call


async def test_a_round_is_stored_with_its_deadline_timer_or_not_at_all(simcord_env, settings):
    """A stop between storing a seated round and its deadline's timer used to leave a round whose
    deadline never fired: both go in one transaction, and the next start seats the round again."""
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=1, hours=1)
    await register_all(event, tid)
    bot = event.bot
    real = bot.store.tables.add_timer
    bot.store.tables.add_timer = failing(real, lambda kind, *rest: kind == ROUND_TIMER)
    with contextlib.suppress(RuntimeError):  # the stop comes here
        await bot.tournaments.begin(tid, organiser(event))
    bot.store.tables.add_timer = real
    assert await bot.store.tournaments.rounds(tid) == []  # neither the round nor its timer
    await simcord_env.restart_bot(create_bot(settings))
    assert [r.round_no for r in await event.bot.store.tournaments.rounds(tid)] == [1]  # seated by the start
    await simcord_env.advance_time(3700)
    assert deadline_told(event.channel)


async def test_an_extension_is_stored_with_its_timer_or_not_at_all(simcord_env, settings):
    """`/tournament extend` "Moves the current round's deadline later": a stop between storing the
    new deadline and its timer used to leave a deadline that never fired."""
    event, tid = await started(simcord_env, 4, rounds=1, hours=1)
    bot = event.bot
    real = bot.store.tables.add_timer
    bot.store.tables.add_timer = failing(real, lambda kind, *rest: kind == ROUND_TIMER)
    with contextlib.suppress(RuntimeError):  # the stop comes here
        await bot.tournaments.extend(tid, organiser(event), 2)
    bot.store.tables.add_timer = real
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(3700)  # the old deadline stands, and is told
    assert deadline_told(event.channel)


async def test_a_round_whose_tables_started_before_a_stop_is_announced_at_the_next_start(simcord_env, settings):
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tid)
    bot = event.bot
    await bot.tournaments.begin(tid, organiser(event))
    ui = bot.tournament_ui
    channel = await ui.presenter.channel(event.channel.id)
    for game, table in await bot.tournaments.pending_tables(tid):  # open_round, up to its announcement
        await ui.tables_ui.open_thread(channel, table, f"board {game.board}", None)
        await bot.tournaments.tables.start(table.id, None)
    assert titled(event.channel, "— round 1") == []
    await simcord_env.restart_bot(create_bot(settings))
    assert len(titled(event.channel, "— round 1")) == 1
    await simcord_env.restart_bot(create_bot(settings))
    assert len(titled(event.channel, "— round 1")) == 1  # once


async def test_a_cancel_cut_off_after_it_was_stored_leaves_no_table_running(simcord_env, settings):
    """"Cancels the tournament and its running tables": the tables are cancelled in the same
    transaction as the tournament, so a stop before their threads are told leaves none running."""
    event, tid = await started(simcord_env)
    bot = event.bot
    bot.tournaments.tables.news = failing(bot.tournaments.tables.news, lambda *args: True)
    with contextlib.suppress(RuntimeError):  # the stop comes here
        await bot.tournaments.cancel(tid, organiser(event))
    await simcord_env.restart_bot(create_bot(settings))
    bot = simcord_env.bot
    assert (await bot.store.tournaments.get(tid)).status == "cancelled"
    tables = [await bot.store.tables.get(g.table_id) for g in await bot.store.tournaments.games(tid, 1)]
    assert [t.status for t in tables] == ["cancelled"] * 3
    assert not [t for t in await bot.store.tables.timers() if t.table_id in {t.id for t in tables}]


async def test_a_withdrawal_cut_off_before_the_forfeit_is_finished_at_the_next_start(simcord_env, settings):
    """"Withdrawing during a tournament: ... a game still running counts as a forfeit (ranked last
    there; a computer player finishes the seat for the others)": after a stop between the two, the
    next start hands the seat to the computer, and Withdraw pressed again does it too."""
    for press_again in (False, True):
        event, tid = await started(simcord_env)
        bot = event.bot
        game = (await bot.store.tournaments.games(tid, 1))[0]
        leaver = event.by_id(game.players[0])
        real = bot.tournaments.tables.hand_to_computer
        bot.tournaments.tables.hand_to_computer = failing(real, lambda *args: True)
        with contextlib.suppress(RuntimeError):  # the stop comes here
            await bot.tournaments.withdraw(tid, Caller(leaver.id, event.guild.id, leaver.name))
        bot.tournaments.tables.hand_to_computer = real
        if press_again:
            again = await leaver.click(tournament_message(event, tid), label="Withdraw")
            assert "forfeit" in answer(again), answer(again)
        else:
            await simcord_env.restart_bot(create_bot(settings))
        seat = next(s for s in await simcord_env.bot.store.tables.seats(game.table_id) if s.user_id == leaver.id)
        assert seat.forfeited and seat.ai


@pytest.mark.slow
async def test_an_early_finish_cut_off_before_its_post_is_posted_at_the_next_start(simcord_env, settings):
    """`/tournament finish` "Ends the tournament between rounds with the standings so far": a stop
    between storing the finish and posting the final standings used to lose the post."""
    event, tid = await started(simcord_env, 4)
    await play_round(event, tid, 1)
    await event.bot.tournaments.finish_early(tid, organiser(event))  # stored; the stop comes before the post
    await simcord_env.restart_bot(create_bot(settings))
    assert (await simcord_env.bot.store.tournaments.get(tid)).status == "finished"
    assert len(titled(event.channel, "final standings")) == 1
    await simcord_env.restart_bot(create_bot(settings))
    assert len(titled(event.channel, "final standings")) == 1


async def test_a_cancel_after_a_stop_before_the_first_move_retires_the_players_panels(simcord_env, settings):
    """README: a cancelled table's buttons "in their recent DMs go". Where a tournament table's panels
    are is stored when its round opens, so a stop before anyone moved does not lose it."""
    from tests.bot.driver import buttons, table_control

    event, tid = await started(simcord_env)
    games = await event.bot.store.tournaments.games(tid, 1)
    await simcord_env.restart_bot(create_bot(settings))
    await event.organiser.slash(event.channel, "tournament cancel")
    for game in games:
        for player in event.players:
            dms = player.user.dm_channel.history() if player.user.dm_channel else []
            assert not [m for m in dms if any(table_control(c, game.table_id) for c in buttons(m))], player.name


async def test_a_start_cut_off_after_registration_closed_seats_round_one_at_the_next_start(simcord_env, settings):
    """A stop after registration closed and before round 1 was stored left a running tournament with
    no round, whose message still offered Register and Start: the next start seats round 1, announces
    it and takes those buttons off."""
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=1)
    await register_all(event, tid)
    bot = event.bot
    real = bot.tournaments._seat_round
    bot.tournaments._seat_round = failing(real, lambda *args: True)
    with contextlib.suppress(RuntimeError):  # the stop comes here
        await bot.tournaments.begin(tid, organiser(event))
    bot.tournaments._seat_round = real
    assert (await bot.store.tournaments.get(tid)).status == "running"
    assert await bot.store.tournaments.rounds(tid) == []
    await simcord_env.restart_bot(create_bot(settings))
    assert [r.round_no for r in await event.bot.store.tournaments.rounds(tid)] == [1]
    assert titled(event.channel, "round 1")  # announced
    labels = [getattr(c, "label", "") for row in tournament_message(event, tid).components
              for c in getattr(row, "children", [row])]
    assert "Register" not in labels and "Start" not in labels
