"""Privilege cards and what each privilege does."""

from __future__ import annotations

import pytest

from games import RuleError
from games.augsburg1520 import SPEC, data
from games.augsburg1520.cards import CARD_COST, CARD_ID

from .states import (
    END, after_first_purchase, card, give_right, kinds, play, set_draw_top, set_hand, set_level, set_money,
    to_privileges, use,
)

# Card contents (data.PRIVILEGE_CARDS): 1 M P6 C | 2 O O M | 3 N N P7 | 4 A O C | 5 A A P6
# 6 N O M | 7 A N C | 8 O C P7 | 9 A N M | 10 M C P6


def uses_offered(state, seat):
    return {(a.slot, a.use) for a in SPEC.legal_actions(state, seat) if a.kind == "use_privilege"}


def test_winner_chooses_any_displayed_card():
    """'The winner of an auction takes any one of the displayed Privilege cards'."""
    state = after_first_purchase(3, 1)
    state.winner, state.phase = 0, "privilege_card"
    offered = [a.number for a in SPEC.legal_actions(state, 0)]
    assert offered == state.display
    hidden = state.reserve[0]
    with pytest.raises(RuleError, match="not on display"):
        play(state, 0, {"kind": "take_privilege_card", "number": hidden})


def test_two_of_three_in_any_order_then_the_card_is_discarded():
    """'from which he may perform two of the three privileges (in any order)' and 'The card is
    discarded face up beneath the 5 Privilege cards'."""
    state = to_privileges(after_first_purchase(3, 1), 0, 1)
    state, _ = play(state, 0, use(2, "cards"))
    state, _ = play(state, 0, {"kind": "discard_card", "card": CARD_ID[state.hands[0][0]]})
    assert state.phase == "privileges"
    state, _ = play(state, 0, use(0, "money"))
    assert state.phase == "bid" and state.used_privileges == [1]
    assert state.money[0] == 2000 and state.score[0] == 0


@pytest.mark.parametrize("used,points", [(0, 4), (1, 2)])
def test_two_prestige_for_each_forfeited_privilege(used, points):
    """'A player may decide not to execute one or both privileges, in which case the player will
    gain 2 Prestige points for each privilege forfeited.'"""
    state = to_privileges(after_first_purchase(3, 1), 0, 1)
    if used:
        state, _ = play(state, 0, use(0, "money"))
    state, events = play(state, 0, END)
    assert state.score[0] == points
    assert any(e.kind == "forfeit" for e in events)


def test_prestige_privilege_stops_at_25_without_a_church():
    """'The score marker can never move beyond space 25 unless the player has built a Church.'"""
    state = to_privileges(after_first_purchase(3, 1), 0, 3)
    state.score[0] = 22
    state, _ = play(state, 0, use(2, "prestige"))
    assert state.score[0] == 25
    state, _ = play(state, 0, END)  # one privilege forfeited: its 2 points are lost too
    assert state.score[0] == 25


def test_cards_privilege_draws_two_then_discards_any_one():
    """'The player takes the top 2 cards from the draw pile and adds them to his hand ... Then he
    must discard any one card from his hand (it does not have to be one of the two he drew).'"""
    state = after_first_purchase(3, 1)
    set_hand(state, 0, ["leo-1", "joker-1"])
    set_draw_top(state, ["maria-17", "philipp-2"])
    assert SPEC.view(state, None).draw_top_cost == 400, "the top card's back shows its cost"
    state = to_privileges(state, 0, 1)
    state, events = play(state, 0, use(2, "cards"))
    assert state.phase == "privilege_discard"
    assert sorted(CARD_ID[c] for c in state.hands[0]) == ["joker-1", "leo-1", "maria-17", "philipp-2"]
    private = [e for e in events if e.seats == frozenset({0})]
    assert private and "Maria 17" in private[0].text
    assert not any("Maria 17" in e.text for e in events if e.seats is None)
    assert {a.card for a in SPEC.legal_actions(state, 0)} == {"joker-1", "leo-1", "maria-17", "philipp-2"}
    state, _ = play(state, 0, {"kind": "discard_card", "card": "leo-1"})
    assert state.discard[-1] == card("leo-1") and state.phase == "privileges"


@pytest.mark.parametrize("left,said", [(1, "draws 1 card and"), (0, "draws no card")])
def test_cards_privilege_when_fewer_than_two_cards_are_left(left, said):
    """'The player takes the top 2 cards from the draw pile and adds them to his hand. Then he must
    discard any one card from his hand.' With every other card in the hands, the player takes what
    is left, and the log counts it."""
    state = after_first_purchase(3, 5)
    set_hand(state, 0, ["leo-1"])
    others = state.draw[left:] + state.discard  # everything but `left` cards goes to another hand
    state.hands[1] = state.hands[1] + others
    state.draw, state.discard = state.draw[:left], []
    state = to_privileges(state, 0, 1)
    state, events = play(state, 0, use(2, "cards"))
    assert state.phase == "privilege_discard" and len(state.hands[0]) == 1 + left
    (drew,) = [e.text for e in events if e.kind == "cards"]
    assert said in drew and "cards" not in drew.replace("draws 2 cards", "")


