"""An organiser (or a server manager) who plays in the tournament and is losing their own table.

README: "An organiser who plays cannot forfeit or replace an opponent at their own table before the
round's deadline (another organiser or Manage Server can)"; `/tournament replace` is for "an absent
player"; ratings: a player who leaves mid-game "is still rated, ranked last" (rating_service: "otherwise
a player about to lose could leave to keep their rating")."""
from __future__ import annotations

import discord

from tests.bot.tournament_driver import ORGANISER_ROLE, answer, create, new_event, register_all, tournament_message


async def seated_organiser(env, *, manage: bool):
    event = new_event(env, 1)
    if manage:
        mods = event.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
        event.organiser = event.guild.add_member(env.create_user("boss"), roles=[mods])
    tid = await create(event, game="augsburg1520", table_size=2, rounds=1, hours=48)
    await event.organiser.click(tournament_message(event, tid), label="Register")
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    (game,) = await event.bot.store.tournaments.games(tid, 1)
    table = await event.bot.store.tables.get(game.table_id)
    thread = next(t for t in event.channel.threads if t.id == table.thread_id)
    return event, tid, game, thread


async def rated_game_of_a_manager(env):
    """A rated casual game of two that a member with Manage Server (boss) created and plays, and
    another member with Manage Server who has no seat there: (boss, other, thread, table)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[mods])
    bo = guild.add_member(env.create_user("bo"))
    other = guild.add_member(env.create_user("mod"), roles=[mods])
    await boss.slash(channel, "table create", game="augsburg1520", rated=True)
    thread = channel.threads[-1]
    await bo.click(thread.history()[0], label="Join")
    await boss.click(thread.history()[0], label="Start")
    table = await env.bot.store.tables.by_thread(thread.id)
    assert table.status == "running" and table.rated
    return boss, other, thread, table


async def test_an_organiser_who_plays_does_not_hand_their_own_seat_to_the_computer(simcord_env):
    """The organiser sits at a 2-player table, present, before the deadline, and replaces *themselves*:
    a computer plays their seat on their behalf (they keep the place it earns) and the game is made
    unrated for their opponent too. A player who is not an organiser has no such way out: /table
    abandon ranks them last and keeps the game rated."""
    event, tid, game, thread = await seated_organiser(simcord_env, manage=False)
    bot = event.bot
    res = await event.organiser.slash(event.channel, "tournament replace", player=event.organiser)
    table = await bot.store.tables.get(game.table_id)
    seat = next(s for s in await bot.store.tables.seats(game.table_id) if s.user_id == event.organiser.id)
    assert seat.ai is None and table.rated, (
        f"the organiser's own seat went to a computer on their behalf ({answer(res)!r}); rated={table.rated}")
    assert res.ephemeral and "not for yourself" in answer(res)


async def test_an_organiser_without_a_game_who_names_themselves_is_told_they_have_none(simcord_env):
    """An organiser who does not play names themselves in `/tournament replace`: the answer is the
    one any player without a running game gets, not advice to forfeit a game they do not have."""
    event = new_event(simcord_env, 2)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=1, hours=48)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    for command in ("tournament replace", "tournament forfeit"):
        res = await event.organiser.slash(event.channel, command, player=event.organiser)
        assert res.ephemeral and answer(res) == "That player has no game running in this round.", answer(res)


async def test_a_server_manager_who_plays_does_not_cancel_their_own_running_table(simcord_env):
    """A member with Manage Server plays in the tournament; before the round's deadline they
    `/table cancel` their own table: it closes unrated and everyone at it shares last place (0.5 each
    at a table of two), so the opponent loses a game they were playing and the canceller keeps their
    rating. The same player may not forfeit or replace that opponent before the deadline."""
    event, tid, game, thread = await seated_organiser(simcord_env, manage=True)
    bot = event.bot
    opponent = event.by_id(next(p for p in game.players if p != event.organiser.id))
    refused = await event.organiser.slash(event.channel, "tournament forfeit", player=opponent)
    assert "You play at that table yourself" in answer(refused)
    res = await event.organiser.slash(thread, "table cancel")
    table = await bot.store.tables.get(game.table_id)
    assert table.status == "running", (
        f"the seated manager cancelled their own tournament table before the deadline: {answer(res)!r}; "
        f"points now {[(r.player_id, r.points) for r in await bot.tournaments.standings(tid)]}")
    assert res.ephemeral and "You have a seat at this tournament table" in answer(res)


async def test_a_server_manager_who_plays_a_rated_casual_game_asks_the_others_to_cancel_it(simcord_env):
    """A member with Manage Server who created a rated casual game and plays in it cannot cancel it
    at once (it would spare their rating): /table cancel asks the others, as it asks any creator's;
    a manager who does not play there cancels it."""
    env = simcord_env
    boss, other, thread, table = await rated_game_of_a_manager(env)
    asked = await boss.slash(thread, "table cancel")
    assert "asked" in answer(asked), answer(asked)
    assert any((m.content or "").endswith("agree?") for m in thread.history())
    assert (await env.bot.store.tables.get(table.id)).status == "running"
    done = await other.slash(thread, "table cancel")
    assert f"Table #{table.id} is cancelled" in answer(done)
    assert (await env.bot.store.tables.get(table.id)).status == "cancelled"


async def test_a_seated_manager_cannot_abandon_then_cancel_their_tournament_table(simcord_env):
    """README: Manage Server may cancel "any time, except a rated or tournament game they play in:
    cancelling it would spare their rating or decide their table". The refusal itself tells them
    "you can forfeit with /table abandon"; after doing so, /table cancel of the same table goes
    through, and a cancelled tournament table "counts as a forfeit by all its players": the
    opponent, who was still playing, is given a forfeit too."""
    event, tid, game, thread = await seated_organiser(simcord_env, manage=True)
    bot = event.bot
    refused = await event.organiser.slash(thread, "table cancel")
    assert "You have a seat at this tournament table" in answer(refused)
    gone = await event.organiser.slash(thread, "table abandon")
    seat = next(s for s in await bot.store.tables.seats(game.table_id) if s.user_id == event.organiser.id)
    assert seat.forfeited, answer(gone)
    res = await event.organiser.slash(thread, "table cancel")
    table = await bot.store.tables.get(game.table_id)
    assert table.status == "running", (
        f"the seated manager abandoned, then cancelled their own tournament table: {answer(res)!r}; "
        f"standings {[(r.player_id, r.points) for r in await bot.tournaments.standings(tid)]}")


async def test_a_manager_who_abandoned_a_rated_game_cannot_cancel_it_to_spare_their_rating(simcord_env):
    """A Manage Server creator of a rated 2-player game abandons it (ranked last, still rated:
    README "a rated game that someone abandoned counts for them") and then /table cancel: the game
    is cancelled and nobody is rated: the abandoner's loss is erased."""
    env = simcord_env
    boss, _, thread, table = await rated_game_of_a_manager(env)
    refused = await boss.slash(thread, "table cancel")  # playing: asks bo (the rule of 5cf097e)
    assert (await env.bot.store.tables.get(table.id)).status == "running", answer(refused)
    await boss.slash(thread, "table abandon")
    res = await boss.slash(thread, "table cancel")
    assert (await env.bot.store.tables.get(table.id)).status == "running", (
        f"the manager abandoned their rated game, then cancelled it (no rating change): {answer(res)!r}")


