"""The Augsburg 1520 renderer over views from random games: Discord limits, labels, menus."""

from __future__ import annotations

import re

import math
import random

import discord
import pytest

from bot.render import get_renderer
from bot.render.base import TableInfo
from games.augsburg1520 import SPEC
from games.augsburg1520.state import Options

RENDERER = get_renderer("augsburg1520")
LONG_NAMES = {s: f"Player with a long name {s} ŠŠŠ" for s in range(5)}


def table(seats: int) -> TableInfo:
    names = {s: LONG_NAMES[s] for s in range(seats)}
    return TableInfo(table_id=7, title="Augsburg 1520", names=names,
                     mentions={s: f"<@{10**17 + s}>" for s in range(seats)})


def check_embed(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert len(embed.fields) <= 25
    assert len(embed.title or "") <= 256
    assert len(embed.description or "") <= 4096
    for field in embed.fields:
        assert field.inline is False, "mobile-safe: no inline field layouts"
        assert 0 < len(field.name) <= 256 and 0 < len(field.value) <= 1024


def check_controls(actions, view) -> None:
    """Labels for every action; menus of at most 25 options; the controls fit 5 rows."""
    buttons, groups = 0, {}
    for action in actions:
        label = RENDERER.action_label(action, view)
        assert label.strip() and len(label) <= 80, (action, label)
        assert "{" not in re.sub(r"\{p[0-9]\}", "", label), label  # only seats' names left to fill in
        group = RENDERER.action_group(action, view)
        if group is None:
            buttons += 1
        else:
            assert len(group) <= 150
            groups[group] = groups.get(group, 0) + 1
        assert RENDERER.action_style(action) in ("primary", "secondary", "success", "danger")
    assert all(count <= 25 for count in groups.values())
    assert buttons <= 10
    assert math.ceil(buttons / 5) + len(groups) <= 5


def random_states(seats: int, seed: int, options: Options):
    rng = random.Random(seed)
    state = SPEC.setup(seats, seed, options)
    yield state
    while SPEC.outcome(state) is None:
        seat = rng.choice(sorted(SPEC.to_act(state)))
        state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
        yield state


# The fast loop plays the smaller tables; every seat count is played by the whole suite.
@pytest.mark.parametrize("seats", [2, 3, pytest.param(4, marks=pytest.mark.slow), pytest.param(5, marks=pytest.mark.slow)])
@pytest.mark.parametrize("open_money", [False, True])
def test_board_panel_and_actions_over_random_games(seats, open_money):
    info = table(seats)
    phases = set()
    for state in random_states(seats, 40 + seats, Options(open_money=open_money)):
        public = SPEC.view(state, None)
        embeds = RENDERER.board(info, public)
        assert sum(len(e) for e in embeds) <= 6000
        for embed in embeds:
            check_embed(embed)
        assert RENDERER.board_key(public)
        phases.add(state.phase)
        for seat in range(seats):
            view = SPEC.view(state, seat)
            check_embed(RENDERER.panel(info, view, seat))
            check_controls(SPEC.legal_actions(state, seat), view)
    assert {"buy", "bid", "privileges", "over"} <= phases


def test_board_shows_turn_bids_backs_and_hidden_money():
    info = table(3)
    state = SPEC.setup(3, 5)
    for seat in range(3):
        state, _ = SPEC.apply(state, seat, {"kind": "finish_buying"})
    bidder = state.bidder
    embed = RENDERER.board(info, SPEC.view(state, None))[0]
    text = embed.title + embed.description + "".join(f.name + f.value for f in embed.fields)
    assert "round 1 of 5" in embed.title and "Philipp" in embed.title
    assert info.mention(bidder) in embed.description
    assert "Bids:" in embed.description
    assert "2×400" in text, "hand backs are shown as costs"
    assert "Money:" not in text, "money is face down by default"
    assert "Draw pile:" in text and "top back" in text
    open_state = SPEC.setup(3, 5, {"open_money": True})
    open_embed = RENDERER.board(info, SPEC.view(open_state, None))[0]
    assert "Money: 1500 guilders" in "".join(f.value for f in open_embed.fields)


def test_board_key_changes_with_the_round_only():
    """One board message per round: the round's auctions go into its log, not new messages."""
    state = SPEC.setup(2, 5)
    assert RENDERER.board_key(SPEC.view(state, None)) == "setup"
    for seat in range(2):
        state, _ = SPEC.apply(state, seat, {"kind": "finish_buying"})
    first = RENDERER.board_key(SPEC.view(state, None))
    assert first == "round1"
    visit = state.auction
    while state.round == 1 and SPEC.to_act(state):
        seat = min(SPEC.to_act(state))
        state, _ = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[0])
        if state.round == 1:
            assert RENDERER.board_key(SPEC.view(state, None)) == "round1"
    assert state.auction != visit or state.round != 1  # the loop went past at least one visit
    assert RENDERER.board_key(SPEC.view(state, None)) in ("round2", "over")


