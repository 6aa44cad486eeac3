"""A whole Augsburg 1520 game through the bot, as players play it."""

from __future__ import annotations

import pytest

from games import Outcome, registry
from games.augsburg1520.data import PRIVILEGE_CARDS, PRIVILEGE_NAMES
from tests.bot.driver import (board_message, heuristic_players, labels, open_table, opening_chosen_by_ada,
                              panel_message, play_to_the_end, play_turn_by_dm, play_until, shown_to, start, text_of)


@pytest.mark.slow
async def test_complete_two_player_game_from_create_to_final_standings(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    spec = registry.get("augsburg1520")
    policies = {seat: spec.policy("heuristic", seed=seat) for seat in range(2)}
    await play_to_the_end(table, lambda state, seat: policies[seat].choose(state, seat))
    row = await table.row()
    assert row.status == "finished"
    final = table.thread.last_message
    assert "final standings" in final.embeds[0].title
    assert all(name in final.embeds[0].description for name in ("ada", "bo"))
    # the score once, with its unit; the log in the game's words (agencies are opened in cities)
    places = [line for line in final.embeds[0].description.splitlines() if line.startswith("**")]
    assert all(line.endswith(" prestige") and line.count("prestige") == 1 for line in places), places
    said = "\n".join(text for player in table.players for text in shown_to(simcord_env, player.id))
    assert "receives 0 free cards" not in said and "opens an agency in" in said, said[-300:]
    assert not any(f"becomes {city}" in said for city in ("Innsbruck", "Antwerpen", "Venedig"))
    # the stored game replays exactly from its seed and action log
    replayed = await simcord_env.bot.service.replay(table.table_id)
    assert spec.dump_state(replayed) == row.state
    # nothing is kept in memory for the ended table: locks, board and seat notes are dropped
    bot = simcord_env.bot
    assert len(bot.service.locks) == 0 and len(bot.presenter.boards.locks) == 0
    assert bot.presenter.boards.shown.get(table.table_id) is None
    assert bot.service._notes.get(table.table_id) is None


def holding_policy(spec):
    """The heuristic player, except that in an auction it holds the high bid whenever it can,
    so that auctions end with tied finalists who reveal their cards secretly."""
    heuristic = {}

    def choose(state, seat):
        actions = spec.legal_actions(state, seat)
        if state.phase == "bid":
            holds = [a for a in actions if a.kind == "bid" and a.cards == state.high]
            bids = sorted((a for a in actions if a.kind == "bid"), key=lambda a: a.cards)
            if holds or bids:
                return (holds or bids)[0]
        player = heuristic.setdefault(seat, spec.policy("heuristic", seed=seat))
        return player.choose(state, seat)

    return choose


@pytest.mark.slow
async def test_restart_in_the_middle_of_an_auction_keeps_a_pending_sealed_reveal(simcord_env, settings):
    from bot import create_bot

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    spec = registry.get("augsburg1520")
    choose = holding_policy(spec)
    state = await play_until(table, choose, lambda s: s.phase == "reveal" and sum(s.done) == 1,
                             "a sealed reveal", limit=500)
    before = await table.row()
    finished = state.done.index(True)
    sealed = list(state.picks[finished])
    assert sealed, "the finished finalist's cards are stored, still secret"

    await simcord_env.restart_bot(create_bot(settings))

    after = await table.row()
    assert (after.version, after.state) == (before.version, before.state)  # nothing lost
    # The other finalist finishes the reveal by clicking the DM panel sent before the restart.
    while (await table.state()).phase == "reveal":
        assert await play_turn_by_dm(table, choose)
    state = await table.state()
    shown_cards = {card for shown in state.shown for card in shown}
    assert set(sealed) <= shown_cards, "the card chosen before the restart was revealed"
    await play_to_the_end(table, choose)
    assert (await table.row()).status == "finished"


@pytest.mark.slow
async def test_abandon_hands_the_seat_to_a_computer_and_ranks_the_player_last(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    refused = await table.guild.add_member(simcord_env.create_user("dee")).slash(
        table.thread, "table abandon")
    assert "not seated" in refused.response.content
    result = await bo.slash(table.thread, "table abandon")
    assert result.ephemeral and "ranked last" in result.response.content
    assert any("bo abandoned the game" in m.content for m in table.thread.history())
    again = await bo.slash(table.thread, "table abandon")
    assert "already abandoned" in again.response.content
    # Out of the game, bo no longer sees the seat's hidden cards (the computer's now) to pass them on.
    hand = await bo.slash(table.thread, "table hand")
    assert hand.ephemeral and not hand.response.embeds and "no longer shown to you" in hand.response.content
    spec = registry.get("augsburg1520")
    policies = {s: spec.policy("heuristic", seed=s) for s in range(3)}
    await play_to_the_end(table, lambda state, seat: policies[seat].choose(state, seat))
    row = await table.row()
    assert row.status == "finished"
    outcome = Outcome.model_validate_json(row.outcome)
    bo_seat = await table.seat_of(bo)
    assert outcome.ranking[-1] == [bo_seat]
    assert "Forfeited (ranked last): bo" in table.thread.last_message.embeds[0].footer.text


@pytest.mark.slow
async def test_board_is_new_at_each_round_and_edited_within_it(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    spec = registry.get("augsburg1520")
    policies = {s: spec.policy("heuristic", seed=s) for s in range(2)}
    seen: dict[int, set[int]] = {}  # board message id -> the rounds it showed
    auctions: dict[int, set[int]] = {}  # board message id -> the auctions it showed
    texts: dict[int, set[str]] = {}  # board message id -> the different contents it had
    while (state := await table.state()).round < 3:
        board = await board_message(table)
        seen.setdefault(board.id, set()).add(state.round)
        auctions.setdefault(board.id, set()).add(state.auction)
        texts.setdefault(board.id, set()).add(str([e.to_dict() for e in board.embeds]))
        await play_turn_by_dm(table, lambda st, s: policies[s].choose(st, s))
    # a board message for the purchase before the first round, then a new one at each round (and
    # one more when a round's log outgrows its board)...
    assert len(seen) >= 3
    assert all(len(rounds) == 1 for rounds in seen.values())
    # ...edited as the round's auctions went by, the log telling them
    assert max(len(a) for a in auctions.values()) >= 3
    assert any(len(contents) >= 5 for contents in texts.values())
    # /table hand in the thread shows the private panel, like the board's button
    hand = await table.players[0].slash(table.thread, "table hand")
    assert hand.ephemeral and "your hand" in hand.response.embeds[0].title


async def test_a_dm_panel_says_first_what_is_asked(simcord_env):
    """The first line of a DM is what a phone's notification shows: what is asked, not a link."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    first_dm = ada.user.dm_channel.history()[-1].content.splitlines()
    # The secret purchase at the start: both choose at once.
    assert first_dm[0] == "**Your turn in Augsburg 1520 (table #1)**: choose secretly; the others choose at the same time."
    assert first_dm[-1].startswith("Table: https://discord.com/channels/")
    spec = registry.get("augsburg1520")
    policies = {s: spec.policy("heuristic", seed=s) for s in range(2)}
    state = await play_until(table, lambda st, s: policies[s].choose(st, s),
                             lambda st: st.phase == "bid", "the first auction")
    bidder = await table.actor_of_seat(state.bidder)
    seat = next(s for s in await table.seats() if s.user_id == bidder.id)
    panel = await panel_message(table, bidder, seat)
    assert panel.content.splitlines()[0] == "**Your turn in Augsburg 1520 (table #1)**"


async def test_the_last_player_still_to_choose_in_a_sealed_choice_is_told(simcord_env):
    table, _, _ = await opening_chosen_by_ada(simcord_env)
    ada, bo = table.players
    told = [m for m in bo.user.dm_channel.history() if "You are the last to choose" in (m.content or "")]
    assert len(told) == 1 and "Augsburg 1520 (table #1)" in told[0].content
    assert told[0].content.startswith("**You are the last to choose")  # what the notification shows
    assert told[0] == bo.user.dm_channel.history()[-1] and labels(told[0])  # it is bo's panel
    assert not [m for m in ada.user.dm_channel.history() if "last to choose" in (m.content or "")]


async def test_a_take_back_that_makes_another_choose_again_turns_the_last_to_choose_notice_into_a_panel(simcord_env):
    """Bo was told he is the last to choose; Ada takes back her last choice and chooses again. Bo's
    newest DM no longer says "the others have chosen": it is his ordinary panel, controls and all."""
    table, _, _ = await opening_chosen_by_ada(simcord_env)
    ada, bo = table.players
    notice = bo.user.dm_channel.history()[-1]
    assert "the others have chosen" in notice.content
    panel = next(m for m in reversed(ada.user.dm_channel.history()) if "↩ Take back" in labels(m))
    assert (await ada.user.click(panel, label="↩ Take back")).acknowledged
    assert {await table.seat_of(ada), await table.seat_of(bo)} <= set(
        table.bot.service.spec(await table.row()).to_act(await table.state()))
    notice = next(m for m in bo.user.dm_channel.history() if m.id == notice.id)
    assert notice == bo.user.dm_channel.history()[-1]
    assert "last to choose" not in notice.content and "the others have chosen" not in notice.content
    assert notice.content.startswith("**") and labels(notice), notice.content


async def test_answering_on_the_panel_before_the_last_to_choose_notice_retires_the_notice(simcord_env):
    table, choose_on, older = await opening_chosen_by_ada(simcord_env)
    bo = table.players[1]
    notice = bo.user.dm_channel.history()[-1]
    assert "last to choose" in notice.content and labels(notice)
    await choose_on(bo, older)  # bo answers on the panel he had, not on the notice
    notice = next(m for m in bo.user.dm_channel.history() if m.id == notice.id)
    assert not labels(notice)  # the notice's controls are gone: the answered panel is the current one
    # and, his newest DM, it no longer asks him to choose: his choices go on on the panel he answered
    assert notice.content == ("**Augsburg 1520 (table #1)**: you answered on the earlier panel above; your "
                              "choices are there now.") and not notice.embeds


async def test_the_board_shows_the_privilege_cards_discarded_face_up(simcord_env):
    """rulebook: "The card is discarded face up beneath the 5 Privilege cards not used." and
    "Unclaimed Privilege cards are discarded at the end of the round.": the board calls both so."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    state = await play_until(table, policy, lambda s: len(s.used_privileges) >= 2, "two privilege cards used")
    field = next(f.value for f in (await board_message(table)).embeds[0].fields if f.name == "Privilege cards")
    used = [f"#{n}: " + " · ".join(PRIVILEGE_NAMES[code] for code in PRIVILEGE_CARDS[n]) for n in state.used_privileges]
    assert "Discarded, face up: " + "; ".join(used) in field and "Used, face up" not in field


async def test_the_first_purchase_board_says_the_face_down_cards_come_in_round_2(simcord_env):
    """Preparation: "5 cards placed face up ... The other 5 are set aside face down"; The next Round:
    "Turn over the next 5 Privilege cards." Round 1 is played with the cards on display while the
    first cards are bought: the face-down ones come in round 2, not "next round"."""
    from games import registry
    spec = registry.get("augsburg1520")
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    state = await table.state()
    assert state.round == 0 and state.phase == "buy"
    after = state
    for seat in range(2):
        after, _ = spec.apply(after, seat, {"kind": "finish_buying"})
    assert after.round == 1 and after.display == state.display  # the engine: same cards in round 1
    board = text_of(await board_message(table))
    assert "Face down until round 2: 5" in board and "Face down for next round" not in board
