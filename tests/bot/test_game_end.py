"""The end of a game: the standings show every score line and, in a rated game, each rating change;
each player's last DM panel says the game is over with their place and a link to the standings; a
Rematch button opens a new table with the same players and options."""

from __future__ import annotations

import contextlib

import pytest

from bot.ui.presenter import PANEL_LOOKBACK, has_controls_of
from games.core import Outcome
from tests.bot.driver import (board_message, fix_deal, heuristic_players, labels, open_table, play_to_the_end,
                              play_turn_by_dm, start)


@pytest.mark.slow
async def test_a_rated_game_ends_with_rating_changes_results_in_dms_and_a_rematch(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"], options="open_money=true")
    lobby = table.thread.history()[0]
    await table.players[0].click(lobby, label="Rated: off")
    await start(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    row = await table.row()
    assert row.status == "finished" and row.rated
    standings = next(m for m in reversed(table.thread.history()) if m.embeds and "final standings" in m.embeds[0].title)
    changes = next(f for f in standings.embeds[0].fields if f.name == "Rating changes")
    assert "ada: " in changes.value and "bo: " in changes.value and "→" in changes.value
    assert "Rematch" in labels(standings)
    board = await board_message(table)
    assert not board.content and not board.mentions  # nobody's move any more
    assert table.thread.history()[0].embeds[0].description == "Game over"  # the lobby, no longer "in progress"

    seats = {s.user_id: s for s in await table.seats()}
    outcome = Outcome.model_validate_json(row.outcome)
    for player in table.players:
        latest = player.user.dm_channel.history()[-1]  # the newest DM is the result, not a call to choose
        assert latest.id == seats[player.id].dm_message_id, latest.content
        panel = next(m for m in player.user.dm_channel.history() if m.id == seats[player.id].dm_message_id)
        first = panel.content.splitlines()[0]
        assert first.startswith("**Game over in Augsburg 1520 (table #")
        place = outcome.place_of(seats[player.id].seat)
        assert first.endswith(": you won." if place == 1 else f": you placed {place}nd of 2.")
        assert panel.embeds[0].description.startswith("The game is over")  # not "waiting for nobody"
        assert standings.jump_url in panel.content and not labels(panel)
        # nor do answered panels keep a "Take back" (the latest DMs are looked at once, at the end)
        assert not [m for m in player.user.dm_channel.history()[-PANEL_LOOKBACK:] if has_controls_of(m, row.id)]

    # A rematch: same players, same options, a new lobby; someone who did not play cannot ask.
    stranger = table.guild.add_member(simcord_env.create_user("cy"))
    refused = await stranger.click(standings, label="Rematch")
    assert refused.ephemeral and "Only the players of this game" in refused.response.content
    threads = len(table.channel.threads)
    asked = await table.players[1].click(standings, label="Rematch")
    assert asked.ephemeral or asked.followups
    assert len(table.channel.threads) == threads + 1
    new = await simcord_env.bot.store.tables.by_thread(table.channel.threads[-1].id)
    assert new.id != row.id and new.status == "lobby" and new.options == row.options and new.rated
    assert new.creator_id == table.players[1].id
    seated = {s.user_id for s in await simcord_env.bot.store.tables.seats(new.id)}
    assert seated == {p.id for p in table.players}
    # ada, seated by bo's rematch, is told so in its thread (mentioned: Discord adds her to it).
    answer = asked.followups[-1].content if asked.followups else asked.response.content
    assert "The other players are seated and were mentioned there" in answer, answer
    (note,) = [m for m in table.channel.threads[-1].history() if m.mentions]
    assert note.content == (f"<@{table.players[0].id}>: bo asks for a rematch and seated you here. "
                            "Press **Leave** if you do not want to play.")
    assert [u.id for u in note.mentions] == [table.players[0].id]
    for player in table.players:  # pressed again, by anyone: the rematch that is open, not another table
        again = await player.click(standings, label="Rematch")
        text = again.response.content if again.ephemeral else again.followups[-1].content
        assert f"The rematch is already open: table #{new.id}" in text
        assert text.endswith("You are seated there.")  # both were seated by it: not "Join it there"
    assert len(table.channel.threads) == threads + 1
    await simcord_env.bot.store.db.set_status("game_tables", new.id, "finished")  # the rematch was played
    await table.players[0].click(standings, label="Rematch")
    assert len(table.channel.threads) == threads + 2  # so another one opens


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


@pytest.mark.slow
async def test_standings_cut_off_by_a_stop_are_posted_with_the_rating_changes_at_the_next_start(
        simcord_env, settings, monkeypatch):
    """The ratings are stored, then the standings posted: a stop in between posts them (with the
    rating changes, the game rated once) when the bot starts again."""
    from bot import create_bot
    from bot.ui import results

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"], options="open_money=true")
    await table.players[0].click(table.thread.history()[0], label="Rated: off")
    await start(table)

    async def stopped(*args, **kwargs):
        raise Stopped()

    with monkeypatch.context() as patch:
        patch.setattr(results, "announce", stopped)
        simcord_env.check_errors = False
        with contextlib.suppress(Stopped):  # the simulated stop
            await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    row = await table.row()
    assert row.status == "finished" and not row.finish_due  # rated, then stopped before the standings
    assert not [m for m in table.thread.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]
    rated = await simcord_env.bot.store.ratings.history_of_table(row.id)
    await simcord_env.restart_bot(create_bot(settings))
    (standings,) = [m for m in table.thread.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]
    changes = next(f for f in standings.embeds[0].fields if f.name == "Rating changes")
    assert "ada: " in changes.value and "bo: " in changes.value
    assert await simcord_env.bot.store.ratings.history_of_table(row.id) == rated  # rated once
    await simcord_env.restart_bot(create_bot(settings))  # posted: not again
    assert len([m for m in table.thread.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]) == 1


@pytest.mark.slow
@pytest.mark.parametrize("stop_at", ["after the standings", "after one result"])
async def test_result_dms_cut_off_by_a_stop_are_sent_at_the_next_start(simcord_env, settings, monkeypatch, stop_at):
    """README: "Each player's last DM panel is turned into their result"; a stop between storing a
    move and showing it loses nothing. The standings went out before the stop (after them, or
    after the first player's result): the next start turns the other panels, once."""
    from bot import create_bot
    from bot.ui import results

    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    presenter = simcord_env.bot.presenter
    with monkeypatch.context() as patch:
        if stop_at == "after the standings":
            announce = results.announce

            async def stopped(*args, **kwargs):
                await announce(*args, **kwargs)
                raise Stopped()
            patch.setattr(results, "announce", stopped)
        else:
            end_word, words = type(presenter)._end_word, []

            def stopped(self, *args, **kwargs):
                words.append(args)
                if len(words) == 2:
                    raise Stopped()
                return end_word(self, *args, **kwargs)
            patch.setattr(type(presenter), "_end_word", stopped)
        simcord_env.check_errors = False
        with contextlib.suppress(Stopped):
            await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    assert (await table.row()).status == "finished"
    last = lambda player: player.user.dm_channel.history()[-1]  # noqa: E731
    assert not all((last(p).content or "").startswith("**Game over in") for p in table.players)
    for _ in range(2):  # once: a second start changes nothing
        await simcord_env.restart_bot(create_bot(settings))
        (standings,) = [m for m in table.thread.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]
        for player in table.players:
            assert (last(player).content or "").startswith("**Game over in Augsburg 1520"), last(player).content
            assert standings.jump_url in last(player).content and not last(player).components


@pytest.mark.slow
async def test_a_stop_at_the_lobby_s_game_over_is_made_good_at_the_next_start(simcord_env, settings):
    """The lobby reads "Game over" before the standings go up: a start that finds the standings
    missing ends the game again, lobby included."""
    from bot import create_bot

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)

    async def stopped(*args, **kwargs):
        raise Stopped()

    simcord_env.bot.presenter.refresh_lobby = stopped  # the process stops right there
    simcord_env.check_errors = False
    with contextlib.suppress(Stopped):
        await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    assert (await table.row()).status == "finished"
    assert table.thread.history()[0].embeds[0].description == "Game in progress"
    await simcord_env.restart_bot(create_bot(settings))
    assert table.thread.history()[0].embeds[0].description == "Game over"
    assert [m for m in table.thread.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]

@pytest.mark.slow
async def test_a_rematch_does_not_seat_a_player_who_abandoned(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    assert "abandoned" in (await cy.slash(table.thread, "table abandon")).response.content
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    standings = next(m for m in reversed(table.thread.history()) if "Rematch" in labels(m))
    await ada.click(standings, label="Rematch")
    new = await simcord_env.bot.store.tables.by_thread(table.channel.threads[-1].id)
    seats = await simcord_env.bot.store.tables.seats(new.id)
    assert [(s.user_id, s.ai) for s in seats] == [(ada.id, None), (bo.id, None)]


def standings_of(table):
    return next(m for m in reversed(table.thread.history()) if m.embeds and "final standings" in (m.embeds[0].title or ""))


@pytest.mark.slow  # plays a whole game
async def test_rematch_points_everyone_to_the_open_one_and_is_asked_in_the_server_only(simcord_env):
    """README: Rematch "Pressed again, it points to the rematch already open"; a player who left
    "cannot open it, but may join", so they are pointed to it too. The new table opens in the server:
    a Rematch forged in a DM (a player who has left the server since) opens nothing."""
    from tests.reliability.forge import forge_component

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await cy.slash(table.thread, "table abandon")
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    standings = standings_of(table)
    forged = await forge_component(bo.user, bo.user.dm_channel.history()[-1], f"rematch:{table.table_id}")
    assert forged.ephemeral and "in the table's thread" in forged.response.content
    assert len(table.channel.threads) == 1
    await ada.click(standings, label="Rematch")
    rematch = await table.bot.store.tables.by_thread(table.channel.threads[-1].id)
    pointed = await cy.click(standings, label="Rematch")
    assert pointed.ephemeral and f"table #{rematch.id}" in pointed.response.content


@pytest.mark.slow
async def test_standings_that_discord_refused_are_posted_again_a_minute_later(simcord_env, monkeypatch):
    """Nothing is lost: Discord refuses the thread's posts at the game's end (the last board and the
    standings); a minute later the bot posts them again, once, and the board offers no My hand."""
    fix_deal(monkeypatch, 9)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    spec = await table.spec()
    for _ in range(3000):  # up to the move that ends the game
        state = await table.state()
        seat = min(spec.to_act(state))
        if spec.outcome(spec.apply(state, seat, policy(state, seat))[0]) is not None:
            break
        assert await play_turn_by_dm(table, policy)
    simcord_env.check_errors = False
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=403, code=50001,
                             message="Missing Access", times=2)
    await play_turn_by_dm(table, policy)
    assert (await table.row()).status == "finished" and not all_standings(table)
    await simcord_env.advance_time(70)
    assert len(all_standings(table)) == 1
    assert "My hand" not in labels(await board_message(table))
    await simcord_env.advance_time(4000)
    assert len(all_standings(table)) == 1


def all_standings(table) -> list:
    return [m for m in table.thread.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]


@pytest.mark.slow  # plays a whole game
async def test_a_rematch_does_not_seat_a_player_who_left_the_server(simcord_env):
    """A player who left the server could neither see the rematch's thread nor leave its lobby there:
    the rematch seats only the players still in the server (the others may join)."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    await start(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    table.guild.remove_member(cy)
    await ada.click(standings_of(table), label="Rematch")
    new_id = (await table.row()).rematch_id
    seats = await env.bot.store.tables.seats(new_id)
    assert [s.user_id for s in seats] == [ada.id, bo.id]


async def test_a_second_rematch_press_points_to_the_open_rematch_though_threads_are_refused_now(simcord_env,
                                                                                                monkeypatch):
    """README: Rematch "Pressed again, it points to the rematch already open": nothing is opened
    then, so a permission the bot lost since (Create Public Threads) is not what it answers; nor is
    it what someone who did not play is told."""
    from tests.bot.tournament_driver import play_out

    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada, bo = table.players
    await start(table)
    await play_out(simcord_env.bot, table.table_id)
    await ada.click(standings_of(table), label="Rematch")
    rematch = (await table.row()).rematch_id
    await simcord_env.bot.get_channel(table.channel.id).set_permissions(simcord_env.bot.user,
                                                                         create_public_threads=False)
    again = await bo.click(standings_of(table), label="Rematch")
    said = again.response.content if again.ephemeral else again.followups[-1].content
    thread_id = (await simcord_env.bot.service.get(rematch)).thread_id
    assert said == f"The rematch is already open: table #{rematch} (<#{thread_id}>). You are seated there.", said
    eve = table.guild.add_member(simcord_env.create_user("eve"))
    said = (await eve.click(standings_of(table), label="Rematch")).response.content
    assert said == "Only the players of this game can ask for a rematch.", said
