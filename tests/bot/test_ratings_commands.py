"""Ratings after rated games: /leaderboard (paged) and /profile, and which games count."""

from __future__ import annotations

import json

import pytest

from play.tournaments.ratings import new_rating, ordinal, update
from storage import RatedResult
from tests.bot.driver import labels
from tests.bot.tournament_driver import play_out


async def casual_table(env, channel, people, *, rated: bool, computers: int = 0, toggle: bool = False):
    """Open a table with people[0] as creator, seat the others, start it and play it to the end."""
    options = {"game": "augsburg1520"}
    if rated and not toggle:
        options["rated"] = True
    await people[0].slash(channel, "table create", **options)
    thread = channel.threads[-1]
    lobby = thread.history()[0]
    for person in people[1:]:
        await person.click(lobby, label="Join")
    for _ in range(computers):
        await people[0].click(lobby, label="Add computer")
    if toggle:
        await people[0].click(lobby, label="Rated: off")
    await people[0].click(lobby, label="Start")
    table = await env.bot.store.tables.by_thread(thread.id)
    await play_out(env.bot, table.id)
    return await env.bot.store.tables.get(table.id)


@pytest.mark.slow
async def test_leaderboard_and_profile_show_openskill_ratings(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(simcord_env.create_user(f"r{i}")) for i in range(17)]
    store = simcord_env.bot.store
    tables = []
    for k in range(4):  # four rated casual tables, one of them switched to rated in its lobby
        tables.append(await casual_table(simcord_env, channel, people[3 * k:3 * k + 3], rated=True,
                                         toggle=k == 0))
    assert tables[0].rated
    # Not rated: a casual table, and a rated table with a computer player.
    await casual_table(simcord_env, channel, people[12:15], rated=False)
    await casual_table(simcord_env, channel, people[15:17], rated=True, computers=1)
    assert await store.ratings.count(guild.id, "augsburg1520") == 12

    # The stored ratings are OpenSkill's Plackett-Luce update of the table's ranking.
    first = tables[0]
    seats = await store.tables.seats(first.id)
    ranking = [[seats[s].user_id for s in group] for group in json.loads(first.outcome)["ranking"]]
    expected = update({}, ranking)
    winner = ranking[0][0]
    assert ordinal(expected[winner]) > ordinal(new_rating()) == 0

    member = next(p for p in people if p.id == winner)
    profile = await people[5].slash(channel, "profile", user=member)
    embed = profile.response.embeds[0]
    text = str(embed.to_dict())
    assert f"Rating **{ordinal(expected[winner]):.1f}**" in text
    assert "1 game · 1 won" in text and f"table #{first.id}: 1 of 3" in text
    own = await people[13].slash(channel, "profile")  # only unrated games
    assert "No rated games yet" in str(own.response.embeds[0].to_dict())

    board = await people[0].slash(channel, "leaderboard", game="augsburg1520")
    page1 = board.response.embeds[0]
    assert "Page 1 of 2" in page1.footer.text and len(page1.description.splitlines()) == 10
    values = [float(line.split(" — ")[1].split(" ")[0]) for line in page1.description.splitlines()]
    assert values == sorted(values, reverse=True)
    assert labels(board.response.message) == ["◀ Previous", "Next ▶"]
    nxt = await people[0].click(board.response.message, label="Next ▶")
    page2 = nxt.response.message.embeds[0]
    assert "Page 2 of 2" in page2.footer.text and len(page2.description.splitlines()) == 2
    back = await people[0].click(nxt.response.message, label="◀ Previous")
    assert "Page 1 of 2" in back.response.message.embeds[0].footer.text
    all_ids = {p.id for p in people[:12]}
    ratings = await store.ratings.of_players(guild.id, "augsburg1520", sorted(all_ids))
    assert set(ratings) == all_ids and all(r.games == 1 for r in ratings.values())
    # Places: one more than the players rated higher (equal ratings share one, as in a game).
    order = sorted((r.mu - 3 * r.sigma for r in ratings.values()), reverse=True)
    places = [1 + sum(other > value for other in order) for value in order]
    shown = [int(line.split(".", 1)[0]) for page in (page1, page2) for line in page.description.splitlines()]
    assert shown == places and places[0] == 1


async def test_players_of_equal_rating_share_a_place(simcord_env):
    """Two players who shared first place in their only rated game have equal ratings: the
    leaderboard and their profiles give them the same place, and the next player the third."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo, cy = (guild.add_member(simcord_env.create_user(name)) for name in ("ada", "bo", "cy"))
    after = update({}, [[ada.id, bo.id], [cy.id]])  # OpenSkill's update of a tie for first
    assert after[ada.id] == after[bo.id]
    lines = [RatedResult(user_id=p.id, display_name=p.user.name, place=place, seats=3, won=place == 1,
                         mu_before=25.0, sigma_before=25 / 3, mu_after=after[p.id].mu, sigma_after=after[p.id].sigma)
             for p, place in ((ada, 1), (bo, 1), (cy, 3))]
    assert await simcord_env.bot.store.ratings.record_game(guild.id, "augsburg1520", 1, lines)
    board = await cy.slash(channel, "leaderboard", game="augsburg1520")
    assert [line.split(" — ")[0] for line in board.response.embeds[0].description.splitlines()] == [
        "1. **ada**", "1. **bo**", "3. **cy**"]
    for who, place in ((ada, 1), (bo, 1), (cy, 3)):
        profile = await cy.slash(channel, "profile", user=who)
        assert f"(#{place} " in profile.response.embeds[0].fields[0].value, profile.response.embeds[0].fields[0].value


@pytest.mark.slow
async def test_a_rated_solo_game_says_why_it_is_not_rated(simcord_env, monkeypatch):
    """Rated needs people to rate against each other: the lobby says so when Rated is turned on,
    and a solo game made rated ends with standings that say it was not rated, and why."""
    from tests.bot.driver import fix_deal, heuristic_players, open_table, play_to_the_end, start

    fix_deal(monkeypatch, 20_260_601)
    table = await open_table(simcord_env, "aelderman", ["ada"])
    toggled = await table.players[0].click(table.thread.history()[0], label="Rated: off")
    assert "at least two people" in toggled.response.content
    await start(table)
    await play_to_the_end(table, heuristic_players("aelderman", 1), limit=800)
    row = await table.row()
    assert row.status == "finished" and row.rated and not await simcord_env.bot.store.ratings.is_rated(row.id)
    standings = next(m for m in reversed(table.thread.history()) if m.embeds and "final standings" in m.embeds[0].title)
    field = next(f.value for f in standings.embeds[0].fields if f.name == "Rating changes")
    assert field == "None: not rated, as a game of one player has nobody to be rated against."


async def test_a_leaderboard_of_one_rated_player_says_player(simcord_env):
    """The footer counts the rated players in plain English ("1 rated player", not "players")."""
    from storage import RatedResult
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    line = RatedResult(user_id=ada.id, display_name="ada", place=1, seats=2, won=True, mu_before=25.0,
                       sigma_before=25 / 3, mu_after=27.0, sigma_after=8.0)
    assert await simcord_env.bot.store.ratings.record_game(guild.id, "augsburg1520", 99, [line])
    board = await ada.slash(channel, "leaderboard", game="augsburg1520")
    assert board.response.embeds[0].footer.text.startswith("Page 1 of 1 · 1 rated player · ")
