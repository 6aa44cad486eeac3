"""Three of Aelderman's rulebook examples as a player sees them through the bot (SimCord): the St. Johannis
district example in the final standings, the Council Hall example, the solo dummy's markers."""

from __future__ import annotations

import pytest

from bot.settings import Settings
from games import registry
from games.aelderman import data as D
from games.aelderman.actions import Bid
from games.aelderman.state import Council
from tests.bot.driver import (board_message, choose, fix_deal, heuristic_players, open_table, play_until,
                              start, text_of, thread_text)
from tests.games.aelderman.helpers import clear_player, give_building

SPEC = registry.get("aelderman")


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(token="", database=tmp_path / "bot.sqlite3", decision_timeout=24 * 3600)


async def _first_turn(env, monkeypatch, names, options, seed=3):
    fix_deal(monkeypatch, seed)
    table = await open_table(env, "aelderman", names, options=options)
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", len(names)),
                             lambda s: s.phase == "trade" and s.turn is not None and not s.pending,
                             "the first sea turn")
    return table, state


async def _choose_by_hand(table, seat: int, action) -> None:
    """The seat's player opens "My hand" on the board and picks `action` there."""
    state = await table.state()
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    index = SPEC.legal_actions(state, seat).index(action)
    result = await choose(actor, panel, index)
    assert result.acknowledged


def _nothing_scored(state) -> None:
    """No marker on the map, no building in Lübeck, no goods, votes, cards or orders: a player's
    council votes at the election are what a test gives them."""
    for banner in state.banners.values():
        banner.clear()
    state.subsidiary.clear()
    state.site_owner = [-1] * len(state.site_owner)
    for seat, player in enumerate(state.players):
        clear_player(state, seat)
        player.buildings, player.uses, player.sites, player.lots = [], [], [], []
        player.influence, player.votes, player.penalty, player.general = 0, 0, 0, 35
        player.cards, player.orders, player.zones = [], [], []


async def test_the_st_johannis_example_in_the_final_standings(simcord_env, monkeypatch):
    """'the Fountain of Anna achieves a final value of 1. Eric owns a Merchant House with a strength of
    2, whose final value is increased by 1 by the adjacent Guard House. In addition, he owns a Gabled
    House with a final value of 1, giving a total final value of 4. Marc has a Lighthouse ... final
    value of 5. Marc thus receives 14 council votes for this city district and Eric receives 8 council
    votes.' The last bid of the fifth Council Hall phase ends the game; the standings say so."""
    names = ["anna", "eric", "marc"]
    table, state = await _first_turn(simcord_env, monkeypatch, names, "version=main")
    anna, eric, marc = 0, 1, 2
    _nothing_scored(state)
    for player in state.players:
        player.property, player.property_supply = 0, D.PROPERTY_TILES
        player.improvements, player.activated = [], []
        player.production = {k: 0 for k in player.production}
    give_building(state, anna, "Fountain", 7)
    give_building(state, eric, "Merchant House", 1)
    give_building(state, eric, "Guard House", 31)  # Fünfhausen, next to site 1
    give_building(state, eric, "Gabled House", 4)
    give_building(state, marc, "Lighthouse", 2, uses=4)
    state.players[marc].influence, state.players[marc].general = 2, 33
    state.round, state.phase, state.period, state.turn, state.pending = 5, "council", 3, None, []
    row0 = len(state.council_rows[0])
    state.council = Council(row=1, stage="bid", bids=[0, 0, None], revealed=[[0, 0, 0]], taken=[[-1] * row0])
    await table.put_state(state)
    await _choose_by_hand(table, marc, Bid(amount=0))
    row = await table.row()
    assert row.status == "finished"
    standings = table.thread.last_message.embeds[0].description
    lines = standings.splitlines()
    assert lines[0] == "🏆 **Elected Aelderman: eric**", standings
    assert "  Lübeck districts: 14 (St. Johannis 14)" in lines, standings
    assert "  Lübeck districts: 18 (St. Johannis 8, Fünfhausen 10)" in lines, standings
    marc_at = next(i for i, line in enumerate(lines) if "marc —" in line)
    assert lines[marc_at].endswith("marc — 14 council votes"), standings
    anna_at = next(i for i, line in enumerate(lines) if "anna —" in line)
    assert lines[anna_at].endswith("anna — 0 council votes"), standings


