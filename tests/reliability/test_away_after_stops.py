"""README: "a player whose deadline passed just before a stop is told so, with **I'm back**, at the
next start" — also when it is their second absence, when a computer seat moved after the move made
for them, and when the deadline itself fell due while the bot was down (told once, not twice)."""

from __future__ import annotations

import asyncio
import contextlib
import os

import pytest

from bot import create_bot
from bot.ui.controller import TablesController
from bot.ui.presenter import Presenter
from play.common import Caller
from tests.bot.driver import Table, choose, fix_deal, heuristic_players, labels, panel_message, play_turn_by_dm
from tests.bot.test_closed_dms import close_dms, seat_of, table_with_closed_dms
from tests.bot.test_pace import LIVE, bo_to_move, dms_with, live_table, play_seat
from play.results import seat_choices


SEED = int(os.environ.get("AWAY_SEED", "1"))  # the deal of every table here (another to try: AWAY_SEED=n)


class Stopped(BaseException):
    """The process stops."""


async def _stopped_before_the_notice(env) -> None:
    """The next deadline passes; the computer's move for the player is stored, then the process
    stops before the notice goes out."""
    async def stopped(*args, **kwargs):
        raise Stopped()

    env.bot.presenter.away_notice = stopped
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await env.advance_time(LIVE + 1)


async def _seat(table, player):
    return next(s for s in await table.seats() if s.user_id == player.id)


async def _until_due(table, mover, waiting, policy) -> None:
    """`mover` plays until `waiting` must decide."""
    for _ in range(50):
        spec, state = await table.spec(), await table.state()
        if (await _seat(table, waiting)).seat in spec.to_act(state):
            return
        seat = await _seat(table, mover)
        await choose(mover, await panel_message(table, mover, seat),
                     seat_choices(spec, state, seat.seat).index(policy(state, seat.seat)))
    raise AssertionError("the waiting player never had to decide")


async def test_a_second_absence_cut_off_by_a_stop_is_told_at_the_start(simcord_env, settings, monkeypatch):
    """bo misses a deadline and presses I'm back on its notice (which loses the button); later he
    misses another and the bot stops before telling him: the start tells him."""
    fix_deal(monkeypatch, 1)
    table = await live_table(simcord_env)
    ada, bo = table.players
    policy = heuristic_players("augsburg1520", 2)
    await play_seat(table, ada, policy)
    await simcord_env.advance_time(LIVE + 1)
    notice = dms_with(bo, "Time ran out")[-1]
    assert "Welcome back" in (await bo.user.click(notice, label="I'm back")).response.content
    assert "I'm back" not in labels(dms_with(bo, "Time ran out")[-1])  # the notice of a past absence
    await _until_due(table, ada, bo, policy)
    await _stopped_before_the_notice(simcord_env)
    assert (await _seat(table, bo)).missed == 2 and len(dms_with(bo, "Time ran out")) == 1
    await simcord_env.restart_bot(create_bot(settings))
    assert len(dms_with(bo, "Time ran out")) == 2
    assert "I'm back" in labels(dms_with(bo, "Time ran out")[-1])


async def test_an_absence_cut_off_by_a_stop_is_told_though_a_computer_seat_moved_after_it(simcord_env, settings,
                                                                                          monkeypatch):
    fix_deal(monkeypatch, SEED)
    table = await live_table(simcord_env, computers=1)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 3))
    await _stopped_before_the_notice(simcord_env)
    assert (await _seat(table, bo)).away and not dms_with(bo, "Time ran out")
    await simcord_env.restart_bot(create_bot(settings))
    assert len(dms_with(bo, "Time ran out")) == 1


@pytest.mark.slow
async def test_a_deadline_that_fell_due_while_the_bot_was_down_is_told_once(simcord_env, settings, monkeypatch):
    """The timer fires after the start has shown the tables a stop cut off, not while it does:
    with Discord slow to take the board, bo hears once that his time ran out, and ada gets her
    next panel once."""
    fix_deal(monkeypatch, SEED)
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    await simcord_env.bot.scheduler.stop()  # the bot is down ...
    await simcord_env.advance_time(2 * LIVE)  # ... while bo's deadline passes
    publish, resume = Presenter.publish, TablesController.resume

    async def slow_publish(self, news, **kwargs):
        await asyncio.sleep(0.3)  # Discord answering slowly
        return await publish(self, news, **kwargs)

    async def late_resume(self):
        await asyncio.sleep(0.1)  # the gateway is ready a moment after the start
        await resume(self)

    monkeypatch.setattr(Presenter, "publish", slow_publish)
    monkeypatch.setattr(TablesController, "resume", late_resume)
    panels = len(dms_with(ada, "Your turn"))
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(30)
    assert (await _seat(table, bo)).away
    assert (len(dms_with(bo, "Time ran out")), len(dms_with(ada, "Your turn")) - panels) == (1, 1)


