"""Edge rules of the rulebook: ties for the player order, no Council Hall card without a bid, and
the solo dummy's placement cards, checked after every move of seeded games."""

from __future__ import annotations

from collections import Counter

import pytest

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.council import start_council
from games.aelderman.data_lubeck import DummySheet
from tests.games.aelderman.helpers import act, give_building, new_game
from tests.games.playout import random_playout

DUMMY = 1
SITE_DISTRICT = {site: district for district, sites in D.PLAN.items() for site in sites}


def council(seats: int = 3, seed: int = 2, order: list[int] | None = None, coins: list[int] | None = None):
    """The Council Hall phase of round 1, with the player order and coins given."""
    state = new_game(seats, seed)
    state.turn, state.pending, state.phase, state.period = None, [], "council", 3
    if order is not None:
        state.order = list(order)
    for player, amount in zip(state.players, coins or []):
        player.coins = amount
    start_council(state, [])
    return state


def bid_row(state, bids: list[int]):
    for seat, amount in enumerate(bids):
        state, _ = act(state, seat, "bid", amount=amount)
    return state


@pytest.mark.parametrize("coins,order", [([5, 5, 5], [2, 0, 1]), ([5, 6, 5], [1, 2, 0])])
def test_equal_bids_and_coins_keep_the_player_order(coins, order):
    """'In case of a tie, the player who currently has the most coins wins. If there is still a tie,
    player order does not change.'"""
    state = council(order=[2, 0, 1], coins=coins)
    state = bid_row(state, [0, 0, 0])
    assert state.council.row == 1 and state.council.taken == [[-1] * 4]
    state = bid_row(state, [0, 0, 0])
    assert state.round == 2
    assert state.order == order


def test_a_bid_of_zero_takes_no_council_hall_card():
    """'Nevertheless, you only get a Council Hall card if you bid at least one influence marker.'"""
    state = council()
    influence = [p.influence for p in state.players]
    state = bid_row(state, [0, 2, 0])
    assert SPEC.to_act(state) == frozenset({1})
    card = state.council_rows[0][0]
    state, _ = act(state, 1, "take_card", card=card)
    assert state.council.row == 1 and state.council.stage == "bid", "three cards left, yet the row is over"
    assert state.council.taken[0] == [1, -1, -1, -1]
    assert [p.cards for p in state.players] == [[], [card], []]
    assert [p.influence for p in state.players] == [influence[0], influence[1] - 2, influence[2]]


class DummyPlacements:
    """After every move: the cities the dummy placed influence markers in and the districts it built
    in, per round. Setup pieces (placed as in the 2-player version, not by placement cards) are left
    out."""

    def __init__(self, setup: int):
        self.setup_lots = len(D.SETUP_BUILDINGS[setup])
        self.cities: dict[int, Counter] = {}
        self.districts: dict[int, Counter] = {}

    def __call__(self, before, seat, action, after, events):
        cities = self.cities.setdefault(after.round, Counter())
        if before.phase != "setup":
            for city, banner in after.banners.items():
                cities[city] += banner.count(DUMMY) - before.banners[city].count(DUMMY)
        built = after.spare.lots[max(self.setup_lots, len(before.spare.lots)):]
        districts = self.districts.setdefault(after.round, Counter())
        districts.update(SITE_DISTRICT[site] for site, _ in built)
        assert max(cities.values(), default=0) <= 1, f"round {after.round}: markers {dict(cities)}"
        assert max(districts.values(), default=0) <= 1, f"round {after.round}: buildings {dict(districts)}"

    def most_in_a_round(self) -> tuple[int, int]:
        markers = max(sum(c.values()) for c in self.cities.values())
        buildings = max(sum(c.values()) for c in self.districts.values())
        return markers, buildings


def play_solo(seed: int, difficulty: str, setup: int, start=None) -> DummyPlacements:
    check = DummyPlacements(setup)
    options = {"version": "main", "difficulty": difficulty, "setup": setup}
    played = random_playout(SPEC, 1, seed, options, check=check, start=start)
    assert played.state.round == 5 and SPEC.outcome(played.state) is not None
    return check


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_solo_dummy_never_places_two_markers_in_one_city_in_a_round(difficulty):
    """'Likewise, two influence markers can never be placed in the same city in one round.'"""
    for seed in range(4):
        check = play_solo(seed, difficulty, setup=1 + seed % 3)
        markers, _ = check.most_in_a_round()
        assert markers == D.DUMMY_SHEETS[difficulty].markers[0] == 4


def glassblower_in_every_district(state):
    """The player's strength 2 in each district: the dummy's first building there holds no majority."""
    for district in D.DISTRICTS:
        give_building(state, 0, "Glassblower", D.PLAN[district][-1])


def test_solo_dummy_never_builds_twice_in_one_district_in_a_round(monkeypatch):
    """'This means that in one round two buildings can never be built in the same city district.'
    The project's sheets build at most one building a round, so a sheet building three of strength 1
    in rounds 1 and 2 is played, with six markers a round, against a player strong in every district."""
    dense = DummySheet("hard", 10, ((1, 1, 1), (1, 1, 1), (1,), (1,), (1,)), (6, 6, 6, 6, 6))
    monkeypatch.setitem(D.DUMMY_SHEETS, "hard", dense)
    for seed in range(6):
        check = play_solo(seed, "hard", setup=3, start=glassblower_in_every_district)
        markers, buildings = check.most_in_a_round()
        assert (markers, buildings) == (6, 3)
