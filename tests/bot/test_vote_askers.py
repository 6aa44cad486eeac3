"""What a vote tells the players who asked for it: the asker pressing their own question's buttons
is told their request counts as agreeing; a player still to answer who asks for the same vote is
told the question waits for them too."""

from __future__ import annotations

from tests.bot.driver import open_table, start
from tests.reliability.forge import stored_rows


def questions(table) -> list:
    return [m for m in table.thread.history() if (m.content or "").endswith("agree?")]


async def test_the_asker_pressing_their_own_question_is_told_it_counts_them_as_agreeing(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada = table.players[0]
    await ada.slash(table.thread, "table cancel")
    rows = await stored_rows(simcord_env.bot)
    for label in ("Agree", "Refuse"):
        told = await ada.click(questions(table)[0], label=label)
        assert told.ephemeral and "You asked for this vote, so it counts you as agreeing" in told.response.content
    assert await stored_rows(simcord_env.bot) == rows


async def test_a_player_still_asked_who_asks_for_the_same_vote_is_pointed_to_agree(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await ada.slash(table.thread, "table handover", player=cy)
    again = await bo.slash(table.thread, "table handover", player=cy)
    assert again.ephemeral and "waiting for bo (you too: press **Agree** on it)" in again.response.content, \
        again.response.content
    assert len(questions(table)) == 2  # asked again
    await bo.click(questions(table)[-1], label="Agree")
    assert next(s for s in await table.seats() if s.user_id == cy.id).ai == "heuristic"
