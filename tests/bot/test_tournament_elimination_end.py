"""How an elimination ends when its last tables are abandoned: nobody knocked out is named its
winner, and a player still in heads the final standings (README: "a player with a bye goes on";
it "is also over when a round leaves fewer players than a table needs")."""

from __future__ import annotations

import pytest

from tests.bot.tournament_driver import create, new_event, play_round, register_all, tournament_message


def end_message(event):
    return next(m for m in reversed(event.channel.history()) if "is over" in (m.content or ""))


async def abandon_all(event, table_id: int, players: list[int]) -> None:
    table = await event.bot.store.tables.get(table_id)
    thread = next(t for t in event.channel.threads if t.id == table.thread_id)
    for player in players:
        await event.by_id(player).slash(thread, "table abandon")


@pytest.mark.slow
async def test_a_final_everyone_abandoned_has_no_winner(simcord_env):
    event = new_event(simcord_env, 6)
    tournament = await create(event, format="elimination", advance=1)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    await play_round(event, tournament, 1)
    await event.organiser.click(event.channel.last_message, label="Start next round")
    (final,) = await event.bot.store.tournaments.games(tournament, 2)
    await abandon_all(event, final.table_id, final.players)
    assert (await event.bot.store.tournaments.get(tournament)).status == "finished"
    assert end_message(event).content == f"Tournament #{tournament} is over."  # nobody congratulated


async def test_the_only_player_still_in_heads_the_standings_and_wins(simcord_env):
    """Five players, tables of 3-4: round 1 is a table of four and a bye. Everyone at the table
    abandons: only the bye holder goes on, so the elimination is over."""
    event = new_event(simcord_env, 5)
    tournament = await create(event, format="elimination")
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    (game,) = await event.bot.store.tournaments.games(tournament, 1)
    (bye,) = (await event.bot.store.tournaments.rounds(tournament))[0].byes
    await abandon_all(event, game.table_id, game.players)
    assert (await event.bot.store.tournaments.get(tournament)).status == "finished"
    assert end_message(event).content == f"Tournament #{tournament} is over. Congratulations, <@{bye}>!"
    rows = await event.bot.tournaments.standings(tournament)
    assert rows[0].player_id == bye and rows[0].rank == 1 and all(r.rank > 1 for r in rows[1:])


@pytest.mark.slow  # over half a second
async def test_a_player_knocked_out_has_nothing_to_withdraw_from(simcord_env):
    """README: in an elimination only the players a round sends on play the next. One it knocked
    out who presses **Withdraw** is told they are out already, and their standings line is not
    struck through as if they had left; a player still in withdraws as before."""
    event = new_event(simcord_env, 6)
    tournament = await create(event, format="elimination", advance=1)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    seated = {p for g in await event.bot.store.tournaments.games(tournament, 1) for p in g.players}
    await play_round(event, tournament, 1)
    first = (await event.bot.store.tournaments.games(tournament, 1))[0]
    last = first.result["ranking"][-1][0]  # last at a table that sends one player on: out
    said = await event.by_id(last).click(tournament_message(event, tournament), label="Withdraw")
    assert "out of this elimination already" in said.response.content  # between rounds
    await event.organiser.click(event.channel.last_message, label="Start next round")
    (final,) = await event.bot.store.tournaments.games(tournament, 2)
    out = next(p for p in seated if p not in final.players)
    said = await event.by_id(out).click(tournament_message(event, tournament), label="Withdraw")
    assert said.response.ephemeral and "out of this elimination already" in said.response.content
    assert not any(e.withdrawn for e in await event.bot.store.tournaments.players(tournament))
    said = await event.by_id(final.players[0]).click(tournament_message(event, tournament), label="Withdraw")
    assert "You withdrew" in said.response.content
    said = await event.by_id(final.players[0]).click(tournament_message(event, tournament), label="Withdraw")
    assert "already withdrawn" in said.response.content  # not "out of this elimination"


async def test_someone_who_is_not_an_entrant_is_not_told_a_round_knocked_them_out(simcord_env):
    """A member who never registered, and one who withdrew before the start, press **Withdraw** on
    a running elimination: nothing knocked them out, so they are told they do not play in it."""
    from tests.bot.tournament_driver import answer

    event = new_event(simcord_env, 7)
    stranger = event.guild.add_member(simcord_env.create_user("stranger"))
    tournament = await create(event, format="elimination", table_size=3)
    await register_all(event, tournament)
    early = event.players[6]
    assert "You withdrew" in answer(await early.click(tournament_message(event, tournament), label="Withdraw"))
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    for member in (stranger, early):
        said = answer(await member.click(tournament_message(event, tournament), label="Withdraw"))
        assert said.startswith("You are not playing in this tournament"), said
