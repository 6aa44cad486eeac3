"""A table made Rated with a computer player seated in the lobby counts for nobody (README,
Ratings: "a computer player from the start ... makes it unrated for everyone"): nothing else
treats it as rated either: not a cancel, a hand-over vote, its standings or `/table list`."""

from __future__ import annotations

import discord
import pytest

from tests.bot.driver import start
from tests.bot.ratings_reference import open_rated, standings
from tests.bot.tournament_driver import answer, play_out


async def computer_table(env, names, *, manager: bool = False):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    roles = [guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))] if manager else []
    people = [guild.add_member(env.create_user(n), roles=roles if i == 0 else []) for i, n in enumerate(names)]
    table = await open_rated(env, guild, channel, people, computers=1)
    await start(table)
    return table, channel, people


async def test_its_players_may_cancel_it_by_vote_after_one_abandoned(simcord_env):
    """A vote may cancel a casual game; "this rated game counts for ..." would not be true."""
    table, _, (ada, bo, cy) = await computer_table(simcord_env, ["ada", "bo", "cy"])
    await cy.slash(table.thread, "table abandon")
    text = answer(await ada.slash(table.thread, "table cancel"))
    assert "counts for" not in text and "agree" in text.lower(), text


async def test_a_manage_server_player_cancels_it_as_a_casual_game(simcord_env):
    """Manage Server may cancel "any time, except a rated or tournament game they play in"."""
    table, _, (ada, bo) = await computer_table(simcord_env, ["ada", "bo"], manager=True)
    text = answer(await ada.slash(table.thread, "table cancel"))
    assert "spare your rating" not in text, text
    assert (await table.row()).status == "cancelled"


@pytest.mark.slow  # over half a second
async def test_a_hand_over_vote_there_neither_unrates_it_nor_says_so(simcord_env):
    env = simcord_env
    table, _, (ada, bo, cy) = await computer_table(env, ["ada", "bo", "cy"])
    await env.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await bo.slash(table.thread, "table handover", player=cy)
    vote = [m for m in table.thread.history() if "agree?" in (m.content or "")][-1]
    assert "no longer rated" not in vote.content, vote.content
    await ada.click(vote, label="Agree")
    await play_out(env.bot, table.table_id)
    field = next(f.value for f in standings(table.thread).fields if f.name == "Rating changes")
    assert "added in the lobby" in field and "voted" not in field, field


async def test_table_list_does_not_call_it_rated(simcord_env):
    table, channel, (ada, bo) = await computer_table(simcord_env, ["ada", "bo"])
    listed = (await bo.slash(channel, "table list")).response
    text = (listed.content or "") + "\n".join(e.description or "" for e in listed.embeds)
    line = next(line for line in text.splitlines() if f"#{table.table_id}" in line)
    assert "rated" not in line, line


def test_replayed_standings_share_a_place_as_the_bot_does():
    """`python -m bot replay` numbers tied places 1, 1, 3, as the standings and README do."""
    from games import Outcome
    from play.record import standings_lines

    record = {"seats": [{"seat": 0, "name": "ada"}, {"seat": 1, "name": "bo"}, {"seat": 2, "name": "cy"}]}
    lines = standings_lines(record, Outcome(ranking=[[0, 1], [2]], scores={0: 5, 1: 5, 2: 3}, winners=[0, 1]))
    assert [line.split(".")[0] for line in lines] == ["1", "1", "3"], lines
