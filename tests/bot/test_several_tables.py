"""One player (ada) at three tables in two servers; bo shares table 1 with her.
T1: server Alpha, Augsburg 1520, ada + bo.  T2: Alpha, Baumeister, ada + 2 computers.
T3: server Beta, Aelderman, ada + cy.  Server Gamma: ada is a member, no table."""
from __future__ import annotations

import pytest

from bot import create_bot
from play.results import seat_choices
from tests.bot.driver import (buttons, choice_target, choose, heuristic_players, panel_message, play_turn_by_dm,
                              request_cursor, table_control)
from tests.reliability.forge import forge_component
from tests.bot.several_tables import answer_text, content, dms, make_table, world

TABLE_COMMANDS = ("table hand", "table undo", "table leave", "table abandon", "table cancel", "table log",
                  "table export")


def panels_of(actor, table):
    return [m for m in dms(actor) if any(table_control(c, table.table_id) for c in buttons(m))]


def control_ids(message):
    return [getattr(c, "custom_id", "") or "" for c in buttons(message)]


async def seat_row(t, actor):
    return next(s for s in await t.seats() if s.user_id == actor.id)


async def heuristic_index(t, actor):
    spec, state = await t.spec(), await t.state()
    seat = await t.seat_of(actor)
    pol = heuristic_players((await t.row()).game, len(await t.seats()))
    return seat_choices(spec, state, seat).index(pol(state, seat))


async def test_every_dm_names_its_table_and_game(simcord_env):
    w = await world(simcord_env)
    titles = {w.t1.table_id: "Augsburg 1520", w.t2.table_id: "Wettstreit der Baumeister", w.t3.table_id: "Aelderman"}
    for m in dms(w.ada_a):
        named = [tid for tid, title in titles.items() if f"table #{tid}" in content(m) and title in content(m)]
        assert len(named) == 1, content(m)


async def test_an_older_panel_of_table_1_acts_on_table_1_after_table_2s_panel(simcord_env):
    w = await world(simcord_env)
    ada = w.ada_a
    p1 = panels_of(ada, w.t1)[-1]
    p2 = panels_of(ada, w.t2)[-1]
    assert dms(ada).index(p1) < dms(ada).index(p2)  # table 2's panel came later
    v1, v2, v3 = [(await t.row()).version for t in (w.t1, w.t2, w.t3)]
    r = await choose(ada, p1, await heuristic_index(w.t1, ada))
    assert r.acknowledged
    assert (await w.t1.row()).version == v1 + 1
    assert (await w.t2.row()).version == v2 and (await w.t3.row()).version == v3
    # table 2's panel still works, on table 2
    p2 = panels_of(ada, w.t2)[-1]
    await choose(ada, p2, await heuristic_index(w.t2, ada))
    assert (await w.t2.row()).version > v2
    assert (await w.t3.row()).version == v3


async def test_a_control_of_one_table_forged_onto_another_tables_dm_panel_leaves_that_panel(simcord_env):
    """A control of table 3 sent from ada's DM panel of table 1 (a modified client): the choice is
    table 3's, where she is seated, but table 1's panel stays table 1's, so she still has it."""
    w = await world(simcord_env)
    ada = w.ada_a
    for _ in range(20):
        if panels_of(ada, w.t3):
            break
        await play_turn_by_dm(w.t3, heuristic_players("aelderman", 2))
    p1, p3 = panels_of(ada, w.t1)[-1], panels_of(ada, w.t3)[-1]
    index = await heuristic_index(w.t3, ada)
    how, custom_id = choice_target(p3, index)
    v3 = (await w.t3.row()).version
    await forge_component(ada.user, p1, custom_id, [str(index)] if how == "select" else None)
    assert (await w.t3.row()).version > v3
    shown = next(m for m in dms(ada) if m.id == p1.id)
    assert content(shown) == content(p1) and control_ids(shown) == control_ids(p1), content(shown)
    v1 = (await w.t1.row()).version
    await choose(ada, shown, await heuristic_index(w.t1, ada))
    assert (await w.t1.row()).version > v1


