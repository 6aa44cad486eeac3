"""Augsburg 1520: rulebook examples and tables that the project's tests cover only in part,
checked number by number through the engine."""
from __future__ import annotations

from games.augsburg1520 import SPEC, data
from games.augsburg1520.cards import CARD_COST, CARD_ID, CARD_NOBLE, JOKER_IDS, NOTE_COUNT
from tests.games.augsburg1520.states import (
    END, PASS, after_first_purchase, bid, give_right, play, play_all, ruedigers_board, set_hand, set_level,
    set_money, start_auction, to_privileges, use,
)
from tests.games.augsburg1520.test_levels import lorenz_and_martin

ADA, MATTHIAS, LORENZ, SIGURD = 0, 1, 2, 3


def reveal(seat, *card_ids):
    return [(seat, {"kind": "reveal_card", "card": c}) for c in card_ids]


def ids(cards):
    return sorted(CARD_ID[c] for c in cards)


# -- 1st example of an auction (Maria) ----------------------------------------------------------
def test_auction_example_one_every_number():
    """'Ada makes the first bid as she won the previous bid on Leo: "I'll bid 3 cards on Maria".
    Matthias, on her left, says: "I'll hold your 3." Lorenz passes and Sigurd bids 4 Promissory
    Notes. The bid is not back on Ada, who decides to pass. ... if Matthias decides to hold on 4
    cards will the auction end with two finalists (Sigurd cannot raise his own bid): ... Matthias
    played 'Maria 14' and '- 15' plus 2 Jokers. Sigurd played 'Maria 4', '-8', '-9', and '-12'.
    Matthias wins the auction (due to the '15') and discards his 4 cards. Sigurd returns his 4
    cards to his hand and receives 100 Guilders from the Bank. No-one receives the 50 Guilders as
    no-one else showed cards.'"""
    state = after_first_purchase(4, 21)
    set_hand(state, ADA, ["maria-1", "maria-2", "maria-3"])
    set_hand(state, MATTHIAS, ["maria-14", "maria-15", "maria-5", "joker-1", "joker-2"])
    set_hand(state, LORENZ, ["maria-6"])
    set_hand(state, SIGURD, ["maria-4", "maria-8", "maria-9", "maria-12", "joker-3"])
    start_auction(state, 3, opener=ADA)
    state, _ = play_all(state, [(ADA, bid(3)), (MATTHIAS, bid(3)), (LORENZ, PASS), (SIGURD, bid(4))])
    assert state.bidder == ADA, "the bid is back on Ada"
    state, _ = play(state, ADA, PASS)
    state, _ = play(state, MATTHIAS, bid(4))
    assert state.phase == "reveal" and SPEC.to_act(state) == frozenset({MATTHIAS, SIGURD})
    assert SPEC.legal_actions(state, SIGURD)[0].kind == "reveal_card", "Sigurd cannot raise his own bid"
    money = list(state.money)
    discard = len(state.discard)
    hands = [list(h) for h in state.hands]
    state, events = play_all(state, reveal(MATTHIAS, "maria-14", "maria-15", "joker-1", "joker-2")
                             + reveal(SIGURD, "maria-4", "maria-8", "maria-9", "maria-12"))
    assert state.winner == MATTHIAS and state.phase == "privilege_card"
    # Matthias discards his 4 cards.
    assert len(state.discard) == discard + 4
    assert ids(state.discard[-4:]) == ["joker-1", "joker-2", "maria-14", "maria-15"]
    assert ids(state.hands[MATTHIAS]) == ["maria-5"]
    # Sigurd returns his 4 cards to his hand and receives 100 guilders.
    assert ids(state.hands[SIGURD]) == ids(hands[SIGURD])
    assert [state.money[s] - money[s] for s in range(4)] == [0, 0, 0, 100]
    # No-one receives the 50 guilders; Ada and Lorenz keep their cards.
    assert ids(state.hands[ADA]) == ids(hands[ADA]) and ids(state.hands[LORENZ]) == ids(hands[LORENZ])
    assert [e.data["amount"] for e in events if e.kind == "prize"] == [100]
    shown = SPEC.view(state, None).shown
    assert [(b.seat, b.place, b.prize) for b in shown] == [(MATTHIAS, 1, 0), (SIGURD, 2, 100)]


