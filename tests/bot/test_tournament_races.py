"""Two requests about one tournament at the same moment: each is answered truthfully, and what it
says holds afterwards. A registration or withdrawal is read and written under the tournament's
lock, so a start cannot come between its check and its write. And the tournament a command means
by default is one the member can see."""

from __future__ import annotations

import asyncio

import pytest
from simcord.actors import _slash

from tests.bot.driver import staff_only_channel
from tests.bot.tournament_driver import ORGANISER_ROLE, Event, create, new_event, tournament_message
from tests.reliability.forge import forge_component, private_answer


async def press(actor, message, label: str):
    """The button's own custom_id sent on its own message, without SimCord's one-at-a-time guard,
    so that two presses reach the bot together."""
    custom_id = next(c.custom_id for row in message.components for c in row.children if c.label == label)
    return await forge_component(actor, message, custom_id)


def read_before_the_start(env, user) -> None:
    """The user's request reads the tournament before the organiser's start, and goes on only
    after the start has closed registration: the order in which a check made outside the
    tournament's lock would be out of date by the time of its write."""
    service, store = env.bot.tournaments, env.bot.store.tournaments
    closed = asyncio.Event()
    begin, get = store.begin, service.get

    async def begin_then_signal(*args, **kwargs):
        try:
            return await begin(*args, **kwargs)
        finally:
            closed.set()

    async def first_read_waits(tournament_id, caller=None):
        row = await get(tournament_id, caller)
        if caller is not None and caller.user_id == user.id and not closed.is_set():
            await closed.wait()
        return row

    store.begin, service.get = begin_then_signal, first_read_waits


async def active_entrants(env, tid: int) -> set[int]:
    return {e.user_id for e in await env.bot.store.tournaments.players(tid) if not e.withdrawn}


async def test_a_withdrawal_pressed_with_the_start_is_told_what_happened(simcord_env):
    event = new_event(simcord_env, 4)
    tid = await create(event, rounds=1, game="augsburg1520", table_size=2)
    for player in event.players:
        await player.click(tournament_message(event, tid), label="Register")
    message, leaver = tournament_message(event, tid), event.players[0]
    read_before_the_start(simcord_env, leaver)
    withdrawn, _ = await asyncio.gather(press(leaver, message, "Withdraw"), press(event.organiser, message, "Start"))
    said = private_answer(withdrawn)
    assert said.startswith("You withdrew from the tournament."), said
    assert leaver.id not in await active_entrants(simcord_env, tid)
    # Seated by the start all the same: their game is forfeited, a computer player finishes the seat.
    seats = await simcord_env.bot.store.db.fetchall(
        "SELECT s.forfeited FROM seats s JOIN game_tables t ON t.id = s.table_id"
        " WHERE t.tournament_id = ? AND s.user_id = ?", (tid, leaver.id))
    assert [row[0] for row in seats] == [1]


async def test_a_registration_pressed_with_the_start_is_told_what_happened(simcord_env):
    event = new_event(simcord_env, 5)
    tid = await create(event, rounds=1, game="augsburg1520", table_size=2)
    for player in event.players[:4]:
        await player.click(tournament_message(event, tid), label="Register")
    message, late = tournament_message(event, tid), event.players[4]
    read_before_the_start(simcord_env, late)
    registered, _ = await asyncio.gather(press(late, message, "Register"), press(event.organiser, message, "Start"))
    said = private_answer(registered)
    assert said == f"Registration for tournament #{tid} is closed: the tournament is running.", said
    assert late.id not in await active_entrants(simcord_env, tid)


async def test_two_cancels_at_once_one_cancels_the_other_is_told_it_was_cancelled(simcord_env):
    event = new_event(simcord_env, 3)
    tid = await create(event, rounds=1)
    answers = await asyncio.gather(*[
        _slash(event.organiser, event.channel, "tournament cancel", {"tournament": tid}) for _ in range(2)])
    said = sorted(private_answer(answer) for answer in answers)
    assert (await simcord_env.bot.store.tournaments.get(tid)).status == "cancelled"
    assert said == [f"Tournament #{tid} is cancelled.", f"Tournament #{tid} was cancelled."], said


