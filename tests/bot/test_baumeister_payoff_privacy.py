"""A seated bystander probes a Baumeister pay-off negotiation: the thread "sees only that they
negotiate and whether they agree" (README), so neither forged Take back buttons, nor /table undo,
nor the numbers their own panels' controls carry may tell them how many private steps were taken,
or who took the last one."""
from __future__ import annotations

import pytest

from games import registry
from games.baumeister import moves
from tests.bot.driver import board_message, buttons, play_turn_by_dm, text_of
from tests.bot.test_baumeister_sabotage import table_at_a_pay_off_offer
from tests.reliability.forge import forge_component

SPEC = registry.get("baumeister")


async def probe(table, bystander, board, version: int) -> str:
    result = await forge_component(bystander, board, f"undo:{table.table_id}:{version}")
    return text_of(result.response)


async def guess_version(table, bystander, low: int, high: int) -> list[int]:
    """The versions for which a forged take-back is answered otherwise than 'out of date'."""
    board = await board_message(table)
    return [v for v in range(low, high) if "out of date" not in await probe(table, bystander, board, v)]


@pytest.mark.slow
async def test_a_bystander_cannot_count_the_private_pay_off_steps(simcord_env, monkeypatch):
    """README: while the two answer each other "the board, /tournament status and the other players'
    panels name both as awaited ... and the board is not edited at each step ... so the thread does
    not learn whose answer is due". A third player must not learn how many private steps were
    taken (and so whose answer is due) by pressing forged Take back buttons."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    bystander_seat = next(s for s in range(3) if s not in (attacker, victim))
    bystander = await table.actor_of_seat(bystander_seat)
    amount = min(2, state.money[victim])
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[amount])  # public: "negotiate"
    public_version = (await table.row()).version
    seen_at_public = await guess_version(table, bystander, public_version - 3, public_version + 6)

    # The attacker counters privately (asks for more): the victim must answer now.
    offered = await table.state()
    assert offered.phase == "answer" and offered.actor == attacker
    ask = next(a for a in SPEC.legal_actions(offered, attacker) if a.kind == "offer")
    assert await play_turn_by_dm(table, lambda st, seat: ask)
    after = await table.state()
    assert after.phase == "answer" and after.actor == victim  # a private step was taken
    seen_after = await guess_version(table, bystander, public_version - 3, public_version + 6)
    # What the bystander learns from the probes must be the same before and after the private step.
    assert seen_after == seen_at_public, (
        f"forged take-backs answered differently at versions {seen_at_public} (after the public offer) "
        f"and {seen_after} (after one private counter-offer): the bystander counts the private steps")


@pytest.mark.slow
async def test_table_undo_after_a_pay_off_does_not_say_who_accepted(simcord_env, monkeypatch):
    """The thread learns only that the two "agree on a pay-off" (README: it "sees only that they
    negotiate and whether they agree"): not who made the last, private, step. Here the victim offers
    1, the attacker privately asks for 2 and the victim accepts; a third player then types
    `/table undo`."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    third = await table.actor_of_seat(next(s for s in range(3) if s not in (attacker, victim)))
    names = {s.seat: s.display_name for s in await table.seats()}
    assert state.money[victim] >= 2
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[2])  # the attacker asks for 2
    assert await play_turn_by_dm(table, lambda st, seat: moves.ACCEPT)  # the victim accepts
    from tests.bot.driver import thread_text
    public = thread_text(table)
    assert f"{names[victim]} and {names[attacker]} agree on a pay-off" in public
    answer = text_of((await third.slash(table.thread, "table undo")).response)
    assert names[victim] not in answer, f"the refusal names who accepted the pay-off: {answer!r}"


@pytest.mark.slow
async def test_a_bystanders_panels_carry_no_table_version(simcord_env, monkeypatch):
    """A version counts every stored action, a pay-off's private steps too: the controls of the
    bystander's next panel after a pay-off with one private counter-offer must not carry it (else
    comparing it with the moves the thread saw counts the secret ones)."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    bystander_seat = next(s for s in range(3) if s not in (attacker, victim))
    bystander = await table.actor_of_seat(bystander_seat)
    assert state.money[victim] >= 2
    for step in (moves.OFFERS[1], moves.OFFERS[2], moves.ACCEPT):  # offer, a private counter, accepted
        assert await play_turn_by_dm(table, lambda st, seat, step=step: step)
    versions = set(range((await table.row()).version + 20))
    shown = (await bystander.click(await board_message(table), label="My hand")).response.message
    carried = [int(c.custom_id.split(":")[2]) for c in buttons(shown)
               if (c.custom_id or "").startswith(("act:", "pick:", "amount:", "undo:"))]
    assert carried and not set(carried) & versions, carried


@pytest.mark.slow
async def test_a_board_refused_at_the_public_offer_is_not_caught_up_at_a_secret_step(simcord_env, monkeypatch):
    """README: "the board is not edited at each step ... so the thread does not learn whose answer is
    due". Discord refuses both the board edit and a new board at the public offer; the next step, a
    secret counter-offer, must not be when the thread changes (its retry comes at its own time)."""
    from tests.reliability.forge import messages_of
    env = simcord_env
    table, state = await table_at_a_pay_off_offer(env, monkeypatch)
    board = await board_message(table)
    env.check_errors = False
    env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/{board.id}", status=500, times=1)
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500, times=1)
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # public: "negotiate"
    assert (await table.state()).phase == "answer"
    before = messages_of(env, [table.thread.id])
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[state.money[state.victim] + 2])  # secret
    st = await table.state()
    assert st.phase == "answer" and st.actor == state.victim
    assert messages_of(env, [table.thread.id]) == before, "the thread changed at a secret step"
    await env.advance_time(400)  # the retry (after five minutes) shows the offer
    assert "negotiate" in text_of(await board_message(table))