async def test_a_player_who_is_not_an_organiser_is_told_they_may_not_replace_rather_than_to_forfeit(simcord_env):
    """README: `/tournament replace` and `/tournament forfeit` are for organisers: a player who is
    not one and replaces themselves is told so first (not advised to forfeit with a command they may
    not use)."""
    event = new_event(simcord_env, 2)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=1, hours=48)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    player = event.players[0]
    res = await player.slash(event.channel, "tournament replace", player=player)
    assert "Only the tournament's organiser" in answer(res), answer(res)
    tried = await player.slash(event.channel, "tournament forfeit", player=player)
    assert "Only the tournament's organiser" in answer(tried)  # the advice given above does not work


async def test_an_organiser_who_plays_cannot_cancel_the_tournament_with_their_game_in_it(simcord_env):
    """README: Manage Server may cancel a table "any time, except a rated or tournament game they play in:
    cancelling it would spare their rating or decide their table". Cancelling the whole tournament
    would cancel that game too: an organiser seated at a running table of it is refused, privately,
    and nothing changes; another organiser who does not play can cancel it."""
    event, tid, game, thread = await seated_organiser(simcord_env, manage=False)
    bot = event.bot
    refused = await event.organiser.slash(event.channel, "tournament cancel", tournament=tid)
    assert refused.response.ephemeral
    assert f"You play at table #{game.table_id} of this tournament" in answer(refused)
    assert (await bot.store.tables.get(game.table_id)).status == "running"
    assert (await bot.store.tournaments.get(tid)).status == "running"
    other = event.guild.add_member(event.env.create_user("org2"), roles=[event.guild.roles[ORGANISER_ROLE]])
    done = await other.slash(event.channel, "tournament cancel", tournament=tid)
    assert f"Tournament #{tid} is cancelled" in answer(done)
    assert (await bot.store.tables.get(game.table_id)).status == "cancelled"
