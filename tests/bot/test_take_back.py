"""Taking back one's last action through Discord: the "Take back" button on the answered panel and
/table undo; a refusal says why and changes nothing."""

from __future__ import annotations

import pytest

from bot.render.augsburg1520 import card_id_text
from games import registry
from games.augsburg1520.spec import Augsburg1520
from games.core import GameSpec
from play.results import panel_token, seat_choices
from tests.bot.test_pace import LIVE, live_table
from tests.bot.driver import (board_message, buttons, choose, fix_deal, heuristic_players, labels, open_table, panel_message,
                              play_turn_by_dm, play_until, start, thread_text)
from tests.bot.test_augsburg_game import holding_policy

TAKE_BACK = "↩ Take back"


async def a_panel_to_take_back(table):
    """Play on until a move leaves its player's answered panel with "Take back": (panel, player)."""
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(80):
        row = await table.row()
        assert await play_turn_by_dm(table, policy)
        for player in table.players:
            last = player.user.dm_channel.history()[-1]
            if TAKE_BACK in labels(last) and (await table.row()).version == row.version + 1:
                return last, player
    raise AssertionError("no move could be taken back")


async def test_take_back_from_the_answered_panel_then_refused_once_done(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    panel, actor = await a_panel_to_take_back(table)
    version = (await table.row()).version
    seat = await table.seat_of(actor)
    back = await actor.user.click(panel, label=TAKE_BACK)
    assert back.acknowledged and not back.ephemeral  # the panel shows the decision again, in place
    row = await table.row()
    assert row.version == version + 1
    assert seat in table.bot.service.spec(row).to_act(await table.state())
    assert TAKE_BACK not in labels(back.response.message)
    board = next(m for m in table.thread.history() if m.id == row.board_message_id)
    assert "took back their last action" in str([e.to_dict() for e in board.embeds])

    refused = await actor.slash(table.thread, "table undo")
    assert refused.ephemeral and "no action in this game to take back" in refused.response.content
    assert (await table.row()).version == version + 1


async def test_a_refused_undo_does_not_name_who_made_a_secret_pick_since(simcord_env, monkeypatch):
    """README: in a secret choice (the opening purchase) "the others see only who has decided". A
    pick before Done is not seen: a take-back refused because of it does not name its player (asking
    again and again would tell who is still picking); once they press Done, everyone saw it."""
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    spec = registry.get("augsburg1520")

    async def pick(player, kind: str) -> None:
        seat = await table.seat_of(player)
        choices = seat_choices(spec, await table.state(), seat)
        row = next(s for s in await table.seats() if s.seat == seat)
        await choose(player, await panel_message(table, player, row), next(i for i, c in enumerate(choices)
                                                                          if c.kind == kind))

    await pick(cy, "buy_card")
    await pick(bo, "buy_card")
    refused = (await cy.slash(table.thread, "table undo")).response.content
    assert "another player has acted since" in refused and "bo" not in refused, refused
    await pick(bo, "finish_buying")  # Done: "bo has chosen which cards to buy", for everyone
    refused = (await cy.slash(table.thread, "table undo")).response.content
    assert "bo has acted since" in refused, refused


async def test_undo_of_someone_who_did_not_move_last_is_refused(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    policy = heuristic_players("augsburg1520", 2)
    while len({seat for _, seat, _, _ in await table.bot.store.tables.timed_actions(table.table_id)}) < 2:
        assert await play_turn_by_dm(table, policy)  # until each has acted
    last_seat = (await table.bot.store.tables.last_action(table.table_id))[1]
    other = bo if last_seat == await table.seat_of(ada) else ada
    version = (await table.row()).version
    refused = await other.slash(table.thread, "table undo")
    assert refused.ephemeral and "has acted since" in refused.response.content
    assert (await table.row()).version == version


async def test_a_move_the_computer_made_for_an_abandoned_seat_is_not_taken_back(simcord_env):
    """Only a player's own action can be taken back: after /table abandon the computer plays the
    seat, and neither /table undo nor the seat's old controls touch the game."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada = table.players[0]
    policy = heuristic_players("augsburg1520", 3)
    for _ in range(3):
        assert await play_turn_by_dm(table, policy)
    assert "abandoned" in (await ada.slash(table.thread, "table abandon")).response.content
    seat = await table.seat_of(ada)
    for _ in range(200):  # until the computer's move for ada's seat is the last action
        row = await table.row()
        actions = await table.bot.store.tables.actions(table.table_id)
        if row.status != "running" or (actions[-1][0] == row.version and actions[-1][1] == seat):
            break
        assert await play_turn_by_dm(table, policy)
    assert row.status == "running", "the computer never moved last for the abandoned seat"
    refused = await ada.slash(table.thread, "table undo")
    assert refused.ephemeral and "A computer player plays your seat" in refused.response.content
    assert (await table.row()).version == row.version


async def test_the_move_that_settles_the_sealed_purchase_is_not_taken_back(simcord_env):
    """The last player to finish the opening purchase settles everyone's purchase in view of all
    ("simultaneously with the other players"): their panel offers no take-back, and /table undo
    says why and changes nothing."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(40):
        assert await play_turn_by_dm(table, policy)
        if (await table.state()).phase != "buy":
            break
    row = await table.row()
    last_seat = (await table.bot.store.tables.last_action(table.table_id))[1]
    last = [p for p in table.players if await table.seat_of(p) == last_seat][0]
    assert all(TAKE_BACK not in labels(m) for m in last.user.dm_channel.history()[-2:])
    refused = await last.slash(table.thread, "table undo")
    assert refused.ephemeral and "settled everyone's purchase" in refused.response.content
    assert (await table.row()).version == row.version


async def test_undo_typed_in_the_thread_gives_the_decision_back_in_the_dms_too(simcord_env):
    """After /table undo the player's DMs hold a panel of the decision again (the answered one lost
    its controls when they chose), so they can go on playing from their DMs."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(80):  # until a move leaves its player's panel with "Take back"
        row = await table.row()
        assert await play_turn_by_dm(table, policy)
        mover = next((p for p in table.players if TAKE_BACK in labels(p.user.dm_channel.history()[-1])), None)
        if mover is not None and (await table.row()).version == row.version + 1:
            break
    undone = await mover.slash(table.thread, "table undo")
    assert undone.ephemeral and "taken back" in undone.response.content
    latest = mover.user.dm_channel.history()[-1]
    row = await table.row()
    assert any(c.custom_id.startswith(f"act:{table.table_id}:{panel_token(row, row.version)}:") for c in buttons(latest))


async def test_a_start_booster_once_named_to_everyone_is_not_taken_back(simcord_env, monkeypatch):
    """README, /table undo: take-back works only while "the action neither revealed anything hidden
    nor drew anything at random". Aelderman's start boosters are drawn in secret ("the others go back
    to the box unseen"); the one taken is named in the thread, so taking it back would let the player
    keep two others after everyone has seen it: neither the button nor /table undo allows it."""
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"], options="version=main")
    await start(table)
    policy = heuristic_players("aelderman", 2)
    while (await table.state()).pending[-1].kind != "booster":
        assert await play_turn_by_dm(table, policy)
    seat = (await table.state()).pending[-1].seat
    actor = [p for p in table.players if await table.seat_of(p) == seat][0]
    assert await play_turn_by_dm(table, policy)  # the first start booster is taken
    version = (await table.row()).version
    assert "takes a start booster" in thread_text(table)
    assert TAKE_BACK not in labels(actor.user.dm_channel.history()[-1])
    refused = await actor.slash(table.thread, "table undo")
    assert refused.ephemeral and "secret until then" in refused.response.content
    assert (await table.row()).version == version


async def test_a_lone_winners_bid_put_face_up_is_not_taken_back(simcord_env, monkeypatch):
    """Augsburg 1520: "This player wins the auction and places the cards he bid on the discard pile"
    (face up). Seed 1, three players: cy wins alone and discards the last card of the bid, which the
    thread names; neither the button nor /table undo puts it back into the secret hand."""
    fix_deal(monkeypatch, 1)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    state = await play_until(table, policy, lambda s: s.phase == "discard_bid" and len(s.picks[s.winner]) == s.high - 1,
                             "a lone winner's last discard")
    actor = await table.actor_of_seat(state.winner)
    card = card_id_text(policy(state, state.winner).card)
    assert await play_turn_by_dm(table, policy)
    assert f"discarded {card}" in thread_text(table) or f"discards {card}" in thread_text(table)
    version = (await table.row()).version
    assert TAKE_BACK not in labels(actor.user.dm_channel.history()[-1])
    refused = await actor.slash(table.thread, "table undo")
    assert refused.ephemeral and "face up on the discard pile" in refused.response.content
    assert (await table.row()).version == version


# -- Augsburg 1520: secret choices that reveal nothing yet ------------------------------------
AUGSBURG = registry.get("augsburg1520")


def one_card_to_go(state):
    if state.phase != "reveal":
        return False
    waiting = [s for s in range(state.seats) if not state.done[s]]
    return len(waiting) >= 2 and any(len(state.picks[s]) == state.high - 1 for s in waiting)


async def test_last_card_of_a_sealed_reveal_can_be_taken_back_while_others_still_choose(simcord_env):
    """README: a take-back is allowed while "the action neither revealed anything hidden nor drew
    anything at random". A finalist who finishes choosing the cards to show while another still
    chooses has revealed nothing (as Done in the sealed purchase): it is taken back."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = holding_policy(AUGSBURG)
    state = await play_until(table, policy, one_card_to_go, "a finalist one card from done", limit=600)
    seat = next(s for s in range(state.seats) if not state.done[s] and len(state.picks[s]) == state.high - 1)
    actor = await table.actor_of_seat(seat)
    row = next(s for s in await table.seats() if s.seat == seat)
    panel = await panel_message(table, actor, row)
    actions = seat_choices(AUGSBURG, state, seat)
    await choose(actor, panel, actions.index(policy(state, seat)))
    after = await table.state()
    assert after.phase == "reveal" and after.done[seat] and not all(after.done), "nothing was revealed yet"
    version = (await table.row()).version
    last_dm = actor.user.dm_channel.history()[-1]
    undo = await actor.slash(table.thread, "table undo")
    assert TAKE_BACK in labels(last_dm), labels(last_dm)
    assert "cannot" not in undo.response.content and "taken back" in undo.response.content, undo.response.content
    assert (await table.row()).version == version + 1


def bidding_just_ended_in_a_tie(state):
    return (state.phase == "reveal" and not any(state.picks)
            and not any(state.done[s] for s in range(state.seats) if state.bids[s] == state.high and not state.passed[s]))


async def test_a_hold_that_ends_the_bidding_in_a_tie_can_be_taken_back(simcord_env):
    """Holding the high bid reveals nothing: the finalists only then choose their cards secretly. A
    hold that ends the bidding with a lone winner can be taken back; one that ends it in a tie is
    refused with "it revealed hidden cards or choices"."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = holding_policy(AUGSBURG)
    await play_until(table, policy, bidding_just_ended_in_a_tie, "a tie at the end of bidding", limit=600)
    version, seat = await table.bot.store.tables.last_action(table.table_id)
    actor = await table.actor_of_seat(seat)
    undo = await actor.slash(table.thread, "table undo")
    print("undo answer:", undo.response.content)
    assert "cannot" not in undo.response.content and "taken back" in undo.response.content, undo.response.content


# A game whose turn_key is GameSpec's default (every decision a turn of its own): README, a
# take-back "buys no time" (the clock of the decision keeps running from when it began).
async def test_taking_back_in_a_choice_made_at_once_buys_no_time_with_the_default_turn_key(simcord_env,
                                                                                           monkeypatch):
    monkeypatch.setattr(Augsburg1520, "turn_key", GameSpec.turn_key)
    table = await live_table(simcord_env)  # the opening purchase: both choose at once, clock from the start
    ada, bo = table.players
    started = (await table.row()).started_at
    policy, spec = heuristic_players("augsburg1520", 2), await table.spec()
    a, b = await table.seat_of(ada), await table.seat_of(bo)
    assert spec.to_act(await table.state()) == {a, b}

    async def step(player, seat):
        state = await table.state()
        row = next(s for s in await table.seats() if s.seat == seat)
        await choose(player, await panel_message(table, player, row),
                     seat_choices(spec, state, seat).index(policy(state, seat)))

    await simcord_env.advance_time(300)
    await step(bo, b)          # bo's step, 5 minutes in
    await simcord_env.advance_time(300)
    await step(ada, a)         # ada's step, 10 minutes in
    assert a in spec.to_act(await table.state())
    undone = await ada.slash(table.thread, "table undo")
    assert "last action is taken back" in undone.response.content, undone.response.content
    deadline = (await table.row()).deadlines[a]
    assert deadline <= started + LIVE + 1, (deadline - started)  # her clock began with the game


async def test_a_player_steps_back_through_their_own_turn_with_the_panels_button(simcord_env):
    """BGA's undo, step by step: after a take-back the action before it is the player's last, so
    the panel that gives the decision back offers "Take back" again while that action is their own
    and hides nothing; each press takes back one action."""
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("aelderman", 2)
    for _ in range(150):  # a turn at sea of several actions of one player
        row = await table.row()
        assert await play_turn_by_dm(table, policy)
        log = await table.bot.store.tables.actions(table.table_id)
        actor = next((p for p in table.players if TAKE_BACK in labels(p.user.dm_channel.history()[-1])), None)
        if actor and (await table.row()).version == row.version + 1 and len(log) > 1 and log[-2][1] == log[-1][1]:
            panel = actor.user.dm_channel.history()[-1]
            break
    version = (await table.row()).version
    once = await actor.user.click(panel, label=TAKE_BACK)
    assert once.acknowledged and TAKE_BACK in labels(once.response.message)
    twice = await actor.user.click(once.response.message, label=TAKE_BACK)
    assert twice.acknowledged and (await table.row()).version == version + 2
    assert await table.bot.store.tables.actions(table.table_id) == log[:-2]
    board_id = (await table.row()).board_message_id
    board = next(m for m in table.thread.history() if m.id == board_id)
    assert str([e.to_dict() for e in board.embeds]).count("took back their last action") == 2


async def test_a_take_back_pressed_once_others_have_acted_is_refused_and_leaves_the_old_panel(simcord_env):
    """README: a take-back works "as long as nobody else has acted"; the "↩ Take back" an answered DM
    panel kept (taking it off at every later move would cost a message edit each) is refused with
    the reason, and the panel loses it then."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    panel, actor = await a_panel_to_take_back(table)
    policy = heuristic_players("augsburg1520", 2)
    mover = await table.seat_of(actor)
    while (await table.bot.store.tables.last_action(table.table_id))[1] == mover:
        assert await play_turn_by_dm(table, policy)  # until the other player has acted
    assert TAKE_BACK in labels(next(m for m in actor.user.dm_channel.history() if m.id == panel.id))
    version = (await table.row()).version
    refused = await actor.user.click(panel, label=TAKE_BACK)
    assert "has acted since" in (refused.followups[-1].content if refused.followups else refused.response.content)
    assert (await table.row()).version == version
    after = next(m for m in actor.user.dm_channel.history() if m.id == panel.id)
    assert TAKE_BACK not in labels(after)


@pytest.mark.slow  # over half a second
async def test_table_undo_of_a_move_that_left_the_same_choices_shows_the_dm_panel_again(simcord_env, monkeypatch):
    """README, /table undo: "the panel that gives the decision back offers ↩ Take back again while the
    next one may be taken back". Aelderman: paying one good into a sale leaves the same choice (which
    good fills an open place). After /table undo the DM panel shows the game as it is again (not as
    after the payment taken back), and its Take back works."""
    import json

    from tests.bot.driver import board_message
    fix_deal(monkeypatch, 1)  # its 50th choice pays a good into a sale and leaves the same choices
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("aelderman", 2)
    spec = registry.get("aelderman")
    for _ in range(600):
        before, earlier = await table.row(), await table.state()
        assert before.status == "running" and await play_turn_by_dm(table, policy)
        row, later = await table.row(), await table.state()
        seat, action = (await table.bot.store.tables.actions(table.table_id))[-1][1:3]
        if (row.version == before.version + 1 and json.loads(action)["kind"] == "pay"
                and seat_choices(spec, earlier, seat) == seat_choices(spec, later, seat)):
            break  # the same choices before and after the payment
    else:
        raise AssertionError("no payment into a sale left the same choices")
    mover = await table.actor_of_seat(seat)
    await mover.slash(table.thread, "table undo")
    latest = mover.user.dm_channel.history()[-1]
    hand = await mover.click(await board_message(table), label="My hand")
    assert [e.to_dict() for e in latest.embeds] == [e.to_dict() for e in hand.response.message.embeds]
    undo = next(c.custom_id for c in buttons(latest) if (c.custom_id or "").startswith("undo:"))
    again = await mover.user.click(latest, custom_id=undo)
    said = again.followups[-1].content if again.followups else again.response.content
    assert "out of date" not in (said or "") and (await table.row()).version == row.version + 2, said


async def test_a_last_chooser_told_twice_after_a_take_back_keeps_one_panel_with_choices(simcord_env, monkeypatch):
    """README: a DM made out of date "is not sent, or is taken down: the panel you answered stays your
    one panel with choices". Augsburg 1520's opening purchase: ada presses Done (bo is told he is the
    last to choose, on a copy of his panel), takes it back, presses Done again (a second notice); bo
    buys on the newest notice. None of his older panels keeps controls."""
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    spec = registry.get("augsburg1520")

    async def pick(actor, kind: str) -> None:
        seat = await table.seat_of(actor)
        choices = seat_choices(spec, await table.state(), seat)
        row = next(s for s in await table.seats() if s.seat == seat)
        await choose(actor, await panel_message(table, actor, row),
                     next(i for i, c in enumerate(choices) if c.kind == kind))

    await pick(ada, "finish_buying")
    assert (await ada.user.click(ada.user.dm_channel.history()[-1], label=TAKE_BACK)).acknowledged
    await pick(ada, "finish_buying")
    await pick(bo, "buy_card")
    live = [m.id for m in bo.user.dm_channel.history()
            if any((c.custom_id or "").startswith((f"act:{table.table_id}:", f"pick:{table.table_id}:"))
                   for c in buttons(m))]
    assert live == [bo.user.dm_channel.history()[-1].id], live


async def test_my_hand_and_table_hand_offer_the_take_back_the_answered_panel_offers(simcord_env):
    """README: "The same controls are always available from **My hand** on the board". A panel
    opened after the move (My hand, `/table hand`) offers ↩ Take back while the move may be taken
    back, and it works from there; the other player's panel does not offer it."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    panel, actor = await a_panel_to_take_back(table)
    other = next(p for p in table.players if p is not actor)
    board = await board_message(table)
    mine = (await actor.click(board, label="My hand")).response.message
    assert TAKE_BACK in labels(mine) and TAKE_BACK in labels((await actor.slash(table.thread, "table hand")).response.message)
    assert TAKE_BACK not in labels((await other.click(board, label="My hand")).response.message)
    version = (await table.row()).version
    back = await actor.click(mine, label=TAKE_BACK)
    assert back.acknowledged and (await table.row()).version == version + 1
    assert TAKE_BACK not in labels((await actor.click(await board_message(table), label="My hand")).response.message)


async def a_hand_off_to_take_back(table):
    """Play on until a player's move, made just after the other player's, hands the decision over
    and leaves its answered panel with "Take back": (panel, player)."""
    policy = heuristic_players("augsburg1520", 2)
    spec = table.bot.service.spec(await table.row())
    for _ in range(120):
        row, before = await table.row(), await table.bot.store.tables.last_action(table.table_id)
        assert await play_turn_by_dm(table, policy)
        _, seat = await table.bot.store.tables.last_action(table.table_id)
        player = [p for p in table.players if await table.seat_of(p) == seat][0]
        last = player.user.dm_channel.history()[-1]
        if TAKE_BACK in labels(last) and (await table.row()).version == row.version + 1 and \
                before is not None and before[1] != seat and seat not in spec.to_act(await table.state()):
            return last, player
    raise AssertionError("no hand-over could be taken back")


async def test_a_take_back_from_my_hand_retires_the_answered_dm_panel_and_a_second_is_told_why(simcord_env):
    """README: answered from My hand, "your DM panel loses its controls and says what the answer says,
    or, while your choice goes on, that it goes on there". A take-back there gives the decision back:
    the DM panel that still offered the action taken back (and its Take back) says where it goes on.
    Asked again, the refusal does not say the other player "has acted since": they have not."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    panel, actor = await a_hand_off_to_take_back(table)
    other = next(p for p in table.players if p is not actor)
    mine = (await actor.click(await board_message(table), label="My hand")).response.message
    version = (await table.row()).version
    assert (await actor.click(mine, label=TAKE_BACK)).acknowledged and (await table.row()).version == version + 1
    now = next(m for m in actor.user.dm_channel.history() if m.id == panel.id)
    assert not buttons(now) and "you answered from **My hand**; your choices are there now" in now.content
    refused = (await actor.slash(table.thread, "table undo")).response.content
    assert "has acted since" not in refused, refused
    assert f"the last action is now {other.user.name}'s: you have taken back yours after it" in refused, refused
    assert (await table.row()).version == version + 1
