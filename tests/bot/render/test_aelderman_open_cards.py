"""What lies open at each player's board in Aelderman's main version, on the public board: their
improvements (flipped once used) and the Council orders they fulfilled."""

from __future__ import annotations

import pytest

from bot.render import get_renderer
from bot.render.base import TableInfo
from bot.render.aelderman_display import fulfilled_order_text
from games.aelderman import SPEC
from games.aelderman import data as D
from tests.games.aelderman.helpers import new_main

RENDERER = get_renderer("aelderman")
INFO = TableInfo(table_id=1, title="Aelderman", names={0: "ada", 1: "bo"})


def player_field(state, name: str) -> str:
    embeds = RENDERER.board(INFO, SPEC.view(state, None))
    return next(f.value for f in embeds[0].fields if " — in " in f.name and name in f.name.split(" — ")[0].split())


def test_improvements_show_on_the_board_flipped_once_used():
    """rulebook: "Each improvement must be placed in a free spot at the bottom of the player board.
    Once an improvement has been activated, it is flipped over and cannot be used until the next round.\""""
    state = new_main(2, 5)
    ready, used = [n for n in sorted(D.IMPROVEMENTS) if n not in state.display][:2]
    state.players[0].improvements, state.players[0].activated = [ready, used], [False, True]
    field = player_field(state, "ada")
    assert (f"Improvements: {ready} ({D.IMPROVEMENTS[ready].when}); "
            f"{used} ({D.IMPROVEMENTS[used].when}, used this round)") in field
    assert "Improvements:" not in player_field(state, "bo")


def test_fulfilled_council_orders_show_next_to_their_players_board():
    """rulebook: "Once you have fulfilled a Council order, it is removed from the display and placed
    next to your player board.\""""
    state = new_main(2, 5)
    number = state.orders[0]
    state.orders[0] = 0
    state.players[1].orders = [number]
    assert f"Council orders fulfilled: {number} ({fulfilled_order_text(number)})" in player_field(state, "bo")
    assert "Council orders fulfilled:" not in player_field(state, "ada")


@pytest.mark.slow
def test_every_action_card_of_the_sea_map_is_on_a_crowded_board():
    """rulebook: "For all other cities, randomly draw action cards and place them on the remaining
    free spots." The cards lie open and the picture does not draw them: with four long names late in
    a main game, the board makes room for them (improvements by number) rather than cut them."""
    from bot.render.aelderman_labels import card_summary
    from tests.bot.driver import heuristic_players

    policy = heuristic_players("aelderman", 4)
    info = TableInfo(table_id=1, title="Aelderman", names={s: f"p{s}" + "x" * 30 for s in range(4)})
    state, moves, compact = SPEC.setup(4, 3, {"version": "main"}), 0, 0
    while SPEC.outcome(state) is None:
        seat = min(SPEC.to_act(state))
        state, _ = SPEC.apply(state, seat, policy(state, seat))
        moves += 1
        if moves % 10:
            continue
        view = SPEC.view(state, None)
        embeds = RENDERER.board(info, view)
        text = "\n".join(e.description or "" for e in embeds)
        assert all(card_summary(city.card) in text for city in view.cities), moves
        compact += "their texts: `/rules game:aelderman`" in "".join(f.value for f in embeds[0].fields)
    assert compact  # the crowded boards were made to fit


def test_a_fulfilled_order_keeps_showing_the_council_votes_it_brings_at_the_end():
    """rulebook (order 301): "In the final scoring you get another 4 council votes": paid only then,
    so the order next to the player's board still says so."""
    state = new_main(2, 5)
    state.players[1].orders = [301, 303]
    field = player_field(state, "bo")
    assert "Council orders fulfilled: 301 (2x beer production, 4 council votes at the final scoring); 303 (" in field
    assert fulfilled_order_text(303) == D.COUNCIL_ORDERS[303].text  # no votes: its rewards were paid at once


def test_a_ten_votes_card_held_no_longer_names_the_bid_it_needs_at_an_auction():
    """Solo rulebook: "10 council votes cost 7 influence markers": bought at that price, the card held
    is not described with the auction's "needs a bid of 5 or more" (nor once won at an auction)."""
    for seats in (1, 2):
        state = new_main(seats, 5)
        card = next(n for n, c in D.COUNCIL_CARDS.items() if c.kind == "votes10")
        state.players[0].cards = [card]
        panel = RENDERER.panel(INFO, SPEC.view(state, 0), 0)
        text = "\n".join(f"{f.name}\n{f.value}" for f in panel.fields)
        assert f"Council Hall card {card}: 10 council votes." in text and "needs a bid" not in text, text
