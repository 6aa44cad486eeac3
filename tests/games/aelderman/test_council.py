"""The Council Hall phase, round preparation and production."""

from __future__ import annotations

import json

import pytest

from games import RuleError
from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.council import start_council
from games.aelderman.flow import advance
from tests.games.aelderman.helpers import act, new_game, new_main


def council(seats: int = 3, seed: int = 2):
    state = new_game(seats, seed)
    state.turn = None
    state.pending = []
    state.phase = "council"
    state.period = 3
    start_council(state, [])
    return state


def test_bids_are_sealed_and_simultaneous():
    """'During the auction, all players hold a secret amount of influence markers from their
    active supply to bid.' Everyone bids at once; nothing is shown until the last bid is in."""
    state = council()
    assert SPEC.to_act(state) == {0, 1, 2}
    state, events = act(state, 1, "bid", amount=3)
    assert SPEC.to_act(state) == {0, 2}
    token = SPEC.secret_tokens(state)[1]
    assert token and all(e.data.get("amount") is None for e in events if e.seats is None)
    # The bidder's own log has it ("your own secret choices", README /table log); nobody else's.
    (own,) = [e for e in events if e.seats is not None]
    assert own.seats == {1} and own.data["amount"] == 3 and "3 influence markers" in own.text
    for seat in (None, 0, 2):
        shown = json.dumps(SPEC.view(state, seat).model_dump(mode="json"))
        assert not any(t in shown for t in token)
    assert SPEC.view(state, 0).council.submitted == [False, True, False]
    assert SPEC.view(state, 1).council.my_bid == 3


def test_any_influence_of_the_active_supply_can_be_bid():
    """'all players hold a secret amount of influence markers from their active supply to bid':
    any amount from 0 to the whole active supply, also those the 25-entry menu leaves out."""
    state = council()
    state.players[0].influence = 30
    state.players[0].general -= 25
    choice = SPEC.amount_choice(state, 0)
    assert (choice.low, choice.high) == (0, 30)
    listed = [a.amount for a in SPEC.legal_actions(state, 0)]
    assert 27 not in listed and listed[-1] == 30
    state, _ = SPEC.apply(state, 0, choice.action(27))
    assert SPEC.view(state, 0).council.my_bid == 27
    with pytest.raises(RuleError):
        SPEC.apply(state, 1, {"kind": "bid", "amount": state.players[1].influence + 1})
    assert SPEC.amount_choice(state, 0) is None, "the bid is in"


def test_choices_in_bid_order_and_no_card_without_a_bid():
    """'The player who bids the most influence markers may first take a Council Hall card of his
    choice ... you only get a Council Hall card if you bid at least one influence marker.' The bid
    markers 'are placed on the spot of the corresponding card'."""
    state = council()
    state, _ = act(state, 0, "bid", amount=1)
    state, _ = act(state, 1, "bid", amount=3)
    state, events = act(state, 2, "bid", amount=0)
    assert any(e.kind == "bids_revealed" and e.data["bids"] == [1, 3, 0] for e in events)
    assert SPEC.to_act(state) == {1}
    card = SPEC.legal_actions(state, 1)[0].card
    state, _ = act(state, 1, "take_card", card=card)
    assert SPEC.to_act(state) == {0}
    assert card not in {a.card for a in SPEC.legal_actions(state, 0)}
    state, _ = act(state, 0, "take_card")
    assert state.council.row == 1 and state.council.stage == "bid"
    assert state.players[1].held == 3 and state.players[1].influence == 2


def test_second_row_bonus_and_new_player_order():
    """'Some Council Hall cards have a marking at the foot of the card, which indicates an additional
    bonus' (second auction round). 'The sum of influence markers bid in both auction rounds
    determines the new player order.' The markers return 'once the player order has been
    rearranged'."""
    state = council(seats=2, seed=4)
    state, _ = act(state, 0, "bid", amount=1)
    state, _ = act(state, 1, "bid", amount=2)
    state, _ = act(state, 1, "take_card")
    state, _ = act(state, 0, "take_card")
    state, _ = act(state, 0, "bid", amount=2)
    state, _ = act(state, 1, "bid", amount=0)
    card = [a.card for a in SPEC.legal_actions(state, 0) if D.COUNCIL_CARDS[a.card].bonus
            and not D.COUNCIL_CARDS[a.card].kind.startswith("prod")][0]
    coins = state.players[0].coins
    bonus = D.COUNCIL_CARDS[card].bonus
    state, events = act(state, 0, "take_card", card=card)
    from games.aelderman.rules import describe
    assert f"{{p0}} receives the card's bonus: {describe(bonus)}." in [e.text for e in events]  # named, not "a bonus"
    gained = D.COUNCIL_CARDS[card].gain.get("coins", 0) + bonus.get("coins", 0)
    assert state.players[0].coins == coins + gained
    while state.pending:
        seat = min(SPEC.to_act(state))
        state, _ = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[-1])
    assert state.round == 2
    assert state.order == [0, 1]  # 3 markers bid against 2
    assert all(p.held == 0 and p.bid_total == 0 for p in state.players)


