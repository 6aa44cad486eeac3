"""The rulebook's tables and worked examples checked in full: each level's rights exactly (not only
that one is offered), and Example 1 played from an auction to the last amount it states."""

from __future__ import annotations

import pytest

from games.augsburg1520 import SPEC as AUG
from tests.games.augsburg1520.states import (
    PASS, after_first_purchase, bid, play, play_all, set_hand, set_level, set_money, start_auction, to_privileges,
    use,
)
from tests.games.augsburg1520.test_privileges import matthias_as_in_example_one


def offered(state, seat):
    return {(a.slot, a.use) for a in AUG.legal_actions(state, seat) if a.kind == "use_privilege"}


# --- Augsburg: Agency table '| 1st level | no rights |' / '| 2nd-4th level | 300 Guilders |' -----
@pytest.mark.parametrize("level,allowed", [(1, False), (2, True), (3, True), (4, True)])
def test_agency_table_300_guilders_by_level(level, allowed):
    state = after_first_purchase(3, 1)
    set_level(state, 0, "agency", level)
    state = to_privileges(state, 0, 5)  # A A P6
    assert ((0, "agency_money") in offered(state, 0)) == allowed
    if allowed:
        money = state.money[0]
        state, _ = play(state, 0, use(0, "agency_money"))
        assert state.money[0] == money + 300


# --- Augsburg: Offices table, exact rights per level -------------------------------------------
@pytest.mark.parametrize("level,rights", [(1, set()), (2, set()), (3, {"mintmaster"}),
                                          (4, {"mintmaster", "builder"})])
def test_offices_table_rights_by_level(level, rights):
    """'3rd level = Councillor | Rights: "Mintmaster"'; '4th level = Mayor | Rights: "Builder"' and
    'Having reached the 4th level will automatically include the right to take the 3rd level Rights
    tile.'"""
    state = after_first_purchase(3, 1)
    set_level(state, 0, "office", level)
    state = to_privileges(state, 0, 2)  # O O M
    uses = {u for _, u in offered(state, 0)}
    assert uses & {"mintmaster", "builder"} == rights


# --- Augsburg: Peerage table, exact rights per level -------------------------------------------
@pytest.mark.parametrize("level,rights", [(1, set()), (2, set()), (3, {"weapon"}), (4, {"weapon", "patent"})])
def test_peerage_table_rights_by_level(level, rights):
    """'3rd level = Count | Rights: "Weapon"'; '4th level = Prince | Rights: "Patent of Nobility"'
    ('may he take the topmost Patent of Nobility (or a Weapon)')."""
    state = after_first_purchase(3, 1)
    set_level(state, 0, "peerage", level)
    state = to_privileges(state, 0, 3)  # N N P7
    uses = {u for _, u in offered(state, 0)}
    assert uses & {"weapon", "patent"} == rights


# --- Augsburg Example 1 played from the Maximilian auction onward (Matthias wins it) ------------
def test_example_one_matthias_after_winning_an_auction():
    """Example 1 played from an auction Matthias wins: with 400 guilders, the money privilege and
    his Builder right he builds the 900 cathedral (0 guilders left), and prestige 6 takes him from
    42 to 48."""
    state, matthias = matthias_as_in_example_one()
    for s in range(5):
        set_hand(state, s, [])
    set_hand(state, matthias, ["maria-5"])
    if 1 not in state.display:
        swap = state.display[0]
        for where in ("reserve", "used_privileges"):
            setattr(state, where, [swap if n == 1 else n for n in getattr(state, where)])
        state.display = [1 if n == swap else n for n in state.display]
    start_auction(state, 3, opener=matthias)
    state, _ = play_all(state, [(matthias, bid(1)), (2, PASS), (3, PASS), (4, PASS), (0, PASS)])
    state, _ = play(state, matthias, {"kind": "discard_bid_card", "card": "maria-5"})
    choices = [a.number for a in AUG.legal_actions(state, matthias) if a.kind == "take_privilege_card"]
    # take a card with M and P6 (card 1 or 10) if displayed
    pick = next((n for n in choices if n in (1, 10)), None)
    assert pick is not None, f"no Money+Prestige6 card on display: {choices}"
    state, _ = play(state, matthias, {"kind": "take_privilege_card", "number": pick})
    m_slot = 0
    p_slot = 1 if pick == 1 else 2
    state, _ = play(state, matthias, use(m_slot, "money"))
    state, _ = play(state, matthias, {"kind": "builder_build", "building": "cathedral"})
    assert state.rights[matthias]["cathedral"] == 900 and state.money[matthias] == 0
    state, _ = play(state, matthias, use(p_slot, "prestige"))
    assert state.score[matthias] == 48


# --- Lorenz and Martin: Martin keeps the Builder tile *and its power* after losing the Mayor tile ---
def test_martin_keeps_builder_power_after_losing_mayor():
    """'Martin will not lose his "Right" tile "Baumeister" (Builder).' / 'Rights tiles never be lost'."""
    from tests.games.augsburg1520.test_levels import lorenz_and_martin
    state = lorenz_and_martin()
    state, _ = play(state, 0, use(0, "level"))
    state, _ = play(state, 1, {"kind": "consolation", "choice": "money"})
    assert state.levels[1][2] == 3 and state.rights[1]["builder"] == 1
    state = to_privileges(state, 1, 1)  # M P6 C
    set_money(state, 1, 3000)
    builds = {a.building for a in AUG.legal_actions(state, 1) if a.kind == "builder_build"}
    assert "church" in builds
