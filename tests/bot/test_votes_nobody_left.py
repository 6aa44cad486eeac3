"""A vote carried out because the players left to answer went away, abandoned or left the server:
the thread tells how it was decided, without saying anyone agreed who did not."""

from __future__ import annotations

from tests.bot.driver import fix_deal, heuristic_players


async def test_a_handover_vote_whose_only_voter_abandons_is_not_told_as_agreed(simcord_env, monkeypatch):
    """README: a vote left waiting only for players who then abandon is carried out at that moment.
    Nobody agreed then: the thread does not say everyone had."""
    from tests.bot.test_pace import LIVE, live_table, play_seat
    fix_deal(monkeypatch, 1)
    table = await live_table(simcord_env, seats=3)
    ada, bo, cy = table.players
    policy = heuristic_players("augsburg1520", 3)
    await play_seat(table, ada, policy)
    await play_seat(table, bo, policy)
    await simcord_env.advance_time(LIVE + 5)  # cy misses a deadline
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2)
    await ada.slash(table.thread, "table handover", player=cy)  # bo alone is asked
    await bo.slash(table.thread, "table abandon")
    said = table.thread.history()[-1].content
    assert said.startswith("Nobody still asked refused (the others went away, abandoned or left the server): "
                           "a computer player plays") and "agreed" not in said, said
    assert next(s for s in await table.seats() if s.user_id == cy.id).ai is not None
