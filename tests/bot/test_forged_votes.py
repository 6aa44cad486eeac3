"""Vote answers that no question offered: forged onto another vote's question, or sent from a DM.
Such an answer changes nothing and strips no question of its buttons (a question's buttons are
judged as Discord stores the message, not as the click shows it), and a player who left the
server, whom a vote no longer asks, cannot answer it from their DMs."""

from __future__ import annotations

from tests.bot.driver import labels, open_table, start
from tests.reliability.forge import forge_component, private_answer, stored_rows


def question_of(table) -> object:
    (question,) = [m for m in table.thread.history() if (m.content or "").endswith("agree?")]
    return question


async def test_an_answer_to_another_tables_vote_forged_onto_an_open_question_leaves_its_buttons(simcord_env):
    """A member seated nowhere sends, from table 1's open question, an answer naming table 2 (where
    no vote is open) and then one naming another vote of table 1: both are refused, nothing is
    stored, and the question keeps Agree / Refuse for the players who must answer."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    other = await open_table(simcord_env, "augsburg1520", ["dee", "eli"], guild=table.guild)
    await start(table)
    await start(other)
    eve = table.guild.add_member(simcord_env.create_user("eve"))
    await table.players[0].slash(table.thread, "table cancel")
    question = question_of(table)
    rows = await stored_rows(simcord_env.bot)
    for forged in (f"vote:{other.table_id}:cancel:yes:1", f"vote:{table.table_id}:handover-1:yes:1"):
        assert "This vote is over" in private_answer(await forge_component(eve, question, forged))
        assert labels(next(m for m in table.thread.history() if m.id == question.id)) == ["Agree", "Refuse"]
    assert await stored_rows(simcord_env.bot) == rows
    done = await table.players[1].click(question_of(table), label="Agree")  # still answered where asked
    assert "Still waiting for cy" in done.response.content, done.response.content


async def test_a_voter_cannot_strip_another_tables_question_by_answering_their_own_vote_from_it(simcord_env):
    """bo, asked at table 1, answers table 1's vote with a click forged onto table 2's open question:
    the answer counts (it is theirs to give), table 1's question loses its buttons, table 2's keeps them."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    other = await open_table(simcord_env, "augsburg1520", ["cy", "dee"], guild=table.guild)
    await start(table)
    await start(other)
    await table.players[0].slash(table.thread, "table cancel")
    await other.players[0].slash(other.thread, "table cancel")
    asked, theirs = question_of(table), question_of(other)
    at = (await table.row()).votes["cancel"]["at"]
    answer = await forge_component(table.players[1], theirs, f"vote:{table.table_id}:cancel:yes:{at}")
    assert "everyone agreed" in private_answer(answer)
    assert (await table.row()).status == "cancelled" and (await other.row()).votes
    assert labels(next(m for m in other.thread.history() if m.id == theirs.id)) == ["Agree", "Refuse"]
    assert labels(next(m for m in table.thread.history() if m.id == asked.id)) == []


async def test_a_player_who_left_the_server_cannot_answer_a_vote_from_their_dms(simcord_env):
    """README: a cancel vote does not ask players who have left the server. cy, gone, forges a
    Refuse onto the bot's DM: refused, saying where votes are answered; the vote stays open and the
    others' Agree cancels the game."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    table.guild.remove_member(cy)
    await ada.slash(table.thread, "table cancel")
    at = (await table.row()).votes["cancel"]["at"]
    rows = await stored_rows(simcord_env.bot)
    refused = await forge_component(cy.user, cy.user.dm_channel.history()[-1], f"vote:{table.table_id}:cancel:no:{at}")
    assert "buttons of its question in the table's thread" in private_answer(refused)
    assert await stored_rows(simcord_env.bot) == rows
    done = await bo.click(question_of(table), label="Agree")
    assert done.response.content == "Noted: everyone agreed, so it is done."
    assert (await table.row()).status == "cancelled"
