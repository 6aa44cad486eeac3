"""Augsburg 1520: a panel's words say only true things and offer only what its buttons and menus do
(the prestige a choice really gives at the score cap, the privileges left, whether a card can
still be afforded)."""

from __future__ import annotations

import pytest

import copy
import re

from bot.render import get_renderer
from games import registry
from play.results import seat_choices
from tests.bot.driver import (board_message, choose, fix_deal, heuristic_players, labels, menu_options, open_table,
                              panel_message,
                              play_until, start, text_of)

SPEC = registry.get("augsburg1520")


async def panel_of(table, seat: int):
    actor = await table.actor_of_seat(seat)
    row = next(s for s in await table.seats() if s.seat == seat)
    return await panel_message(table, actor, row)


def decision_line(panel) -> str:
    """The panel embed's description: what the player is asked now."""
    return panel.embeds[0].description or ""


def gain_of(state, seat: int, action) -> int:
    """The prestige the engine really gives for this choice (the score-track cap included)."""
    after, _ = SPEC.apply(state, seat, action)
    return after.score[seat] - state.score[seat]


def capped(state) -> bool:
    """The privilege user's score sits at a cap (25 without a Church, 45 without a Cathedral)."""
    seat = state.winner
    rights = state.rights[seat]
    cap = 25 if not rights["church"] else 45 if not rights["cathedral"] else None
    return cap is not None and state.score[seat] >= cap - 3


@pytest.mark.slow
async def test_a_player_at_the_score_cap_is_not_promised_prestige_it_cannot_gain(simcord_env, monkeypatch):
    """Rulebook: "The score marker can never move beyond space 25 unless the player has built a Church.
    Similarly can it never move beyond 45 unless the player has a Cathedral. It does not matter how
    Prestige points are gained." Seed 2, two players: bo reaches 45 without a Cathedral and wins an
    auction; the panel offers "Finish: forfeit 2 for +4 prestige" and "Prestige 7: +7 prestige", and
    says "each one you leave out gives 2 prestige", but each gives 0."""
    fix_deal(monkeypatch, 2)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    state = await play_until(table, heuristic_players("augsburg1520", 2),
                             lambda s: s.phase == "privileges" and capped(s), "a capped privilege user", limit=400)
    seat = state.winner
    panel = await panel_of(table, seat)
    shown = labels(panel) + menu_options(panel)
    actions = SPEC.legal_actions(state, seat)
    wrong = []
    for action in actions:
        label = next((text for text in shown if text == _label(table, state, seat, action)), None)
        promised = re.search(r"\+(\d+) prestige", label or "")
        if promised and int(promised[1]) != gain_of(state, seat, action):
            wrong.append((label, gain_of(state, seat, action)))
    assert not wrong, f"score {state.score[seat]}, labels promise more than the cap allows: {wrong}"
    end = next(a for a in actions if a.kind == "end_privileges")
    assert any("prestige (no more than" in text for text in shown)  # the labels say why
    if gain_of(state, seat, end) < 2 * (2 - sum(state.slots_used)):
        assert "each one you leave out gives 2 prestige" not in decision_line(panel), decision_line(panel)


def _label(table, state, seat, action) -> str:
    return get_renderer("augsburg1520").action_label(action, SPEC.view(state, seat))


async def test_after_one_privilege_the_prompt_does_not_offer_two(simcord_env, monkeypatch):
    """Rulebook: "he may perform two of the three privileges". Seed 1, two players: ada uses one
    privilege of card #3; the panel still says "Use up to two privileges" while the buttons offer one
    more (the Finish button itself says "forfeit 1")."""
    fix_deal(monkeypatch, 1)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    state = await play_until(table, heuristic_players("augsburg1520", 2),
                             lambda s: s.phase == "privileges" and sum(s.slots_used) == 1, "one privilege used")
    panel = await panel_of(table, state.winner)
    assert any(label.startswith("Finish: forfeit 1") for label in labels(panel))
    assert decision_line(panel).startswith("Use one more privilege, or finish"), decision_line(panel)


async def test_a_buyer_who_can_afford_no_more_cards_is_not_told_to_choose_cards(simcord_env, monkeypatch):
    """Seed 1, two players, the opening purchase: ada has chosen 1400 guilders of cards and has 100
    left; no dealt card costs less than 200, so the panel buys nothing more ("Done", "Put back" and
    Take back), yet it said "Choose secretly which dealt cards to buy (...), then press Done."."""
    fix_deal(monkeypatch, 1)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)

    def buys_nothing_more(s, seat: int) -> bool:
        return not s.done[seat] and s.picks[seat] and all(a.kind != "buy_card" for a in SPEC.legal_actions(s, seat))

    def nothing_affordable(s):
        return s.phase == "buy" and any(buys_nothing_more(s, seat) for seat in range(s.seats))

    state = await play_until(table, heuristic_players("augsburg1520", 2), nothing_affordable, "an exhausted budget")
    seat = next(seat for seat in range(state.seats) if buys_nothing_more(state, seat))
    panel = await panel_of(table, seat)
    assert not [option for option in menu_options(panel) if option.startswith("Buy ")]
    assert len(menu_options(panel)) == len(state.picks[seat]), "each card chosen can be put back"
    assert decision_line(panel).startswith("No other dealt card is within the "), decision_line(panel)
    assert decision_line(panel).endswith("press Done, or put a chosen card back."), decision_line(panel)


