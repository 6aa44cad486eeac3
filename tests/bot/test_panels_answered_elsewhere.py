"""A player may answer a decision on another copy of it: My hand on the board, or the DM panel a
"You are the last to choose" notice copied. The copy left unanswered loses its controls, and does not
go on asking: it says what the answer says once the choice is made, or, while it goes on, where.
(README: "answered there, your DM panel loses its controls and says what the answer says, or, while
your choice goes on, that it goes on there".)"""

from __future__ import annotations

from play.results import seat_choices
from tests.bot.driver import (board_message, buttons, choose, fix_deal, heuristic_players, labels, open_table,
                              opening_chosen_by_ada, panel_message, play_turn_by_dm, start, table_control)


def message_now(player, message):
    return next(m for m in player.user.dm_channel.history() if m.id == message.id)


async def test_the_panel_a_notice_copied_points_to_the_notice_once_it_is_answered(simcord_env, monkeypatch):
    """Bo picks the first card of his purchase on the notice: the panel it copied no longer offers
    (or asks for) that purchase, which goes on on the notice."""
    fix_deal(monkeypatch, 5)
    table, choose_on, older = await opening_chosen_by_ada(simcord_env)
    bo = table.players[1]
    notice = bo.user.dm_channel.history()[-1]
    assert "You are the last to choose" in notice.content and older.content.startswith("**Your turn")
    await choose_on(bo, notice)
    notice, copied = message_now(bo, notice), message_now(bo, older)
    assert labels(notice), "his purchase goes on on the notice"
    assert not any(table_control(c, table.table_id) for c in buttons(copied)), labels(copied)
    assert copied.content == ("**Augsburg 1520 (table #1)**: you answered on the newer panel below; your "
                              "choices are there now.") and not copied.embeds


async def test_a_dm_panel_answered_from_my_hand_says_what_the_answer_says(simcord_env, monkeypatch):
    """One choice that ends the player's decision, made from My hand: their DM panel, their newest
    DM of the table, shows the same as the answer, without controls."""
    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    spec = table.bot.service.spec(await table.row())
    for _ in range(60):  # on to a decision of one choice (a bid, a pass, a privilege...)
        state = await table.state()
        acting = sorted(spec.to_act(state))
        seat = next(s for s in await table.seats() if s.seat == acting[0])
        player = next(p for p in table.players if p.id == seat.user_id)
        dm_panel = await panel_message(table, player, seat)
        wanted = policy(state, seat.seat)
        index = seat_choices(spec, state, seat.seat).index(wanted)
        after = spec.apply(state, seat.seat, wanted)[0]
        if len(acting) == 1 and seat.seat not in spec.to_act(after) and dm_panel.content.startswith("**Your turn"):
            break
        await play_turn_by_dm(table, policy)
    else:
        raise AssertionError("no decision of one choice came")
    hand = (await player.click(await board_message(table), label="My hand")).response.message
    answer = (await choose(player, hand, index)).response.message
    dm_panel = message_now(player, dm_panel)
    assert not dm_panel.components, labels(dm_panel)
    assert dm_panel.content == answer.content and "Your turn" not in dm_panel.content
    assert dm_panel.embeds[0].to_dict() == answer.embeds[0].to_dict()