def test_panel_groups_hand_by_noble_and_says_what_to_decide():
    state = SPEC.setup(2, 5)
    seat = 0
    view = SPEC.view(state, seat)
    embed = RENDERER.panel(table(2), view, seat)
    hand = next(f.value for f in embed.fields if f.name.startswith("Hand"))
    assert "Jokers: 2" in hand
    assert "buy" in embed.description
    dealt = next(f.value for f in embed.fields if f.name == "Dealt to you to buy")
    assert dealt.count("\n") == 6
    assert "1500 guilders" in "".join(f.value for f in embed.fields)


def test_labels_say_what_happens():
    state = SPEC.setup(2, 5)
    for seat in range(2):
        state, _ = SPEC.apply(state, seat, {"kind": "finish_buying"})
    view = SPEC.view(state, state.bidder)
    assert RENDERER.action_label(SPEC.parse_action({"kind": "pass"}), view) == "Pass"
    assert RENDERER.action_label(SPEC.parse_action({"kind": "bid", "cards": 2}), view) == "Bid 2 cards"
    assert RENDERER.action_group(SPEC.parse_action({"kind": "bid", "cards": 2}), view) == "Bid how many cards?"
    buy = SPEC.parse_action({"kind": "buy_card", "card": "maria-14"})
    assert RENDERER.action_label(buy, view).startswith("Buy Maria 14")
    end = SPEC.parse_action({"kind": "end_privileges"})
    assert "forfeit 2 for +4 prestige" in RENDERER.action_label(end, view)


def test_rules_list_every_component_and_the_chosen_ones():
    embeds = RENDERER.rules()
    assert sum(len(e) for e in embeds) <= 6000
    for embed in embeds:
        check_embed(embed)
    text = "\n".join(e.description for e in embeds)
    for needle in ("700, 600, 500, 400, 300", "1300, 1200, 1100, 1000, 900", "4, 3, 2, 2, 1", "5, 4, 4, 3, 2",
                   "600", "1600", "Prince 12", "Mayor 1 free + 6", "#10: Money, Cards, Prestige 6",
                   "1-6: 200, 7-12: 300, 13-17: 400", "nobody wins that auction"):
        assert needle in text, needle
    assert text.count("(chosen)") >= 8
    # "(In very rare cases can it happen that there are not enough Promissory Notes for everybody. In
    # this case must each player make a discard before cards are dealt.": the rule is the rulebook's,
    # only how it is carried out is chosen; the same for the prizes' order.
    assert "**Too few cards** (the rulebook's, details chosen): " in text
    assert "**Prize order** (the rulebook's, details chosen): " in text
    # "If all players are passing during the same auction will the players proceed with the next auction
    # without a Privilege card being taken": the rulebook's; who opens next is chosen.
    assert "**No winner** (the rulebook's, details chosen): " in text
    # "From now on will he receive a free Promissory Note at the end of each round" (the Mintmaster)
    assert "a Mintmaster gets one free note at each round's end" in text
    # "If players tie with the most Prestige points, the player among those tied who has contributed the
    # most to build a Cathedral ... wins": places below first, and ties it leaves, are chosen.
    assert "**Tied places** (chosen): " in text and "share their place" in text


def test_options_lines():
    assert "face down" in RENDERER.options_lines(Options())[0]
    assert "face up" in RENDERER.options_lines(Options(open_money=True))[0]