async def test_a_take_back_of_one_table_forged_onto_another_tables_dm_panel_leaves_that_panel(simcord_env):
    """As a choice: table 3's Take back sent from ada's DM panel of table 1 takes back her action at
    table 3, but table 1's panel stays table 1's (and is not noted as table 3's)."""
    w = await world(simcord_env)
    ada = w.ada_a
    undo_id = None
    for _ in range(40):
        mine = panels_of(ada, w.t3)
        if mine and any(i.startswith(("act:", "pick:")) for i in control_ids(mine[-1])):
            await choose(ada, mine[-1], await heuristic_index(w.t3, ada))
            answered = next(m for m in dms(ada) if m.id == mine[-1].id)
            undo_id = next((i for i in control_ids(answered) if i.startswith("undo:")), None)
            if undo_id:
                break
        await play_turn_by_dm(w.t3, heuristic_players("aelderman", 2))
    assert undo_id, "no take-back was offered at table 3"
    p1 = panels_of(ada, w.t1)[-1]
    v3 = (await w.t3.row()).version
    await forge_component(ada.user, p1, undo_id)
    assert (await w.t3.row()).version > v3
    shown = next(m for m in dms(ada) if m.id == p1.id)
    assert (content(shown), control_ids(shown)) == (content(p1), control_ids(p1)), content(shown)
    assert (await seat_row(w.t3, ada)).dm_message_id != p1.id


async def test_a_refused_choice_says_which_table_its_panel_is_for(simcord_env):
    """An out-of-date press is answered with the current panel, whose controls act: its words say
    which table it is, as "My hand" does (ada plays three tables)."""
    w = await world(simcord_env)
    ada = w.ada_a
    old = panels_of(ada, w.t1)[-1]
    await choose(ada, old, await heuristic_index(w.t1, ada))
    stale = next(i for i in control_ids(old) if i.startswith(("act:", "pick:")))
    refused = await forge_component(ada.user, old, stale, ["0"] if stale.startswith("pick:") else None, forged=False)
    said = "\n".join((m.content or "") for m in [refused.response, *refused.followups] if m is not None)
    assert "out of date" in said and f"(table #{w.t1.table_id})" in said, said


async def test_at_one_game_and_one_lobby_hand_means_the_game_and_leave_the_lobby(simcord_env):
    """README: "At one game and one lobby, `hand`, `undo`, `abandon` and `handover` mean the game, and
    `leave` the lobby" (in server Beta ada plays table 3 and joins cy's new lobby)."""
    w = await world(simcord_env)
    lobby = await make_table(simcord_env, w.guild_b, w.chan_b, w.cy, "baumeister", others=(w.ada_b,))
    shown = answer_text(await w.ada_b.slash(w.chan_b, "table hand"))
    assert f"(table #{w.t3.table_id})" in shown and "several tables" not in shown, shown
    left = answer_text(await w.ada_b.slash(w.chan_b, "table leave"))
    assert w.ada_b.id not in [s.user_id for s in await lobby.seats()], left
    assert w.ada_b.id in [s.user_id for s in await w.t3.seats()]


async def test_a_cancelled_tables_old_panel_is_refused_and_others_stay(simcord_env):
    w = await world(simcord_env)
    ada = w.ada_a
    p2 = panels_of(ada, w.t2)[-1]
    act2 = next(i for i in control_ids(p2) if i.startswith(("act:", "pick:")))
    r = await ada.slash(w.t2.thread, "table cancel")
    assert (await w.t2.row()).status == "cancelled", answer_text(r)
    assert panels_of(ada, w.t1), "table 1's panel keeps its controls"
    v1 = (await w.t1.row()).version
    vals = ["0"] if act2.startswith("pick:") else None
    r = await forge_component(ada.user, p2, act2, vals)
    follow = "\n".join((f.content or "") for f in r.followups)
    assert "cancelled" in follow, (answer_text(r), follow)
    assert (await w.t1.row()).version == v1


@pytest.mark.slow
async def test_commands_per_place(simcord_env):
    w = await world(simcord_env)
    # (b) Beta: ada's only table there is T3
    r = await w.ada_b.slash(w.chan_b, "table hand")
    assert f"table #{w.t3.table_id}" in answer_text(r)
    # Alpha: two tables, both named, not T3
    r = await w.ada_a.slash(w.chan_a, "table hand")
    t = answer_text(r)
    assert f"#{w.t1.table_id}" in t and f"#{w.t2.table_id}" in t and f"#{w.t3.table_id}" not in t
    # each named with its game and a link to its thread, to tell them apart
    assert f"#{w.t1.table_id} Augsburg 1520 in <#{w.t1.thread.id}>" in t, t
    assert f"#{w.t2.table_id} Wettstreit der Baumeister in <#{w.t2.thread.id}>" in t, t
    # (c) Gamma: none
    for cmd in TABLE_COMMANDS:
        r = await w.ada_c.slash(w.chan_c, cmd)
        assert "not at any open table" in answer_text(r)
    # (d) Beta naming T1: refused, nothing of it
    secrets = ["Augsburg", "bo", "running", "being played", "started", "Alpha"]
    for cmd in TABLE_COMMANDS:
        r = await w.ada_b.slash(w.chan_b, cmd, table=w.t1.table_id)
        t = answer_text(r)
        assert "not a table of this server" in t
        assert not any(s in t for s in secrets), (cmd, t)
    r = await w.ada_b.slash(w.chan_b, "table handover", player=w.bo.user, table=w.t1.table_id)
    assert "not a table of this server" in answer_text(r)
    assert (await w.t1.row()).status == "running" and not any(s.forfeited for s in await w.t1.seats())


