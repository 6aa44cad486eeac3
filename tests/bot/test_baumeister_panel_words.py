"""Wettstreit der Baumeister: a panel's words offer only what its buttons and menus do (a player
told to "pay" or "raise" with no way to do so is misled)."""

from __future__ import annotations

import pytest

from games.baumeister import moves
from games.baumeister.data import NAMES
from tests.bot.driver import (fix_deal, heuristic_players, labels, menu_options, open_table, play_turn_by_dm,
                              play_until, start, text_of)
from tests.bot.test_baumeister_sabotage import dm_panel, saboteurs_first, table_at_a_pay_off_offer


def now_line(panel) -> str:
    return next(line for line in text_of(panel).splitlines() if line.startswith("**Now:**"))


@pytest.mark.slow
async def test_a_victim_asked_for_more_than_it_has_is_not_told_to_pay(simcord_env, monkeypatch):
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    demand = state.money[state.victim] + 3
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim offers 1
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[demand])  # the attacker asks for more
    panel = await dm_panel(table, state.victim)
    assert not [label for label in labels(panel) if label.startswith("Pay")]
    text = now_line(panel)
    assert ": offer less, or refuse and let the die decide" in text and "you cannot pay it" in text, text


@pytest.mark.slow
async def test_counter_proposals_go_on_until_one_side_accepts(simcord_env, monkeypatch):
    """Issue: "either side may propose an amount, the other accepts, refuses or counters, until one
    accepts, either breaks off, or the table's time limit ends it": after six counter-proposals the
    attacker may still ask for more, and the words say so."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    money = state.money[state.victim]
    for amount in (1, money + 2, 1, money + 2, 1, money + 2, 1):
        assert await play_turn_by_dm(table, lambda st, seat, a=amount: moves.OFFERS[a])
    assert (await table.state()).counters == 6
    panel = await dm_panel(table, state.current)
    assert menu_options(panel)
    text = now_line(panel)
    assert ": accept, ask for more, or refuse and roll the die." in text, text
    assert await play_turn_by_dm(table, lambda st, seat: moves.ACCEPT)
    assert (await table.state()).money[state.current] == state.money[state.current] + 1


@pytest.mark.slow
async def test_a_bidder_who_cannot_raise_is_told_to_pass(simcord_env, monkeypatch):
    """Rulebook: "It is illegal to bid more Thalers than you actually have." """
    fix_deal(monkeypatch, 11)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    state = await play_until(table, heuristic_players("baumeister", 3),
                             lambda s: s.phase == "bidding" and s.money[s.actor] <= s.high_bid,
                             "a bidder who cannot raise", limit=1500)
    panel = await dm_panel(table, state.actor)
    assert labels(panel) == ["Pass"] and not menu_options(panel)
    assert now_line(panel).endswith("; you have too few thalers to raise it: pass.")


@pytest.mark.slow
async def test_an_auctioneer_without_a_thaler_is_not_offered_the_swap(simcord_env, monkeypatch):
    """Rulebook (variant): "the current player may pay 1 Thaler to change it"."""
    fix_deal(monkeypatch, 11)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy", "di"])
    await start(table)
    heuristic = heuristic_players("baumeister", 4)

    def spend_all(state, seat):  # roll for income, bid everything on one's own auction, others pass
        if state.phase == "income":
            return moves.ROLL
        if state.phase == "opening":
            return moves.BIDS[state.money[seat]] if state.money[seat] < 25 else heuristic(state, seat)
        return moves.PASS if state.phase == "bidding" else heuristic(state, seat)

    state = await play_until(table, spend_all, lambda s: s.phase == "lot" and s.money[s.actor] == 0 and not s.swapped,
                             "an auctioneer without thalers", limit=3000)
    panel = await dm_panel(table, state.actor)
    assert not [label for label in labels(panel) if label.startswith("Swap")]
    assert now_line(panel) == "**Now:** choose the card to auction."


async def test_a_victim_without_thalers_is_not_told_to_offer_thalers(simcord_env, monkeypatch):
    """Rulebook: "The victim and saboteur may then negotiate a pay-off, a payment in Thalers paid by the
    victim"; a victim with no thalers has nothing to pay, and the only choice is the die.
    Deal 173, three players: the panel's only control is "No offer: let the die decide", and its words
    say so instead of "Offer thalers to call it off"."""
    fix_deal(monkeypatch, 173)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    state = await play_until(table, saboteurs_first(), lambda s: s.phase == "offer" and s.money[s.victim] == 0,
                             "a saboteur on the building of a player without thalers")
    panel = await dm_panel(table, state.victim)
    assert labels(panel) == ["No offer: let the die decide"] and not menu_options(panel)
    assert "You have no thalers to offer: let the die decide" in now_line(panel), now_line(panel)
    # rulebook: "either the dot must be rolled, or the number rolled must be strictly greater than the
    # number of shields": whatever the shields, the saboteur face wins.
    assert "or show the saboteur" in now_line(panel), now_line(panel)


async def test_a_bidders_dm_names_the_card_under_the_hammer(simcord_env, monkeypatch):
    """A turn's DM may be read hours later, away from the board: what is asked names the lot (an
    open card by name), as Augsburg 1520's "Bid on Louise" does."""
    fix_deal(monkeypatch, 11)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    state = await play_until(table, heuristic_players("baumeister", 3),
                             lambda s: s.phase == "bidding" and not s.lot_hidden, "an open card's auction")
    text = now_line(await dm_panel(table, state.actor))
    assert f"for the open card **{NAMES[state.lot]}**" in text, text


