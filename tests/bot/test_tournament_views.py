"""Tournament messages stay within Discord's limits however many players there are."""

from __future__ import annotations

import pytest

from play.tournaments import PlayerRecord, compute_standings
from bot.ui import tournament_views as views
from bot.ui.requests import embed_batches
from storage import EntrantRow, TournamentRow


def tournament(**extra) -> TournamentRow:
    fields = dict(id=4, guild_id=1, channel_id=2, organiser_id=3, game="baumeister", options={},
                  format="swiss", rounds=5, table_size=4, advance=None, duplicate=False, round_hours=48,
                  seed=1, status="registration", current_round=0, message_id=None, created_at="now")
    fields.update(extra)
    return TournamentRow.model_validate(fields)


def test_limited_keeps_the_first_lines_and_counts_the_rest():
    lines = [f"{i}. player number {i}" for i in range(1, 301)]
    text = views._limited(lines, 1024)
    assert len(text) <= 1024
    shown = text.splitlines()
    assert shown[0] == "1. player number 1" and shown[-1].startswith("… and ")
    assert int(shown[-1].split()[2]) == 300 - (len(shown) - 1)
    assert views._limited(lines[:3], 1024) == "\n".join(lines[:3])


def test_a_large_field_fits_the_embed_and_the_standings():
    entrants = [EntrantRow(tournament_id=4, user_id=100 + i, display_name=f"player-with-a-long-name-{i}",
                           rating=0.0, withdrawn=i % 10 == 0) for i in range(250)]
    embed = views.tournament_embed(tournament(), entrants, "<@3>")
    assert len(embed) <= 6000 and all(len(f.value) <= 1024 for f in embed.fields)
    players = next(f for f in embed.fields if f.name.startswith("Players"))
    assert players.name == "Players (225 playing, 25 withdrawn)"
    assert players.value.startswith("1. ~~player-with-a-long-name-0~~ (withdrawn)\n2. player-with-a-long-name-1\n")
    # As many as the message holds, in several fields, and a count of the others.
    listed = [line for f in embed.fields if f.name.startswith("Players") for line in f.value.splitlines()]
    more = int(listed[-1].split()[2])
    assert listed[-1] == f"… and {more} more" and len(listed) - 1 + more == 250 and len(listed) > 100
    few = views.tournament_embed(tournament(), entrants[:65], "<@3>")
    shown = "\n".join(f.value for f in few.fields if f.name.startswith("Players"))
    assert all(e.display_name in shown for e in entrants[:65]) and "more" not in shown and len(few) <= 6000
    # Numbered in the order they registered, as told-apart names are ("ada (2)"): one who withdrew
    # keeps their number, struck through, and the heading counts both (58 of 65 play).
    heading = next(f.name for f in few.fields if f.name.startswith("Players"))
    assert heading == "Players (58 playing, 7 withdrawn)"
    assert shown.splitlines() == [f"{i + 1}. ~~player-with-a-long-name-{i}~~ (withdrawn)" if i % 10 == 0 else
                                  f"{i + 1}. player-with-a-long-name-{i}" for i in range(65)]
    rows = compute_standings([PlayerRecord(player_id=e.user_id) for e in entrants], [])
    names = {e.user_id: e.display_name for e in entrants}
    pages = views.standings_embeds(tournament(status="running"), rows, names, "standings")
    # Everyone is listed, on numbered pages that the bot sends in as many messages as they need.
    assert len(pages) > 1 and all(len(page.description) <= 4096 for page in pages)
    numbers = [page.title.rsplit(" ", 1)[-1] for page in pages]
    assert numbers == [f"({n}/{len(pages)})" for n in range(1, len(pages) + 1)]
    listed = [line for page in pages for line in page.description.splitlines()]
    assert len(listed) == 250 and all(names[row.player_id] in line for row, line in zip(rows, listed))
    assert pages[-1].footer.text.startswith("Points: 1 for first")
    assert all(sum(len(e) for e in batch) <= 6000 and len(batch) <= 10 for batch in embed_batches(pages))


def test_a_deadline_notice_of_many_open_tables_goes_in_several_messages():
    lines = ["<@3>, the deadline of round 1 has passed. Still playing:"]
    lines += [f"Board {n} (https://discord.com/channels/1/2/{10**18 + n}): waiting for <@{10**18 + n}>, "
              f"<@{10**18 + 2 * n}>" for n in range(1, 61)]
    parts = views.text_parts(lines)
    assert len(parts) > 1 and all(len(part) <= 2000 for part in parts)
    assert "\n".join(parts).splitlines() == lines  # every line once, in order, none cut


