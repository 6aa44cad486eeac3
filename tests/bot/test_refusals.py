"""Bad input is refused privately with a reason and changes nothing; closed DMs don't stop a game."""

from __future__ import annotations

import pytest

from games import registry
from tests.bot.tournament_driver import answer, create, new_event, register_all
from play.results import seat_choices
from tests.bot.driver import (board_message, choice_target, choose, clicker, fix_deal, heuristic_players, labels,
                              open_table, panel_message, play_to_the_end, play_turn_by_dm, start)
from tests.reliability.forge import forge_component
from tests.bot.moderation import restart


async def first_panel(table, actor):
    seat = next(s for s in await table.seats() if s.user_id == actor.id)
    for message in reversed(actor.user.dm_channel.history()):
        if message.id == seat.dm_message_id:
            return message
    raise AssertionError("no DM panel")


async def pick(actor, message, how: str, custom_id: str):
    """Make choice 0 on a panel, by button or menu, as its component offers it."""
    if how == "click":
        return await clicker(actor, message).click(message, custom_id=custom_id)
    return await clicker(actor, message).select(message, ["0"], custom_id=custom_id)


async def test_stale_double_foreign_and_out_of_turn_clicks_change_nothing(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    outsider = table.guild.add_member(simcord_env.create_user("cy"))
    await start(table)
    ada, bo = table.players
    # The first step is the secret purchase: both choose at once. Ada has the same choices open
    # twice: in her DM and in a "My hand" panel. She buys a card from the DM...
    panel = await first_panel(table, ada)
    hand = (await ada.click(await board_message(table), label="My hand")).response.message
    how, custom_id = choice_target(panel, 0)
    assert choice_target(hand, 0) == (how, custom_id)
    version = (await table.row()).version
    first = await pick(ada, panel, how, custom_id)
    assert first.acknowledged and not first.ephemeral  # the DM panel was updated in place
    assert (await table.row()).version == version + 1

    # ...and then makes the same choice again from the other panel: refused, nothing changes.
    state_before = (await table.row()).state
    again = await pick(ada, hand, how, custom_id)
    assert again.ephemeral and "out of date" in again.response.content
    row = await table.row()
    assert (row.version, row.state) == (version + 1, state_before)

    # Bo's panel is still current: Ada's sealed choice did not make it stale.
    bo_panel = await first_panel(table, bo)
    ok = await pick(bo, bo_panel, *choice_target(bo_panel, 0))
    assert ok.acknowledged and not ok.ephemeral
    assert (await table.row()).version == version + 2

    # Someone who is not seated presses My hand: told so, nothing shown.
    board = await board_message(table)
    foreign = await outsider.click(board, label="My hand")
    assert foreign.ephemeral and "not seated" in foreign.response.content
    assert not foreign.response.embeds

    # Play on until it is one player's turn in an auction; the other clicks a stale bid button.
    spec = registry.get("augsburg1520")
    policies = {s: spec.policy("heuristic", seed=s) for s in range(2)}
    while (await table.state()).phase != "bid":
        await play_turn_by_dm(table, lambda st, s: policies[s].choose(st, s))
    state = await table.state()
    bidder = next(iter(spec.to_act(state)))
    actor = await table.actor_of_seat(bidder)
    # The bidder keeps a "My hand" panel open, then bids from the DM: the open panel's buttons
    # are now out of turn and are refused without changing anything.
    open_panel = (await actor.click(await board_message(table), label="My hand")).response.message
    await play_turn_by_dm(table, lambda st, s: policies[s].choose(st, s))
    before = await table.row()
    assert bidder not in spec.to_act(await table.state())
    result = await pick(actor, open_panel, *choice_target(open_panel, 0))
    assert result.ephemeral
    assert "out of date" in result.response.content or "not your turn" in result.response.content
    after = await table.row()
    assert (after.version, after.state) == (before.version, before.state)
    idle_actor = actor
    # "My hand" for the waiting player says whom the game waits for, with no choices (only ↩ Take
    # back of the move just made, as its answered panel offers it).
    hand = await idle_actor.click(await board_message(table), label="My hand")
    assert hand.ephemeral and "Waiting for" in hand.response.message.embeds[0].description
    assert set(labels(hand.response.message)) <= {"↩ Take back"}, labels(hand.response.message)


@pytest.mark.slow
async def test_closed_dms_the_game_goes_on_through_my_hand(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada_user, bo_user = simcord_env.create_user("ada"), simcord_env.create_user("bo")
    ada, bo = guild.add_member(ada_user), guild.add_member(bo_user)
    # Bo does not accept DMs from server members: every DM to Bo fails with error 50007.
    simcord_env.inject_error("POST", f"/channels/{bo_user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    await ada.slash(channel, "table create", game="augsburg1520")
    thread = channel.threads[-1]
    joined = await bo.click(thread.history()[0], label="Join")
    (advice,) = joined.followups  # after the answer: the DM is tried once Bo is seated
    assert advice.ephemeral and "could not send you a direct message" in advice.content
    assert "My hand" in advice.content
    await ada.click(thread.history()[0], label="Start")
    assert any(bo.mention in m.content and "My hand" in m.content for m in thread.history())
    assert not bo_user.dm_channel.history()

    from tests.bot.driver import Table

    table_id = (await simcord_env.bot.store.tables.by_thread(thread.id)).id
    table = Table(simcord_env, guild, channel, thread, table_id, [ada, bo])
    spec = registry.get("augsburg1520")
    policies = {s: spec.policy("heuristic", seed=s) for s in range(2)}
    moves = await play_to_the_end(table, lambda st, s: policies[s].choose(st, s))
    assert (await table.row()).status == "finished"
    seats = await table.seats()
    assert next(s for s in seats if s.user_id == bo.id).dm_ok is False
    assert moves > 20


async def test_refusals_say_in_words_where_a_table_or_tournament_stands(simcord_env):
    """A refusal says what is wrong and what is allowed, not a status word ("This game is lobby")."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada = table.players[0]
    for command, then in (("table abandon", "press **Leave** in its lobby"),
                          ("table undo", "nothing can be taken back"),
                          ("table handover", None)):
        kwargs = {"player": table.players[1]} if command == "table handover" else {}
        said = (await ada.slash(table.thread, command, **kwargs)).response
        assert said is not None and said.ephemeral
        assert "has not started yet" in said.content and "is lobby" not in said.content, said.content
        assert then is None or then in said.content, said.content
    hand = (await ada.slash(table.thread, "table hand")).response
    assert hand.ephemeral and "has not started yet" in hand.content
    await ada.slash(table.thread, "table cancel")
    hand = (await ada.slash(table.thread, "table hand")).response
    assert hand.ephemeral and "was cancelled" in hand.content and "not started" not in hand.content, hand.content
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=1)
    await register_all(event, tid)
    said = answer(await event.organiser.slash(event.channel, "tournament next"))
    assert "has not started yet" in said and "**Start** seats round 1" in said and "is registration" not in said
    said = answer(await event.organiser.slash(event.channel, "tournament finish"))
    assert "has not started" in said and "/tournament cancel" in said, said
    said = answer(await event.organiser.slash(event.channel, "tournament replace", player=event.players[0].user))
    assert "no game is running" in said and "this round" not in said, said
    said = answer(await event.organiser.slash(event.channel, "tournament status"))
    assert "has not started yet (registration is open)" in said, said


async def test_a_tournament_cancelled_in_registration_is_not_called_started_nor_still_to_start(simcord_env):
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=1)
    await register_all(event, tid)
    assert "is cancelled" in answer(await event.organiser.slash(event.channel, "tournament cancel", tournament=tid))
    for command in ("tournament start", "tournament status"):
        said = (await event.organiser.slash(event.channel, command, tournament=tid)).response
        assert said is not None and said.ephemeral
        assert f"Tournament #{tid} was cancelled." in said.content, (command, said.content)
    assert (await simcord_env.bot.store.tournaments.get(tid)).status == "cancelled"


@pytest.mark.slow
async def test_a_double_click_on_a_panel_makes_one_move(simcord_env, monkeypatch):
    """A choice pressed twice before its panel changed (a double click, or a client sending the
    click again) is one move: the second press is out of date. Also when the player's choices
    after the move look the same as before it (an Aelderman turn of several actions)."""
    fix_deal(monkeypatch, 6)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    spec, policy = registry.get("aelderman"), heuristic_players("aelderman", 2)
    looked_the_same = 0
    for _ in range(24):
        state = await table.state()
        seat = next(s for s in await table.seats() if s.seat in spec.to_act(state))
        actor = next(p for p in table.players if p.id == seat.user_id)
        choices = seat_choices(spec, state, seat.seat)
        message = await panel_message(table, actor, seat)
        index = choices.index(policy(state, seat.seat))
        how, custom_id = choice_target(message, index)
        values = None if how == "click" else [str(index)]
        first = await forge_component(clicker(actor, message), message, custom_id, values)
        assert first.acknowledged and not first.ephemeral
        moved, after = await table.row(), await table.state()
        looked_the_same += seat_choices(spec, after, seat.seat) == choices
        second = await forge_component(clicker(actor, message), message, custom_id, values)
        assert second.ephemeral
        assert "out of date" in second.response.content or "not your turn" in second.response.content
        again = await table.row()
        assert (again.version, again.state) == (moved.version, moved.state)
    assert looked_the_same  # the case a prompt kept while the choices look the same did not tell apart


def test_a_refusal_escapes_each_name_once_also_one_inside_another():
    """Names in a refusal are shown as typed, in one pass: a name that is part of another ("_" in
    "a_b") does not escape the longer one twice (a backslash would show)."""
    from bot.ui.requests import refusal
    from play.common import TableError

    exc = TableError("This rated game counts for _, a_b, **, who abandoned it.", names=["_", "a_b", "**"])
    assert refusal(exc) == "This rated game counts for \\_, a\\_b, \\*\\*, who abandoned it."



async def test_a_name_made_of_markdown_leaves_the_refusals_own_bold_alone(simcord_env):
    """A creator called "*" is shown as typed in a refusal naming them, and the refusal's own
    **Join** / **Leave** stay bold (the name is escaped where it stands, not inside other words)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    creator = guild.add_member(simcord_env.create_user("u0"), nick="*")
    bo = guild.add_member(simcord_env.create_user("bo"))
    await creator.slash(channel, "table create", game="augsburg1520")
    thread = channel.threads[-1]
    await bo.click(thread.history()[0], label="Join")
    refused = await bo.click(thread.history()[0], label="Add computer")
    assert refused.ephemeral
    assert refused.response.content == ("Only the table's creator (\\*) can add computer players; ask them, or "
                                        "use **Join** / **Leave** for your own seat."), refused.response.content


async def test_a_panel_whose_choices_the_bot_now_offers_in_another_order_is_out_of_date(simcord_env, settings,
                                                                                         monkeypatch):
    """A menu answers with the position of a choice. A panel sent before the bot was updated to
    offer the cards to buy in another order must not buy the card now at that position."""
    import games.augsburg1520.buying as buying

    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    seat = next(s for s in await table.seats() if s.user_id == ada.id)
    panel = await panel_message(table, ada, seat)
    before = await table.row()
    monkeypatch.setattr(buying, "sorted_cards", lambda cards: sorted(cards, reverse=True))  # "the update"
    await restart(simcord_env, settings)  # ...runs in a new process
    clicked = await choose(ada, panel, 0)
    assert clicked.ephemeral and "out of date" in clicked.response.content
    assert (await table.row()).version == before.version
    assert (await table.state()).picks == table.bot.service.state(before).picks
    # The panel the refusal shows is the decision as the updated bot offers it, and it plays (so do
    # those of My hand): the stored prompt is not a dead end until someone else moves.
    current = clicked.response.message
    assert current.components, "the refusal shows the current panel"
    state = await table.state()
    wanted = seat_choices(await table.spec(), state, seat.seat)[0]
    played = await choose(ada, current, 0)
    assert not (played.ephemeral and "out of date" in (played.response.content or "")), played.response.content
    assert (await table.row()).version == before.version + 1
    assert (await table.bot.store.tables.actions(table.table_id))[-1][2] == (await table.spec()).dump_action(wanted)
