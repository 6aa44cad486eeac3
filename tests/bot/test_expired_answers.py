"""README: "A stored move is carried out whatever Discord answers: the board, the panels, the
computer seats and the timers follow even if the answer to the click expired." The same holds for
every request that changes a table: a start, an abandon, a take-back, a cancel, a vote's last
answer. Each is stored before the bot answers; when the answer fails, the rest follows anyway."""

from __future__ import annotations

import discord

from play.results import panel_token
from tests.bot.driver import (board_message, buttons, fix_deal, heuristic_players, labels, open_table,
                              play_turn_by_dm, start, table_control, text_of, thread_text)

EXPIRED = dict(status=404, code=10062, message="Unknown interaction")


def expire_next_answer(env) -> None:
    env.check_errors = False  # the failed answer is logged as a warning
    env.inject_error("POST", "/interactions/*/callback", times=1, **EXPIRED)


async def due_people(table) -> list:
    row = await table.row()
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    return [s for s in await table.seats() if s.user_id is not None and not (s.forfeited or s.ai)
            and s.seat in spec.to_act(state)]


async def has_current_panel(table, actor) -> bool:
    """Whether the player's latest DM carries the controls of their current decision."""
    row = await table.row()
    seat = next(s for s in await table.seats() if s.user_id == actor.id)
    marks = tuple(f"{kind}:{table.table_id}:{panel_token(row, row.prompts[seat.seat][0])}:" for kind in ("act", "pick"))
    latest = actor.user.dm_channel.history()[-1:]
    return any((getattr(c, "custom_id", "") or "").startswith(marks) for m in latest for c in buttons(m))


def dm_controls(actor, table_id: int) -> list:
    return [m for m in actor.user.dm_channel.history() if any(table_control(c, table_id) for c in buttons(m))]


async def test_a_start_whose_answer_expired_still_posts_the_board_and_the_panels(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 7)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    dms = {p.id: len(p.user.dm_channel.history()) for p in table.players}
    expire_next_answer(simcord_env)
    await start(table)
    assert (await table.row()).status == "running"
    assert (await board_message(table)) is not None
    for player in table.players:
        assert len(player.user.dm_channel.history()) == dms[player.id] + 1
        assert await has_current_panel(table, player)


async def test_an_abandon_whose_answer_expired_still_tells_the_thread_and_the_next_player(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 21)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("baumeister", 3)
    for _ in range(3):
        assert await play_turn_by_dm(table, policy)
    (mover,) = await due_people(table)
    actor = await table.actor_of_seat(mover.seat)
    before = text_of(await board_message(table))
    expire_next_answer(simcord_env)
    await actor.slash(table.thread, "table abandon")
    assert next(s for s in await table.seats() if s.seat == mover.seat).forfeited
    assert f"{actor.user.name} abandoned the game" in thread_text(table)
    assert text_of(await board_message(table)) != before
    for seat in await due_people(table):
        assert await has_current_panel(table, await table.actor_of_seat(seat.seat))


async def test_a_take_back_whose_answer_expired_still_shows_the_board_and_the_panel(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 21)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("baumeister", 3)
    for _ in range(80):  # up to a move whose panel offers Take back
        (mover,) = await due_people(table)
        actor = await table.actor_of_seat(mover.seat)
        assert await play_turn_by_dm(table, policy)
        panel = actor.user.dm_channel.history()[-1]
        if "↩ Take back" in labels(panel):
            break
    else:
        raise AssertionError("no move could be taken back")
    version, before = (await table.row()).version, text_of(await board_message(table))
    expire_next_answer(simcord_env)
    await actor.user.click(panel, label="↩ Take back")
    assert (await table.row()).version == version + 1  # stored
    assert text_of(await board_message(table)) != before
    assert await has_current_panel(table, actor)  # the decision again, by DM


async def test_a_cancel_whose_answer_expired_still_closes_the_board_and_the_panels(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    managers = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    manager = table.guild.add_member(simcord_env.create_user("mod"), roles=[managers])
    expire_next_answer(simcord_env)
    await manager.slash(table.thread, "table cancel")
    assert (await table.row()).status == "cancelled"
    assert "was cancelled" in thread_text(table)
    assert "My hand" not in labels(await board_message(table))
    assert not any(dm_controls(player, table.table_id) for player in table.players)


async def test_the_last_agree_of_a_cancel_vote_whose_answer_expired_still_closes_the_table(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    await ada.slash(table.thread, "table cancel")
    question = next(m for m in reversed(table.thread.history()) if "asks to cancel" in (m.content or ""))
    expire_next_answer(simcord_env)
    await bo.click(question, label="Agree")
    assert (await table.row()).status == "cancelled"
    assert "is cancelled" in thread_text(table)
    assert "My hand" not in labels(await board_message(table))
    assert not dm_controls(ada, table.table_id)
    assert not labels(next(m for m in table.thread.history() if m.id == question.id))


async def test_a_secret_pick_of_a_player_with_closed_dms_whose_answer_expired_is_not_told_in_the_thread(
        simcord_env, monkeypatch):
    """README: in a secret choice "the others see only who has decided". Bo's DMs are closed and
    the answer to his pick of a note (before Done) expires: the thread is not told his move was
    stored (that would show when he picks), and no DM is tried again (README: a refused DM is
    tried again at a decision ten minutes or more later, not at every move)."""
    from games import registry
    from play.results import seat_choices
    from tests.bot.driver import choose, panel_message

    env = simcord_env
    fix_deal(monkeypatch, 3)
    table = await open_table(env, "augsburg1520", ["ada"])
    lobby = table.thread.history()[0]
    for name in ("bo", "cy"):
        player = table.guild.add_member(env.create_user(name))
        if name == "bo":  # closed from the start
            env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
        await player.click(lobby, label="Join")
        table.players.append(player)
    await table.players[0].click(lobby, label="Start")
    bo = table.players[1]
    seat = next(s for s in await table.seats() if s.user_id == bo.id)
    posts, dm_path = len(table.thread.history()), f"/channels/{bo.user.dm_channel.id}/messages"
    tries = sum(r.method == "POST" and r.path == dm_path for r in env.http_requests)
    for _ in range(2):
        choices = seat_choices(registry.get("augsburg1520"), await table.state(), seat.seat)
        pick = next(i for i, c in enumerate(choices) if c.kind == "buy_card")
        panel = await panel_message(table, bo, seat)  # his My hand answer
        expire_next_answer(env)
        await choose(bo, panel, pick)
    assert seat.seat in registry.get("augsburg1520").to_act(await table.state())  # still choosing
    assert len(table.thread.history()) == posts, [m.content for m in table.thread.history()[posts:]]
    assert sum(r.method == "POST" and r.path == dm_path for r in env.http_requests) == tries