# -- 2nd example of an auction (Maximilian) -----------------------------------------------------
def test_auction_example_two_every_number():
    """'Matthias has offered the following 3 cards: 'Leo 15', 'Maria 3', and 'Joker'. Ada has the
    following 3 cards: 'Philipp 15' and '-7' plus 'Leo 2'. Matthias wins (since 'Leo 15' is better
    than 'Philipp 15').' With 'The winner discard all the Promissory Notes of the winning bid while
    everybody else takes their cards back' and 'The player with the second highest bid receives 100
    Guilders'."""
    state = after_first_purchase(4, 4)
    set_hand(state, ADA, ["philipp-15", "philipp-7", "leo-2"])
    set_hand(state, MATTHIAS, ["leo-15", "maria-3", "joker-1"])
    set_hand(state, LORENZ, [])
    set_hand(state, SIGURD, [])
    start_auction(state, 4, opener=ADA)
    state, _ = play_all(state, [(ADA, bid(3)), (MATTHIAS, bid(3)), (LORENZ, PASS), (SIGURD, PASS)])
    assert state.phase == "reveal"
    money = list(state.money)
    discard = len(state.discard)
    state, _ = play_all(state, reveal(MATTHIAS, "leo-15", "maria-3", "joker-1")
                        + reveal(ADA, "philipp-15", "philipp-7", "leo-2"))
    assert state.winner == MATTHIAS
    assert ids(state.discard[discard:]) == ["joker-1", "leo-15", "maria-3"]
    assert state.hands[MATTHIAS] == []
    assert ids(state.hands[ADA]) == ["leo-2", "philipp-15", "philipp-7"]
    assert [state.money[s] - money[s] for s in range(4)] == [100, 0, 0, 0]
    assert [(b.seat, b.prize) for b in SPEC.view(state, None).shown] == [(MATTHIAS, 0), (ADA, 100)]


def test_maximilian_tie_order_maria_leo_louise_philipp_for_all_four_places():
    """'Ties are resolved in favor of the noble closest to Maximillian: Maria – Leo – Louise –
    Philipp.' with the 100 and 50 guilders to the second and third highest."""
    state = after_first_purchase(4, 4)
    for seat, noble in enumerate(["philipp", "louise", "maria", "leo"]):
        set_hand(state, seat, [f"{noble}-10"])
    start_auction(state, 4, opener=0)
    state, _ = play_all(state, [(s, bid(1)) for s in range(4)])
    money = list(state.money)
    state, events = play_all(state, [(s, {"kind": "reveal_card", "card": f"{n}-10"})
                                     for s, n in enumerate(["philipp", "louise", "maria", "leo"])])
    assert state.winner == 2  # Maria 10
    assert [state.money[s] - money[s] for s in range(4)] == [0, 50, 0, 100]  # Leo 2nd, Louise 3rd
    # the log says what decided the places that count (first, second, third, and third over fourth)
    rule = "of equal values, the noble closest to Maximilian wins (Maria, Leo, Louise, Philipp)."
    assert [e.text for e in events if e.kind == "reveal_tie"] == [
        f"Maria 10 beats Leo 10: {rule}", f"Leo 10 beats Louise 10: {rule}", f"Louise 10 beats Philipp 10: {rule}"]


