"""Wettstreit der Baumeister through the bot: the top face-down card auctioned blind.

The tests read every message the bot sent (REST requests) and sort them by who could see them:
the thread and the board (everyone), each person's DMs, and the answers to their own clicks
("My hand" panels)."""

from __future__ import annotations

import pytest

from games import registry
from games.baumeister import moves
from games.baumeister.data import CARDS
from tests.bot.driver import (thread_text, board_message, fix_deal, open_table, play_turn_by_dm, request_cursor, shown_to,
                              start)

SPEC = registry.get("baumeister")
# Deals (table seeds) whose top face-down card is a church of which only one card exists, so its
# name can be looked for anywhere: 7 puts Church 7 there, 58 Church 9.
WON_BY_AUCTIONEER, NAMED = 7, 58
REVEALING = ("names the face-down card", "it is a ", "the face-down church", "value unknown",
             "face-down card you", "looks at the face-down card:", "bought the face-down card:")


def blind_auction(raises: int):
    """The heuristic players, except in the first auction: the auctioneer auctions the face-down
    card and opens at 0; the next `raises` bidders raise by one, everybody else passes; and the
    card bought is kept in hand (not built) while the test watches."""
    players = {seat: SPEC.policy("heuristic", seed=seat) for seat in range(4)}
    plan = {"raises": raises, "card": None}

    def choose(state, seat):
        if state.phase == "lot" and plan["card"] is None:
            plan["card"] = state.hidden_stack[-1]
            return moves.AUCTION_HIDDEN
        if state.phase == "opening" and state.lot == plan["card"]:
            return moves.BIDS[0]
        if state.phase == "bidding" and state.lot == plan["card"]:
            if plan["raises"] and seat != state.current:
                plan["raises"] -= 1
                return moves.BIDS[state.high_bid + 1]
            return moves.PASS
        action = players[seat].choose(state, seat)
        if action.kind == "pick" and plan["card"] is not None and action.card == CARDS[plan["card"]].id:
            return moves.DONE if moves.DONE in SPEC.legal_actions(state, seat) else action
        return action

    return choose, plan