# -- players whose DMs are closed: the notices go to the thread --------------------------
def thread_notices(table, player):
    return [m for m in table.thread.history() if "Time ran out" in (m.content or "") and player.mention in m.content]


async def test_im_back_pressed_from_table_hand_takes_the_button_off_the_thread_notice(simcord_env, monkeypatch):
    fix_deal(monkeypatch, SEED)
    table, bo, _ = await table_with_closed_dms(simcord_env, live=True)
    ada = table.players[0]
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(LIVE + 1)  # bo misses his deadline: told in the thread
    assert (await seat_of(table, bo)).away and "I'm back" in labels(thread_notices(table, bo)[-1])
    hand = await bo.slash(table.thread, "table hand")
    back = await bo.click(hand.response.message, label="I'm back")
    assert "Welcome back" in back.response.content
    assert not (await seat_of(table, bo)).away
    assert "I'm back" not in labels(thread_notices(table, bo)[-1])  # the notice of a past absence


async def test_a_start_tells_an_away_player_with_closed_dms_though_another_players_notice_is_in_the_thread(
        simcord_env, settings, monkeypatch):
    """ada and bo both have closed DMs. bo misses a deadline (told in the thread, he stays away);
    then ada misses hers and the bot stops before telling her: the start tells her, not taking
    bo's notice (same table, same "I'm back" custom_id) for hers."""
    fix_deal(monkeypatch, SEED)
    table, bo, _ = await table_with_closed_dms(simcord_env, live=True)
    ada = table.players[0]
    close_dms(simcord_env, ada)
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(LIVE + 1)  # bo's absence, told in the thread
    assert (await seat_of(table, bo)).away and len(thread_notices(table, bo)) == 1
    spec = await table.spec()
    assert (await seat_of(table, ada)).seat in spec.to_act(await table.state())  # ada is due next
    await _stopped_before_the_notice(simcord_env)  # ada's deadline passes; stop before her notice
    assert (await seat_of(table, ada)).away and not thread_notices(table, ada)
    await simcord_env.restart_bot(create_bot(settings))
    assert len(thread_notices(table, ada)) == 1, [m.content[:60] for m in table.thread.history()[-5:]]


async def test_a_second_absence_cut_off_by_a_stop_is_told_after_im_back_from_table_hand(simcord_env, settings,
                                                                                       monkeypatch):
    """bo (DMs closed) misses a deadline, comes back with /table hand's I'm back, misses another
    and the bot stops before telling him: the start must not take the first absence's notice in
    the thread for a notice of this one."""
    fix_deal(monkeypatch, SEED)
    table, bo, _ = await table_with_closed_dms(simcord_env, live=True)
    ada = table.players[0]
    policy = heuristic_players("augsburg1520", 2)
    await play_seat(table, ada, policy)
    await simcord_env.advance_time(LIVE + 1)
    hand = await bo.slash(table.thread, "table hand")
    assert "Welcome back" in (await bo.click(hand.response.message, label="I'm back")).response.content
    await _until_due(table, ada, bo, policy)
    await _stopped_before_the_notice(simcord_env)
    assert (await seat_of(table, bo)).missed == 2 and len(thread_notices(table, bo)) == 1
    await simcord_env.restart_bot(create_bot(settings))
    assert len(thread_notices(table, bo)) == 2


async def test_another_players_im_back_click_keeps_my_thread_notice(simcord_env, monkeypatch):
    """bo's DMs are closed: his notice is in the thread. ada (away too, told by DM) presses the
    I'm back of bo's thread notice: ada is back, bo is still away, and bo's notice must keep its
    I'm back (it is his, of his current absence)."""
    fix_deal(monkeypatch, 1)
    table, bo, _ = await table_with_closed_dms(simcord_env, live=True)
    ada = table.players[0]
    await simcord_env.advance_time(LIVE + 1)  # both miss the opening purchase
    assert (await seat_of(table, ada)).away and (await seat_of(table, bo)).away
    notice = thread_notices(table, bo)[-1]
    assert "I'm back" in labels(notice)
    answer = await ada.click(notice, label="I'm back")
    assert "Welcome back" in answer.response.content
    assert not (await seat_of(table, ada)).away and (await seat_of(table, bo)).away
    assert "I'm back" in labels(thread_notices(table, bo)[-1]), "bo's notice lost its button though bo is away"


async def test_a_thread_notice_of_a_player_with_open_dms_loses_im_back(simcord_env, monkeypatch):
    """Discord fails bo's DM once (a 500) as his deadline passes: his notice goes to the thread
    (his DMs are open: dm_ok stays True). He presses I'm back on his panel from /table hand:
    the notice of that absence must lose the button (README: "once pressed, the notices of
    that absence lose the button")."""
    fix_deal(monkeypatch, 1)
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(LIVE - 70)  # the reminders are sent
    simcord_env.inject_error("POST", f"/channels/{bo.user.dm_channel.id}/messages", status=500, times=1)
    await simcord_env.advance_time(71)
    assert (await seat_of(table, bo)).away
    assert (await seat_of(table, bo)).dm_ok is not False
    assert thread_notices(table, bo) and "I'm back" in labels(thread_notices(table, bo)[-1])
    hand = await bo.slash(table.thread, "table hand")
    assert "Welcome back" in (await bo.click(hand.response.message, label="I'm back")).response.content
    assert not (await seat_of(table, bo)).away
    assert "I'm back" not in labels(thread_notices(table, bo)[-1]), "the thread notice still offers I'm back"