# -- privilege cards on display over a round --------------------------------------------------
def test_privilege_cards_available_decrease_to_one_for_maximilian():
    """'While the player who won Philipp's auction may choose between all 5 Privilege cards on
    display, will the number of cards available decrease as auctions are run, until only one
    Privilege card is left for the winner of Maximillian.'"""
    state = after_first_purchase(2, 3)
    set_hand(state, 0, ["philipp-1", "louise-1", "leo-1", "maria-1", "maria-2"])
    set_hand(state, 1, [])
    start_auction(state, 0, opener=0)
    offered = []
    for noble, note in zip(data.AUCTIONS, ["philipp-1", "louise-1", "leo-1", "maria-1", "maria-2"]):
        assert data.AUCTIONS[state.auction] == noble
        state, _ = play_all(state, [(0, bid(1)), (1, PASS)])
        state, _ = play(state, 0, {"kind": "discard_bid_card", "card": note})
        choices = [a.number for a in SPEC.legal_actions(state, 0)]
        offered.append(len(choices))
        state, _ = play(state, 0, {"kind": "take_privilege_card", "number": choices[0]})
        state, _ = play(state, 0, END)
    assert offered == [5, 4, 3, 2, 1]


def test_prestige_privilege_six_or_seven():
    """'Prestige privilege: The player receives 6 (or 7) Prestige Points.'"""
    state = to_privileges(after_first_purchase(3, 1), 0, 1)  # M, P6, C
    state, _ = play(state, 0, use(1, "prestige"))
    assert state.score[0] == 6
    state = to_privileges(after_first_purchase(3, 1), 0, 3)  # N, N, P7
    state, _ = play(state, 0, use(2, "prestige"))
    assert state.score[0] == 7


# -- Lorenz and Martin: the cards at the end of the round --------------------------------------
def test_lorenz_and_martin_cards_dealt_at_the_end_of_the_round():
    """'At the end of the round will Lorenz receive 6 Promissory Notes +1 free and Martin will only
    receive 6 Promissory Notes.' ('If a player is entitled to any free cards ... will he receive
    these first and immediately add them to his hand.')"""
    lorenz, martin = 0, 1
    state = lorenz_and_martin()
    state, _ = play(state, lorenz, use(0, "level"))
    state, _ = play(state, martin, {"kind": "consolation", "choice": "money"})
    state, _ = play(state, lorenz, END)
    for seat in range(4):
        set_hand(state, seat, [])
    start_auction(state, 4, opener=lorenz)
    state, _ = play_all(state, [(s, PASS) for s in (0, 1, 2, 3)])
    assert state.phase == "buy"
    assert (len(state.hands[lorenz]), len(state.offers[lorenz])) == (1, 6)
    assert (len(state.hands[martin]), len(state.offers[martin])) == (0, 6)
    assert state.rights[martin]["builder"] == 1 and state.levels[martin][2] == 3


# -- Rüdiger: the cards he does not buy --------------------------------------------------------
def test_ruediger_buys_some_and_the_rest_go_face_up_on_the_discard_pile():
    """'... before he is dealt 6 more Promissory Notes of which he may "buy" 0 to 6 cards. After
    payment will he add them to his hand. The cards he didn't buy are placed face up on the discard
    pile.'"""
    state = after_first_purchase(3, 3)
    ruediger = 1
    ruedigers_board(state, ruediger)
    for seat in range(3):
        set_hand(state, seat, [])
    set_money(state, ruediger, 5000)
    start_auction(state, 4, opener=ruediger)
    state, events = play_all(state, [(1, PASS), (2, PASS), (0, PASS)])
    assert len(state.hands[ruediger]) == 2 and len(state.offers[ruediger]) == 6
    texts = [e.text for e in events]
    assert "{p1} receives 900 guilders and scores 13 prestige." in texts
    assert "{p1} receives 2 free cards and 6 cards to buy." in texts
    free = list(state.hands[ruediger])
    offer = list(state.offers[ruediger])
    money = state.money[ruediger]
    assert money == 5000 + 900
    bought = offer[:2]
    for c in bought:
        state, _ = play(state, ruediger, {"kind": "buy_card", "card": CARD_ID[c]})
    for seat in (0, 1, 2):
        state, _ = play(state, seat, {"kind": "finish_buying"})
    assert state.money[ruediger] == money - sum(CARD_COST[c] for c in bought)
    assert sorted(state.hands[ruediger]) == sorted(free + bought)
    assert set(offer[2:]) <= set(state.discard)
    assert state.score[ruediger] == 13