def test_agency_next_level_or_300_from_level_two():
    """'Instead can a player use an Agency privilege to take 300 Guilders from the Bank. This can
    be done at all levels except the 1st level.'"""
    state = to_privileges(after_first_purchase(3, 1), 0, 5)
    assert uses_offered(state, 0) == {(0, "level"), (2, "prestige")}
    state, _ = play(state, 0, use(0, "level"))
    assert state.levels[0][0] == 2 and state.pool[0] == [2, 1, 1]
    assert uses_offered(state, 0) == {(1, "level"), (1, "agency_money"), (2, "prestige")}
    state, _ = play(state, 0, use(1, "agency_money"))
    assert state.money[0] == 1800


def test_levels_are_never_skipped():
    """'If a player uses two identical privileges on the same card to elevate twice in the same
    category will he first take the lower Level tile ... and then the higher Level tile.'"""
    state = to_privileges(after_first_purchase(4, 1), 0, 5)
    state, _ = play(state, 0, use(0, "level"))
    state, _ = play(state, 0, use(1, "level"))
    assert state.levels[0][0] == 3
    assert state.pool[0] == [3, 1, 1]


def test_fourth_level_returns_the_third_level_tile():
    """'When a player takes the tile for the 4th and highest Level he returns the 3rd Level tile
    to the pool.'"""
    state = after_first_purchase(2, 1)
    set_level(state, 0, "peerage", 3)
    assert state.pool[1] == [1, 0, 1]
    state = to_privileges(state, 0, 3)
    state, _ = play(state, 0, use(0, "level"))
    assert state.levels[0][1] == 4 and state.pool[1] == [1, 1, 0]


def test_peerage_weapon_from_count_patent_or_weapon_as_prince():
    """'When he becomes Count may he ... take the topmost Weapon tile'; 'When a player becomes
    Prince may he take the topmost Patent of Nobility (or a Weapon)'."""
    state = after_first_purchase(3, 1)
    set_level(state, 0, "peerage", 2)
    state = to_privileges(state, 0, 3)
    assert uses_offered(state, 0) == {(0, "level"), (2, "prestige")}
    state, _ = play(state, 0, use(0, "level"))
    assert uses_offered(state, 0) == {(1, "level"), (1, "weapon"), (2, "prestige")}
    state, _ = play(state, 0, use(1, "weapon"))
    assert state.rights[0]["weapon"] == 4 and state.stacks["weapon"] == [3, 2, 2, 1]
    state = to_privileges(state, 1, 3)
    set_level(state, 0, "peerage", 4)
    state.winner = 0
    assert {u for _, u in uses_offered(state, 0)} == {"patent", "prestige"}, "one weapon each"


def test_office_rights_and_building_at_any_level():
    """Councillor: Mintmaster; Mayor: Builder (or Mintmaster); 'Alternatively may a player on any
    level use a purple privilege from a Privilege card to build the most expensive Church or
    Cathedral available. He pays the amount listed on the top tile'."""
    state = to_privileges(after_first_purchase(3, 1), 0, 2)
    assert {u for _, u in uses_offered(state, 0)} == {"level", "church", "cathedral", "money"}
    set_level(state, 0, "office", 3)
    assert {u for _, u in uses_offered(state, 0)} >= {"level", "mintmaster"}
    set_level(state, 0, "office", 4)
    assert {u for _, u in uses_offered(state, 0)} == {"builder", "mintmaster", "church", "cathedral", "money"}
    state, _ = play(state, 0, use(0, "church"))
    assert state.money[0] == 800 and state.rights[0]["church"] == 700
    assert {u for _, u in uses_offered(state, 0)} == {"builder", "mintmaster", "money"}, "one church each"


def test_building_needs_the_money():
    state = after_first_purchase(3, 1)
    set_money(state, 0, 650)
    state = to_privileges(state, 0, 2)
    assert "church" not in {u for _, u in uses_offered(state, 0)}
    with pytest.raises(RuleError):
        play(state, 0, use(0, "church"))


def matthias_as_in_example_one():
    """Example 1's Matthias (seat 1 of 5): Mayor with the Builder right, a church, 400 guilders and a
    score of 42; the others' cathedrals leave the 900 one on top. Returns (state, his seat)."""
    state = after_first_purchase(5, 2)
    matthias = 1
    for seat, cost in zip((0, 2, 3, 4), (1300, 1200, 1100, 1000)):
        give_right(state, seat, "cathedral", cost)
    give_right(state, matthias, "church")
    set_level(state, matthias, "office", 4)
    give_right(state, matthias, "builder")
    set_money(state, matthias, 400)
    state.score[matthias] = 42
    return state, matthias


