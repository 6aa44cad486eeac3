"""Augsburg 1520's purchase through the bot: a note chosen by mistake is put back from the DM panel,
also after another player has chosen since (when a take-back is no longer allowed). The rulebook:
'Each player will decide which Promissory Notes he will "buy" and place them face down in front of
himself.' Nothing is paid until everyone is done."""

from __future__ import annotations

from games import registry
from play.results import seat_choices
from tests.bot.driver import choose, labels, menu_options, open_table, panel_message, start, text_of

SPEC = registry.get("augsburg1520")


async def seat_row(table, player):
    return next(s for s in await table.seats() if s.user_id == player.id)


async def pick(table, player, kind: str, card: str | None = None):
    """The player chooses, on their current panel, the first listed action of `kind` (for `card`)."""
    row = await seat_row(table, player)
    state = await table.state()
    actions = seat_choices(SPEC, state, row.seat)
    index = next(i for i, a in enumerate(actions) if a.kind == kind and (card is None or a.card == card))
    result = await choose(player, await panel_message(table, player, row), index)
    assert result.acknowledged
    return actions[index], result


async def test_a_note_chosen_by_mistake_is_put_back_after_another_player_chose(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    ada_seat = (await seat_row(table, ada)).seat
    money = (await table.state()).money[ada_seat]
    mistake, _ = await pick(table, ada, "buy_card")
    await pick(table, bo, "buy_card")  # bo chooses in between: a take-back is refused now

    panel = await panel_message(table, ada, await seat_row(table, ada))
    assert "a card chosen by mistake can be put back" in text_of(panel)
    put_back = [o for o in menu_options(panel) if o.startswith("Put back ")]
    assert len(put_back) == 1, menu_options(panel)
    await pick(table, ada, "put_back_card", mistake.card)

    state = await table.state()
    assert state.picks[ada_seat] == [] and state.money[ada_seat] == money
    panel = await panel_message(table, ada, await seat_row(table, ada))
    assert not [o for o in menu_options(panel) if o.startswith("Put back ")]
    assert any(o.startswith("Buy ") for o in menu_options(panel)), "the card is offered again"
    assert "Done: buy 0 cards for 0 guilders" in labels(panel)
    assert "Put back" not in "\n".join(text_of(m) for m in table.thread.history()), "a secret choice"

    await pick(table, ada, "finish_buying")
    await pick(table, bo, "finish_buying")
    state = await table.state()
    assert state.phase != "buy" and state.money[ada_seat] == money, "ada bought nothing"

