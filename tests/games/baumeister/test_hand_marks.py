"""What the others know of a hand after a card leaves it in everyone's sight (built, or drawn by a
saboteur): they see only that card's kind, so the board must not go on showing a mark they could
no longer place on a card still in the hand."""

from __future__ import annotations

from games import registry
from games.baumeister.flow import begin_build
from tests.games.baumeister.helpers import card, give, new_game, play

SPEC = registry.get("baumeister")


def shown_hand(state, seat: int, viewer: int) -> tuple[list[str], list[str]]:
    """The cards of `seat`'s hand that `viewer` is shown by name, and by type only."""
    player = SPEC.view(state, viewer).players[seat]
    return [c.name for c in player.hand_known], list(player.hand_types)


def test_building_another_church_takes_the_named_church_off_the_board():
    """Rulebook: the auctioneer "must name the building type for all players to hear, but not,
    however, the building value". Seat 1 holds the named church (a 5) and a secret Church 7 and
    builds the 7: for all the others know, the named church was built."""
    state = new_game()
    give(state, 1, hand=("church-5a", "church-7a"), city=("gate-2a",))
    state.typed_cards |= 1 << card("church-5a")
    assert shown_hand(state, 1, viewer=0) == ([], ["church"])
    begin_build(state, 1, False, [])
    state, _ = play(state, 1, {"kind": "pick", "card": "church-7a"}, {"kind": "place", "slot": 1})
    assert shown_hand(state, 1, viewer=0) == ([], [])
    assert state.hands[1] == (card("church-5a"),)  # the 5 is still there, unknown to the others


def test_a_saboteur_drawing_the_secret_twin_of_a_known_card_takes_its_mark_off():
    """Rulebook: "The aggressor selects one of them, shows it to all players and puts it under the
    smaller stack." Seat 2 bought one Church 6 openly and holds the other secretly; a Church 6 is
    drawn and shown: nobody can tell which, so no Church 6 is shown in that hand any more."""
    for seed in range(60):
        state = new_game(seed=seed)
        give(state, 0, saboteurs=1)
        give(state, 2, hand=("church-6a", "church-6b", "gate-2a", "gate-3a", "hall-5a"))
        state.public_cards |= 1 << card("church-6a")
        begin_build(state, 0, False, [])
        state, events = play(state, 0, {"kind": "sabotage", "seat": 2, "target": "hand"},
                             {"kind": "grab", "position": 0})
        if card("church-6b") not in state.hands[2]:
            break
    assert card("church-6b") not in state.hands[2] and card("church-6a") in state.hands[2]
    assert "Church 6" in events[-1].text
    assert shown_hand(state, 2, viewer=0) == ([], [])


def test_a_known_card_that_leaves_takes_only_its_own_mark():
    """The card everyone saw goes: the named card of another type keeps its mark."""
    state = new_game()
    give(state, 1, hand=("church-5a", "hall-5a"), city=("gate-2a",))
    state.typed_cards |= 1 << card("church-5a")
    state.public_cards |= 1 << card("hall-5a")
    begin_build(state, 1, False, [])
    state, _ = play(state, 1, {"kind": "pick", "card": "hall-5a"}, {"kind": "place", "slot": 1})
    assert shown_hand(state, 1, viewer=0) == ([], ["church"])


def test_a_drawn_named_card_beside_a_known_twin_leaves_only_a_church_known():
    """Seat 2 holds a Church 6 everyone saw and a church whose type alone was named (also a 6). A
    saboteur draws one and shows "Church 6": the others cannot tell which, so what stays true is
    "a church" in that hand, not a Church 6 (nor nothing), whichever card was drawn."""
    shown = set()
    for seed in range(60):
        state = new_game(seed=seed)
        give(state, 0, saboteurs=1)
        give(state, 2, hand=("church-6a", "church-6b", "gate-2a", "gate-3a", "hall-5a"))
        state.public_cards |= 1 << card("church-6a")
        state.typed_cards |= 1 << card("church-6b")
        assert shown_hand(state, 2, viewer=0) == (["Church 6"], ["church"])
        begin_build(state, 0, False, [])
        state, _ = play(state, 0, {"kind": "sabotage", "seat": 2, "target": "hand"}, {"kind": "grab", "position": 0})
        drawn = ({card("church-6a"), card("church-6b")} - set(state.hands[2]))
        if drawn:
            shown.add(drawn.pop())
            assert shown_hand(state, 2, viewer=0) == ([], ["church"])
    assert shown == {card("church-6a"), card("church-6b")}  # both draws were seen
