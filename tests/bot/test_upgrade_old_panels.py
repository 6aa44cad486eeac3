"""An operator upgrades the bot while games run: panels an earlier version sent carry the raw
table version in their controls, today's a panel token (play/results.py panel_token). Players whose
decision is due get a fresh panel at the start; an old panel pressed later is refused with a working
one that says why (not "the game has moved on": it has not); an old Take back button still takes
back (its player acted last: no secret step followed)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from bot import create_bot
from play.results import seat_choices
from storage.db import run
from tests.bot.driver import (board_message, buttons, choose, fix_deal, heuristic_players, labels, open_table,
                              play_turn_by_dm, start, table_control)
from tests.bot.old_panels import CONTROL, current_ids, panels_of, to_old_form
from tests.bot.test_take_back import a_panel_to_take_back
from tests.reliability.forge import forge_modal, private_answer

GAMES = [("augsburg1520", ["ada", "bo"], None), ("baumeister", ["ada", "bo", "cy"], None),
         ("aelderman", ["ada", "bo"], "version=main")]
TAKE_BACK = "↩ Take back"


def public_posts(env, channel_id):
    return [m for m in env.backend.messages.get(channel_id, {}).values() if not m.flags & 64]


def raw_version_of(custom_id: str, table_id: int) -> str | None:
    """The number an "Other amount…" button of this table carries (whole: a prefix of a new
    panel's token is not the old raw version)."""
    m = CONTROL.match(custom_id)
    return m.group(3) if m and m.group(1) == "amount" and m.group(2) == str(table_id) else None


async def due_seats(table):
    row = await table.row()
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    return [s for s in await table.seats() if s.seat in spec.to_act(state) and s.user_id and not s.ai]


async def played_a_little(env, monkeypatch, game, names, options, turns):
    """A table of `game` (a fixed deal), started and played `turns` turns by DM; with its players' policy."""
    fix_deal(monkeypatch, 4)
    table = await open_table(env, game, names, options=options)
    await start(table)
    policy = heuristic_players(game, len(names))
    for _ in range(turns):
        assert await play_turn_by_dm(table, policy)
    return table, policy


@pytest.mark.parametrize("game,names,options", GAMES)
async def test_due_players_get_a_fresh_panel_after_the_upgrade(simcord_env, settings, monkeypatch, game, names, options):
    env = simcord_env
    table, policy = await played_a_little(env, monkeypatch, game, names, options, turns=3)
    assert await to_old_form(table) > 0
    before_thread = len(public_posts(env, table.thread.id))
    before_dms = {p.id: len(p.user.dm_channel.history()) for p in table.players}
    version = (await table.row()).version
    await env.restart_bot(create_bot(settings))
    await env.settle()
    row = await table.row()
    assert row.version == version
    due = await due_seats(table)
    assert due
    for seat in due:
        player = next(p for p in table.players if p.id == seat.user_id)
        newest = player.user.dm_channel.history()[-1]
        assert current_ids(newest, row, seat.seat), f"{player.user.name} has no current panel"
    for player in table.players:
        added = len(player.user.dm_channel.history()) - before_dms[player.id]
        expected = 1 if any(s.user_id == player.id for s in due) else 0
        assert added == expected, (player.user.name, added)
    assert len(public_posts(env, table.thread.id)) == before_thread, "the thread got a new post"
    for _ in range(6):
        assert await play_turn_by_dm(table, policy)


@pytest.mark.parametrize("game,names,options", GAMES)
async def test_an_old_panel_pressed_after_the_upgrade_is_refused_with_a_working_panel(
        simcord_env, settings, monkeypatch, game, names, options):
    """A table that last moved long before the stop is not re-published: its old panels stay."""
    env = simcord_env
    table, policy = await played_a_little(env, monkeypatch, game, names, options, turns=2)
    then = (datetime.now(timezone.utc) - timedelta(minutes=10)).isoformat(timespec="milliseconds")
    async with env.bot.store.db.transaction() as conn:
        await run(conn, "UPDATE game_tables SET updated_at = ? WHERE id = ?", (then, table.table_id))
    await start(await open_table(env, "augsburg1520", ["x1", "x2"]))
    assert await to_old_form(table) > 0
    await env.restart_bot(create_bot(settings))
    await env.settle()
    seat = (await due_seats(table))[0]
    player = next(p for p in table.players if p.id == seat.user_id)
    old = panels_of(player, table.table_id)[-1]
    version = (await table.row()).version
    state = await table.state()
    spec = await table.spec()
    wanted = policy(state, seat.seat)
    index = seat_choices(spec, state, seat.seat).index(wanted)
    answer = await choose(player, old, index)
    assert "were shown by an earlier version of the bot" in private_answer(answer) and answer.response.ephemeral
    assert (await table.row()).version == version
    shown = answer.response.message
    assert any(table_control(c, table.table_id) for c in buttons(shown)), "the refusal carries no working panel"
    again = await choose(player, shown, index)
    assert again.acknowledged
    assert (await table.row()).version > version
    # My hand works too
    hand = await table.players[0].click(await board_message(table), label="My hand")
    assert hand.response.ephemeral


async def test_an_old_take_back_button_after_the_upgrade(simcord_env, settings):
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    panel, actor = await a_panel_to_take_back(table)
    assert await to_old_form(table) > 0
    await env.restart_bot(create_bot(settings))
    await env.settle()
    version = (await table.row()).version
    message = next(m for m in actor.user.dm_channel.history() if m.id == panel.id)
    assert TAKE_BACK in labels(message), "the old take-back button went"
    back = await actor.user.click(message, label=TAKE_BACK)
    assert back.acknowledged
    assert (await table.row()).version == version + 1, f"not taken back: {private_answer(back)!r}"


@pytest.mark.slow
async def test_an_old_amount_form_after_the_upgrade(simcord_env, settings, monkeypatch):
    from tests.bot.test_amount_form import bidder_panel, table_at_a_rich_bid, unlisted_amount
    env = simcord_env
    table, state = await table_at_a_rich_bid(env, monkeypatch)
    actor, panel = await bidder_panel(table, state)
    wanted = unlisted_amount(state, state.actor)
    row = await table.row()
    raw = row.prompts[state.actor][0]
    assert await to_old_form(table) > 0
    await env.restart_bot(create_bot(settings))
    await env.settle()
    version = (await table.row()).version
    answer = await forge_modal(actor, actor.dm_channel, f"amountform:{table.table_id}:{raw}", {"amount": str(wanted)})
    assert "were shown by an earlier version of the bot" in private_answer(answer)
    assert (await table.row()).version == version
    assert any(table_control(c, table.table_id) for c in buttons(answer.response.message))
    # the old "Other amount…" button, where the old panel is still in the DMs
    old = next((m for m in reversed(actor.dm_channel.history()) if "Other amount…" in labels(m)
                and any(raw_version_of(c.custom_id, table.table_id) == str(raw) for c in buttons(m))), None)
    if old is not None:
        shown = await actor.click(old, label="Other amount…")
        assert shown.modal is None
    # the current panel's form works
    newest = next(m for m in reversed(actor.dm_channel.history()) if "Other amount…" in labels(m))
    shown = await actor.click(newest, label="Other amount…")
    assert shown.modal is not None
    answer = await actor.submit_modal(shown, {"amount": str(wanted)})
    assert (await table.row()).version > version
