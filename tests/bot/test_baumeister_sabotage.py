"""Wettstreit der Baumeister through the bot: a saboteur on a building and the pay-off negotiation in
DMs (offers, counter-offers, a break-off), private to the two players until it is settled, answered
by the players or settled when the time limit runs out (also across a restart)."""

from __future__ import annotations

import pytest

from games import registry
from games.baumeister import moves
from play.results import seat_choices
from tests.bot.driver import (board_message, choose, fix_deal, labels, menu_options, open_table, panel_message,
                              play_turn_by_dm, play_until, request_cursor, shown_to, start, text_of, thread_text)

SPEC = registry.get("baumeister")


def saboteurs_first():
    """The heuristic players, except that whoever may put a saboteur on a city does so."""
    players = {seat: SPEC.policy("heuristic", seed=seat) for seat in range(4)}

    def choose(state, seat):
        attacks = [a for a in SPEC.legal_actions(state, seat) if a.kind == "sabotage" and a.target == "city"]
        return attacks[0] if attacks else players[seat].choose(state, seat)

    return choose


async def table_at_a_pay_off_offer(env, monkeypatch, deal: int = 21):
    """Three people play until a saboteur stands on a building and its owner, who has thalers,
    may offer a pay-off (an owner without thalers lets the die decide)."""
    fix_deal(monkeypatch, deal)
    table = await open_table(env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    choose = saboteurs_first()
    state = await play_until(table, choose, lambda s: s.phase == "offer" and s.money[s.victim],
                             "a saboteur on the building of a player with thalers")
    return table, state


async def closed_dms_at_a_pay_off_offer(env, monkeypatch):
    """As table_at_a_pay_off_offer, with nobody accepting DMs: they play through My hand."""
    fix_deal(monkeypatch, 21)
    table = await open_table(env, "baumeister", ["ada", "bo", "cy"])
    for player in table.players:
        env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", status=403, code=50007,
                         message="Cannot send messages to this user", times=None)
    await start(table)
    state = await play_until(table, saboteurs_first(), lambda s: s.phase == "offer" and s.money[s.victim],
                             "a saboteur on the building of a player with thalers")
    return table, state


async def dm_panel(table, seat: int):
    row = next(s for s in await table.seats() if s.seat == seat)
    return await panel_message(table, await table.actor_of_seat(seat), row)


@pytest.mark.slow
async def test_a_pay_off_offered_and_accepted_by_dm_calls_the_saboteur_off(simcord_env, settings, monkeypatch):
    """rulebook: "The victim and saboteur may then negotiate a pay-off, a payment in Thalers paid
    by the victim to persuade the saboteaur not to act. If an agreement is made then the money is
    handed over and the saboteur is discarded with no further effect." """
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    names = {s.seat: s.display_name for s in await table.seats()}
    (timer,) = await table.bot.store.tables.timers(table_id=table.table_id, kind="decision")
    assert (await table.row()).deadlines[victim] == timer.due_at  # the board shows the offer's time limit
    assert f"<t:{int(timer.due_at)}:R>" in str([e.to_dict() for e in (await board_message(table)).embeds])
    offers = menu_options(await dm_panel(table, victim))
    assert offers[0] == "Offer 1 thaler"
    assert offers[-1].startswith(f"Offer {state.money[victim]} thaler")  # at most what the victim has
    amount = min(2, state.money[victim])
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[amount])

    offered = await table.state()
    assert offered.phase == "answer" and offered.actor == attacker
    answer = await dm_panel(table, attacker)
    assert f"Accept {amount} thalers" in labels(answer) and "Refuse and roll the die" in labels(answer)
    assert f"Ask for {amount + 1} thalers" in menu_options(answer)
    assert await play_turn_by_dm(table, lambda st, seat: moves.ACCEPT)

    after = await table.state()
    assert after.money[attacker] == state.money[attacker] + amount
    assert after.money[victim] == state.money[victim] - amount
    assert after.reserve == state.reserve + 1  # the saboteur is back in the reserve
    assert after.saboteurs[attacker] == state.saboteurs[attacker]  # it was taken from the attacker on aiming
    assert after.cities[victim] == state.cities[victim]  # the building stands
    text = thread_text(table)
    assert f"{names[victim]} and {names[attacker]} negotiate a pay-off." in text
    assert f"{names[victim]} and {names[attacker]} agree on a pay-off" in text
    assert f"offers {names[attacker]} {amount} thalers" not in text, "the amount stays between the two"
    # The victim, who offered, hears by DM that it was accepted and what was paid (their panel said
    # "you offered ...; waiting" until then); the amount reaches no one else.
    victim_user = (await table.actor_of_seat(victim)).user
    told = victim_user.dm_channel.history()[-1].content
    assert f"pays {names[attacker]} {amount} thalers" in told, told
    # The time limits of the answered decisions run out later and change nothing.
    row = await table.row()
    await simcord_env.advance_time(settings.decision_timeout + 60)
    assert (await table.row()).version == row.version


