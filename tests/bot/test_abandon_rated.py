"""README (Ratings): "A player who abandons or forfeits mid-game is still rated, ranked last". When
the last person playing leaves a rated game that others abandoned before, the table closes, and
the game is rated as it stood: those who abandoned before are ranked last. Without an earlier
abandoner, nothing is rated (a game everyone left at once counts for nobody)."""

from __future__ import annotations

import contextlib

from tests.bot.driver import play_turn_by_dm, start, heuristic_players
from tests.bot.ratings_reference import open_rated
from tests.bot.tournament_driver import answer


async def rated_table(env, names):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(n)) for n in names]
    table = await open_rated(env, guild, channel, people)
    await start(table)
    for _ in range(3):
        assert await play_turn_by_dm(table, heuristic_players("augsburg1520", len(names)))
    return table, people


async def test_the_last_to_leave_after_an_abandoner_closes_a_game_rated_with_the_abandoner_last(simcord_env):
    env = simcord_env
    table, (ada, bo, cy) = await rated_table(env, ["ada", "bo", "cy"])
    assert "ranked last" in answer(await ada.slash(table.thread, "table abandon"))
    assert "ranked last" in answer(await cy.slash(table.thread, "table abandon"))
    left = await bo.slash(table.thread, "table abandon")
    assert "the table is closed" in answer(left) and "rated as it stood" in answer(left), answer(left)
    assert (await table.row()).status == "cancelled"
    rated = {h.user_id: h for h in await env.bot.store.ratings.history_of_table(table.table_id)}
    assert {user: h.place for user, h in rated.items()} == {bo.id: 1, ada.id: 2, cy.id: 2}
    assert rated[ada.id].mu_after < rated[ada.id].mu_before < rated[bo.id].mu_after
    note = [m.content for m in table.thread.history() if "nobody is left" in (m.content or "")]
    assert note and "ranked last" in note[-1] and "(forfeited) abandoned" not in note[-1], note
    profile = await ada.slash(table.thread, "profile")
    assert "No rated games yet" not in str(profile.response.embeds[0].to_dict())
    # README: "the last to leave first": their history says so, not "forfeit, last"
    fields = (await bo.slash(table.thread, "profile")).response.embeds[0].to_dict()["fields"]
    recent = next(f["value"] for f in fields if f["name"] == "Recent rated games")
    assert f"table #{table.table_id}: 1 of 3" in recent and "forfeit" not in recent, recent


async def test_a_rated_game_left_without_an_earlier_abandoner_stays_unrated(simcord_env):
    env = simcord_env
    table, (ada, bo) = await rated_table(env, ["ada", "bo"])
    await env.bot.store.tables.update_seat(table.table_id, await table.seat_of(bo), ai="heuristic")  # handed over
    left = await ada.slash(table.thread, "table abandon")
    assert "the table is closed" in answer(left) and "rated" not in answer(left)
    assert await env.bot.store.ratings.history_of_table(table.table_id) == []


