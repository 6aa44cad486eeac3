"""Wettstreit der Baumeister through the bot: a whole game by DM, a restart during an auction,
and money that stays secret."""

from __future__ import annotations

import pytest

import re

from games import registry
from games.core import plural
from games.baumeister.views import card_view
from tests.bot.driver import (board_message, fix_deal, heuristic_players, open_table, play_to_the_end,
                              play_turn_by_dm, play_until, request_cursor, shown_to, start, strings_in)

SPEC = registry.get("baumeister")
# A deal (table seed) after which the computer players' choices below end with all three bonuses
# of a complete city and cards left in hands: the final standings show every kind of line.
DEAL = 152


def points_of(line: str) -> int:
    """The points one scoring line adds: "Buildings: 23 (6 cards)", "...: +10", "Cards in hand: -7 (...)"."""
    if line.startswith("Buildings: "):
        return int(line.split()[1])
    if line.startswith("Cards in hand: -"):
        return -int(line.split("-")[1].split()[0])
    bonus = re.search(r": \+(\d+)$", line)
    return int(bonus.group(1)) if bonus else 0


@pytest.mark.slow
async def test_complete_three_player_game_shows_every_scoring_line(simcord_env, monkeypatch):
    fix_deal(monkeypatch, DEAL)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    choose = heuristic_players("baumeister", 3)
    clicks = await play_to_the_end(table, choose, limit=1500)
    row = await table.row()
    assert row.status == "finished" and clicks > 200
    outcome = SPEC.outcome(await table.state())

    final = table.thread.last_message.embeds[0]
    assert "final standings" in final.title
    lines = final.description.splitlines()
    for seat, name in enumerate(("ada", "bo", "cy")):
        # Each player's heading, then their scoring lines one by one, in the engine's order.
        heading = next(i for i, line in enumerate(lines) if f"{name} — {plural(int(outcome.scores[seat]), 'point')}" in line)
        details = outcome.details[seat]
        shown_lines = [line.strip(" ·") for line in lines[heading + 1:heading + 1 + len(details)]]
        assert shown_lines == details
        # The lines account for the whole score: buildings, each bonus, the hand penalty.
        assert sum(map(points_of, shown_lines[:-1])) == outcome.scores[seat]
        assert shown_lines[-1] == f"Total: {int(outcome.scores[seat])}"
    shown = "\n".join(lines)
    for bonus in ("Town hall exactly in the middle: +10", "on each side of the town hall: +5",
                  "Corner towers of equal value"):
        assert bonus in shown, f"deal {DEAL} no longer ends with the bonus {bonus!r}"
    assert "Cards in hand: -" in shown
    # The last board numbers nobody (a seat number there reads as a place) and shows the hands
    # the standings score.
    board = (await board_message(table)).embeds[0]
    assert board.title.endswith("Game over")
    state = await table.state()
    for seat, name in enumerate(("ada", "bo", "cy")):
        field = next(f for f in board.fields if name in f.name)
        assert field.name.lstrip("▶ ").startswith(name), field.name
        left = sorted(state.hands[seat])
        assert ("Left in hand: " in field.value) == bool(left) and "value unknown" not in field.value
        assert all(card_view(card).name in field.value for card in left)
    replayed = await simcord_env.bot.service.replay(table.table_id)
    assert SPEC.dump_state(replayed) == row.state


async def test_restart_during_an_auction_keeps_the_bidders_dm_buttons_working(simcord_env, settings, monkeypatch):
    from bot import create_bot

    fix_deal(monkeypatch, 11)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    choose = heuristic_players("baumeister", 3)
    state = await play_until(table, choose, lambda s: s.phase == "bidding" and s.bids, "an auction", limit=300)
    bidder = state.actor
    before = await table.row()
    seat_row = next(s for s in await table.seats() if s.seat == bidder)
    panel_id = seat_row.dm_message_id
    assert panel_id is not None, "the bidder was sent a DM panel"

    await simcord_env.restart_bot(create_bot(settings))

    after = await table.row()
    assert (after.version, after.state, after.prompts) == (before.version, before.state, before.prompts)
    # The bidder answers on the DM panel sent before the restart: accepted, nothing lost.
    assert await play_turn_by_dm(table, choose)
    row = await table.row()
    assert row.version == before.version + 1
    seat_row = next(s for s in await table.seats() if s.seat == bidder)
    assert seat_row.dm_message_id == panel_id, "the pre-restart DM panel itself was answered"
    bids = (await table.state()).bids
    assert bids[:len(state.bids)] == state.bids and len(bids) == len(state.bids) + 1
    while (await table.state()).phase == "bidding":
        assert await play_turn_by_dm(table, choose)
    replayed = await simcord_env.bot.service.replay(table.table_id)
    assert SPEC.dump_state(replayed) == (await table.row()).state


def check_money_lines(env, people, money, cursor) -> None:
    """Every money line shown to a person since `cursor` is their own money now."""
    for seat, person in people.items():
        for text in shown_to(env, person.id, since=cursor):
            for line in text.splitlines():
                if "Money:" in line:
                    assert line == f"**Money:** {money[seat]} thaler{'s' * (money[seat] != 1)} (only you see this)", (
                        f"{person.user.name} was shown {line!r}; their money is {money[seat]}")


@pytest.mark.slow  # a whole game, every message checked
async def test_money_is_shown_to_its_owner_only(simcord_env, monkeypatch):
    """rulebook: "During the entire game, everyone keeps secret his/her money supply behind
    his/her building tent." The board and the thread never show money; each private panel shows
    only its owner's money, as it was when the panel was sent."""
    fix_deal(monkeypatch, 12)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    choose = heuristic_players("baumeister", 3)
    people = {await table.seat_of(p): p for p in table.players}
    hands_opened = 0
    for step in range(150):
        if step % 10 == 5:  # now and then everybody also opens "My hand" on the board
            cursor = request_cursor(simcord_env)
            for person in people.values():
                await person.click(await board_message(table), label="My hand")
            check_money_lines(simcord_env, people, (await table.state()).money, cursor)
            hands_opened += 1
        cursor = request_cursor(simcord_env)
        if not await play_turn_by_dm(table, choose):
            break
        check_money_lines(simcord_env, people, (await table.state()).money, cursor)
    assert hands_opened >= 5
    # Public texts: the thread's messages and the board never carry a money line.
    public = [text for message in table.thread.history() for text in strings_in(
        [message.content, [e.to_dict() for e in message.embeds]])]
    assert not [t for t in public if "Money:" in t or "only you see" in t]
    board = (await board_message(table)).embeds[0]
    assert board.footer.text.startswith("Money is kept secret")


async def test_the_board_shows_the_cash_supply_as_it_changes(simcord_env, monkeypatch):
    """rulebook: "The remaining coins forms a cash supply in the middle of the table." It lies
    open (only each player's own money is secret): the board shows it, move after move."""
    fix_deal(monkeypatch, 12)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    choose = heuristic_players("baumeister", 3)
    supplies = set()
    for _ in range(12):
        supply = SPEC.view(await table.state(), None).bank
        supplies.add(supply)
        assert f"Cash supply: {supply} thalers" in (await board_message(table)).embeds[0].description
        assert await play_turn_by_dm(table, choose)
    assert 60 in supplies and len(supplies) > 1  # 90 thalers less 10 to each player, then payments into it