@pytest.mark.parametrize("command", ["tournament status", "tournament standings"])
async def test_the_default_tournament_leaves_out_one_in_a_channel_the_member_cannot_see(simcord_env, command):
    """README: `tournament:` defaults to "the only open tournament of the channel (or of the
    server)", and "A tournament run in a channel you cannot see is refused to you": one the member
    cannot see is neither counted nor named."""
    guild = simcord_env.create_guild()
    games, general = guild.create_text_channel("games"), guild.create_text_channel("general")
    staff, hidden = staff_only_channel(simcord_env, guild)
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE), staff])
    public = await create(Event(simcord_env, guild, games, organiser, []), rounds=1)
    secret = await create(Event(simcord_env, guild, hidden, organiser, []), rounds=1)
    eve = guild.add_member(simcord_env.create_user("eve"))
    said = private_answer(await eve.slash(general, command))
    assert f"#{secret}" not in said and "Several tournaments" not in said, said
    assert said == private_answer(await eve.slash(general, command, tournament=public))


async def test_several_open_tournaments_are_named_with_their_game_and_channel(simcord_env):
    """With two tournaments open and none named, the answer says which is which, as `/table`
    commands name a player's tables: number, game and where it is run."""
    guild = simcord_env.create_guild()
    games, general = guild.create_text_channel("games"), guild.create_text_channel("general")
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    first = await create(Event(simcord_env, guild, games, organiser, []), rounds=1, game="augsburg1520", table_size=2)
    second = await create(Event(simcord_env, guild, general, organiser, []), rounds=1)
    eve = guild.add_member(simcord_env.create_user("eve"))
    said = private_answer(await eve.slash(guild.create_text_channel("chat"), "tournament status"))
    assert (f"#{first} Augsburg 1520 in <#{games.id}>; #{second} Wettstreit der Baumeister in <#{general.id}>"
            in said), said


async def test_a_registration_while_the_start_reads_the_entrants_is_seeded_by_its_rating(simcord_env):
    """README: ratings for seeding are "taken when the tournament starts". A registration pressed
    while the start reads the entrants and their ratings either comes before it (and the player
    is seeded by their rating) or after it (and is told registration has closed): never seated
    with a rating of 0 they do not have."""
    from storage.ratings import RatedResult

    event = new_event(simcord_env, 4)
    tid = await create(event, rounds=1, game="augsburg1520", table_size=2)
    late = event.players[3]
    # A rated past: `late` beat p0 at this server's Augsburg 1520 several times.
    for table_id in range(1, 6):
        await simcord_env.bot.store.ratings.record_game(event.guild.id, "augsburg1520", 900 + table_id, [
            RatedResult(user_id=late.id, display_name="p3", place=1, seats=2, won=True, mu_before=25,
                        sigma_before=8.3, mu_after=25 + 3 * table_id, sigma_after=8.3 - table_id),
            RatedResult(user_id=event.players[0].id, display_name="p0", place=2, seats=2, won=False,
                        mu_before=25, sigma_before=8.3, mu_after=25 - table_id, sigma_after=8.3 - table_id)])
    for player in event.players[:3]:
        await player.click(tournament_message(event, tid), label="Register")
    ratings, read = simcord_env.bot.tournaments.ratings, simcord_env.bot.tournaments.ratings.display_ratings

    async def slow_read(*args, **kwargs):  # the start's read gives others many turns of the loop
        for _ in range(50):
            await asyncio.sleep(0)
        return await read(*args, **kwargs)

    ratings.display_ratings = slow_read
    message = tournament_message(event, tid)
    _, registered = await asyncio.gather(press(event.organiser, message, "Start"), press(late, message, "Register"))
    stored = {e.user_id: e.rating for e in await simcord_env.bot.store.tournaments.players(tid)}
    real = await read(event.guild.id, "augsburg1520", list(stored))
    assert real[late.id] > 1
    assert stored == real, (stored, real, private_answer(registered))


async def test_register_kept_on_a_cancelled_tournament_says_it_was_cancelled(simcord_env):
    """A Register button pressed after the cancel (a message not refreshed yet, or a forged one)."""
    event = new_event(simcord_env, 1)
    tid = await create(event, rounds=1)
    carrier = event.channel.history()[-1]
    await event.organiser.slash(event.channel, "tournament cancel", tournament=tid)
    said = private_answer(await forge_component(event.players[0], carrier, f"tourney:register:{tid}", forged=False))
    assert said == f"Registration for tournament #{tid} is closed: the tournament was cancelled.", said