async def dealt_table(env, monkeypatch, deal: int):
    fix_deal(monkeypatch, deal)
    table = await open_table(env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    people = {await table.seat_of(p): p for p in table.players}
    return table, people


async def everybody_opens_my_hand(table, people) -> None:
    for person in people.values():
        await person.click(await board_message(table), label="My hand")


def lowered(env, person, since: int) -> str:
    return "\n".join(shown_to(env, person.id, since=since)).lower()


@pytest.mark.slow
async def test_a_blind_lot_won_by_its_auctioneer_stays_secret(simcord_env, monkeypatch):
    """rulebook: "Only the auctioneer looks at the top card and must do a first bid without saying
    or showing which building card it is." "If the auction doesn't go into a second bidding round,
    since nobody outbid the auctioneer, the card is handed over without the other players knowing
    anything about the type of the building." """
    table, people = await dealt_table(simcord_env, monkeypatch, WON_BY_AUCTIONEER)
    choose, plan = blind_auction(raises=0)
    cursor = request_cursor(simcord_env)
    while (await table.state()).phase != "bidding":
        assert await play_turn_by_dm(table, choose)
    state = await table.state()
    auctioneer, card = state.current, CARDS[plan["card"]]
    assert card.name == "Church 7"
    await everybody_opens_my_hand(table, people)  # during the auction
    while (await table.state()).phase == "bidding":
        assert await play_turn_by_dm(table, choose)
    state = await table.state()
    assert plan["card"] in state.hands[auctioneer] and not state.typed_cards >> plan["card"] & 1
    await everybody_opens_my_hand(table, people)  # the card is in the auctioneer's hand
    # A whole round goes by with the card in hand, until the auctioneer's next turn.
    while (await table.state()).current == auctioneer:
        assert await play_turn_by_dm(table, choose)
    while (state := await table.state()).current != auctioneer or state.phase != "income":
        assert await play_turn_by_dm(table, choose)
    assert plan["card"] in state.hands[auctioneer]
    await everybody_opens_my_hand(table, people)

    for seat, person in people.items():
        seen = lowered(simcord_env, person, cursor)
        if seat == auctioneer:
            assert "**the face-down card you auction:** church 7" in seen  # the DM panel shows it
            assert "looks at the face-down card: church 7." in seen
            assert "church 7" in seen.split("**hand (")[-1]  # and the "My hand" panel lists it
        else:
            assert "auctions the top face-down card" in seen and "**money:**" in seen  # thread, board, panels
            assert "church 7" not in seen and card.id not in seen, f"{person.user.name} saw the card"
            assert not [phrase for phrase in REVEALING if phrase in seen], f"{person.user.name} learnt its type"


async def test_a_blind_lot_bid_round_to_its_auctioneer_has_its_type_named(simcord_env, monkeypatch):
    """rulebook: "If the auction is still going when it gets back round to the auctioneer then
    he/she must name the building type for all players to hear, but not, however, the building
    value or number of shields / coins." """
    table, people = await dealt_table(simcord_env, monkeypatch, NAMED)
    choose, plan = blind_auction(raises=2)
    cursor = request_cursor(simcord_env)
    while (state := await table.state()).phase != "bidding" or not state.type_named:
        assert await play_turn_by_dm(table, choose)
    auctioneer, card = state.current, CARDS[plan["card"]]
    assert card.name == "Church 9" and state.actor == auctioneer
    names = {seat: person.user.name for seat, person in people.items()}
    public = thread_text(table)
    assert f"{names[auctioneer]} names the face-down card: it is a church." in public
    board = (await board_message(table)).embeds[0]
    assert "the face-down card — it is a **church**" in board.description
    await everybody_opens_my_hand(table, people)
    while (await table.state()).phase == "bidding":
        assert await play_turn_by_dm(table, choose)
    state = await table.state()
    winner = next(seat for seat, hand in enumerate(state.hands) if plan["card"] in hand)
    assert winner != auctioneer and state.typed_cards >> plan["card"] & 1
    await everybody_opens_my_hand(table, people)

    for seat, person in people.items():
        seen = lowered(simcord_env, person, cursor)
        assert "names the face-down card: it is a church." in seen
        if seat in (auctioneer, winner):
            assert "church 9" in seen
        else:
            assert "church 9" not in seen and card.id not in seen, f"{person.user.name} learnt the value"
    # Everybody knows now that the winner holds a church, of unknown value.
    board = (await board_message(table)).embeds[0]
    holder = next(f for f in board.fields if names[winner] in f.name)
    assert "a church (value unknown)" in holder.value


async def test_the_board_forgets_a_named_church_once_a_church_is_built(simcord_env):
    """Rulebook: the auctioneer names "the building type for all players to hear, but not, however,
    the building value". ada holds that church (a 5) and a secret Church 7, and builds the 7 through
    her panel: for all bo and cy know, the named church was built, so the board no longer says
    she holds one."""
    from games.baumeister.flow import begin_build
    from play.results import seat_choices
    from tests.bot.driver import choose, text_of
    from tests.games.baumeister.helpers import card, give

    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    state, ada = await table.state(), table.players[0]
    seat = await table.seat_of(ada)
    state.announced = True
    give(state, seat, hand=("church-5a", "church-7a"), city=("gate-2a",))
    state.typed_cards |= 1 << card("church-5a")  # bought face down, "a church" named
    state.current = seat
    begin_build(state, seat, False, [])
    await table.put_state(state)
    panel = (await ada.click(await board_message(table), label="My hand")).response.message
    for wanted in (lambda a: a.kind == "pick" and a.card == "church-7a", lambda a: a.kind == "place"):
        choices = seat_choices(SPEC, await table.state(), seat)
        panel = (await choose(ada, panel, next(i for i, a in enumerate(choices) if wanted(a)))).response.message
    assert "builds Church 7" in thread_text(table)
    assert "a church (value unknown)" not in text_of(await board_message(table))