@pytest.mark.slow
async def test_when_the_victim_does_not_answer_the_die_decides_at_the_time_limit(simcord_env, settings, monkeypatch):
    """Only the pay-off talk is timed: a victim out of time makes no offer and the die is rolled."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    victim = state.victim
    names = {s.seat: s.display_name for s in await table.seats()}
    before = await table.row()
    await simcord_env.advance_time(settings.decision_timeout - 60)
    assert (await table.row()).version == before.version  # not yet

    await simcord_env.advance_time(120)
    row = await table.row()
    assert row.version == before.version + 1
    _, seat, action = (await simcord_env.bot.store.tables.actions(table.table_id))[-1]
    assert (seat, SPEC.parse_action(action)) == (victim, moves.NO_OFFER)
    text = thread_text(table)
    assert f"{names[victim]} offers nothing." in text
    assert f"{names[state.current]} rolls" in text
    after = await table.state()
    assert after.reserve == state.reserve + 1 and after.phase != "offer"
    # Nobody was away: a take-back is refused for what happened, not for an absence.
    victim_player, attacker_player = (await table.actor_of_seat(victim)), (await table.actor_of_seat(state.current))
    refused = await victim_player.slash(table.thread, "table undo")
    assert refused.ephemeral and refused.response.content == (
        "Your seat's last move was made by a computer player (your time for it ran out, or you were away), so "
        "there is nothing of yours to take back.")
    refused = await attacker_player.slash(table.thread, "table undo")
    assert refused.ephemeral and refused.response.content == (
        f"Only your own last action can be taken back, and a computer player has moved for {names[victim]} since.")
    assert (await table.row()).version == row.version


@pytest.mark.slow
async def test_a_timed_decision_has_no_pace_deadline_or_reminders(simcord_env, settings, monkeypatch):
    """README: `decision_timeout` is the time of each step of a pay-off negotiation; "a table's pace
    sets the deadlines of all other decisions". The offer gets its own timer only: no pace deadline
    (which would hand the seat to a computer) and no reminders; the board shows its time limit, and
    when it runs out the victim makes no offer and is not marked away."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    victim = await table.actor_of_seat(state.victim)
    row = await table.row()

    async def offer_timers() -> set[str]:
        timers = await table.bot.store.tables.timers(table_id=table.table_id)
        return {t.kind for t in timers if t.seat == state.victim
                and t.payload.get("prompt_version") == row.prompts[state.victim][0]}

    assert await offer_timers() == {"decision"}
    assert row.deadlines[state.victim] <= table.bot.service.clock() + settings.decision_timeout + 1
    await simcord_env.advance_time(settings.decision_timeout + 60)  # no offer: the die decides
    assert (await table.row()).version == row.version + 1 and not await offer_timers()
    seat = next(s for s in await table.seats() if s.seat == state.victim)
    assert not seat.away and seat.missed == 0
    await simcord_env.advance_time(row.pace_seconds)  # past every time a pace reminder could have had
    assert not [m for m in victim.user.dm_channel.history()
                if "Still your turn" in (m.content or "") or "Last call" in (m.content or "")]


