"""A solo game with a pace: when its one player misses a deadline, the game waits for them, and the
notice says so in words for one player."""

from __future__ import annotations

from tests.bot.test_pace import LIVE, dms_with, live_table


async def test_a_solo_player_away_is_told_the_game_waits_for_them(simcord_env):
    table = await live_table(simcord_env, seats=1, game="aelderman")
    (ada,) = table.players
    await simcord_env.advance_time(LIVE + 1)
    assert all(s.away for s in await table.seats())
    notice = dms_with(ada, "Time ran out")[-1].content
    assert notice.splitlines()[0].endswith("The game waits until you are back.") and "one of you" not in notice



def lobby_fields(table) -> dict[str, str]:
    lobby = table.thread.history()[0]
    return {f.name: f.value for e in lobby.embeds for f in e.fields}


async def test_a_started_solo_table_says_its_game_waits_and_offers_no_vote(simcord_env):
    """A solo table's lobby, once started, says what a missed deadline does to a game of one
    person (it waits for them), and says nothing of a vote of "the other players", who are none.
    A table of several people keeps both."""
    solo = await live_table(simcord_env, seats=1, game="aelderman")
    fields = lobby_fields(solo)
    assert fields["Pace"].endswith("(when a deadline passes, a computer player finishes the turn that ran out, "
                                   "then the game waits for its player)"), fields["Pace"]
    assert "Absent players" not in fields, fields
    pair = await live_table(simcord_env, seats=2, game="aelderman")
    fields = lobby_fields(pair)
    assert fields["Pace"].endswith("a computer player moves for the seat until its player is back)"), fields["Pace"]
    assert "the other players may vote" in fields["Absent players"], fields


async def test_one_person_with_computer_players_away_is_told_the_game_waits_for_them(simcord_env):
    """One person and a computer player: when the person misses a deadline, the game waits for them,
    in words for one ("until you are back"), not for "one of you"."""
    table = await live_table(simcord_env, seats=1, computers=1, game="augsburg1520")
    (ada,) = table.players
    await simcord_env.advance_time(LIVE + 1)
    notice = dms_with(ada, "Time ran out")[-1].content
    assert "The game waits until you are back." in notice and "one of you" not in notice, notice
