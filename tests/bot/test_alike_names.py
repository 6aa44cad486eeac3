"""Players called alike ("ada" twice) must be told apart wherever the table names them
(README: "two players called "ada" read "ada (1)" and "ada (2)" wherever the table names them")."""
from __future__ import annotations

import pytest

from tests.bot.driver import Table, fix_deal, heuristic_players, play_to_the_end, start


async def _alike_table(env, nicks, game="augsburg1520"):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(f"user{i}"), nick=n) for i, n in enumerate(nicks)]
    await players[0].slash(channel, "table create", game=game)
    thread = channel.threads[-1]
    row = await env.bot.store.tables.by_thread(thread.id)
    for p in players[1:]:
        await p.click(thread.history()[0], label="Join")
    return Table(env, guild, channel, thread, row.id, players)


@pytest.mark.slow  # a whole game
async def test_rating_changes_of_two_players_called_alike_are_told_apart(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 7)
    table = await _alike_table(simcord_env, ["ada", "ada"])
    await table.players[0].click(table.thread.history()[0], label="Rated: off")
    await start(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    final = table.thread.last_message.embeds[0]
    assert "ada (1)" in final.description and "ada (2)" in final.description, final.description
    ratings = next(f.value for f in final.fields if f.name == "Rating changes")
    # whose rating went up? The standings above say "ada (1)"/"ada (2)"; the ratings say "ada" twice
    assert "ada (1)" in ratings and "ada (2)" in ratings, ratings


async def test_a_handover_vote_says_which_of_two_players_called_alike_it_is_about(simcord_env):
    table = await _alike_table(simcord_env, ["bo", "ada", "ada"])
    await start(table)
    bo, ada1, ada2 = table.players
    seat = await table.seat_of(ada2)
    await table.bot.store.tables.update_seat(table.table_id, seat, missed=2, away=True)
    await bo.slash(table.thread, "table handover", player=ada2)
    vote = next(m for m in table.thread.history() if "agree?" in (m.content or ""))
    # ada (1) is asked whether to hand "ada's seat" to the computer: hers, or the other ada's?
    assert "ada (3)'s seat" in vote.content or "ada (2)'s seat" in vote.content, vote.content


async def test_a_cancel_vote_asked_by_one_of_two_players_called_alike_names_which(simcord_env):
    table = await _alike_table(simcord_env, ["ada", "ada", "bo"])
    await start(table)
    ada1, ada2, bo = table.players
    await ada1.slash(table.thread, "table cancel")
    vote = next(m for m in table.thread.history() if "agree?" in (m.content or ""))
    answer = await bo.click(vote, label="Agree")
    problems = []
    if "ada (1) asks" not in vote.content:
        problems.append(vote.content)
    if "Still waiting for ada (2)" not in answer.response.content:
        problems.append(answer.response.content)
    assert not problems, problems
