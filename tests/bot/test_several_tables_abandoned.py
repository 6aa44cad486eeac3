"""A seat one no longer plays (abandoned, or handed to the computer by vote) is not one's table any
more: no panel of it reaches its former player, commands that guess a table do not guess it, and
its former player asks no vote. README /table abandon: "From then on the seat's hand and secret log
lines are the computer's: **My hand** is refused ... until the game ends"; /table list: "yours are
marked (not a seat you abandoned)"; /table handover: "players whose seat went to a computer ask and
answer no vote"."""
from __future__ import annotations

from types import SimpleNamespace

import play.moves
from bot.ui.controller import TablesController
from play.results import seat_choices
from play.tables import TableService
from tests.bot.driver import buttons, choose, fix_deal, heuristic_players, panel_message
from tests.bot.several_tables import answer_text, content, dms, make_table, world

ABANDONED = 3


async def test_a_table_you_abandoned_is_not_guessed_for_table_commands(simcord_env):
    w = await world(simcord_env)
    ada = w.ada_a
    r = await ada.slash(w.t1.thread, "table abandon")
    assert "You abandoned the game" in answer_text(r)
    hand = await ada.slash(w.chan_a, "table hand")
    text = answer_text(hand)
    # /table hand in the server's channel: her only table still hers is #2
    assert "several tables" not in text, text
    assert f"table #{w.t2.table_id}" in text, text


async def test_a_seat_handed_over_by_vote_is_not_guessed(simcord_env):
    w = await world(simcord_env)
    ada, bo = w.ada_a, w.bo
    await w.t1.bot.store.tables.update_seat(w.t1.table_id, await w.t1.seat_of(ada), missed=2, away=True)
    asked = await bo.slash(w.t1.thread, "table handover", player=ada)
    assert "happens when all agree" in answer_text(asked) or "Done" in answer_text(asked), answer_text(asked)
    seat = next(s for s in await w.t1.seats() if s.user_id == ada.id)
    assert seat.ai == "heuristic"
    text = answer_text(await ada.slash(w.chan_a, "table undo"))
    assert "several tables" not in text, text


async def test_a_creator_who_abandoned_asks_no_cancel_vote(simcord_env):
    w = await world(simcord_env)
    ada = w.ada_b
    r = await ada.slash(w.t3.thread, "table abandon")
    assert "You abandoned the game" in answer_text(r)
    asked = await ada.slash(w.t3.thread, "table cancel")
    questions = [m for m in w.t3.thread.history() if (m.content or "").endswith("agree?")]
    assert not questions, [m.content for m in questions]
    assert "asked in the thread" not in answer_text(asked), answer_text(asked)
    assert "Manage Server who has no seat at it can still cancel it" in answer_text(asked) and asked.ephemeral
    assert (await w.t3.row()).status == "running"


def slow_computers_held_back(monkeypatch) -> dict:
    """Computer decisions "take" 1 s each on a fake clock (set `final` for the last round, where
    time is up just as the other computers are done), and the background computer task is held
    back. Returns the mode to set."""
    fix_deal(monkeypatch, 7)
    clock = [0.0]
    mode = {"final": False}
    monkeypatch.setattr(play.moves, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    original_choice = TableService._computer_choice

    def slow_choice(self, loaded, state, seat, kind):
        action = original_choice(self, loaded, state, seat, kind)
        if not mode["final"]:
            clock[0] += 1.0  # one computer decision per request
        else:
            after, _ = loaded.spec.apply(state, seat, action)
            others = {s for s in loaded.spec.to_act(after) if s not in (0, ABANDONED)}
            clock[0] += 1.0 if not others else 0.0  # time is up just as the other computers are done
        return action

    monkeypatch.setattr(TableService, "_computer_choice", slow_choice)
    original_spawn = TablesController.spawn

    def held_spawn(self, work, name):
        if name.startswith("computers-"):
            work.close()  # the player's click comes first
            return
        original_spawn(self, work, name)

    monkeypatch.setattr(TablesController, "spawn", held_spawn)
    return mode


async def test_an_abandoned_seat_is_not_told_it_is_the_last_to_choose(simcord_env, monkeypatch):
    """The "You are the last to choose" DM is a copy of the seat's panel (hand and controls). A
    seat the computer plays can be the last left to choose when a move is shown: the request's
    thinking budget for computer moves ran out just before its turn, and the other player's click
    came before the background computer task. Here computer decisions "take" 1 s each on a fake
    clock, the background task is held back, and bo's last choice uses up the budget exactly when
    the other computers are done."""
    env = simcord_env
    mode = slow_computers_held_back(monkeypatch)

    guild = env.create_guild("Alpha")
    channel = guild.create_text_channel("games")
    bo = guild.add_member(env.create_user("bo"))
    ada = guild.add_member(env.create_user("ada"))
    table = await make_table(env, guild, channel, bo, "augsburg1520", [], computers=2)
    await ada.click(table.thread.history()[0], label="Join")
    table.players.append(ada)
    await bo.click(table.thread.history()[0], label="Start")
    assert await table.seat_of(ada) == ABANDONED
    await ada.slash(table.thread, "table abandon")
    seat = next(s for s in await table.seats() if s.user_id == ada.id)
    assert seat.forfeited and seat.ai
    told_before = len(dms(ada))

    spec = await table.spec()
    policy = heuristic_players("augsburg1520", 4)
    for _ in range(20):
        state = await table.state()
        if 0 not in spec.to_act(state):
            break
        action = policy(state, 0)
        after, _ = spec.apply(state, 0, action)
        mode["final"] = 0 not in spec.to_act(after)
        row = next(s for s in await table.seats() if s.user_id == bo.id)
        await choose(bo, await panel_message(table, bo, row), seat_choices(spec, state, 0).index(action))
        if mode["final"]:
            break
    state = await table.state()
    assert spec.to_act(state) == {ABANDONED}, spec.to_act(state)  # the scene is set: only her old seat is due

    new = dms(ada)[told_before:]
    leaked = [m for m in new if "last to choose" in content(m) or m.embeds or buttons(m)]
    assert not leaked, [(content(m), [e.to_dict() for e in m.embeds]) for m in leaked]