@pytest.mark.slow
async def test_a_start_does_not_repeat_an_away_notice_that_scrolled_out_of_the_latest_dms(simcord_env, settings,
                                                                                           monkeypatch):
    """bo misses a deadline at table 1 and is told (one notice). He stays away and plays on at
    another table, whose panels push the notice past his latest 20 DMs (a start reads the latest
    100). The bot restarts: he is not told again of an absence he was told of."""
    fix_deal(monkeypatch, 1)
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(LIVE + 1)
    assert (await seat_of(table, bo)).away and len(dms_with(bo, "Time ran out")) == 1
    # a second table, same players, the default (untimed) pace
    await ada.slash(table.channel, "table create", game="augsburg1520")
    thread = table.channel.threads[-1]
    second = Table(simcord_env, table.guild, table.channel, thread,
                   (await simcord_env.bot.store.tables.by_thread(thread.id)).id, [ada, bo])
    await bo.click(thread.history()[0], label="Join")
    await ada.click(thread.history()[0], label="Start")
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(400):
        history = bo.user.dm_channel.history()
        notice = next(m for m in history if "Time ran out" in (m.content or ""))
        if len([m for m in history if m.id > notice.id]) > 25:
            break
        assert await play_turn_by_dm(second, policy)
    else:
        raise AssertionError("the notice stayed among the latest DMs")
    assert (await seat_of(table, bo)).away
    await simcord_env.restart_bot(create_bot(settings))
    assert len(dms_with(bo, "Time ran out")) == 1, "told again of an absence he was told of"


async def test_a_start_does_not_repeat_a_notice_further_back_than_it_reads(simcord_env, settings, monkeypatch):
    """bo is told by DM that he is away, then writes 120 DMs to the bot; bo with closed DMs is told
    in the thread, where 120 chat messages follow. A start reads back the latest 100 messages, not
    as far as the notices, yet tells nobody again: the notice was noted as sent with the seat."""
    fix_deal(monkeypatch, SEED)
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(LIVE + 1)
    assert (await seat_of(table, bo)).away and len(dms_with(bo, "Time ran out")) == 1
    for number in range(120):
        await bo.send_dm(f"hello {number}")
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(70)
    assert (await seat_of(table, bo)).away and len(dms_with(bo, "Time ran out")) == 1

    closed, cy, _ = await table_with_closed_dms(simcord_env, live=True)
    await play_seat(closed, closed.players[0], heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(LIVE + 1)
    assert (await seat_of(closed, cy)).away and len(thread_notices(closed, cy)) == 1
    for number in range(120):
        await closed.players[0].send(closed.thread, f"chat {number}")
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(70)
    assert (await seat_of(closed, cy)).away and len(thread_notices(closed, cy)) == 1


# -- a player who comes back or abandons while the deadline's move is being shown ---------------
async def _race(env, table, player, during):
    presenter, service = env.bot.presenter, env.bot.service
    publish, done = presenter.publish, []

    async def slow_publish(news, **kwargs):
        await publish(news, **kwargs)
        seat = news.seat_of(player.id)
        if not done and seat is not None and seat.away:  # the deadline's news: meanwhile the player acts
            done.append(True)
            await during(service, Caller(user_id=player.id, guild_id=table.thread.guild.id, name="bo"))

    presenter.publish = slow_publish
    await env.advance_time(LIVE + 1)
    assert done, "the deadline fired"


async def test_back_pressed_while_the_deadline_is_published(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 1)
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))

    async def back(service, caller):
        await service.back(table.table_id, caller)

    await _race(simcord_env, table, bo, back)
    seat = next(s for s in await table.seats() if s.user_id == bo.id)
    assert not seat.away  # he is back
    notices = dms_with(bo, "Time ran out")
    # He is playing his seat: a notice telling him the computer plays it until he presses I'm back
    # (with the button) is false.
    assert not any("I'm back" in labels(n) for n in notices), [n.content for n in notices]


async def test_abandon_while_the_deadline_is_published(simcord_env, monkeypatch):
    table = await bo_to_move(simcord_env, monkeypatch)
    ada, bo, cy = table.players

    async def abandon(service, caller):
        await service.abandon(table.table_id, caller)

    await _race(simcord_env, table, bo, abandon)
    seat = next(s for s in await table.seats() if s.user_id == bo.id)
    assert seat.forfeited
    notices = dms_with(bo, "Time ran out")
    assert not any("I'm back" in labels(n) for n in notices), [n.content for n in notices]
