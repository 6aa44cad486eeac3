"""Augsburg 1520's purchase (notes chosen one at a time, then Done) when time runs out and when a player
is done before the others.

README (Pace): "When the deadline passes, a computer player makes the seat's move ... When every player
at the table is away, the game is not played out without them: it waits". The move is the whole
purchase: the computer does not leave a card of its own in a choice the player must then find and undo.
README (/table log): "your own secret choices, not the others' until the game ends"."""

from __future__ import annotations

from games.augsburg1520.cards import label
from tests.bot.driver import text_of
from tests.bot.test_augsburg_put_back import pick
from tests.bot.test_pace import LIVE, live_table


async def ada_chooses_and_puts_back(env):
    """A live table of ada and bo at the opening purchase: ada chooses two notes and puts the first
    back. Returns the table, ada and her seat."""
    table = await live_table(env)
    ada = table.players[0]
    first, _ = await pick(table, ada, "buy_card")
    await pick(table, ada, "buy_card")
    await pick(table, ada, "put_back_card", first.card)
    return table, ada, await table.seat_of(ada)


async def test_when_everyone_is_away_the_purchase_that_ran_out_is_finished_by_the_computer(simcord_env):
    table, ada, seat = await ada_chooses_and_puts_back(simcord_env)
    chosen = list((await table.state()).picks[seat])
    await simcord_env.advance_time(LIVE + 5)  # both deadlines pass: everyone is away, the game waits
    assert all(s.away for s in await table.seats())
    state = await table.state()
    assert state.phase == "bid", "both purchases were finished, not left half made"
    assert all(card in state.hands[seat] for card in chosen), "ada's own choices stand"
    log = text_of((await ada.slash(table.thread, "table log")).response)
    assert log.count("ran out of time") == 2 and log.rstrip().endswith("bids first."), (
        f"then the game waits for the first back:\n{log}")


async def test_a_players_own_log_names_the_notes_chosen_once_done(simcord_env):
    table, ada, seat = await ada_chooses_and_puts_back(simcord_env)
    bo = table.players[1]
    await pick(table, ada, "finish_buying")
    state = await table.state()
    assert state.phase == "buy" and not state.done[1 - seat]  # bo still chooses
    chosen = [label(c) for c in state.picks[seat]]
    own = text_of((await ada.slash(table.thread, "table log")).response)
    assert "ada has chosen which cards to buy" in own
    assert all(name in own for name in chosen), f"ada's own log lacks {chosen}:\n{own}"
    others = text_of((await bo.slash(table.thread, "table log")).response)
    assert "ada has chosen which cards to buy" in others and "ada chooses to buy" not in others, others