@pytest.mark.slow
async def test_the_time_limit_of_an_unanswered_offer_survives_a_restart(simcord_env, settings, monkeypatch):
    """The attacker neither accepts nor refuses; the bot restarts; when the time is up the offer
    counts as refused and the die is rolled."""
    from bot import create_bot

    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    names = {s.seat: s.display_name for s in await table.seats()}
    amount = 1
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[amount])
    before = await table.row()
    assert SPEC.load_state(before.state).phase == "answer"

    await simcord_env.restart_bot(create_bot(settings))
    timers = await simcord_env.bot.store.tables.timers(table_id=table.table_id, kind="decision")
    pending = {"seat": attacker, "prompt_version": before.prompts[attacker][0]}
    assert pending in [timer.payload for timer in timers], "the attacker's time limit is stored"

    await simcord_env.advance_time(settings.decision_timeout + 60)
    row = await table.row()
    assert row.version == before.version + 1
    _, seat, action = (await simcord_env.bot.store.tables.actions(table.table_id))[-1]
    assert (seat, SPEC.parse_action(action)) == (attacker, moves.REFUSE)
    after = await table.state()
    assert after.money[victim] == state.money[victim]  # a refused offer is not paid
    # README: "the thread sees only that they negotiate and whether they agree": not whose answer
    # ran out (it was a secret step), nor who broke off.
    both = f"{names[victim]} and {names[attacker]}"
    assert f"No pay-off is agreed between {both}: the negotiation ends." in thread_text(table)
    sides = " and ".join(names[s] for s in sorted((victim, attacker)))
    note = f"Time ran out for a secret step between {sides}; the game goes on without its choice."
    assert note in thread_text(table) and "did not decide in time" not in thread_text(table)
    shown = await table.players[0].slash(table.thread, "table log")  # and the log keeps it
    assert note in shown.response.embeds[0].description
    # The game goes on by DM after the restart.
    assert await play_turn_by_dm(table, saboteurs_first())


@pytest.mark.slow
async def test_a_counter_offer_round_by_dm_stays_private_until_agreed(simcord_env, monkeypatch):
    """rulebook: "The victim and saboteur may then negotiate a pay-off": the victim offers, the
    attacker asks for more, the victim offers less, the attacker accepts. Each step reaches the
    other side's DM panel; the thread and the third player see only that they negotiate and
    that they agreed."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    third = next(s for s in range(3) if s not in (attacker, victim))
    names = {s.seat: s.display_name for s in await table.seats()}
    watcher = await table.actor_of_seat(third)
    mark = request_cursor(simcord_env)
    money = state.money[victim]
    demand = money + 2  # more than the victim has: it cannot simply pay, it must counter or refuse
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])
    panel = await dm_panel(table, attacker)
    assert f"{names[victim]} offers {names[attacker]} 1 thaler to call the saboteur off." in text_of(panel)
    assert f"Ask for {demand} thalers" in menu_options(panel)
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[demand])

    panel = await dm_panel(table, victim)
    assert f"{names[attacker]} asks {names[victim]} for {demand} thalers" in text_of(panel)
    assert f"asks for **{demand}** thalers" in text_of(panel)
    assert f"Pay the {demand} thalers asked" not in labels(panel)  # the victim cannot pay that much
    assert "Refuse and let the die decide" in labels(panel)
    counter = min(money, demand - 1)
    assert f"Offer {counter} thalers instead" in menu_options(panel)
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[counter])

    panel = await dm_panel(table, attacker)
    assert f"Accept {counter} thalers" in labels(panel)
    assert await play_turn_by_dm(table, lambda st, seat: moves.ACCEPT)
    after = await table.state()
    assert after.money[attacker] == state.money[attacker] + counter
    assert after.money[victim] == money - counter
    assert after.cities[victim] == state.cities[victim] and after.reserve == state.reserve + 1

    text = thread_text(table)
    assert f"{names[victim]} and {names[attacker]} agree on a pay-off" in text
    seen_by_third = "\n".join(shown_to(simcord_env, watcher.id, since=mark))
    assert f"{names[victim]} and {names[attacker]} negotiate a pay-off." in seen_by_third
    for secret in (f"{names[victim]} offers {names[attacker]} 1 thaler", f"asks {names[victim]} for {demand} thalers",
                   f"offers {names[attacker]} {counter} thalers", f"asks for **{demand}**", f"pays {names[attacker]}"):
        assert secret not in text and secret not in seen_by_third


@pytest.mark.slow
async def test_a_negotiation_broken_off_by_dm_lets_the_die_decide(simcord_env, monkeypatch):
    """rulebook: "If no agreement is reached then the attacker rolls the dice": the victim
    answers the attacker's demand by breaking off."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    names = {s.seat: s.display_name for s in await table.seats()}
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[3])
    panel = await dm_panel(table, victim)
    assert "Refuse and let the die decide" in labels(panel)
    assert await play_turn_by_dm(table, lambda st, seat: moves.REFUSE)

    after = await table.state()
    assert after.money[victim] == state.money[victim] and after.money[attacker] == state.money[attacker]
    assert after.reserve == state.reserve + 1 and after.phase not in ("offer", "answer")
    text = thread_text(table)
    assert f"No pay-off is agreed between {names[victim]} and {names[attacker]}: the negotiation ends." in text
    assert "breaks off" not in text  # a bystander cannot tell who answered last (was there a counter-offer?)
    assert f"{names[attacker]} rolls" in text
    said = f"{names[victim]} breaks off the negotiation."
    assert any(said in text_of(m) for m in (await table.actor_of_seat(victim)).user.dm_channel.history())
    log = await (await table.actor_of_seat(attacker)).slash(table.thread, "table log")  # the other side's own log
    assert said in log.response.embeds[0].description
    sides = {(await table.actor_of_seat(side)).id for side in (victim, attacker)}
    bystander = next(player for player in table.players if player.id not in sides)
    assert said not in (await bystander.slash(table.thread, "table log")).response.embeds[0].description


