"""Players whose DMs are closed: told so when they sit down or register, pointed to **My hand**
whenever it is their move, and sent DMs again once they open them (the bot's advice)."""

from __future__ import annotations

import pytest

from games import registry
from tests.bot.driver import buttons, fix_deal, heuristic_players, labels, open_table, play_turn_by_dm, table_control
from tests.bot.test_pace import LIVE

SPEC = registry.get("augsburg1520")


def close_dms(env, player):
    """Every DM to the player is refused from now on, as Discord refuses it (50007); returns the fault."""
    env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    return env.backend.faults[-1]


async def seat_of(table, player):
    return next(s for s in await table.seats() if s.user_id == player.id)


async def table_with_closed_dms(env, *, live: bool = False, also: tuple[str, ...] = ()):
    """ada and bo at Augsburg 1520 (and `also`, after them); bo's DMs are closed before he joins."""
    table = await open_table(env, "augsburg1520", ["ada"])
    bo = table.guild.add_member(env.create_user("bo"))
    fault = close_dms(env, bo)
    joined = await bo.click(table.thread.history()[0], label="Join")
    # Answered at once ("joined"), the advice follows once the DM has failed, privately.
    assert joined.response.content == "You joined the table."
    (advice,) = joined.followups
    assert advice.ephemeral and "could not send you a direct message" in advice.content
    table.players.append(bo)
    for name in also:
        table.players.append(table.guild.add_member(env.create_user(name)))
        await table.players[-1].click(table.thread.history()[0], label="Join")
    lobby, ada = table.thread.history()[0], table.players[0]
    while live and "Pace: live, 15 minutes a decision" not in labels(lobby):
        await ada.click(lobby, label=next(text for text in labels(lobby) if text.startswith("Pace")))
        lobby = table.thread.history()[0]
    await ada.click(lobby, label="Start")
    return table, bo, fault


async def test_a_player_who_opens_their_dms_gets_panels_by_dm_again(simcord_env, monkeypatch):
    """The bot's advice is to enable DMs; once bo does, his panels come by DM again from his next
    decision at least ten minutes after the last refusal (a refused DM is not retried every move)."""
    fix_deal(monkeypatch, 3)
    table, bo, fault = await table_with_closed_dms(simcord_env)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(4):
        assert await play_turn_by_dm(table, policy)
    assert (await seat_of(table, bo)).dm_ok is False
    simcord_env.backend.faults.remove(fault)  # bo opens his DMs
    await simcord_env.advance_time(601)

    def panels():
        return [m for m in bo.user.dm_channel.history() if any(table_control(c, table.table_id) for c in buttons(m))]

    before = len(panels())
    for _ in range(60):
        if (await seat_of(table, bo)).seat in SPEC.to_act(await table.state()) and len(panels()) > before:
            break
        assert await play_turn_by_dm(table, policy)
    assert len(panels()) > before and (await seat_of(table, bo)).dm_ok is True
    # Stored at once, not with the table's next write (bo's own move, maybe a whole pace later):
    # a restart before it still knows his DMs work.
    stored = await simcord_env.bot.store.tables.seats(table.table_id)
    assert [s.dm_ok for s in stored if s.user_id == bo.id] == [True]


async def test_back_from_away_without_dms_is_pointed_to_my_hand(simcord_env):
    """Both miss the first deadline (the game waits); bo, whose DMs are closed, presses I'm back
    while it is his move: the thread tells him to press My hand."""
    table, bo, _ = await table_with_closed_dms(simcord_env, live=True)
    await simcord_env.advance_time(LIVE + 1)
    notice = [m for m in table.thread.history() if "Time ran out" in (m.content or "") and bo.mention in m.content]
    back = await bo.click(notice[-1], label="I'm back")
    assert "Welcome back" in back.response.content
    assert (await seat_of(table, bo)).seat in SPEC.to_act(await table.state())
    later = [m.content for m in table.thread.history() if m.id > notice[-1].id and bo.mention in (m.content or "")]
    assert any("My hand" in text for text in later), later