def test_long_card_choice_fits_the_controls():
    """A Maximilian showdown with a big hand: noble buttons plus one card menu."""
    from tests.games.augsburg1520.states import after_first_purchase, play_all, set_hand, start_auction

    state = after_first_purchase(2, 5)
    set_hand(state, 0, [f"{n}-{v}" for n in ("philipp", "louise", "leo", "maria") for v in range(1, 10)]
             + ["joker-1"])
    set_hand(state, 1, ["maria-17", "leo-17"])
    start_auction(state, 4, 0)
    state, _ = play_all(state, [(0, {"kind": "bid", "cards": 2}), (1, {"kind": "bid", "cards": 2})])
    view = SPEC.view(state, 0)
    actions = SPEC.legal_actions(state, 0)
    check_controls(actions, view)
    assert RENDERER.action_label(actions[0], view) == "Show Joker"
    assert RENDERER.action_label(actions[1], view) == "List my Philipp notes"
    state, _ = SPEC.apply(state, 0, {"kind": "pick_noble", "noble": "maria"})
    view = SPEC.view(state, 0)
    actions = SPEC.legal_actions(state, 0)
    check_controls(actions, view)
    assert "Show Maria 9" in [RENDERER.action_label(a, view) for a in actions]


async def test_a_bid_beyond_the_menu_is_typed_with_other_amount():
    """'If bidding he announces any number of suitable Promissory cards': with more suitable cards
    than the bid menu lists, the panel says how to bid more, and its controls offer "Other
    amount…" for the typed bid."""
    from bot.ui.panels import controls
    from tests.games.augsburg1520.states import after_first_purchase, joker_ids, set_hand, start_auction

    state = after_first_purchase(2, 3)
    set_hand(state, 0, [f"philipp-{v}" for v in range(1, 18)] + joker_ids(10))  # 27 suitable cards
    start_auction(state, 0, opener=0)
    info, view = table(2), SPEC.view(state, 0)
    assert "To bid more than 24 cards (up to 27), use **Other amount…**" in RENDERER.panel(info, view, 0).description
    ui = controls(7, 1, SPEC.legal_actions(state, 0), view, RENDERER, info, SPEC.amount_choice(state, 0))
    assert "Other amount…" in control_labels(ui)

    set_hand(state, 0, [f"philipp-{v}" for v in range(1, 10)])  # 9 cards: every bid is listed
    view = SPEC.view(state, 0)
    assert "Other amount" not in RENDERER.panel(info, view, 0).description
    ui = controls(7, 1, SPEC.legal_actions(state, 0), view, RENDERER, info, SPEC.amount_choice(state, 0))
    assert "Other amount…" not in control_labels(ui)


def control_labels(ui) -> list[str]:
    return [getattr(getattr(item, "item", item), "label", None) for item in ui.children]


def test_the_bid_prompt_offers_what_the_buttons_offer():
    """The panel's words match the bidder's choices: "hold" only when they can match the bid,
    "raise" only when they can beat it, "only pass" when they can do neither."""
    said = set()
    for seed in range(4):
        for state in random_states(3, seed, Options()):
            if state.phase != "bid":
                continue
            seat = state.bidder
            text = RENDERER.panel(table(3), SPEC.view(state, seat), seat).description
            amount = SPEC.amount_choice(state, seat)
            high = SPEC.view(state, seat).high
            can_bid = {n for n in range(amount.low, amount.high + 1)} if amount is not None else set()
            if high:
                assert ("raise" in text) == any(n > high for n in can_bid), text
            else:  # the opening bid
                assert ("bid a number of cards" in text) == bool(can_bid), text
            assert (f"hold {high}" in text) == (high > 0 and high in can_bid), text
            assert ("only pass" in text) == (not can_bid), text
            said |= {word for word in ("raise", "hold", "only pass") if word in text}
    assert said == {"raise", "hold", "only pass"}