@pytest.mark.slow
async def test_take_three_says_what_the_city_gates_add(simcord_env, monkeypatch):
    """Rulebook: "treat the dice as having rolled 3" and "he/she gets for 1 additional Thaler for
    each coin on his/her city gates": the choice pays 3 and the gates' coins, and says so."""
    from games.baumeister.city import coins

    fix_deal(monkeypatch, 1)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    state = await play_until(table, heuristic_players("baumeister", 3),
                             lambda s: s.phase == "income" and coins(s.cities[s.actor]) and s.bank >= 10,
                             "an income with city gates", limit=1500)
    seat, gates = state.actor, coins(state.cities[state.actor])
    panel = await dm_panel(table, seat)
    assert f"Take 3 thalers (+{gates} for city gates)" in labels(panel)
    assert now_line(panel).endswith(f", or take 3 thalers (no saboteur). Your city gates add {gates} thalers "
                                    "to either.")
    assert await play_turn_by_dm(table, lambda st, s: moves.TAKE_THREE)
    assert (await table.state()).money[seat] - state.money[seat] == 3 + gates


async def test_a_hand_that_cannot_make_a_first_build_is_told_so(simcord_env, monkeypatch):
    """Rulebook: "The player who would like to build for the first time must lay out three of
    his/her acquired building cards ... Note - in this case exactly 3 cards must be played." Three
    corner towers each fit an empty city, but no three of them stand together."""
    from games.baumeister.build import pickable_cards
    from games.baumeister.flow import has_built

    def first_build_blocked(s) -> bool:
        return (s.phase == "build" and not has_built(s, s.actor) and len(s.hands[s.actor]) >= 3
                and not pickable_cards(s, s.actor))

    fix_deal(monkeypatch, 1)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    state = await play_until(table, heuristic_players("baumeister", 3), first_build_blocked,
                             "a first build the hand cannot make")
    assert state.cities[state.actor] == ()
    assert now_line(await dm_panel(table, state.actor)).startswith(
        "**Now:** no first build of exactly 3 cards can be made from your hand and no saboteur can be played now")


async def test_a_first_build_with_its_three_cards_down_is_not_told_to_build_three_more(simcord_env, monkeypatch):
    """README: "The first build lays out exactly 3 cards, or `at_least` 3." Once an `at_least` first
    build has its three cards, any further card (or none) will do: the panel says so."""
    fix_deal(monkeypatch, 9)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"],
                             options="first_build=at_least, take_three=false, swap_open_card=false")
    await start(table)
    state = await play_until(table, heuristic_players("baumeister", 3),
                             lambda s: s.phase == "build" and s.min_place == 3 and s.placed >= 3 and s.hands[s.actor],
                             "a first build with 3 cards laid out and more in hand")
    panel = await dm_panel(table, state.actor)
    assert "End turn" in labels(panel)
    assert now_line(panel).startswith("**Now:** build more cards"), now_line(panel)