async def test_registering_for_a_tournament_with_closed_dms_is_told_so(simcord_env):
    from tests.bot.tournament_driver import create, new_event, tournament_message

    event = new_event(simcord_env, 3)
    tid = await create(event, rounds=1)
    shut, open_ = event.players[0], event.players[1]
    close_dms(simcord_env, shut)
    registered = await shut.click(tournament_message(event, tid), label="Register")
    said = "\n".join([registered.response.content or ""] + [m.content for m in registered.followups])
    assert "You are registered" in said and "could not send you a direct message" in said, said
    fine = await open_.click(tournament_message(event, tid), label="Register")
    assert not any("could not send you a direct message" in (t or "")
                   for t in [fine.response.content] + [m.content for m in fine.followups])
    assert f"registered for tournament #{tid}" in open_.user.dm_channel.history()[-1].content


async def play_until_pinged(table, policy, pings) -> int:
    """Moves until `pings()` (a player's mentions) has one more; returns how many it had before."""
    for _ in range(80):
        before = len(pings())
        assert await play_turn_by_dm(table, policy)
        if len(pings()) > before:
            return before
    raise AssertionError("the player was never mentioned for a turn")


def turn_pings(table, player):
    return [m for m in table.thread.history() if f"<@{player.id}>, it is your move" in (m.content or "")]


@pytest.mark.slow
async def test_a_restart_just_after_the_ping_does_not_ping_again(simcord_env, settings, monkeypatch):
    """A start brings the tables moved just before the stop up to date (README: "panels not sent"):
    bo, whose DMs are closed, was already pinged for his decision, so he is not pinged again; his
    ping's **My hand** opens his current hand."""
    from bot import create_bot

    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(simcord_env)
    policy = heuristic_players("augsburg1520", 2)
    before = await play_until_pinged(table, policy, lambda: turn_pings(table, bo))
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()
    assert len(turn_pings(table, bo)) == before + 1
    ping = turn_pings(table, bo)[-1]
    hand = await bo.click(ping, label="My hand")
    assert hand.ephemeral and "your hand" in hand.response.embeds[0].title
    version = (await table.row()).version
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).version > version


async def test_a_restart_does_not_try_refused_dms_again_before_ten_minutes(simcord_env, settings, monkeypatch):
    """README: "a refused DM is tried again at their next decision ten minutes or more later, not at
    every move". A restart remembers no refusal time, so it counts as one: neither the start nor
    the moves in the ten minutes after it try a DM to bo (each refused call counts against the
    bot), a decision of his later does."""
    from bot import create_bot

    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(simcord_env)
    policy = heuristic_players("augsburg1520", 2)
    path = f"/channels/{bo.user.dm_channel.id}/messages"

    def tries() -> int:
        return sum(1 for request in simcord_env.http_requests if request.method == "POST" and request.path == path)

    for _ in range(8):
        assert await play_turn_by_dm(table, policy)
    await simcord_env.advance_time(601)
    before = tries()
    await simcord_env.restart_bot(create_bot(settings))
    for _ in range(12):
        assert await play_turn_by_dm(table, policy)
    assert tries() == before, "no DM tried within ten minutes of the start"
    await simcord_env.advance_time(601)
    for _ in range(30):
        if tries() > before:
            break
        assert await play_turn_by_dm(table, policy)
    assert tries() > before


async def test_a_rematch_tells_a_player_whose_dms_were_closed_how_to_play(simcord_env, monkeypatch):
    """A rematch seats the other players without a Join (where the DM advice is given): one whose
    DMs were closed is told in the new thread how their turns reach them."""
    from tests.bot.driver import fix_deal
    from tests.bot.tournament_driver import play_out

    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(simcord_env)
    ada = table.players[0]
    await play_out(simcord_env.bot, table.table_id)
    standings = next(m for m in reversed(table.thread.history()) if "Rematch" in labels(m))
    await ada.click(standings, label="Rematch")
    told = [m.content for m in table.channel.threads[-1].history() if f"<@{bo.id}>" in (m.content or "")]
    (asked,) = [t for t in told if "asks for a rematch" in t]
    advice = asked.split("if you do not want to play.")[1]  # for bo only: ada's DMs are open
    assert f"<@{bo.id}>: your DMs were closed to me" in advice and "My hand" in advice, asked
    assert f"<@{ada.id}>" not in advice