def test_standings_explain_a_tie_below_first_place():
    """Places tied on prestige below first are ordered by cathedral, then church, and the standings say so."""
    state = SPEC.setup(4, 1, None)
    state.score = [60, 45, 45, 30]
    state.rights[1]["church"], state.rights[2]["church"] = 600, 700
    state.phase = "over"
    lines = RENDERER.outcome_lines(table(4), SPEC.outcome(state))
    assert [line.split(" — ")[0] for line in lines if line.startswith("**")] == [
        f"**1.** {LONG_NAMES[0]}", f"**2.** {LONG_NAMES[2]}", f"**3.** {LONG_NAMES[1]}", f"**4.** {LONG_NAMES[3]}"]
    assert lines[0] == f"**1.** {LONG_NAMES[0]} — 60 prestige"  # the score once, with its unit
    assert lines[2] == "  · Church (700 guilders)"
    assert lines[-1] == (f"Tie-break: {LONG_NAMES[2]} and {LONG_NAMES[1]} tied on 45 prestige and have no cathedral; "
                         f"{LONG_NAMES[2]} places ahead with the most expensive church (700 guilders).")


def test_the_last_round_says_nothing_of_a_next_round():
    """'The game ends after the last round' (players + 2 rounds): the privilege display of the last
    round does not speak of cards face down "for next round"."""
    info = table(2)
    said = {}
    for state in random_states(2, 3, Options()):
        view = SPEC.view(state, None)
        if view.phase != "over":
            text = "".join(f.value for f in RENDERER.board(info, view)[0].fields)
            said.setdefault(view.round == view.rounds, set()).add("next round" in text.lower())
    assert said[True] == {False} and True in said[False]


def test_the_cards_to_buy_are_offered_in_the_order_the_panel_lists_them():
    """The panel lists the dealt cards by noble and value; its menu offers them in that order."""
    state = SPEC.setup(3, 8)
    listed = [card.id for card in SPEC.view(state, 0).offer]
    offered = [a.card for a in SPEC.legal_actions(state, 0) if a.kind == "buy_card"]
    assert len(offered) > 2 and offered == [card for card in listed if card in offered]


def test_the_board_says_when_a_score_has_reached_its_cap():
    """'A player cannot pass space 25 unless he has built a Church': a player on 25 without one is
    marked so on the board (whatever more they gain is forfeited)."""
    state = SPEC.setup(3, 2)
    state.score = [25, 24, 30]
    state.rights[2]["church"] = 600
    headings = [f.name for f in RENDERER.board(table(3), SPEC.view(state, None))[0].fields]
    capped = [h for h in headings if "no more than 25 without a Church" in h]
    assert len(capped) == 1 and capped[0].startswith(LONG_NAMES[0])


def test_rules_summary_says_the_showdown_winner_discards_the_whole_bid():
    """Rulebook: "The winner discard all the Promissory Notes of the winning bid while everybody
    else takes their cards back." (worked example 1: "Matthias wins the auction (due to the '15')
    and discards his 4 cards."). The summary once read as if only the highest card were discarded."""
    from bot.render.augsburg1520 import RULES_SUMMARY

    showdown = RULES_SUMMARY.split("Tied bidders", 1)[1].split("guilders.", 1)[0]
    assert "and is discarded" not in showdown, showdown
    assert "discards every card they showed" in showdown, showdown


def test_a_bidder_holding_one_card_that_counts_is_told_so_in_the_singular():
    from tests.games.augsburg1520.states import set_hand

    state = next(s for seed in range(8) for s in random_states(3, seed, Options()) if s.phase == "bid"
                 and SPEC.view(s, s.bidder).high >= 2 and SPEC.view(s, s.bidder).noble != "maximilian")
    seat, view = state.bidder, SPEC.view(state, state.bidder)
    set_hand(state, seat, [f"{view.noble}-1"])
    text = RENDERER.panel(table(3), SPEC.view(state, seat), seat).description
    assert "you hold only 1 card that counts, so you can only pass." in text, text


def test_a_tile_several_players_hold_is_offered_whole_and_whom_to_take_it_from_is_the_next_choice():
    """"If a tile is no longer available from the pool may a player (but only then!) take it from
    another player": with three holders of long names, the choice says it takes the tile from one
    of its holders (the next step asks whose), fitted whole to the menu, never cut in a name."""
    from bot.ui.panels import controls
    from tests.games.augsburg1520.states import after_first_purchase, set_level, to_privileges

    state = after_first_purchase(5, 5)
    for seat in (1, 2, 3):
        set_level(state, seat, "agency", 3)
    set_level(state, 0, "agency", 2)
    state = to_privileges(state, 0, 5)
    info, view = table(5), SPEC.view(state, 0)
    ui = controls(7, 1, SPEC.legal_actions(state, 0), view, RENDERER, info)
    shown = [option.label for item in ui.children for option in getattr(getattr(item, "item", item), "options", [])]
    shown += [label for label in control_labels(ui) if label]
    (label,) = [text for text in shown if "take the Antwerpen tile" in text]
    assert label == "Agency: take the Antwerpen tile (level 3) from one of its holders, who drops a level"


