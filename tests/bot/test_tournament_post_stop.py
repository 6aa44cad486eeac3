"""A stop (kill -9, a crash) right after the tournament's channel accepted a post, before the bot
recorded it: the next start does not post it again."""

from __future__ import annotations

import contextlib

import pytest

from bot import create_bot
from play.scheduler import CLAIM_SECONDS
from play.tournaments.organiser import ROUND_TIMER
from tests.bot.driver import labels
from tests.bot.tournament_driver import create, new_event, play_out, register_all, tournament_message


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


def deadline_notices(channel) -> list:
    return [m for m in channel.history() if "the deadline of round" in (m.content or "")]


def titled(channel, title: str) -> list:
    return [m for m in channel.history() if m.embeds and title in (m.embeds[0].title or "")]


def stop_in(monkeypatch, service, name: str) -> list[str]:
    """Stop the bot when it comes to record that a post went out (it went out just before)."""
    stops: list[str] = []

    async def stopped(*args, **kwargs):
        stops.append(name)
        raise Stopped()

    monkeypatch.setattr(service, name, stopped)
    return stops


@pytest.mark.parametrize("rounds", [2, 1])
async def test_standings_posted_just_before_a_stop_are_not_posted_again(simcord_env, settings, monkeypatch, rounds):
    """README: round ends and standings that Discord refused are "tried again ... and at the next
    start"; one already posted is not: the organiser gets one ping and one Start next round, and
    the winners one congratulation."""
    env = simcord_env
    event = new_event(env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=rounds)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    first, second = await event.bot.store.tournaments.games(tid, 1)
    await play_out(event.bot, first.table_id)
    env.check_errors = False
    stops = stop_in(monkeypatch, event.bot.tournaments, "round_announced")
    with contextlib.suppress(Stopped):
        await play_out(event.bot, second.table_id)
    assert stops
    monkeypatch.undo()
    title = "standings after round 1" if rounds == 2 else "final standings"
    assert len(titled(event.channel, title)) == 1
    await env.restart_bot(create_bot(settings))

    (posted,) = titled(event.channel, title)
    if rounds == 2:
        assert "Start next round" in labels(posted)
        await event.organiser.click(posted, label="Start next round")
        assert len(await env.bot.store.tournaments.games(tid, 2)) == 2
        assert "Start next round" not in labels(next(m for m in event.channel.history() if m.id == posted.id))
    else:
        assert sum(f"Tournament #{tid} is over" in (m.content or "") for m in event.channel.history()) == 1


async def test_a_round_announced_just_before_a_stop_is_not_announced_again(simcord_env, settings, monkeypatch):
    """The round's tables, posted once: a start that finds the round not recorded as announced
    looks for the post first."""
    env = simcord_env
    event = new_event(env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tid)
    env.check_errors = False
    stops = stop_in(monkeypatch, event.bot.tournaments, "round_opened")
    with contextlib.suppress(Stopped):
        await event.organiser.click(tournament_message(event, tid), label="Start")
    assert stops
    monkeypatch.undo()
    await env.restart_bot(create_bot(settings))

    assert len(titled(event.channel, "— round 1")) == 1
    assert (await env.bot.store.tournaments.rounds(tid))[0].opened