async def test_deadline_at_one_table_and_back_at_one(simcord_env):
    w = await world(simcord_env, pace="Pace: live, 15 minutes a decision")
    ada = w.ada_a
    for t, p in ((w.t1, w.bo), (w.t3, w.cy)):
        spec = await t.spec()
        for _ in range(20):
            s = await seat_row(t, p)
            if s.seat not in spec.to_act(await t.state()):
                break
            await choose(p, await panel_message(t, p, s), await heuristic_index(t, p))
    # ada plays table 3 in time, not tables 1 and 2
    await simcord_env.advance_time(460)
    s = await seat_row(w.t3, ada)
    for _ in range(20):
        s = await seat_row(w.t3, ada)
        if s.seat not in (await w.t3.spec()).to_act(await w.t3.state()):
            break
        await choose(ada, await panel_message(w.t3, ada, s), await heuristic_index(w.t3, ada))
    await simcord_env.advance_time(460)
    assert (await seat_row(w.t1, ada)).away and (await seat_row(w.t2, ada)).away
    assert not (await seat_row(w.t3, ada)).away
    notice = [m for m in dms(ada) if "Time ran out" in content(m) and f"table #{w.t1.table_id}" in content(m)][-1]
    await ada.user.click(notice, label="I'm back")
    assert not (await seat_row(w.t1, ada)).away
    assert (await seat_row(w.t2, ada)).away
    n2 = [m for m in dms(ada) if "Time ran out" in content(m) and f"table #{w.t2.table_id}" in content(m)][-1]
    assert f"back:{w.t2.table_id}" in control_ids(n2)


async def test_abandon_one_and_restart_keep_the_other_panels(simcord_env, settings):
    w = await world(simcord_env)
    ada = w.ada_a
    r = await ada.slash(w.t1.thread, "table abandon")
    assert (await seat_row(w.t1, ada)).forfeited, answer_text(r)
    assert not (await seat_row(w.t2, ada)).forfeited and not (await seat_row(w.t3, ada)).forfeited
    assert panels_of(ada, w.t2)
    await simcord_env.restart_bot(create_bot(settings))
    v2 = (await w.t2.row()).version
    await choose(ada, panels_of(ada, w.t2)[-1], await heuristic_index(w.t2, ada))
    assert (await w.t2.row()).version > v2
    # cy plays at table 3 after the restart, then ada's new panel there works
    cys = await seat_row(w.t3, w.cy)
    if cys.seat in (await w.t3.spec()).to_act(await w.t3.state()):
        await choose(w.cy, await panel_message(w.t3, w.cy, cys), await heuristic_index(w.t3, w.cy))
    s3 = await seat_row(w.t3, ada)
    if s3.seat in (await w.t3.spec()).to_act(await w.t3.state()):
        v3 = (await w.t3.row()).version
        await choose(ada, panels_of(ada, w.t3)[-1], await heuristic_index(w.t3, ada))
        assert (await w.t3.row()).version > v3


def seen_by(env, user_id, guild_ids, since):
    """shown_to, but only server channels of the servers the person is in."""
    from tests.games.playout import strings_in
    from tests.bot.driver import _answer_visible
    backend = env.backend
    by_token = {i.token: i for i in backend.interactions.values()}
    texts = []
    for request in env.http_requests[since:]:
        if request.json is None or request.method not in ("POST", "PATCH"):
            continue
        parts = request.path.strip("/").split("/")
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            channel = backend.channels.get(int(parts[1]))
            if channel is None:
                continue
            if channel.recipient_ids:
                visible = user_id in channel.recipient_ids
            else:
                visible = channel.guild_id in guild_ids
        elif parts[0] == "interactions":
            visible = _answer_visible(backend, backend.interactions.get(int(parts[1])), user_id, request.json)
        elif parts[0] == "webhooks" and len(parts) >= 3:
            visible = _answer_visible(backend, by_token.get(parts[2]), user_id, request.json)
        else:
            continue
        if visible:
            texts.extend(strings_in(request.json))
    return texts


