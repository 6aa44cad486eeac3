"""Refusals that said only what was wrong, or pointed to what could not help, say what can be done
instead (the standard: "a clear ephemeral message saying what is wrong and what is allowed, and
changes nothing")."""

from __future__ import annotations

from tests.bot.driver import heuristic_players, labels, open_table, play_turn_by_dm, start
from tests.bot.tournament_driver import answer, create, new_event, register_all, tournament_message

TAKE_BACK = "↩ Take back"


async def test_finish_during_a_round_says_when_it_can_be_done_and_how_to_stop_now(simcord_env):
    event = new_event(simcord_env, 3)
    tid = await create(event, rounds=2)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    refused = await event.organiser.slash(event.channel, "tournament finish", tournament=tid)
    assert refused.ephemeral and answer(refused) == (
        "Round 1 is still being played, and a tournament is finished only between rounds: once its tables end "
        "(`/tournament status` says what they wait for), use `/tournament finish` again; to stop it now, use "
        "`/tournament cancel`."), answer(refused)
    assert (await event.bot.store.tournaments.get(tid)).status == "running"


async def test_a_tournament_command_where_none_is_open_says_how_one_is_opened(simcord_env):
    event = new_event(simcord_env, 3)
    for who, command in ((event.organiser, "tournament start"), (event.players[0], "tournament status")):
        refused = await who.slash(event.channel, command)
        assert refused.ephemeral and answer(refused) == (
            "There is no open tournament here: organisers open one with `/tournament create`. A finished one is "
            "named with `tournament:` and its number."), answer(refused)


async def test_withdraw_by_someone_not_registered_points_to_register(simcord_env):
    event = new_event(simcord_env, 3)
    tid = await create(event, rounds=2)
    eve = event.guild.add_member(simcord_env.create_user("eve"))
    refused = await eve.click(tournament_message(event, tid), label="Withdraw")
    assert refused.ephemeral and answer(refused) == (
        "You are not registered for this tournament: press **Register** on its message to enter it.")


async def test_a_seed_chosen_without_manage_server_says_to_leave_it_out(simcord_env):
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    refused = await table.players[0].slash(table.channel, "table create", game="baumeister", seed=5)
    assert refused.ephemeral and answer(refused) == (
        "Only members with Manage Server may choose a table's seed; leave `seed` out to open the table with a "
        "random deal.")


async def test_handover_naming_someone_not_seated_names_the_players_who_may_be_named(simcord_env):
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    eve = table.guild.add_member(simcord_env.create_user("eve"))
    refused = await table.players[0].slash(table.thread, "table handover", player=eve.user)
    assert refused.ephemeral and answer(refused) == (
        f"eve is not seated at table #{table.table_id}: name one of its players (bo, cy)."), answer(refused)


async def test_handover_of_a_seat_the_computer_plays_for_good_says_there_is_nothing_to_vote_on(simcord_env):
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await cy.slash(table.thread, "table abandon")
    refused = await ada.slash(table.thread, "table handover", player=cy.user)
    assert refused.ephemeral and answer(refused) == (
        "A computer player already plays cy's seat for the rest of this game: there is nothing to vote on.")


async def test_an_older_take_back_says_actions_go_back_one_at_a_time_from_the_latest(simcord_env):
    """README: "you may step back through your own actions one at a time": a player who acted twice
    in a row and presses Take back on the first panel is pointed to the latest one."""
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("aelderman", 2)
    for _ in range(200):
        before = await table.row()
        assert await play_turn_by_dm(table, policy)
        log = await table.bot.store.tables.actions(table.table_id)
        actor = next((p for p in table.players if TAKE_BACK in labels(p.user.dm_channel.history()[-1])), None)
        older = [m for m in actor.user.dm_channel.history()[:-1] if TAKE_BACK in labels(m)] if actor else []
        if older and (await table.row()).version == before.version + 1 and len(log) > 1 and log[-2][1] == log[-1][1]:
            break
    else:
        raise AssertionError("nobody acted twice in a row")
    version = (await table.row()).version
    refused = await actor.user.click(older[-1], label=TAKE_BACK)
    assert answer(refused) == ("This take-back button is out of date: it is for an earlier action. Actions are "
                               "taken back one at a time, the latest first: use **↩ Take back** on your latest "
                               "panel, or `/table undo`.")
    assert (await table.row()).version == version
    assert TAKE_BACK in labels(actor.user.dm_channel.history()[-1])  # the latest panel still offers it