# -- component tables ---------------------------------------------------------------------------
def test_component_counts_of_the_rulebook():
    """'90 playing cards: 68 Promissory Notes (Values 1 to 17 for each of four nobles), 12 Joker
    cards (each valued 400 guilders), 10 Privilege cards'; '27 Level tiles (9 each in 3 differently
    colored categories)'; '30 "Rights" tiles'; '72 Bank Notes (18x 50, 32x 100, 22x 500
    Guilders)'."""
    assert NOTE_COUNT == 68 and len(JOKER_IDS) == 12 and len(data.PRIVILEGE_CARDS) == 10
    assert NOTE_COUNT + len(JOKER_IDS) + len(data.PRIVILEGE_CARDS) == 90
    for noble in data.NOBLES:
        assert sorted(int(CARD_ID[c].split("-")[1]) for c in range(NOTE_COUNT) if CARD_NOBLE[c] == noble) \
            == list(range(1, 18))
    # the five-player game uses every level tile: 1 large, 3 middle, 5 small per colour = 9
    assert sum(data.LEVEL_TILES[5]) == 9
    assert all(tiles[2] == 1 for tiles in data.LEVEL_TILES.values())
    state = SPEC.setup(5, 1)
    assert sum(sum(pool) for pool in state.pool) == 27
    assert sum(len(stack) for stack in state.stacks.values()) == 30 and len(state.stacks) == 6
    assert data.BANK_START == 18 * 50 + 32 * 100 + 22 * 500 == 15100
    assert sum(state.money) + state.bank == 15100


def test_weapon_and_patent_ranges():
    """'3rd level = Count | Rights: "Weapon" (4-1 Prestige per round)'; '4th level = Prince |
    Rights: "Patent of Nobility" (5-2 Prestige per round)'."""
    assert data.WEAPONS[0] == 4 and data.WEAPONS[-1] == 1 and all(1 <= w <= 4 for w in data.WEAPONS)
    assert data.PATENTS[0] == 5 and data.PATENTS[-1] == 2 and all(2 <= p <= 5 for p in data.PATENTS)


def test_example_three_patent_on_top_is_four_after_the_five_is_taken():
    """Example 3: 'take the Patent of Nobility tile currently on top (4 Prestige points)': the stack
    holds a 4 below the top tile. 'At the end of the round will he score 16 (12+4)'."""
    assert 4 in data.PATENTS[1:]
    state = after_first_purchase(4, 2)
    sigurd = 3
    give_right(state, 0, "patent")  # the 5 goes first
    set_level(state, sigurd, "peerage", 3)
    state = to_privileges(state, sigurd, 3)
    state, _ = play(state, sigurd, use(0, "level"))
    state, events = play(state, sigurd, use(1, "patent"))
    assert state.rights[sigurd]["patent"] == 4
    assert any("Patent of Nobility tile (4 prestige per round)" in e.text for e in events)
    for seat in range(4):
        set_hand(state, seat, [])
    before = state.score[sigurd]
    start_auction(state, 4, opener=0)
    state, _ = play_all(state, [(s, PASS) for s in range(4)])
    assert state.score[sigurd] - before == 16


def test_matthias_past_45_continues_along_the_track():
    """'When a player with a Cathedral scores past 45 points will he simply continue moving his
    marker along the track – but he must remember to add "45" to his final score.' The final score
    is the full total: Matthias' 48 (Example 1) beats a 47."""
    state = after_first_purchase(2, 4)
    give_right(state, 0, "church")
    give_right(state, 0, "cathedral")
    give_right(state, 1, "church")
    give_right(state, 1, "cathedral")
    state.score = [48, 47]
    state.phase = "over"
    outcome = SPEC.outcome(state)
    assert outcome.scores == {0: 48.0, 1: 47.0} and outcome.winners == [0]