@pytest.mark.slow
async def test_an_aim_taken_back_keeps_the_turns_pace_deadline(simcord_env, settings, monkeypatch):
    """README (Pace): "stepping back and forth buys no time, nor does a take-back", and the pay-off's
    steps are outside the pace. The attacker aims, the victim's offer gets the short pay-off limit,
    and the attacker takes the aim back: their turn keeps the pace deadline it had, not the pay-off's
    limit (which ran out and handed the seat to a computer player)."""
    fix_deal(monkeypatch, 21)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    state = await play_until(table, saboteurs_first(), lambda s: s.phase == "aim" and s.money[s.victim],
                             "a saboteur being aimed")
    attacker = state.current
    deadline = (await table.row()).deadlines[attacker]
    assert await play_turn_by_dm(table, saboteurs_first())
    assert (await table.state()).phase == "offer"
    person = await table.actor_of_seat(attacker)
    back = await person.user.click(person.user.dm_channel.history()[-1], label="↩ Take back")
    assert back.acknowledged and (await table.state()).phase == "aim"
    row = await table.row()
    assert abs(row.deadlines[attacker] - deadline) < 5  # the turn's own deadline, as before the aim
    await simcord_env.advance_time(settings.decision_timeout + 120)
    seat = next(s for s in await table.seats() if s.seat == attacker)
    assert not seat.away and seat.missed == 0 and (await table.row()).version == row.version


