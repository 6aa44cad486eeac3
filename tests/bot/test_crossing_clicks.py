"""A click that crosses a DM on its way: the bot is still sending a player a notice or a panel
(Discord answers a send in a tenth of a second or so) when a click (theirs on their older panel, or
another player's take-back) moves the game on. What was sent is out of date before it arrives: it
is taken down, and the panel the player answered stays their one panel with choices (README,
Playing). A DM made out of date before it was sent is not sent at all."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from simcord.actors import _slash

from play.results import panel_token, seat_choices
from tests.bot.driver import (buttons, choice_target, clicker, heuristic_players, open_table, panel_message,
                              request_cursor, start)
from tests.bot.test_last_to_choose_panels import panels_with_controls
from tests.reliability.forge import forge_component

def crossing(env, owner: Any, name: str, holds: Callable[..., bool], click: Callable[[], Any]) -> Any:
    """The first call of `owner.name` for which `holds(*args, **kwargs)` is true goes on only once
    `click()` (a player's click the test sends meanwhile) was answered. Returns the awaitable of
    that click's result: gather it with the click that makes the held call."""
    began, crossed, call = asyncio.Event(), asyncio.Event(), getattr(owner, name)

    async def held(*args: Any, **kwargs: Any) -> Any:
        if not began.is_set() and holds(*args, **kwargs):
            began.set()
            await env.external_wait(crossed.wait(), reason="a click crossing this call")
        return await call(*args, **kwargs)

    async def cross() -> Any:
        await began.wait()
        try:
            return await click()
        finally:
            crossed.set()

    setattr(owner, name, held)
    return cross()


def dm_saying(words: str) -> Callable[..., bool]:
    """For `crossing` of Presenter.send_dm: a DM whose text holds `words`."""
    return lambda table_id, row, **message: words in (message.get("content") or "")


async def choice_click(table, player, policy):
    """The player's heuristic choice, to press on their newest DM panel as a real client sends it
    (read now, pressed when awaited)."""
    spec, state = await table.spec(), await table.state()
    row = next(s for s in await table.seats() if s.user_id == player.id)
    index = seat_choices(spec, state, row.seat).index(policy(state, row.seat))
    panel = await panel_message(table, player, row)
    how, custom_id = choice_target(panel, index)
    return forge_component(clicker(player, panel), panel, custom_id, None if how == "click" else [str(index)],
                           forged=False)


async def before_ada_buys_her_last_card(env):
    """The opening purchase, which both make at once: ada has chosen all but her last card, so her
    next choice leaves bo the last to choose."""
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    spec, policy = await table.spec(), heuristic_players("augsburg1520", 2)
    ada_seat = await table.seat_of(ada)
    while True:
        state = await table.state()
        after, _ = spec.apply(state, ada_seat, policy(state, ada_seat))  # the state stays as it was
        if ada_seat not in spec.to_act(after):
            return table, policy
        assert (await (await choice_click(table, ada, policy))).acknowledged


async def bo_has_his_current_panel_only(table) -> None:
    bo, spec, row = table.players[1], await table.spec(), await table.row()
    assert not [m for m in bo.user.dm_channel.history() if "You are the last to choose" in (m.content or "")]
    panels, bo_seat = panels_with_controls(table, bo), await table.seat_of(bo)
    if bo_seat in spec.to_act(await table.state()):
        assert len(panels) == 1 and f":{panel_token(row, row.prompts[bo_seat][0])}:" in str(
            [c.custom_id for c in buttons(panels[0])])
    else:
        assert not panels


async def test_a_click_crossing_the_last_to_choose_notice_takes_the_notice_down(simcord_env):
    table, policy = await before_ada_buys_her_last_card(simcord_env)
    ada, bo = table.players
    bo_click = await choice_click(table, bo, policy)
    bo_meanwhile = crossing(simcord_env, table.bot.presenter, "send_dm", dm_saying("You are the last to choose"),
                            lambda: bo_click)  # as the notice goes to bo
    ada_done, bo_done = await asyncio.gather(await choice_click(table, ada, policy), bo_meanwhile)
    assert ada_done.acknowledged and bo_done.acknowledged
    await bo_has_his_current_panel_only(table)  # the notice was out of date on arrival


async def test_a_click_before_the_last_to_choose_notice_went_out_stops_it(simcord_env):
    """bo chooses while the board still shows ada's last card: no notice that he is the last to
    choose is sent (he has chosen), not even for a moment."""
    table, policy = await before_ada_buys_her_last_card(simcord_env)
    ada, bo = table.players
    bo_click = await choice_click(table, bo, policy)
    bo_meanwhile = crossing(simcord_env, table.bot.presenter.boards, "refresh", lambda news, thread: True,
                            lambda: bo_click)
    mark = request_cursor(simcord_env)
    ada_done, bo_done = await asyncio.gather(await choice_click(table, ada, policy), bo_meanwhile)
    assert ada_done.acknowledged and bo_done.acknowledged
    assert not [r for r in simcord_env.http_requests[mark:] if "You are the last to choose" in str(r.json)]
    await bo_has_his_current_panel_only(table)


async def before_a_bid_that_opens_bos_decision(env):
    """ada and bo play Augsburg 1520 until ada's next choice (one she may take back) hands the
    decision to bo alone."""
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    spec, policy = await table.spec(), heuristic_players("augsburg1520", 2)
    ada_seat, bo_seat = await table.seat_of(ada), await table.seat_of(bo)
    for _ in range(200):
        state = await table.state()
        acting = spec.to_act(state)
        if acting == {ada_seat}:
            after, events = spec.apply(state, ada_seat, policy(state, ada_seat))  # the state stays as it was
            if spec.to_act(after) == {bo_seat} and spec.undo_refusal(state, after, events) is None:
                return table, policy
        for seat in sorted(acting):
            assert (await (await choice_click(table, ada if seat == ada_seat else bo, policy))).acknowledged
    raise AssertionError("no choice of ada's handed the decision to bo")


async def bid_and_take_back(env, table, policy, take_back: Any) -> None:
    """ada makes her choice and, while `take_back` holds part of its showing, takes it back."""
    spec, ada = await table.spec(), table.players[0]
    version = (await table.row()).version
    bid, taken_back = await asyncio.gather(await choice_click(table, ada, policy), take_back)
    assert bid.acknowledged and "taken back" in taken_back.response.content.lower(), taken_back.response.content
    assert (await table.row()).version == version + 2
    assert spec.to_act(await table.state()) == {await table.seat_of(ada)}


async def test_a_take_back_crossing_the_next_players_panel_takes_the_panel_down(simcord_env):
    """ada's choice hands the decision to bo; as bo's panel is on its way, ada takes the choice
    back: the panel asks for a decision that is gone, so it must not be left with its choices."""
    table, policy = await before_a_bid_that_opens_bos_decision(simcord_env)
    ada, bo = table.players
    take_back = crossing(simcord_env, table.bot.presenter, "send_dm", dm_saying("Your turn in"),
                         lambda: _slash(ada, table.thread, "table undo", {}))  # as bo's panel goes
    await bid_and_take_back(simcord_env, table, policy, take_back)
    assert not panels_with_controls(table, bo)  # bo has nothing to decide


async def test_a_take_back_before_the_next_player_was_told_sends_them_nothing(simcord_env):
    """ada takes her choice back while the board still shows it (before bo's panel was sent): bo
    is not sent a panel (nor pinged by one) for a decision that is already gone."""
    table, policy = await before_a_bid_that_opens_bos_decision(simcord_env)
    ada, bo = table.players
    take_back = crossing(simcord_env, table.bot.presenter.boards, "refresh", lambda news, thread: True,
                         lambda: _slash(ada, table.thread, "table undo", {}))  # as the board is shown
    mark = request_cursor(simcord_env)
    await bid_and_take_back(simcord_env, table, policy, take_back)
    to_bo = [r for r in simcord_env.http_requests[mark:]
             if r.method == "POST" and r.path == f"/channels/{bo.user.dm_channel.id}/messages"]
    assert not to_bo and not panels_with_controls(table, bo)
