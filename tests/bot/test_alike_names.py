"""Players called alike ("ada" twice) must be told apart wherever the table names them
(README: "two players called "ada" read "ada (1)" and "ada (2)" wherever the table names them")."""
from __future__ import annotations

import pytest

from tests.bot.driver import Table, board_message, fix_deal, heuristic_players, play_to_the_end, start
from tests.bot.tournament_driver import ORGANISER_ROLE, Event, create, register_all, tournament_message


async def _alike_table(env, nicks, game="augsburg1520", options=None):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(f"user{i}"), nick=n) for i, n in enumerate(nicks)]
    await players[0].slash(channel, "table create", game=game, **({"options": options} if options else {}))
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


# A zero-width space; Unicode's default-ignorable Khmer inherent vowel and Mongolian variation
# selector (marks and format characters that text is drawn without).
@pytest.mark.parametrize("invisible", ["\u200b", "\u17b4", "\u180b", "\u180f"])
async def test_names_alike_but_for_an_invisible_character_are_told_apart(simcord_env, invisible):
    """README: players "called alike (also when they differ only by invisible characters) read
    `ada (1)` and `ada (2)`"."""
    table = await _alike_table(simcord_env, ["ada", f"ada{invisible}", "bo"])
    await start(table)
    board = await board_message(table)
    text = "\n".join(f"{e.description}\n" + "\n".join(f"{f.name} {f.value}" for f in e.fields)
                     for e in board.embeds).replace(invisible, "")
    assert "ada (1)" in text and "ada (2)" in text, text


async def test_the_abandon_note_says_which_of_two_players_called_alike_abandoned(simcord_env):
    """README: called alike, they read `ada (1)` and `ada (2)`, "in the thread's notes about them too"."""
    table = await _alike_table(simcord_env, ["ada", "ada", "bo"])
    await start(table)
    await table.players[1].slash(table.thread, "table abandon")
    note = next(m.content for m in table.thread.history() if "abandoned the game" in (m.content or ""))
    assert note.startswith("ada (2) abandoned") and "ada (2) will be ranked last" in note, note


async def test_a_tournament_forfeit_note_says_which_of_two_entrants_called_alike(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("tournaments")
    organiser = guild.add_member(env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    event = Event(env, guild, channel, organiser,
                  [guild.add_member(env.create_user(f"u{n}"), nick=nick) for n, nick in enumerate(["ada", "ada", "bo"])])
    tournament = await create(event, rounds=1)
    await register_all(event, tournament)
    await organiser.click(tournament_message(event, tournament), label="Start")
    (game,) = await env.bot.store.tournaments.games(tournament, 1)
    table = await env.bot.store.tables.get(game.table_id)
    await organiser.slash(channel, "tournament forfeit", player=event.players[1], tournament=tournament)
    thread = next(t for t in channel.threads if t.id == table.thread_id)
    note = next(m.content for m in thread.history() if "forfeits this game" in (m.content or ""))
    assert note.startswith("ada (2) forfeits"), note


@pytest.mark.slow  # a whole game
async def test_the_leaderboard_tells_two_players_called_alike_apart(simcord_env, monkeypatch):
    """README: "on a `/leaderboard` page, each is followed by their mention"."""
    fix_deal(monkeypatch, 7)
    table = await _alike_table(simcord_env, ["ada", "ada", "bo"])
    await table.players[0].click(table.thread.history()[0], label="Rated: off")
    await start(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    answer = (await table.players[2].slash(table.channel, "leaderboard", game="augsburg1520")).response
    lines = answer.embeds[0].description.splitlines()
    ids = {p.id for p in table.players[:2]}
    adas = [line for line in lines if "**ada**" in line]
    assert len(adas) == 2 and {int(line.split("(<@")[1].split(">")[0]) for line in adas} == ids, lines
    assert not any("<@" in line for line in lines if "**bo**" in line), lines  # only those called alike


async def test_a_handover_question_speaks_of_ratings_only_at_a_rated_table(simcord_env):
    table = await _alike_table(simcord_env, ["bo", "ada", "cy"])  # a casual table: never rated
    await start(table)
    bo, _, cy = table.players
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await bo.slash(table.thread, "table handover", player=cy)
    vote = next(m for m in table.thread.history() if "agree?" in (m.content or ""))
    assert "computer player for good" in vote.content and "rated" not in vote.content, vote.content


@pytest.mark.parametrize("nicks, options, player", [
    (["Spare colour", "ada"], "version=main", "Spare colour (1)"),  # 2 players: the spare colour's markers
    (["Dummy (medium)"], "version=main", "Dummy (medium) (1)"),  # solo: the dummy
])
async def test_a_player_called_like_aeldermans_spare_colour_is_told_apart_from_it(simcord_env, nicks, options,
                                                                                   player):
    """Aelderman's board names the colour nobody plays "Spare colour" (2 players) or "Dummy (medium)"
    (solo); a player called so reads with their seat number, as players called alike do."""
    table = await _alike_table(simcord_env, nicks, game="aelderman", options=options)
    await start(table)
    board = await board_message(table)
    text = "\n".join(f"{e.description}\n" + "\n".join(f"{f.name} {f.value}" for f in e.fields) for e in board.embeds)
    assert player in text, text
    spare = "Spare colour" if len(nicks) == 2 else "Dummy (medium)"
    assert text.replace(player, "").count(spare) > 0, "the colour nobody plays is still named as before"