def test_example_one_matthias_builds_the_cathedral_as_builder():
    """'He has 400 Guilders and the Builder Right tile. First he uses the top privilege to take 500
    Guilders, then he uses the Builder and erects the Cathedral currently on top (for 900 Guilders).
    As his second privilege he takes 6 Prestige points and moves his score marker from 42 to 48.'"""
    state, matthias = matthias_as_in_example_one()
    state = to_privileges(state, matthias, 1)
    state, _ = play(state, matthias, use(0, "money"))
    assert {a.building for a in SPEC.legal_actions(state, matthias) if a.kind == "builder_build"} == {"cathedral"}
    state, _ = play(state, matthias, {"kind": "builder_build", "building": "cathedral"})
    assert state.rights[matthias]["cathedral"] == 900 and state.money[matthias] == 0
    state, _ = play(state, matthias, use(1, "prestige"))
    assert state.score[matthias] == 48
    assert state.phase == "bid", "two privileges and the Builder's building: the turn is over"


def test_example_two_sigurd_becomes_builder_and_builds_at_once():
    """'First he uses one Office privilege to exchange his 3rd Level tile with the 4th Level tile.
    Then he uses the other Office privilege to take the Builder tile. Then he immediately uses the
    power of the Builder to build the top available Church for 700 Guilders.'"""
    state = after_first_purchase(4, 2)
    sigurd = 3
    set_level(state, sigurd, "office", 3)
    state = to_privileges(state, sigurd, 2)
    state, _ = play(state, sigurd, use(0, "level"))
    assert state.levels[sigurd][2] == 4 and state.pool[2] == [3, 2, 0]
    state, _ = play(state, sigurd, use(1, "builder"))
    assert state.phase == "privileges"
    assert kinds(SPEC.legal_actions(state, sigurd)) == ["builder_build", "builder_build", "end_privileges"]
    state, _ = play(state, sigurd, {"kind": "builder_build", "building": "church"})
    assert state.rights[sigurd]["builder"] and state.rights[sigurd]["church"] == 700
    assert state.money[sigurd] == 800 and state.score[sigurd] == 0
    assert state.phase == "bid"


def test_builder_builds_once_per_card():
    state = after_first_purchase(3, 2)
    set_level(state, 0, "office", 4)
    give_right(state, 0, "builder")
    set_money(state, 0, 3000)
    state = to_privileges(state, 0, 1)
    state, _ = play(state, 0, {"kind": "builder_build", "building": "church"})
    with pytest.raises(RuleError, match="once per privilege card"):
        play(state, 0, {"kind": "builder_build", "building": "cathedral"})


def test_example_three_sigurd_prince_with_a_patent():
    """'First he uses a Peerage privilege to exchange his 3rd Level tile with the 4th Level tile.
    As his second privilege he uses the other Peerage privilege to take the Patent of Nobility tile
    currently on top (4 Prestige points) ... At the end of the round will he score 16 (12+4).'"""
    state = after_first_purchase(4, 2)
    sigurd = 3
    give_right(state, 0, "patent", 5)
    set_level(state, sigurd, "peerage", 3)
    pool = list(state.pool[1])
    state = to_privileges(state, sigurd, 3)
    state, _ = play(state, sigurd, use(0, "level"))
    # "exchange his 3rd Level tile with the 4th Level tile": the 3rd goes back to the pool
    assert state.levels[sigurd][1] == 4
    assert state.pool[1][1] == pool[1] + 1 and state.pool[1][2] == pool[2] - 1
    state, _ = play(state, sigurd, use(1, "patent"))
    assert state.rights[sigurd]["patent"] == 4
    from games.augsburg1520 import flow

    before = state.score[sigurd]
    flow.end_round(state, [])
    assert state.score[sigurd] - before == 16


def test_example_four_ruediger_takes_300_to_afford_the_church():
    """'As he wants to build a Church, but is 200 Guilders short must he first use the Agency
    privilege to acquire 300 Guilders ... Then he uses the Office privilege to build the Church.'"""
    state = after_first_purchase(3, 2)
    set_level(state, 0, "agency", 2)
    set_money(state, 0, 500)
    state = to_privileges(state, 0, 4)
    assert (1, "church") not in uses_offered(state, 0)
    state, _ = play(state, 0, use(0, "agency_money"))
    state, _ = play(state, 0, use(1, "church"))
    assert state.rights[0]["church"] == 700 and state.money[0] == 100


def test_all_privilege_kinds_exist_five_times():
    codes = [code for card_ in data.PRIVILEGE_CARDS.values() for code in card_]
    for kind in ("M", "C", "A", "N", "O"):
        assert codes.count(kind) == 5
    assert codes.count("P6") + codes.count("P7") == 5
    assert CARD_COST[card("joker-1")] == 400