async def test_a_game_that_never_counted_is_not_said_to_be_rated_when_everyone_left(simcord_env):
    """A casual table made Rated with a computer player from the start never counts (README)."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo = [guild.add_member(env.create_user(n)) for n in ("ada", "bo")]
    table = await open_rated(env, guild, channel, [ada, bo], computers=1)
    await start(table)
    await ada.slash(table.thread, "table abandon")
    left = await bo.slash(table.thread, "table abandon")
    assert "the table is closed" in answer(left) and "rated" not in answer(left), answer(left)
    assert not any("rated as it stood" in (m.content or "").lower() for m in table.thread.history())
    assert await env.bot.store.ratings.history_of_table(table.table_id) == []


async def test_no_seat_is_voted_out_of_a_rated_game_someone_abandoned(simcord_env):
    """README: "a rated game that someone abandoned counts for them". A hand-over vote would unrate
    it for everyone, the abandoner too (and then one player could cancel it alone): it is refused."""
    env = simcord_env
    table, (ada, bo, cy) = await rated_table(env, ["ada", "bo", "cy"])
    await ada.slash(table.thread, "table abandon")
    await env.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    asked = await bo.slash(table.thread, "table handover", player=cy)
    assert asked.response.ephemeral and "counts for ada, who abandoned it" in answer(asked), answer(asked)
    row = await table.row()
    assert row.rated and row.votes == {} and not next(s for s in await table.seats() if s.user_id == cy.id).ai
    refused = await bo.slash(table.thread, "table cancel")
    assert "cannot be cancelled by a vote" in answer(refused) and (await table.row()).status == "running"


async def test_the_refusal_at_a_table_without_deadlines_does_not_promise_a_computer_player(simcord_env):
    """Pace off: nobody is ever away, so no computer plays the seat of a player who left the server;
    the refusal says the game waits for them and who can end it."""
    from tests.bot.driver import labels

    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo, cy = [guild.add_member(env.create_user(n)) for n in ("ada", "bo", "cy")]
    table = await open_rated(env, guild, channel, [ada, bo, cy])
    lobby = table.thread.history()[0]
    while "Pace: no deadlines" not in labels(lobby):
        await ada.click(lobby, label=next(text for text in labels(lobby) if text.startswith("Pace")))
        lobby = table.thread.history()[0]
    await start(table)
    await ada.slash(table.thread, "table abandon")
    guild.remove_member(bo)
    said = answer(await cy.slash(table.thread, "table handover", player=bo.user))
    assert "counts for ada" in said and "waits for bo's moves" in said and "while they are away" not in said, said
    assert "Manage Server" in said and (await table.row()).rated


async def test_a_last_abandon_rolled_back_leaves_the_game_shown_as_it_goes_on(simcord_env, monkeypatch):
    """The last person's abandon of a rated game others abandoned closes it with its rating in one
    transaction. When the rating cannot be written, it is all rolled back and the game goes on: its
    board and turn panels go on too (nothing may count it as ended)."""
    import sqlite3

    from tests.bot.driver import board_message
    env = simcord_env
    env.check_errors = False
    table, (ada, bo, cy) = await rated_table(env, ["ada", "bo", "cy"])
    await ada.slash(table.thread, "table abandon")
    await cy.slash(table.thread, "table abandon")
    real, calls = env.bot.store.ratings.record_game, []

    async def failing_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.OperationalError("disk I/O error")
        return await real(*args, **kwargs)

    monkeypatch.setattr(env.bot.store.ratings, "record_game", failing_once)
    await bo.slash(table.thread, "table abandon")
    row = await table.row()
    assert row.status == "running" and calls
    before = str([e.to_dict() for e in (await board_message(table)).embeds])
    policy = heuristic_players("augsburg1520", 3)
    for _ in range(4):
        assert await play_turn_by_dm(table, policy)
    assert (await table.row()).version > row.version
    assert str([e.to_dict() for e in (await board_message(table)).embeds]) != before


async def test_a_game_closed_and_rated_as_it_stood_is_not_called_cancelled_and_shows_the_changes(simcord_env):
    """README (Ratings): "the table closes and the game is rated as it stood". Elsewhere a cancelled
    game counts for nobody, so the board and the panels say it was closed and rated, and the thread
    shows each player's rating change, as at a game's end."""
    env = simcord_env
    table, (ada, bo, cy) = await rated_table(env, ["ada", "bo", "cy"])
    for person in (ada, cy, bo):
        await person.slash(table.thread, "table abandon")
    row = await table.row()
    board = next(m for m in table.thread.history() if m.id == row.board_message_id)
    assert board.content.startswith(f"**Table #{table.table_id} was closed**") and "rated as it stood" in board.content
    assert "cancelled" not in board.content, board.content
    for person in (ada, bo, cy):
        last = person.user.dm_channel.history()[-1]
        said = (last.content or "") + " ".join(e.description or "" for e in last.embeds)
        assert "rated as it stood" in said and "cancelled" not in said, said
    note = next(m.content for m in table.thread.history() if "nobody is left" in (m.content or ""))
    changes = note.split("**Rating changes**\n")[1].splitlines()
    assert len(changes) == 3 and all("→" in line for line in changes), note
    assert next(line for line in changes if line.startswith("bo:")).endswith(")") and "(+" in note


async def test_a_restart_after_the_close_does_not_show_it_again(simcord_env, settings):
    from bot import create_bot

    env = simcord_env
    table, (ada, bo, cy) = await rated_table(env, ["ada", "bo", "cy"])
    for person in (ada, cy, bo):
        await person.slash(table.thread, "table abandon")
    posts = len(table.thread.history())
    await env.restart_bot(create_bot(settings))
    await env.settle()
    assert len(table.thread.history()) == posts


def rating_notes(table) -> list[str]:
    return [m.content for m in table.thread.history() if "**Rating changes**" in (m.content or "")]


async def test_a_stop_before_the_close_was_told_tells_it_at_the_next_start_with_the_changes(simcord_env, settings):
    """README (Reliability): a stop between storing a move and showing it loses nothing: "a game whose
    standings the stop cut off gets them, with the rating changes (rated once)". The close of a game
    rated as it stood is its standings: the next start does not call it cancelled."""
    from bot import create_bot

    class Stopped(BaseException):
        """The process ends here (raised past every handler, as a kill would stop it)."""

    env = simcord_env
    table, (ada, bo, cy) = await rated_table(env, ["ada", "bo", "cy"])
    await ada.slash(table.thread, "table abandon")
    await cy.slash(table.thread, "table abandon")

    async def stop(*args, **kwargs):
        raise Stopped

    env.bot.service.rating_changes = stop  # the close and the rating are stored; then the stop
    env.check_errors = False
    with contextlib.suppress(Stopped):  # the process dies mid-command
        await bo.slash(table.thread, "table abandon")
    assert (await table.row()).status == "cancelled" and not rating_notes(table)
    seen = len(table.thread.history())
    await env.restart_bot(create_bot(settings))
    await env.settle()
    told = [m.content for m in table.thread.history()[seen:]]
    assert not [text for text in told if "cancelled" in text], told
    assert len(rating_notes(table)) == 1 and "It is rated as it stood: ada, cy abandoned it before" in rating_notes(table)[0]
    assert len(await env.bot.store.ratings.history_of_table(table.table_id)) == 3  # rated once
    await env.restart_bot(create_bot(settings))  # a start after that one says nothing again
    await env.settle()
    assert len(rating_notes(table)) == 1


async def test_a_close_note_discord_refused_is_posted_again_later(simcord_env):
    """README (Reliability): "final standings Discord refuses are posted again a minute, ten minutes
    and an hour later"; the close of a game rated as it stood is its standings."""
    env = simcord_env
    table, (ada, bo, cy) = await rated_table(env, ["ada", "bo", "cy"])
    await ada.slash(table.thread, "table abandon")
    await cy.slash(table.thread, "table abandon")
    env.check_errors = False
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500, times=1)
    await bo.slash(table.thread, "table abandon")
    assert not rating_notes(table)
    await env.advance_time(70)
    notes = rating_notes(table)
    assert len(notes) == 1 and notes[0].startswith("Everyone left, so table #1 is closed. It is rated as it stood")
    for seconds in (700, 4000):  # posted: not again
        await env.advance_time(seconds)
    assert len(rating_notes(table)) == 1