async def test_a_tied_election_says_the_leaders_share_it(simcord_env, monkeypatch):
    """The rulebook's final election names no tie-break for the most council votes: tied leaders are
    elected together, and the standings say so (not two first places left unexplained)."""
    table, state = await _first_turn(simcord_env, monkeypatch, ["ada", "bo"], "version=main")
    _nothing_scored(state)
    state.round, state.phase, state.period, state.turn, state.pending = 5, "council", 3, None, []
    state.council = Council(row=1, stage="bid", bids=[0, None], revealed=[[0, 0]],
                            taken=[[-1] * len(state.council_rows[0])])
    await table.put_state(state)
    await _choose_by_hand(table, 1, Bid(amount=0))
    assert (await table.row()).status == "finished"
    lines = table.thread.last_message.embeds[0].description.splitlines()
    assert lines[:2] == ["🏆 **Elected Aelderman: ada, bo**",
                         "Most council votes; tied leaders share the election."], lines
    assert "**1.** ada — 0 council votes" in lines and "**1.** bo — 0 council votes" in lines, lines


@pytest.mark.slow
async def test_the_council_hall_example_through_the_bot(simcord_env, monkeypatch):
    """'Marc first places six influence markers ... decides for the ten council votes. Anna ... five
    influence markers and must now settle for the monopoly on goods. Eric and Sarah have both placed
    one influence marker ... the player order decides, and Sarah gets to choose a Council Hall card
    first.' ... 'new player order for the next round: Marc, Anna, Eric, Sarah. ... Eric received one
    coin as bonus during the second auction and now has more coins than Sarah.'"""
    names = ["eric", "sarah", "anna", "marc"]
    table, state = await _first_turn(simcord_env, monkeypatch, names, "version=main")
    eric, sarah, anna, marc = 0, 1, 2, 3
    state.turn, state.pending, state.phase, state.period = None, [], "council", 3
    state.order = [sarah, eric, anna, marc]
    ten = next(c for c in state.council_rows[0] if D.COUNCIL_CARDS[c].kind == "votes10")
    state.council_rows = [[ten, D.IMPROVE_CARD, 131, 154, 152], [101, 110, 118, 122, 115]]
    for pile in (state.council_pile, state.council_discard, state.votes3_pile, state.votes10_pile):
        pile[:] = [c for c in pile if c not in (ten, 131, 154, 152, 101, 110, 118, 122, 115)]
    for seat in range(4):
        clear_player(state, seat, coins=5)
        player = state.players[seat]
        player.general += player.influence - 8
        player.influence = 8
    state.council = Council(bids=[None] * 4)
    await table.put_state(state)
    for seat, amount in ((eric, 1), (sarah, 1), (anna, 5), (marc, 6)):
        await _choose_by_hand(table, seat, Bid(amount=amount))
    assert SPEC.to_act(await table.state()) == {marc}
    from games.aelderman.actions import TakeCard
    await _choose_by_hand(table, marc, TakeCard(card=ten))
    await _choose_by_hand(table, anna, TakeCard(card=154))
    assert SPEC.to_act(await table.state()) == {sarah}
    await _choose_by_hand(table, sarah, TakeCard(card=131))
    await _choose_by_hand(table, eric, TakeCard(card=152))
    for seat in (eric, sarah, anna, marc):
        await _choose_by_hand(table, seat, Bid(amount=1))
    await _choose_by_hand(table, sarah, TakeCard(card=110))
    await _choose_by_hand(table, eric, TakeCard(card=101))
    await _choose_by_hand(table, anna, TakeCard(card=118))
    await _choose_by_hand(table, marc, TakeCard(card=122))
    state = await table.state()
    assert state.round == 2 and state.order == [marc, anna, eric, sarah]
    shown = thread_text(table)
    assert "Round 2 begins. Player order: marc, anna, eric, sarah." in shown, shown[-3000:]
    board = text_of(await board_message(table))
    import re
    order_line = next(line for line in board.splitlines() if line.startswith("Player order: "))
    assert re.sub(r"[^a-z→ ]", "", order_line.removeprefix("Player order: ")).split() == [
        "marc", "→", "anna", "→", "eric", "→", "sarah"], order_line


