"""Bad input "gets a clear ephemeral message saying what is wrong and what is allowed, and changes
nothing": refusals that said only what was wrong now say what can be done instead."""

from __future__ import annotations

from tests.bot.driver import open_table, start
from tests.bot.test_votes_when_away import a_vote_to_hand_over_cy
from tests.bot.tournament_driver import answer


async def test_an_abandoned_player_asking_a_handover_is_told_why_not_that_they_are_not_a_player(simcord_env):
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await cy.slash(table.thread, "table abandon")
    version = (await table.row()).version
    refused = await cy.slash(table.thread, "table handover", player=bo)
    assert refused.ephemeral and (await table.row()).version == version
    assert answer(refused) == ("A computer player plays your seat now, so you can no longer ask to hand over a "
                               "seat; the players still playing can."), answer(refused)
    outsider = table.guild.add_member(simcord_env.create_user("eve"))
    refused = await outsider.slash(table.thread, "table handover", player=bo)
    assert refused.ephemeral and answer(refused).startswith(
        f"You are not seated at this table (#{table.table_id}): only the players of this game can ask to hand a "
        "seat to a computer player. If you play at another table, use its own board"), answer(refused)


async def test_the_player_a_handover_vote_is_about_is_told_how_it_ends(simcord_env):
    """README: "A vote whose player comes back (**I'm back**) ends then". Their own press on its
    question is refused, and says so."""
    table, vote = await a_vote_to_hand_over_cy(simcord_env)
    cy = table.players[2]
    votes = (await table.row()).votes
    refused = await cy.click(vote, label="Refuse")
    assert refused.ephemeral and answer(refused) == (
        "This vote is for the other seated players. It ends if you press **I'm back** (on your notice, or **My "
        "hand**): your seat is then yours to play again."), answer(refused)
    assert (await table.row()).votes == votes
    outsider = table.guild.add_member(simcord_env.create_user("eve"))
    refused = await outsider.click(vote, label="Agree")
    assert refused.ephemeral and answer(refused) == "This vote is for the other seated players."
