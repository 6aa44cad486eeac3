"""The sea-action rule's lookahead must not read face-down cards.

Rulebook (Aelderman, City Actions): "Even if you perform one or more city actions, you must spend at
least one action point on a sea trading action." The engine offers a city action or an improvement
only if some way through it keeps a sea action possible (games/aelderman/sea_rule.py). When that way
draws a face-down card, what it turns up is unknown to the player, so the moves offered must be the
same whatever lies on top of the pile."""

from games.aelderman import SPEC
from tests.games.aelderman.helpers import (act, clear_player, empty_map, in_lubeck_with_a_taverns_goods, kinds,
                                           new_main, start_turn)


def _with_improvement(state, seat: int, number: int):
    state.players[seat].improvements, state.players[seat].activated = [number], [False]
    return state


def _card_to(state, card: int, city: str) -> None:
    """Put action card `card` on `city`; the card that lay there goes where `card` was."""
    where = next((c for c, n in state.cards.items() if n == card), None)
    old = state.cards[city]
    if where is not None:
        state.cards[where] = old
    else:
        state.card_pile[state.card_pile.index(card)] = old
    state.cards[city] = card


def _in_hamburg_with_502(next_card: int):
    """Seat 0 (improvement 502, 5 coins, no goods) has sailed into Hamburg (card 38) with one
    action point left; one marker lies in Hamburg's banner, so 502's marker completes its first row
    and exchanges the card. The face-down pile holds the same cards whatever `next_card` is; only
    which of 42 (a 1-point action seat 0 can pay) and 46 (none) lies on top differs."""
    state = _with_improvement(empty_map(new_main(2, 4)), 0, 502)
    clear_player(state, 0, coins=5)
    state.banners["Hamburg"] = [1]
    state.players[1].general -= 1
    _card_to(state, 38, "Hamburg")
    for card in (42, 46):  # both face down
        where = next((c for c, n in state.cards.items() if n == card), None)
        if where is not None:
            spare = next(n for n in state.card_pile if n not in (42, 46))
            state.card_pile[state.card_pile.index(spare)] = card
            state.cards[where] = spare
    pile = sorted(state.card_pile)
    pile.remove(next_card)
    state.card_pile = [*pile, next_card]  # the last is drawn first
    start_turn(state, 0, "Lübeck", ap=2)
    state, _ = act(state, 0, "move", city="Hamburg")
    return state


def test_an_improvement_that_exchanges_the_action_card_is_offered_whatever_lies_face_down():
    """502: "Whenever your ship is in the purple trading zone, you may use the improvement to spend
    1 action point and perform the action placing influence marker in the city where you activate
    the improvement." and "the action card of a city is always exchanged for a new one from the
    draw pile when the second influence marker is placed in one of the five rows"."""
    states = {top: _in_hamburg_with_502(top) for top in (42, 46)}
    assert SPEC.view(states[42], 0) == SPEC.view(states[46], 0)  # the same to seat 0
    for state in states.values():
        assert "activate" in kinds(state, 0)
        assert SPEC.legal_actions(state, 0) == SPEC.legal_actions(states[42], 0)
    # The card turned up (46) leaves no action seat 0 can pay: the rule asks nothing more.
    state, _ = act(states[46], 0, "activate", improvement=502)
    while state.pending and state.pending[-1].seat == 0 and "end_turn" not in kinds(state, 0):
        state, _ = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])
    assert state.cards["Hamburg"] == 46
    assert "end_turn" in kinds(state, 0)


def test_the_tavern_is_offered_whatever_council_hall_cards_lie_face_down():
    """Tavern: "The Tavern allows you to immediately draw two Council Hall cards from the draw pile
    and select one of them." Card 102 would give coins for a sea action, 117 and 118 would not; the
    build menu must not tell which lie on top."""
    states = {top: in_lubeck_with_a_taverns_goods(top) for top in ((117, 118), (102, 118))}
    assert SPEC.view(states[(117, 118)], 0) == SPEC.view(states[(102, 118)], 0)
    for state in states.values():
        assert "build_menu" in kinds(state, 0)
        menu, _ = act(state, 0, "build_menu")
        assert "Tavern" in [a.building for a in SPEC.legal_actions(menu, 0) if a.kind == "build"]


def test_the_computer_player_judges_draws_without_reading_face_down_cards():
    """A computer player knows what a person in its seat knows: facing the same position, it makes
    the same choice whatever lies face down (it judges the Tavern by cards of its own shuffling)."""
    for seed in range(12):
        chosen = []
        for top in ((117, 118), (102, 118)):
            menu, _ = act(in_lubeck_with_a_taverns_goods(top), 0, "build_menu")
            chosen.append(SPEC.policy("heuristic", seed=seed).choose(menu, 0))
        assert chosen[0] == chosen[1], (seed, chosen)


def test_judging_leaves_the_position_untouched():
    state = in_lubeck_with_a_taverns_goods((102, 118))
    before = SPEC.dump_state(state)
    SPEC.policy("heuristic", seed=1).choose(state, 0)
    assert SPEC.dump_state(state) == before


def test_the_two_cards_a_tavern_draws_are_seen_by_their_owner_alone():
    """Tavern: "The Tavern allows you to immediately draw two Council Hall cards from the draw pile
    and select one of them." The cards come from the face-down pile, and the one not kept goes to
    the discard pile: while seat 0 chooses, another seat and a spectator see that it chooses, not
    between which cards; the chosen card is public once taken."""
    state = in_lubeck_with_a_taverns_goods((117, 118))
    state, _ = act(state, 0, "build_menu")
    state, _ = act(state, 0, "build", building="Tavern")
    assert state.pending[-1].kind == "tavern"
    own = SPEC.view(state, 0).pending
    assert own.kind == "tavern" and sorted(own.data["cards"]) == [117, 118]
    for viewer in (1, None):
        pending = SPEC.view(state, viewer).pending
        assert pending.kind == "tavern" and pending.seat == 0 and pending.data == {}
    kept, events = act(state, 0, "take_card", card=118)
    assert any("118" in event.text and event.seats is None for event in events)