async def test_bo_never_sees_adas_private_panels(simcord_env):
    env = simcord_env
    mark = request_cursor(env)
    w = await world(env)
    ada = w.ada_a
    # ada makes her sealed opening choice at table 1, and moves at table 2
    await choose(ada, panels_of(ada, w.t1)[-1], await heuristic_index(w.t1, ada))
    await choose(ada, panels_of(ada, w.t2)[-1], await heuristic_index(w.t2, ada))
    bo_saw = "\n".join(seen_by(env, w.bo.id, {w.guild_a.id}, mark))
    bo_own = "\n".join(f.value for m in dms(w.bo) for e in m.embeds for f in e.fields)
    for m in dms(ada):
        for e in m.embeds:
            for f in e.fields:
                if len(f.value) > 25 and f.value not in bo_own:
                    assert f.value not in bo_saw, f.value
    # bo pokes at ada's tables in his server
    for cmd in ("table hand", "table undo", "table log", "table export", "table abandon"):
        r = await w.bo.slash(w.chan_a, cmd, table=w.t2.table_id)
        assert "Your hand" not in answer_text(r)


async def test_a_panel_other_tables_pushed_out_of_sight_still_gets_the_last_word(simcord_env, monkeypatch):
    """README: once cancelled, "each player's latest DM panel" says so; the player's newest DM of the
    table must say how it ended. A player at many tables has had more DMs of other tables since this
    table's panel than the bot reads back: the cancellation goes out as a new DM too."""
    from bot.ui.presenter import PANEL_LOOKBACK
    from tests.bot.moderation import moderator, running
    env = simcord_env
    table, _ = await running(env, monkeypatch, "baumeister", moves=6)
    row = next(s for s in await table.seats() if s.dm_message_id is not None)
    player = next(p for p in table.players if p.id == row.user_id)
    other_tables = env.bot.get_partial_messageable(row.dm_channel_id)
    for n in range(PANEL_LOOKBACK + 10):  # more than the bot reads back
        await other_tables.send(f"**Your turn in Augsburg 1520 (table #{1000 + n})**")
    cancelled = await moderator(env, table).slash(table.thread, "table cancel")
    assert "is cancelled" in cancelled.response.content
    newest = player.user.dm_channel.history()[-1]
    assert f"Table #{table.table_id}" in (newest.content or "") and "cancelled" in newest.content, newest.content


async def test_hand_in_another_tables_thread_says_which_table_and_how_to_reach_ones_own(simcord_env):
    """bo plays at table 1 and asks for his hand in table 2's thread: he is told which table the
    thread is, and how to name his own, not only that he is not seated."""
    w = await world(simcord_env)
    result = await w.bo.slash(w.t2.thread, "table hand")
    said = answer_text(result)
    assert result.response.ephemeral
    assert f"not seated at this table (#{w.t2.table_id})" in said and "table:<n>" in said, said
    assert "spectators may see" in said


async def test_handover_in_another_tables_thread_says_which_table_and_how_to_reach_ones_own(simcord_env):
    """As for `/table hand`: bo asks to vote out ada (his opponent at table 1) in table 2's thread,
    where he does not play; he is told that thread's table is not his, and how to name his own."""
    w = await world(simcord_env)
    result = await w.bo.slash(w.t2.thread, "table handover", player=w.ada_a.user)
    said = answer_text(result)
    assert result.response.ephemeral
    assert f"not seated at this table (#{w.t2.table_id})" in said and "table:<n>" in said, said


@pytest.mark.parametrize("command", ["table abandon", "table undo", "table hand", "table log"])
async def test_a_game_command_at_lobbies_alone_says_none_has_started(simcord_env, command):
    """README: "At one game and one lobby, `hand`, `undo`, `abandon` and `handover` mean the game":
    at two lobbies and no game, the answer is not a choice between tables none of which it fits."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo, cy = (guild.add_member(env.create_user(name)) for name in ("ada", "bo", "cy"))
    first = await make_table(env, guild, channel, bo, "augsburg1520", [ada])
    second = await make_table(env, guild, channel, cy, "baumeister", [ada])
    said = answer_text(await ada.slash(channel, command))
    assert said.startswith("None of your tables here has started") and "several tables" not in said, said
    assert f"#{first.table_id} Augsburg 1520" in said and f"#{second.table_id} Wettstreit" in said
    assert "**Leave**" in said


async def test_leave_at_games_alone_says_none_is_a_lobby(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo, cy = (guild.add_member(env.create_user(name)) for name in ("ada", "bo", "cy"))
    for creator, other in ((ada, bo), (cy, ada)):
        table = await make_table(env, guild, channel, creator, "augsburg1520", [other])
        await creator.click(table.thread.history()[0], label="Start")
    said = answer_text(await ada.slash(channel, "table leave"))
    assert said.startswith("None of your tables here is a lobby") and "`/table abandon`" in said, said