@pytest.mark.slow
async def test_the_board_does_not_tell_whose_answer_is_due_in_a_negotiation(simcord_env, monkeypatch):
    """README: "the thread sees only that they negotiate and whether they agree". After the victim's
    offer the board names both sides as acting (no turn marker, mention or deadline switching between
    them), so nobody can count the counter-proposals; the third player's panel waits for both."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    third = next(s for s in range(3) if s not in (attacker, victim))
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim offers
    after_offer = text_of(await board_message(table))
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[state.money[victim] + 2])  # a counter
    board = await board_message(table)
    assert text_of(board) == after_offer
    assert board.content.startswith("Waiting for") and "Waiting for" not in str([e.to_dict() for e in board.embeds])
    watcher = await dm_panel(table, third)
    names = {s.seat: s.display_name for s in await table.seats()}
    assert names[attacker] in text_of(watcher) and names[victim] in text_of(watcher)


@pytest.mark.slow
async def test_a_third_players_refusals_do_not_tell_whose_answer_is_due(simcord_env, monkeypatch):
    """The same secret through the third player's refusals: a choice pressed out of turn (an old
    panel, or a forged one) names both sides as awaited, and /table undo does not say which of them
    made the last hidden step; each answer is the same after the offer and after the counter-offer."""
    from tests.reliability.forge import forge_component, private_answer

    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    third = next(s for s in range(3) if s not in (attacker, victim))
    watcher = await table.actor_of_seat(third)
    names = {s.seat: s.display_name for s in await table.seats()}
    answers = []
    for offer in (moves.OFFERS[1], moves.OFFERS[state.money[victim] + 2]):  # the offer, then a counter
        assert await play_turn_by_dm(table, lambda st, seat: offer)
        row = await table.row()
        pressed = await forge_component(watcher.user, watcher.user.dm_channel.history()[-1],
                                        f"act:{table.table_id}:{row.version}:0")
        undo = await watcher.slash(table.thread, "table undo")
        answers.append((private_answer(pressed), private_answer(undo)))
        assert (await table.row()).version == row.version  # nothing changed
    assert answers[0] == answers[1]
    refusal, undo = answers[0]
    assert names[attacker] in refusal and names[victim] in refusal
    assert "another player has acted since" in undo and names[attacker] not in undo and names[victim] not in undo


async def negotiated_and_broken_off(env, monkeypatch):
    """The victim offers 1, the attacker asks for more than the victim has, the victim refuses;
    returns the table, the state at the offer, the board and the requests of the counter-offer."""
    table, state = await table_at_a_pay_off_offer(env, monkeypatch)
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])
    board = await board_message(table)
    mark = request_cursor(env)
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[state.money[state.victim] + 2])
    counter = env.http_requests[mark:]
    assert await play_turn_by_dm(table, lambda st, seat: moves.REFUSE)
    return table, state, board, counter


@pytest.mark.slow
async def test_a_secret_counter_offer_neither_edits_the_board_nor_numbers_the_log(simcord_env, monkeypatch):
    """README: "the thread sees only that they negotiate and whether they agree". A counter-offer
    changes nothing the thread sees, so the board is not edited (its "(edited)" time would tell the
    step), and /table log numbers the moves everyone saw: the negotiation's two public lines follow
    each other, with no gap counting the secret steps between them."""
    table, state, board, counter = await negotiated_and_broken_off(simcord_env, monkeypatch)
    in_thread = [r for r in counter if f"/channels/{table.thread.id}/messages" in r.path]
    assert not in_thread, [(r.method, r.path) for r in in_thread]
    spectator = table.guild.add_member(simcord_env.create_user("eve"))
    log = await spectator.slash(table.thread, "table log")
    lines = "\n".join(e.description or "" for e in log.response.embeds).splitlines()
    numbers = [int(line.split("`")[1]) for line in lines if "negotiate a pay-off" in line or "No pay-off" in line]
    assert len(numbers) == 2 and numbers[1] == numbers[0] + 1, lines
    assert "counts the moves everyone saw" in log.response.embeds[0].footer.text


@pytest.mark.slow  # plays by My hand up to a pay-off
async def test_with_dms_closed_a_secret_step_is_not_announced_in_the_thread(simcord_env, monkeypatch):
    """README: "the thread sees only that they negotiate and whether they agree"; "closed DMs make the
    thread point the player to My hand". When the negotiation opens, a negotiator whose DMs are closed
    is told to follow it with My hand, in words that do not say whose answer is due; a counter-offer's
    answer is not announced (only the two may know whose turn it is)."""
    table, state = await closed_dms_at_a_pay_off_offer(simcord_env, monkeypatch)
    opened = [m.id for m in table.thread.history()]
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim's (public) first step
    attacker = await table.actor_of_seat(state.current)
    told = [m.content for m in table.thread.history() if m.id not in opened and "you negotiate a pay-off" in m.content]
    assert told and f"<@{attacker.id}>" in told[0]  # told once, as it opens, without whose answer is due
    before = [m.id for m in table.thread.history()]
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[state.money[state.victim] + 2])
    assert (await table.state()).phase == "answer"
    assert [m.content for m in table.thread.history() if m.id not in before] == []


@pytest.mark.slow
async def test_a_secret_step_whose_answer_expired_is_not_announced_in_the_thread(simcord_env, monkeypatch):
    """README: in a pay-off "the thread sees only that they negotiate and whether they agree". A
    secret counter-offer made through My hand (DMs closed) whose answer expired is stored, and the
    thread is not told "<@player>, your move was stored": that would say whose step it was."""
    fix_deal(monkeypatch, 21)
    env = simcord_env
    table = await open_table(env, "baumeister", ["ada", "bo", "cy"])
    for player in table.players:  # nobody accepts DMs: they play through My hand
        env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", status=403, code=50007,
                         message="Cannot send messages to this user", times=None)
    await start(table)
    await play_until(table, saboteurs_first(), lambda s: s.phase == "offer" and s.money[s.victim],
                     "a saboteur on the building of a player with thalers")
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim's first step
    state = await table.state()
    assert state.phase == "answer"
    seat = state.actor
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    index = seat_choices(SPEC, state, seat).index(moves.OFFERS[state.money[state.victim] + 2])
    before = {m.id for m in table.thread.history()}
    env.check_errors = False  # the failed answer is logged as a warning
    env.inject_error("POST", "/interactions/*/callback", times=1, status=404, code=10062, message="Unknown interaction")
    await choose(actor, panel, index)
    assert (await table.state()).actor != seat, "the secret counter-offer is stored"
    assert [m.content for m in table.thread.history() if m.id not in before] == []


@pytest.mark.slow  # plays by DM up to a pay-off
@pytest.mark.parametrize("status, code", [(500, 0), (403, 50007)])
async def test_a_negotiators_dm_that_fails_mid_negotiation_points_both_sides_to_my_hand(simcord_env, monkeypatch,
                                                                                       status, code):
    """A counter-offer's DM to the victim fails (Discord down a moment, or DMs closed since the
    negotiation opened): the victim is still told, in the thread, in words that do not say whose
    answer is due ("the thread sees only that they negotiate and whether they agree")."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = (await table.actor_of_seat(state.current)), (await table.actor_of_seat(state.victim))
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim offers 1 (public step)
    simcord_env.check_errors = False
    simcord_env.inject_error("POST", f"/channels/{victim.user.dm_channel.id}/messages", status=status, code=code,
                             times=1)
    before = [m.id for m in table.thread.history()]
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[state.money[state.victim] + 2])
    assert (await table.state()).actor == state.victim  # the victim's answer is due
    (told,) = [m for m in table.thread.history() if m.id not in before]
    sides = " ".join([f"<@{(await table.actor_of_seat(seat)).id}>" for seat in sorted((state.current, state.victim))])
    assert told.content == (f"{sides}: you negotiate a pay-off: press **My hand** on the board for your part, "
                            "and again after each answer.")
    assert {u.id for u in told.mentions} == {attacker.id, victim.id}


