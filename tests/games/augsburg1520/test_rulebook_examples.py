"""Rulebook examples and tables of Augsburg 1520: offices, Rights tiles, the Cards privilege, the
prestige cap and the tie-break."""
from __future__ import annotations

from games.augsburg1520 import SPEC
from games.augsburg1520.buying import cards_due
from tests.games.augsburg1520.states import (
    after_first_purchase, give_right, play, set_hand, set_level, to_privileges, use,
)
from tests.games.augsburg1520.test_levels import lorenz_and_martin


def uses_offered(state, seat):
    return {u for a in SPEC.legal_actions(state, seat) if a.kind == "use_privilege" for u in [a.use]}


def test_olaf_mayor_may_claim_builder_or_mintmaster():
    """'Example: Olaf is Mayor (Bürgermeister); now he can not only claim the "Builder (Baumeister)"
    Rights tile, but also the "Mintmaster (Münzmeister)" tile.'"""
    state = after_first_purchase(3, 1)
    set_level(state, 0, "office", 4)
    state = to_privileges(state, 0, 2)  # O, O, M
    assert {"builder", "mintmaster"} <= uses_offered(state, 0)
    state, _ = play(state, 0, use(0, "mintmaster"))
    assert state.rights[0]["mintmaster"] == 1
    state, _ = play(state, 0, use(1, "builder"))
    assert state.rights[0]["builder"] == 1


def test_offices_table_cards_per_level_and_mintmaster():
    """'as stated on his highest Offices Level tile (ie. either 4, 5, 6 or 1+6 cards) plus an extra
    free card if he is a Mintmaster.' / '3rd level = Councillor | Rights: "Mintmaster" (+1 free
    Promissory Note)'"""
    state = after_first_purchase(4, 1)
    assert cards_due(state, 0) == (0, 4)
    set_level(state, 0, "office", 2)
    assert cards_due(state, 0) == (0, 5)
    set_level(state, 0, "office", 3)
    assert cards_due(state, 0) == (0, 6)
    give_right(state, 0, "mintmaster")
    assert cards_due(state, 0) == (1, 6)
    set_level(state, 0, "office", 4)
    assert cards_due(state, 0) == (2, 6)


def test_no_mintmaster_tile_for_guildmaster():
    """'A player cannot claim any "Rights" tiles while he is Merchant (1st level) or Guildmaster
    (2nd level).'"""
    state = after_first_purchase(3, 1)
    set_level(state, 0, "office", 2)
    state = to_privileges(state, 0, 2)
    assert "mintmaster" not in uses_offered(state, 0) and "builder" not in uses_offered(state, 0)


def test_cards_privilege_with_one_card_left_reshuffles_discard():
    """'when the draw pile is exhausted is the discard pile thoroughly reshuffled to form a new draw
    pile' applied to the Cards privilege ('takes the top 2 cards from the draw pile')."""
    state = after_first_purchase(3, 1)
    set_hand(state, 0, ["leo-1"])
    everything = list(state.draw)
    state.discard = state.discard + everything[:-1]
    state.draw = everything[-1:]
    state = to_privileges(state, 0, 1)
    state, _ = play(state, 0, use(2, "cards"))
    assert len(state.hands[0]) == 3
    assert state.phase == "privilege_discard"


def test_consolation_prestige_respects_the_25_cap():
    """'he may either take 100 Guilders from the Bank or add 1 Prestige point to his score.' with
    'It does not matter how Prestige points are gained' (cap 25 without a Church)."""
    state = lorenz_and_martin()
    state.score[1] = 25
    state, _ = play(state, 0, use(0, "level"))
    state, _ = play(state, 1, {"kind": "consolation", "choice": "prestige"})
    assert state.score[1] == 25


def test_tie_break_three_way_cathedral_beats_richer_church():
    """'If players tie with the most Prestige points, the player among those tied who has
    contributed the most to build a Cathedral (most expensive) wins the game (or the most expensive
    Church if neither of them has built a Cathedral yet).'"""
    state = after_first_purchase(3, 4)
    state.score = [30, 30, 30]
    state.phase = "over"
    give_right(state, 0, "church", 700)
    give_right(state, 1, "church", 300)
    give_right(state, 1, "cathedral", 900)
    outcome = SPEC.outcome(state)
    assert outcome.winners == [1]
