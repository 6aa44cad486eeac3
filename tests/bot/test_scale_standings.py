"""/tournament standings with a large field: every player, on numbered pages in several messages."""

from __future__ import annotations

import re

import pytest

from tests.bot.driver import staff_only_channel
from tests.bot.tournament_driver import create, new_event, play_round, register_all, tournament_message

TITLE = re.compile(r"— (?:final )?standings(?: \(without[^)]*\))?(?: \((\d+)/(\d+)\))?$")


def messages_of(result):
    return [m for m in [result.response, *result.followups] if m is not None]


def check_answer(result, count):
    shown = messages_of(result)
    assert all(m.ephemeral for m in shown)
    embeds = [e for m in shown for e in m.embeds]
    for m in shown:
        assert len(m.embeds) <= 10 and sum(len(e) for e in m.embeds) <= 6000
    for e in embeds:
        assert len(e.description) <= 4096 and len(e.title) <= 256
    numbered = [TITLE.search(e.title) for e in embeds]
    assert all(numbered), [e.title for e in embeds]
    if len(embeds) > 1:
        assert [(int(n[1]), int(n[2])) for n in numbered] == [(k, len(embeds)) for k in range(1, len(embeds) + 1)]
    lines = [line for e in embeds for line in e.description.splitlines()]
    assert len(lines) == count, (len(lines), count)
    ranks = [int(line.split(".", 1)[0]) for line in lines]
    assert ranks == sorted(ranks) and ranks[0] == 1
    return shown, lines


@pytest.mark.slow
@pytest.mark.slow
async def test_standings_of_forty_players_with_long_names(simcord_env):
    env = simcord_env
    event = new_event(env, 40, names="__Ritter_von_*Augsburg*__ ")  # escaped, twice as long
    tid = await create(event, game="baumeister", table_size=3, rounds=2, hours=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    # before any game ended: everyone, everyone tied at 0
    result = await event.players[3].slash(event.channel, "tournament standings")
    shown, lines = check_answer(result, 40)
    assert {int(line.split(".", 1)[0]) for line in lines} == {1}
    await play_round(event, tid, 1)
    result = await event.players[7].slash(event.channel, "tournament standings")
    shown, lines = check_answer(result, 40)
    assert sum(len(m.embeds) for m in shown) > 1
    for p in event.players:
        assert sum(p.name.split()[-1] == line.split("**")[1].split()[-1].rstrip("\\") for line in lines) <= 1
    # the Standings button says the same
    pressed = await event.players[8].click(tournament_message(event, tid), label="Standings")
    check_answer(pressed, 40)
    rows = await env.bot.tournaments.standings(tid)
    for x, y in zip(rows, rows[1:]):
        same = (x.points, x.score_ratio, x.opponents_points, x.opponents_rating) == \
               (y.points, y.score_ratio, y.opponents_points, y.opponents_rating)
        assert (x.rank == y.rank) == same
    # the posted round standings: every player too
    posted = [m for m in event.channel.history() if m.embeds and "standings" in (m.embeds[0].title or "")]
    listed = [line for m in posted for e in m.embeds for line in e.description.splitlines()]
    assert len(listed) == 40


@pytest.mark.slow
async def test_standings_of_a_hundred_players_in_several_messages(simcord_env):
    env = simcord_env
    event = new_event(env, 100, names="_*_*_*_*_*_*_*_*_*_*_*_*_*_*_ ")  # 32 characters, escaped twice as long
    tid = await create(event, game="augsburg1520", table_size=4, rounds=1, hours=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    result = await event.players[3].slash(event.channel, "tournament standings")
    shown, lines = check_answer(result, 100)
    assert len(shown) > 1
    for p in event.players:
        tail = " " + p.name.rsplit(" ", 1)[1] + "**"
        assert sum(tail in line for line in lines) == 1, p.name


@pytest.mark.slow
@pytest.mark.slow
async def test_standings_keep_players_who_withdrew_or_left(simcord_env):
    env = simcord_env
    event = new_event(env, 40)
    tid = await create(event, game="baumeister", table_size=3, rounds=2, hours=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    await play_round(event, tid, 1)
    gone, quitter = event.players[0], event.players[1]
    await quitter.click(tournament_message(event, tid), label="Withdraw")
    event.guild.remove_member(gone)
    await env.settle()
    await event.organiser.slash(event.channel, "tournament next")
    result = await event.players[5].slash(event.channel, "tournament standings")
    shown, lines = check_answer(result, 40)
    assert any(f"~~{quitter.name}~~" in line for line in lines)
    assert any(f"{gone.name}" in line for line in lines)
    await play_round(event, tid, 2)
    final = [m for m in event.channel.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]
    listed = [line for m in final for e in m.embeds for line in e.description.splitlines()]
    assert len(listed) == 40


async def test_standings_of_a_tournament_in_a_channel_the_asker_cannot_see(simcord_env):
    """Same as /table list's rule for tables: a tournament run in a staff-only channel is not the
    business of a member who cannot see that channel; its number (they count up) gets its standings."""
    from tests.bot.tournament_driver import Event, ORGANISER_ROLE
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    staff, hidden = staff_only_channel(env, guild)
    role = guild.create_role(ORGANISER_ROLE)
    organiser = guild.add_member(env.create_user("org"), roles=[role, staff])
    players = [guild.add_member(env.create_user(f"secret{i}"), roles=[staff]) for i in range(3)]
    event = Event(env, guild, hidden, organiser, players)
    tid = await create(event, rounds=1)
    await register_all(event, tid)
    await organiser.click(tournament_message(event, tid), label="Start")
    eve = guild.add_member(env.create_user("eve"))
    answer = (await eve.slash(games, "tournament standings", tournament=tid)).response
    assert not answer.embeds, answer.embeds[0].description
    assert answer.ephemeral and answer.content == f"Tournament #{tid} is played in a channel you cannot see."
    assert (await players[0].slash(hidden, "tournament standings", tournament=tid)).response.embeds