def test_before_the_first_round_the_board_says_who_opens_the_first_auction():
    """While the first cards are bought no round has been played: the opener "opens the first
    auction", not "next round"."""
    info, state = table(3), SPEC.setup(3, 5)
    embed = RENDERER.board(info, SPEC.view(state, None))[0]
    names = [field.name for field in embed.fields]
    assert any(f"{info.name(state.opener)} — " in name and "opens the first auction" in name for name in names), names
    assert not any("opens next round" in name for name in names), names


def test_board_after_the_cards_privilege_claims_no_count():
    """'The player takes the top 2 cards from the draw pile': fewer when the piles ran out, so the
    board says the privilege was used, and the log (the engine's line) says how many were drawn."""
    from tests.games.augsburg1520.states import after_first_purchase, play, to_privileges, use

    state = to_privileges(after_first_purchase(3, 1), 0, 1)
    state, _ = play(state, 0, use(2, "cards"))
    embed = RENDERER.board(table(3), SPEC.view(state, None))[0]
    assert "used the Cards privilege and discards one card" in embed.description
    assert "two cards" not in embed.description


@pytest.mark.parametrize("left,label", [(2, "draw 2 cards, then discard 1"), (1, "draw the last card, then discard 1"),
                                        (0, "no card is left to draw; you would only discard 1")])
def test_cards_privilege_label_says_how_many_cards_are_left(left, label):
    """'The player takes the top 2 cards from the draw pile ... Then he must discard any one card':
    with every other card in the hands, the button says what using it would really do."""
    from tests.games.augsburg1520.states import after_first_purchase, set_hand, to_privileges

    state = after_first_purchase(3, 5)
    set_hand(state, 0, ["leo-1"])
    state.hands[1] = state.hands[1] + state.draw[left:] + state.discard
    state.draw, state.discard = state.draw[:left], []
    state = to_privileges(state, 0, 1)
    view = SPEC.view(state, 0)
    (cards,) = [a for a in SPEC.legal_actions(state, 0) if getattr(a, "use", None) == "cards"]
    assert RENDERER.action_label(cards, view).endswith(label)


def test_a_bidder_s_panel_names_who_holds_the_bid_to_beat():
    """"Hold means that the player is bidding the same number of cards as the previous player": the
    panel of the player to bid names whose bid that is, as the board does."""
    from tests.games.augsburg1520.states import after_first_purchase, bid, play, set_hand, start_auction

    info = table(3)
    state = after_first_purchase(3, 1)
    set_hand(state, 0, ["philipp-2", "philipp-3"])
    set_hand(state, 1, ["philipp-4", "philipp-5"])
    start_auction(state, 0, 0)
    state, _ = play(state, 0, bid(1))
    assert state.bidder == 1
    text = RENDERER.panel(info, SPEC.view(state, 1), 1).description
    assert f"Bid on **Philipp** ({info.name(0)} bid 1 card): pass, hold 1 or raise." in text, text


def test_the_start_player_is_marked_only_until_the_first_auction_is_won():
    """"The first auction in the game begins with the Start player ...; in all further auctions will
    the first bidder be the winner of the previous auction": the board marks the start player for
    the first auction only, so it is not read as who opens later."""
    from tests.games.augsburg1520.states import after_first_purchase, start_auction

    info = table(3)
    state = after_first_purchase(3, 1)
    first = "".join(f.name for f in RENDERER.board(info, SPEC.view(state, None))[0].fields)
    assert "start player" in first
    start_auction(state, 1, 1)  # the second visit, opened by the last winner
    later = "".join(f.name for f in RENDERER.board(info, SPEC.view(state, None))[0].fields)
    assert "start player" not in later and "opens" in later