def test_format_lines_name_the_length_of_each_format():
    assert views.format_line(tournament()) == "Swiss, 5 rounds; tables of 4"
    elimination = tournament(format="elimination", rounds=0, advance=2)
    assert "until the final, top 2 of each table go through" in views.format_line(elimination)
    assert views.format_line(tournament(format="round_robin", rounds=1)).startswith("Round robin, 1 round;")


@pytest.mark.slow
async def test_status_does_not_follow_a_pay_off_negotiation(simcord_env):
    """README: "the thread sees only that they negotiate and whether they agree". /tournament status
    (anyone may ask) names both sides of a Baumeister pay-off as awaited, and counts no moves, so
    polling it does not follow the secret offers and counter-offers step by step."""
    from games import registry
    from games.baumeister import moves
    from tests.bot.driver import Table, play_turn_by_dm, play_until
    from tests.bot.test_baumeister_sabotage import saboteurs_first
    from tests.bot.tournament_driver import create, new_event, register_all, tournament_message

    event = new_event(simcord_env, 3)
    tid = await create(event, game="baumeister", table_size=3, rounds=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    game = (await event.bot.store.tournaments.games(tid, 1))[0]
    row = await event.bot.store.tables.get(game.table_id)
    thread = next(t for t in event.channel.threads if t.id == row.thread_id)
    people = [event.by_id(p) for p in game.players]
    table = Table(simcord_env, event.guild, event.channel, thread, row.id, people)
    state = await play_until(table, saboteurs_first(), lambda s: s.phase == "offer" and s.money[s.victim] >= 2,
                             "a saboteur on the building of a player with thalers to haggle over", limit=1500)
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the attacker's answer is due
    spectator = event.guild.add_member(simcord_env.create_user("eve"))
    seen = []
    for counter in (True, False):
        status = await spectator.slash(event.channel, "tournament status")
        seen.append(str([e.to_dict() for e in status.response.embeds]))
        if counter:  # the attacker asks for more (the highest amount its panel offers: the deal is random)
            assert await play_turn_by_dm(table, lambda st, seat: max(
                (a for a in registry.get("baumeister").legal_actions(st, seat) if a.kind == "offer"),
                key=lambda a: a.amount))
    assert seen[0] == seen[1] and " moves" not in seen[0]
    attacker, victim = await table.actor_of_seat(state.current), await table.actor_of_seat(state.victim)
    waiting = seen[0].split("waiting for", 1)[1].split("\\n", 1)[0]
    assert attacker.name in waiting and victim.name in waiting, waiting


@pytest.mark.slow  # seats, plays and ranks 48 players
async def test_a_large_field_sees_every_board_and_every_player(simcord_env):
    """48 players with long names at 16 tables: /tournament status lists every board, the deadline
    notice every open one (in several messages, none over Discord's 2,000 characters), and the final
    standings every player, on numbered pages."""
    from tests.bot.tournament_driver import create, new_event, play_round, register_all, tournament_message

    event = new_event(simcord_env, 48, names="a-rather-long-display-name-")
    tid = await create(event, game="augsburg1520", table_size=3, rounds=1, hours=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    status = await event.players[-1].slash(event.channel, "tournament status")
    shown = [m for m in [status.response, *status.followups] if m is not None]
    boards = [line for m in shown for e in m.embeds for line in e.description.splitlines() if line.startswith("Board ")]
    assert len(boards) == 16

    before = len(event.channel.history())
    await simcord_env.advance_time(3700)
    notice = event.channel.history()[before:]
    assert len(notice) > 1 and all(len(m.content) <= 2000 for m in notice)
    assert sum(m.content.count("): waiting for") for m in notice) == 16

    await play_round(event, tid, 1)
    final = [m for m in event.channel.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]
    listed = [line for m in final for e in m.embeds for line in e.description.splitlines()]
    assert len(listed) == 48 and all(any(p.name in line for line in listed) for p in event.players)


@pytest.mark.parametrize("fmt, says", [
    ("swiss", "Tie-breaks: score ratio"),
    ("elimination", "Order: the last round reached"),
])
async def test_the_standings_say_how_they_are_ordered(simcord_env, fmt, says):
    """README: "An elimination's standings go first by the last round reached ..., then by the points
    of that round's game"; a Swiss tournament's by points and tie-breaks. The footer says which."""
    from tests.bot.tournament_driver import create, new_event, register_all, tournament_message

    event = new_event(simcord_env, 4)
    rounds = {"rounds": 2} if fmt == "swiss" else {}  # an elimination plays to its final
    tid = await create(event, game="augsburg1520", table_size=2, format=fmt, **rounds)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    shown = await event.players[0].slash(event.channel, "tournament standings")
    footer = [m for m in [shown.response, *shown.followups] if m is not None][-1].embeds[-1].footer.text
    assert says in footer, footer