async def test_a_bidder_left_without_a_card_reads_why_in_the_thread(simcord_env, monkeypatch):
    """"To get this Council Hall card, you must bid at least five influence markers." bo bid 2 and
    has no free improvement space; once ada takes the third card, none is left that bo may take:
    the thread says so and why (bo's markers stay on the Council Hall, as every bid's do)."""
    table, state = await _first_turn(simcord_env, monkeypatch, ["ada", "bo"], "version=main")
    ada, bo = 0, 1
    state.turn, state.pending, state.phase, state.period = None, [], "council", 3
    state.order = [ada, bo]
    state.council = Council(bids=[None] * 2)
    for seat in (ada, bo):
        clear_player(state, seat, coins=5)
    state.players[bo].improvements, state.players[bo].activated = [501, 502, 503], [False] * 3
    await table.put_state(state)
    await _choose_by_hand(table, ada, Bid(amount=2))
    await _choose_by_hand(table, bo, Bid(amount=2))
    from games.aelderman.actions import TakeCard
    other = next(c for c in state.council_rows[0] if D.COUNCIL_CARDS[c].kind not in ("votes10", "improve"))
    await _choose_by_hand(table, ada, TakeCard(card=other))
    shown = thread_text(table)
    assert ("bo can take none of the cards left (the ten council votes need a bid of 5; developing an improvement "
            "needs a free improvement space); the bid stays on the Council Hall.") in shown, shown[-2000:]
    assert (await table.state()).players[bo].held == 2


async def test_the_solo_dummys_four_markers_before_the_third_period(simcord_env, monkeypatch):
    """'In the first round, the dummy player places four influence markers according to the dummy
    description. This happens before the third period indicator tile is revealed. The randomly drawn
    placement cards determine that one of the dummy's influence markers is placed in each of these
    cities: Danzig, London, Aalborg and Stavanger.' The thread tells the four cities, and the board's
    dummy field lists them."""
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "aelderman", ["ada"], options="version=main,difficulty=medium")
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 1),
                             lambda s: s.phase == "trade" and s.period == 2, "the third period", limit=400)
    shown = thread_text(table)
    said = [line for line in shown.splitlines() if "The dummy places an influence marker in" in line]
    assert len(said) == 4, said
    cities = [line.rsplit(" in ", 1)[1].rstrip(".").strip("* ") for line in said]
    for city in cities:
        assert state.banners[city].count(1) >= 1
    period3 = next(i for i, line in enumerate(shown.splitlines()) if "Period 3 of round 1" in line)
    assert all(shown.splitlines().index(line) < period3 for line in said)
    field = next(f.value for f in (await board_message(table)).embeds[0].fields if f.name == "⚪ Dummy (medium) (white)")
    markers = next(line for line in field.splitlines() if line.startswith("Markers on banners: "))
    assert all(city in markers for city in cities), markers


async def test_rules_mark_the_bid_without_a_card_as_the_projects_reading(simcord_env):
    """The rulebook does not say what a bidder left with no card they may take gets: /rules says
    what the bot does, marked as chosen."""
    from tests.bot.test_rulebook_examples_shown import rules_text

    text = " ".join((await rules_text(simcord_env, "aelderman")).split())
    assert ("A bidder left with no card they may take takes none; the bid still counts for the player order "
            "(chosen).") in text
