"""README, Reliability: "Bad input is answered privately and changes nothing; an answer quotes what
was typed ..." and "the refusal of any other text says which of below the lowest amount, above the
highest, ...". A bid typed in digits but outside the range (one more than the most the bidder may
bid; 0) is answered as "-1" or a ten-digit number are: quoted, with above or below and the range."""
from __future__ import annotations

import copy

from games import registry
from games.augsburg1520.cards import NOTE_COUNT
from tests.bot.driver import board_message, fix_deal, heuristic_players, labels, open_table, play_until, start

SPEC = registry.get("augsburg1520")


async def big_hand_bidder(env, monkeypatch):
    """Two players at the first visit; the bidder is given 30 more notes and the visit made
    Maximilian's, so the menu (Pass and 24 bids) cannot list every bid."""
    fix_deal(monkeypatch, 3)
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    state = await play_until(table, heuristic_players("augsburg1520", 2),
                             lambda s: s.phase == "bid" and s.round == 1 and s.high == 0, "first bid", limit=100)
    st = copy.deepcopy(state)
    st.auction = 4
    take = [c for c in st.draw if c < NOTE_COUNT][:30]
    st.draw = [c for c in st.draw if c not in take]
    st.hands[st.bidder] = st.hands[st.bidder] + take
    await table.put_state(st)
    return table, st, st.bidder


async def test_an_out_of_range_typed_bid_is_quoted_and_said_to_be_above_or_below(simcord_env, monkeypatch):
    table, st, seat = await big_hand_bidder(simcord_env, monkeypatch)
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    assert "Other amount…" in labels(panel)
    choice = SPEC.amount_choice(st, seat)
    version = (await table.row()).version
    answers = {}
    for typed in (str(choice.high + 1), "0", "-1"):
        shown = await actor.click(panel, label="Other amount…")
        answer = await actor.submit_modal(shown, {"amount": typed})
        assert answer.response.ephemeral and (await table.row()).version == version
        answers[typed] = answer.response.message.content
    assert "1 is below the lowest amount" in answers["-1"], answers  # how a negative one is answered
    above = answers[str(choice.high + 1)]
    assert above.startswith(f"{choice.high + 1} is above the highest amount"), answers
    assert answers["0"].startswith("0 is below the lowest amount"), answers


async def test_an_open_amount_form_is_not_kept_by_the_bot(simcord_env, monkeypatch):
    """A form opened and never answered (closed, or left open) holds nothing in the bot: its answer
    is read from the interaction, so the form object is not kept until it times out."""
    table, st, seat = await big_hand_bidder(simcord_env, monkeypatch)
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    for _ in range(3):
        shown = await actor.click(panel, label="Other amount…")
        assert shown.modal is not None and shown.modal["custom_id"].startswith(f"amountform:{table.table_id}:")
    kept = simcord_env.bot._connection._view_store  # discord.py's store of views and forms awaiting answers
    assert not any(key.startswith("amountform:") for key in kept._modals), list(kept._modals)
    answer = await actor.submit_modal(shown, {"amount": "0"})  # still answered
    assert answer.response.ephemeral and answer.response.message.content.startswith("0 is below the lowest amount")


async def test_a_form_discord_will_not_open_is_one_warning_line_not_a_fault(simcord_env, monkeypatch, caplog):
    """A press that expired before its form could open ("Unknown interaction") changed nothing: it
    is logged as other refused answers are, not as the bot's own fault with a traceback."""
    table, st, seat = await big_hand_bidder(simcord_env, monkeypatch)
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    simcord_env.inject_error("POST", "/interactions/*/callback", status=404, code=10062, times=1)
    version = (await table.row()).version
    caplog.clear()
    await actor.click(panel, label="Other amount…")
    lines = [r for r in caplog.records if r.name.startswith("bot")]
    assert [r.levelname for r in lines] == ["WARNING"] and not lines[0].exc_info, lines
    assert "could not be opened" in lines[0].getMessage() and "amount of table" in lines[0].getMessage()
    assert (await table.row()).version == version