@pytest.mark.slow
async def test_a_consolation_at_the_score_cap_says_what_it_gives(simcord_env, monkeypatch):
    """"It does not matter how Prestige points are gained": seed 6, three players, ada (25
    prestige, no Church) loses a level tile; her panel, its button and the board say the prestige
    consolation gives her nothing more."""
    from games.augsburg1520.common import score_cap
    from tests.bot.driver import board_message

    def consolation_at_cap(state) -> bool:
        cap = score_cap(state, state.victim) if state.phase == "consolation" else None
        return cap is not None and state.score[state.victim] >= cap

    fix_deal(monkeypatch, 6)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    state = await play_until(table, heuristic_players("augsburg1520", 3), consolation_at_cap,
                             "a consolation for a player at the score cap", limit=400)
    panel = await panel_of(table, state.victim)
    capped_text = "0 of 1 prestige (no more than 25 without a Church)"
    assert f"Take {capped_text}" in labels(panel)
    assert decision_line(panel) == f"You lost a level tile: take 100 guilders or {capped_text}."
    assert f"chooses 100 guilders or {capped_text}." in text_of(await board_message(table))


async def test_with_both_privileges_used_the_builder_prompt_promises_no_prestige(simcord_env, monkeypatch):
    """Rulebook, Example 2: "Then he uses the other Office privilege to take the Builder tile. Then he
    immediately uses the power of the Builder to build the top available Church for 700 Guilders as
    an additional privilege." Both privileges are used then, none is forfeited, and "2 Prestige
    points for each privilege forfeited" gives nothing: the prompt must not promise prestige."""
    fix_deal(monkeypatch, 1)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    state = await play_until(table, heuristic_players("augsburg1520", 2),
                             lambda s: s.phase == "privilege_card", "a privilege card to take")
    seat = state.winner
    card = 2  # Office, Office, Money
    state = copy.deepcopy(state)  # states are never changed in place
    if card not in state.display:
        state.display = [card, *state.display[1:]]
    state.reserve = [c for c in state.reserve if c != card]
    state.used_privileges = [c for c in state.used_privileges if c != card]
    state.levels[seat] = [1, 1, 3]  # agency, coat of arms, office: one step below Mayor
    state.money[seat] = 1500
    await table.put_state(state)
    actor = await table.actor_of_seat(seat)
    spec = await table.spec()

    async def pick(wanted) -> None:
        panel = (await actor.click(await board_message(table), label="My hand")).response.message
        actions = seat_choices(SPEC, await table.state(), seat)  # in the panel's order
        await choose(actor, panel, next(i for i, a in enumerate(actions) if wanted(a)))

    await pick(lambda a: a.kind == "take_privilege_card" and a.number == card)
    await pick(lambda a: a.kind == "use_privilege" and a.use == "level")  # office: Mayor
    await pick(lambda a: a.kind == "use_privilege" and a.use == "builder")  # the Builder tile
    now = await table.state()
    assert sum(now.slots_used) == 2 and any(a.kind == "builder_build" for a in spec.legal_actions(now, seat))
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    assert decision_line(panel) == ("Both privileges are used: build with the Builder as an additional "
                                    "privilege, or finish."), decision_line(panel)
    score = now.score[seat]
    await pick(lambda a: a.kind == "end_privileges")
    assert (await table.state()).score[seat] == score


CODE_CATEGORY = {"A": 0, "N": 1, "O": 2}


def _level_rise(state, from_a_player: bool):
    """The winner's level privileges whose tile the pool has (False) or no longer has (True)."""
    from games.augsburg1520 import data
    from games.augsburg1520.levels import holders

    found = []
    if state.phase == "privileges":
        seat = state.winner
        for action in SPEC.legal_actions(state, seat):
            if action.kind == "use_privilege" and action.use == "level":
                category = CODE_CATEGORY[data.PRIVILEGE_CARDS[state.card_in_use][action.slot]]
                target = state.levels[seat][category] + 1
                empty = state.pool[category][target - 2] == 0
                if empty == from_a_player and (not empty or holders(state, seat, category)):
                    found.append((category, target, holders(state, seat, category)))
    return found


async def test_a_level_privilege_that_takes_a_players_tile_says_whose(simcord_env, monkeypatch):
    """"If a tile is no longer available from the pool may a player (but only then!) take it from
    another player. It is not possible to prevent the removal, but the affected player will receive
    a minor consolation": the choice names whose tile it takes, unlike a rise from the pool (when
    several players hold it, it says so, and whose it is the next choice). A long name is filled in
    whole: the label is fitted to its place once it holds the names, never cut inside one."""
    from games.augsburg1520 import data

    fix_deal(monkeypatch, 11)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "Maximilian_von_Habsburg", "Kunigunde_Brandenburg"])
    await start(table)
    state = await play_until(table, heuristic_players("augsburg1520", 3), lambda s: _level_rise(s, True),
                             "a level privilege with an empty pool")
    names = {s.seat: s.display_name for s in await table.seats()}
    options = menu_options(await panel_of(table, state.winner)) + labels(await panel_of(table, state.winner))
    for category, target, victims in _level_rise(state, True):
        tile = data.LEVEL_NAMES[data.CATEGORIES[category]][target - 1]
        (label,) = [o for o in options if f"take the {tile} tile (level {target}) from " in o]
        whom = names[victims[0]] if len(victims) == 1 else "one of its holders"
        assert label.endswith(f"from {whom}, who drops a level"), label
    for category, target, _ in _level_rise(state, False):
        assert any(f"rise to level {target}, {data.LEVEL_NAMES[data.CATEGORIES[category]][target - 1]}" in o
                   for o in options), options