async def test_a_deadline_notice_posted_just_before_a_stop_is_not_posted_again(simcord_env, settings, monkeypatch):
    """The round's timer posts the notice and is then done with; a stop between the two makes it
    fire again after the start: the organiser is pinged once."""
    env = simcord_env
    event = new_event(env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    store, stops = env.bot.store.tables, []
    real = store.delete_claimed_timer

    async def deleted(timer, until):
        if timer.kind == ROUND_TIMER:
            stops.append(timer.id)
            raise Stopped()
        return await real(timer, until)

    monkeypatch.setattr(store, "delete_claimed_timer", deleted)
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await env.advance_time(48 * 3600 + 30)
    monkeypatch.undo()
    assert stops and len(deadline_notices(event.channel)) == 1
    await env.restart_bot(create_bot(settings))
    await env.advance_time(CLAIM_SECONDS + 60)  # the timer's claim ran out: it fires again

    assert len(deadline_notices(event.channel)) == 1
    assert await env.bot.store.tables.timers(kind=ROUND_TIMER) == []


async def test_a_tournament_embed_posted_just_before_a_stop_is_found_and_kept_up_to_date(
        simcord_env, settings, monkeypatch):
    """/tournament create posts the embed, then records it; after a stop between the two, the
    embed still shows who registered, and loses Register once the tournament starts."""
    env = simcord_env
    event = new_event(env, 4)
    stops = stop_in(monkeypatch, env.bot.tournaments, "set_message")
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await event.organiser.slash(event.channel, "tournament create", game="augsburg1520", format="swiss",
                                    table_size=2, rounds=2)
    assert stops
    monkeypatch.undo()
    await env.restart_bot(create_bot(settings))

    (embed,) = [m for m in event.channel.history() if m.embeds]
    await register_all(event, 1)
    shown = next(m for m in event.channel.history() if m.id == embed.id)
    assert all(p.user.name in shown.embeds[0].to_dict().__repr__() for p in event.players)
    await event.organiser.click(shown, label="Start")
    shown = next(m for m in event.channel.history() if m.id == embed.id)
    assert "Register" not in labels(shown) and "Round progress" in labels(shown)
    assert len([m for m in event.channel.history() if m.embeds and (m.embeds[0].title or "").endswith("#1")]) == 1


async def start_stopping_at_the_first_thread(env, monkeypatch, *, recorded: bool):
    """A 4-player tournament (tables of 2) started, stopping as its first table's thread is
    recorded (`recorded`: just after, else just before); returns the event, its id and the thread's id."""
    event = new_event(env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tid)
    real, stops = env.bot.service.opened, []

    async def opened(table_id, *, thread_id=None, lobby_message_id=None):
        first = thread_id is not None and not stops
        if recorded or not first:
            await real(table_id, thread_id=thread_id, lobby_message_id=lobby_message_id)
        if first:
            stops.append(thread_id)
            raise Stopped()

    monkeypatch.setattr(env.bot.service, "opened", opened)
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await event.organiser.click(tournament_message(event, tid), label="Start")
    monkeypatch.undo()
    assert [t.id for t in event.channel.threads] == stops
    return event, tid, stops[0]


async def test_a_table_thread_opened_just_before_a_stop_is_the_one_its_table_is_played_in(
        simcord_env, settings, monkeypatch):
    """A round's seating opens each table's thread, then records it: after a stop between the two,
    the start takes the thread it finds (its own, empty, of that table's name) instead of opening
    a second one of the same name, and the table is played there."""
    env = simcord_env
    event, tid, thread_id = await start_stopping_at_the_first_thread(env, monkeypatch, recorded=False)
    await env.restart_bot(create_bot(settings))

    names = [t.name for t in event.channel.threads]
    assert len(names) == len(set(names)) == 2
    first = await env.bot.store.tables.get((await env.bot.store.tournaments.games(tid, 1))[0].table_id)
    assert first.thread_id == thread_id and first.status == "running" and first.board_message_id is not None


async def test_a_table_thread_recorded_just_before_a_stop_gets_its_round_note_once(simcord_env, settings, monkeypatch):
    """The note that opens a round's table thread mentions its players (which adds them to a
    public thread); a stop right after the thread was recorded does not lose it, and a second
    start does not post it again."""
    env = simcord_env
    event, tid, _ = await start_stopping_at_the_first_thread(env, monkeypatch, recorded=True)
    (thread,) = event.channel.threads
    assert thread.history() == []
    for _ in range(2):
        await env.restart_bot(create_bot(settings))
        notes = [m for m in thread.history() if (m.content or "").startswith("**") and "round 1, board 1" in m.content]
        assert len(notes) == 1 and all(f"<@{p}>" in notes[0].content for p in
                                       (await env.bot.store.tournaments.games(tid, 1))[0].players)


async def two_tournaments(env) -> tuple:
    """One organiser's two started tournaments in one channel, four players each."""
    event = new_event(env, 8)
    ids = []
    for players in (event.players[:4], event.players[4:]):
        await event.organiser.slash(event.channel, "tournament create", game="augsburg1520", format="swiss",
                                    table_size=2, rounds=2)
        tid = (await env.bot.store.tournaments.with_status("registration", guild_id=event.guild.id))[-1].id
        for player in players:
            await player.click(tournament_message(event, tid), label="Register")
        ids.append(tid)
    for tid in ids:
        await event.organiser.click(tournament_message(event, tid), label="Start")
    return event, *ids


async def test_the_looking_back_takes_no_post_of_another_tournament_for_its_own(simcord_env, settings, monkeypatch):
    """Two tournaments of one organiser in one channel: each gets its deadline notice; the standings
    of one that a stop cut off are posted though the other's are there, and its next round leaves
    the other's Start next round alone."""
    env = simcord_env
    event, first, second = await two_tournaments(env)
    await env.advance_time(48 * 3600 + 30)
    notices = deadline_notices(event.channel)
    tables = [*await env.bot.store.tables.of_tournament(first), *await env.bot.store.tables.of_tournament(second)]
    assert len(notices) == 2 and all(any(f"<#{t.thread_id}>" in m.content for m in notices) for t in tables)
    for game in await env.bot.store.tournaments.games(first, 1):
        await play_out(env.bot, game.table_id)
    (done,) = titled(event.channel, f"#{first} — standings after round 1")
    ui, stops = env.bot.tournament_ui, []
    real = ui.post

    async def post(tid, content=None, **kwargs):
        if tid == second and not stops:
            stops.append(content)
            raise Stopped()
        return await real(tid, content, **kwargs)

    monkeypatch.setattr(ui, "post", post)
    env.check_errors = False
    with contextlib.suppress(Stopped):
        for game in await env.bot.store.tournaments.games(second, 1):
            await play_out(env.bot, game.table_id)
    monkeypatch.undo()
    assert stops
    await env.restart_bot(create_bot(settings))

    (posted,) = titled(event.channel, f"#{second} — standings after round 1")
    await event.organiser.slash(event.channel, "tournament next", tournament=second)
    assert "Start next round" in labels(next(m for m in event.channel.history() if m.id == done.id))


async def test_a_finished_tournaments_message_cut_off_by_a_stop_is_shown_finished_at_the_start(
        simcord_env, settings, monkeypatch):
    """`/tournament finish` stores the end and posts the final standings; a stop before the
    tournament's message was edited left it "In progress" with Withdraw: the start edits it."""
    env = simcord_env
    event = new_event(env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=3)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    for game in await env.bot.store.tournaments.games(tid, 1):
        await play_out(env.bot, game.table_id)
    stops = stop_in(monkeypatch, env.bot.tournament_ui, "refresh_embed")
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await event.organiser.slash(event.channel, "tournament finish", tournament=tid)
    monkeypatch.undo()
    (embed,) = [m for m in event.channel.history() if m.embeds and (m.embeds[0].title or "").endswith(f"#{tid}")]
    assert stops and "Withdraw" in labels(embed)
    await env.restart_bot(create_bot(settings))

    assert labels(next(m for m in event.channel.history() if m.id == embed.id)) == []
    assert len(titled(event.channel, "final standings")) == 1


async def test_a_new_rounds_first_board_posted_just_before_a_stop_is_the_one_its_table_goes_on_with(
        simcord_env, settings, monkeypatch):
    """`/tournament next` opens the round's tables and posts each one's first board, then records
    it: after a stop between the two, the start takes that board instead of posting a second."""
    env = simcord_env
    event = new_event(env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    for game in await env.bot.store.tournaments.games(tid, 1):
        await play_out(env.bot, game.table_id)
    stops = stop_in(monkeypatch, env.bot.service, "board_posted")
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await event.organiser.slash(event.channel, "tournament next", tournament=tid)
    monkeypatch.undo()
    assert stops
    await env.restart_bot(create_bot(settings))

    for game in await env.bot.store.tournaments.games(tid, 2):
        table = await env.bot.store.tables.get(game.table_id)
        thread = next(t for t in event.channel.threads if t.id == table.thread_id)
        boards = [m.id for m in thread.history() if "My hand" in labels(m)]
        assert boards == [table.board_message_id]