@pytest.mark.slow  # plays by DM up to a pay-off
async def test_a_negotiator_the_computer_plays_is_not_pointed_to_my_hand(simcord_env, monkeypatch):
    """The victim abandons at the offer (the computer offers for them, README: My hand is refused
    to them); the saboteur's DM of the answer fails: the thread points only the saboteur to My hand."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = (await table.actor_of_seat(state.current)), (await table.actor_of_seat(state.victim))
    simcord_env.check_errors = False
    simcord_env.inject_error("POST", f"/channels/{attacker.user.dm_channel.id}/messages", status=500, times=1)
    before = [m.id for m in table.thread.history()]
    await victim.slash(table.thread, "table abandon")  # the computer makes the victim's offer
    now = await table.state()
    assert now.phase == "answer" and now.actor == state.current
    (told,) = [m for m in table.thread.history() if m.id not in before and "negotiate a pay-off" in (m.content or "")]
    assert told.content.startswith(f"<@{attacker.id}>: you negotiate a pay-off")
    assert {u.id for u in told.mentions} == {attacker.id}


@pytest.mark.slow  # plays by DM up to a pay-off
async def test_a_victim_with_closed_dms_is_pointed_to_my_hand_as_the_negotiation_opens(simcord_env, monkeypatch):
    """The victim's DMs are closed, the saboteur's open: the saboteur's answer goes by DM, and the
    victim, whose next answer is due after it, is pointed to My hand as the negotiation opens (a
    mention then, at the public step, says nothing of whose answer is due); else her time for
    answering a counter-offer would run out before she heard of it."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = (await table.actor_of_seat(state.current)), (await table.actor_of_seat(state.victim))
    simcord_env.inject_error("POST", f"/channels/{victim.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    await table.bot.store.tables.update_seat(table.table_id, state.victim, dm_ok=False)
    before = [m.id for m in table.thread.history()]
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim offers 1 (public step)
    assert (await table.state()).actor == state.current  # the saboteur answers (by DM)
    told = [m for m in table.thread.history() if m.id not in before and "you negotiate a pay-off" in (m.content or "")]
    assert len(told) == 1 and {u.id for u in told[0].mentions} == {attacker.id, victim.id}, [m.content for m in told]
    assert "My hand" in labels(told[0])
    before = [m.id for m in table.thread.history()]
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[state.money[state.victim] + 2])  # a counter
    assert (await table.state()).actor == state.victim
    assert not [m for m in table.thread.history() if m.id not in before], "once a negotiation, at its opening"