async def test_a_turn_mention_that_a_take_back_made_untrue_goes(simcord_env, monkeypatch):
    """README, `/table undo`: a panel "whose decision the action had opened loses its buttons". For a
    player whose DMs are closed that panel is the thread's "it is your move" mention: it goes, so that
    moves taken back again and again do not leave one ping each, each with a My hand that has
    nothing to decide."""
    fix_deal(monkeypatch, 2)
    table, bo, _ = await table_with_closed_dms(simcord_env)
    ada = table.players[0]
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(20):
        before = await play_until_pinged(table, policy, lambda: turn_pings(table, bo))
        state = await table.state()
        if await seat_of(table, ada) in SPEC.to_act(state):
            continue  # ada still chooses too: not the move that opened bo's alone
        undone = await ada.slash(table.thread, "table undo")
        if "taken back" not in undone.response.content:
            continue  # a move that revealed something: not to be taken back
        assert len(turn_pings(table, bo)) == before, [m.content for m in turn_pings(table, bo)]
        return
    raise AssertionError("no move that pinged bo could be taken back")


async def test_a_restart_does_not_ping_a_player_on_the_decision_their_own_answer_showed(simcord_env, settings,
                                                                                        monkeypatch):
    """README: mentioned "whenever it is their move, once: a restart does not mention them again for
    the same decision". bo answers on My hand's panel, which shows his next decision in place; the
    running bot does not mention him for it, and a restart must not either."""
    from bot import create_bot

    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(simcord_env)
    policy = heuristic_players("augsburg1520", 2)
    bo_seat = (await seat_of(table, bo)).seat
    for _ in range(200):
        row = await table.row()
        moved = await table.bot.store.tables.last_action(table.table_id)
        if moved is not None and moved[1] == bo_seat and bo_seat in SPEC.to_act(table.bot.service.state(row)):
            break
        assert await play_turn_by_dm(table, policy)
    else:
        raise AssertionError("bo never moved twice in a row")
    pings = len(turn_pings(table, bo))
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()
    assert len(turn_pings(table, bo)) == pings
    version = (await table.row()).version
    assert await play_turn_by_dm(table, policy)  # his My hand still opens the decision
    assert (await table.row()).version > version


@pytest.mark.slow  # plays until such a moment
async def test_a_restart_does_not_ping_a_player_whose_own_answer_showed_a_choice_others_make_too(
        simcord_env, settings, monkeypatch):
    """The same when others choose at the same time (a secret purchase) and one of them moved after
    bo: his own move opened the decision and his answer showed it, so no restart mentions him."""
    from bot import create_bot

    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(simcord_env, also=("cy",))
    policy = heuristic_players("augsburg1520", 3)
    bo_seat, store = (await seat_of(table, bo)).seat, table.bot.store.tables

    async def people_moves(up_to: float = float("inf")) -> list[int]:  # seats, newest first
        return [seat for version, seat, _ in reversed(await store.actions(table.table_id))
                if version <= up_to and not await store.by_computer(table.table_id, version)]
    for _ in range(600):
        row = await table.row()
        due = SPEC.to_act(table.bot.service.state(row))
        opened_by = (await people_moves(row.prompts.get(bo_seat, (0,))[0]))[:1]  # the move that opened his
        if bo_seat in due and len(due) > 1 and opened_by == [bo_seat] and (await people_moves())[0] != bo_seat:
            break
        assert await play_turn_by_dm(table, policy)
    else:
        raise AssertionError("no decision that bo's own move opened while another person moved since")
    pings = len(turn_pings(table, bo))
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()
    assert len(turn_pings(table, bo)) == pings, [m.content for m in turn_pings(table, bo)]
