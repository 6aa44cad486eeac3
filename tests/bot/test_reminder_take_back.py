"""A reminder of a decision ("Still your turn ...", by DM or, with DMs closed, in the thread with
a **My hand** button) goes when a take-back withdraws that decision, as the turn mention does."""

from __future__ import annotations

import pytest

from play.results import seat_choices
from tests.bot.driver import board_message, choose, fix_deal, heuristic_players, labels
from tests.bot.test_closed_dms import close_dms
from tests.bot.test_pace import LIVE, live_table


async def my_hand(table, player):
    return (await player.click(await board_message(table), label="My hand")).response.message


async def hand_the_turn_to_bo(table, game: str) -> None:
    """Play (through My hand) until ada's last move, which she may take back, gave the turn to bo."""
    spec, policy = await table.spec(), heuristic_players(game, len(table.players))
    ada, bo = table.players[:2]
    for _ in range(300):
        state = await table.state()
        acting = sorted(spec.to_act(state))
        row = next(s for s in await table.seats() if s.seat == acting[0])
        player = next(p for p in table.players if p.id == row.user_id)
        await choose(player, await my_hand(table, player), seat_choices(spec, state, row.seat).index(
            policy(state, row.seat)))
        now = spec.to_act(await table.state())
        ada_seat, bo_seat = await table.seat_of(ada), await table.seat_of(bo)
        if player is ada and bo_seat in now and bo_seat not in acting and ada_seat not in now:
            if "↩ Take back" in labels(await my_hand(table, ada)):
                return
    raise AssertionError("ada never handed the turn to bo")


@pytest.mark.parametrize("dms", ["open", "closed"])
@pytest.mark.parametrize("game", ["augsburg1520", "baumeister", "aelderman"])
async def test_a_reminder_of_a_decision_taken_back_goes(simcord_env, monkeypatch, game, dms):
    """README, /table undo: a DM panel of another player whose decision the action had opened loses
    its buttons "(for a player whose DMs are closed, the thread's mention of that move goes)"; the
    reminder of that decision, which says the turn is due, goes too."""
    fix_deal(monkeypatch, 3)
    table = await live_table(simcord_env, seats=3 if game == "baumeister" else 2, game=game)
    ada, bo = table.players[:2]
    if dms == "closed":
        close_dms(simcord_env, bo)
    await hand_the_turn_to_bo(table, game)
    await simcord_env.advance_time(LIVE // 2 + 1)  # bo's reminder at half his time

    def reminders() -> list:
        seen = table.thread.history() if dms == "closed" else bo.user.dm_channel.history()
        return [m for m in seen if "Still your turn" in (m.content or "")]

    assert len(reminders()) == 1
    taken = await ada.slash(table.thread, "table undo")
    assert taken.response.content.startswith("Your last action is taken back.")
    assert await table.seat_of(bo) not in (await table.spec()).to_act(await table.state())
    assert reminders() == []