def test_round_two_preparation_and_production():
    """'Reveal the new round indicator', 'Renew the period indicators', 'Renew Council Hall cards';
    production: 'Some buildings produce resources directly'; operating costs are paid after
    production."""
    state = council(seats=2, seed=6)
    player = state.players[0]
    player.buildings, player.uses = ["Gabled House", "Fountain"], [0, 0]
    player.property_supply -= 2
    player.production["wood"] = 2
    player.coins = 0
    influence = player.influence
    old_rows = [list(r) for r in state.council_rows]
    state.council.bids = [0, 0]
    advance(state, [])
    state.council.bids = [0, 0]  # the second row
    advance(state, [])
    assert state.round == 2 and state.phase == "trade"
    player = state.players[0]
    assert player.coins == 4 - 2  # the Gabled House's 4 coins minus operating costs 1 + 1
    assert player.goods["wood"] >= 2 and player.influence == influence + 1
    assert state.council_rows != old_rows and all(len(r) == 3 for r in state.council_rows)


def test_solo_council_hall():
    """Solo: '3 council votes cost 1 influence marker' ... 'Then draw three Council Hall cards from
    the face-down draw pile. One of these can be purchased for the price of one influence marker.
    The influence markers you spent ... returned to the general supply.'"""
    state = council(seats=1, seed=3)
    assert state.council is None and state.pending[-1].kind == "solo_votes3"
    player = state.players[0]
    general, votes = player.general, player.votes
    state, _ = act(state, 0, "take_card")
    assert state.players[0].votes == votes + 3 and state.players[0].general == general + 1
    assert state.pending[-1].kind == "solo_draw" and len(state.pending[-1].data["cards"]) == 3
    state, _ = act(state, 0, "pass")
    assert state.round == 2


def test_game_ends_after_the_second_council_hall():
    state = council(seats=2, seed=8)
    state.round = 2
    state.council.bids = [0, 0]
    advance(state, [])
    state.council.bids = [0, 0] if state.council else None
    advance(state, [])
    assert state.phase == "over" and SPEC.outcome(state) is not None
    assert SPEC.to_act(state) == frozenset()


def test_every_good_on_the_production_bar_is_produced():
    """'Your resource income depends on the production bar on the right side of the player board.'
    Card 121's kind: 'From the next production phase onwards, you will permanently produce 1x ...
    per round ... Your operating costs are also increased by one coin.' The tools production of
    Council Hall card 128 pays tools each production phase, as stone production pays stone."""
    from games.aelderman.council import apply_card
    from games.aelderman.production import produce
    from games.aelderman.rules import operating_costs
    from tests.games.aelderman.helpers import new_main

    state = new_main(2, seed=3)
    player = state.players[0]
    player.goods = {g: 0 for g in player.goods}
    apply_card(state, 0, D.TOOLS_CARD, [])
    assert player.production["tools"] == 1 and operating_costs(player) == 1
    player.production["stone"] = 1
    produce(state, [])
    assert player.goods["tools"] == 1 and player.goods["stone"] == 1


def test_the_log_says_what_each_player_receives_at_production():
    """Phase 1: 'certain buildings generate their benefit or produce their goods (income) - and pay
    your operating costs'. The log names each player's income (the production bar's goods, action
    points and influence, and what buildings produce), not only that there was some."""
    from games.aelderman.production import produce
    from tests.games.aelderman.helpers import new_main

    state = new_main(2, seed=3)
    first, second = state.players
    first.production.update(wood=2, ap=1, influence=0)
    first.buildings, first.uses, first.sites = ["Gabled House"], [0], [-1]
    second.production.update({g: 0 for g in second.production})
    events = []
    produce(state, events)
    lines = [e.text for e in events if e.kind == "income"]
    assert lines[0].startswith("{p0} receives") and "1 action point" in lines[0] and "2 wood" in lines[0]
    produced = D.BUILDINGS["Gabled House"].produces
    assert all(f"{n} " in lines[0] for n in produced.values())
    assert not any(line.startswith("{p1}") for line in lines)  # nothing produced: no line


def test_a_bidder_left_without_a_card_it_may_take_is_told_why():
    """"To get this Council Hall card, you must bid at least five influence markers." A bidder of 2
    whose turn to choose leaves only the ten council votes and developing an improvement (with no
    free improvement space) takes no card: the table reads why, and the bid stays on the Council
    Hall, counting for the player order ("The sum of influence markers bid in both auction rounds")."""
    state = new_main(2, 9)
    state.turn, state.pending, state.phase, state.period = None, [], "council", 3
    start_council(state, [])
    state.players[1].improvements = [501, 502, 503]
    state.players[1].activated = [False] * 3
    for player in state.players:
        player.influence, player.coins = 4, 10
    state.order = [0, 1]
    state, _ = act(state, 0, "bid", amount=2)
    state, _ = act(state, 1, "bid", amount=2)
    kinds = {card: D.COUNCIL_CARDS[card].kind for card in state.council_rows[0]}
    assert sorted(kinds.values()).count("votes10") == 1 and "improve" in kinds.values()
    other = next(card for card, kind in kinds.items() if kind not in ("votes10", "improve"))
    state, events = SPEC.apply(state, 0, {"kind": "take_card", "card": other})
    told = [e.text for e in events if e.kind == "council_no_card"]
    assert told == ["{p1} can take none of the cards left (the ten council votes need a bid of 5; developing an "
                    "improvement needs a free improvement space); the bid stays on the Council Hall."]
    assert state.players[1].held == 2 and state.players[1].bid_total == 2
