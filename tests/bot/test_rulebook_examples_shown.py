"""Rulebook examples as a player sees them through the bot (SimCord): a situation is built with the
engine, put on a started table, and the last moves are made by clicks on the players' panels."""
from __future__ import annotations

import copy

import pytest

from games import registry
from play.results import seat_choices
from tests.bot.driver import board_message, choose, open_table, request_cursor, shown_to, start, text_of, thread_text

AUGSBURG = registry.get("augsburg1520")
BAUMEISTER = registry.get("baumeister")


async def click_choice(table, seat: int, wanted) -> None:
    """The seat's player opens "My hand" on the board and picks the first choice that `wanted` accepts."""
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    state = await table.state()
    spec = await table.spec()
    actions = seat_choices(spec, state, seat)
    index = next((i for i, a in enumerate(actions) if wanted(a)), None)
    assert index is not None, (seat, state.phase, spec.to_act(state), actions, text_of(panel))
    result = await choose(actor, panel, index)
    assert result.acknowledged
    after = await table.state()
    assert spec.dump_state(after) != spec.dump_state(state), text_of(result.response.message)


async def names_by_seat(table) -> list[str]:
    seats = sorted(await table.seats(), key=lambda s: s.seat)
    return [(await table.actor_of_seat(s.seat)).user.name for s in seats]


# -- Augsburg 1520: the end of the game, the 25 cap and the tie-break ----------------------------
async def test_augsburg_final_standings_show_the_cap_and_the_cathedral_tie_break(simcord_env):
    """'Ada's score marker is on "21". She scores 14 points at the end of the round (Count, Weapon 2,
    Patent of Nobility 4), but since she has not built the Church yet can she only move her score
    marker up to space "25", even though she could have reached space "35".' And 'If players tie with
    the most Prestige points, the player among those tied who has contributed the most to build a
    Cathedral (most expensive) wins the game'. The last round ends with everyone passing at
    Maximilian: the bot's final standings must show 45, 45 and 25, the cathedral owner first, and say
    why."""
    from tests.games.augsburg1520.states import give_right, set_hand, set_level, start_auction

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    state = copy.deepcopy(await table.state())
    for seat in range(3):
        state, _ = AUGSBURG.apply(state, seat, {"kind": "finish_buying"})
    state = copy.deepcopy(state)
    state.round = state.rounds  # the last round
    for seat in range(3):
        set_hand(state, seat, [])
    # seat 0: church 700 and cathedral 900; seat 1: church 600; both on 40, Baron (+5 a round)
    give_right(state, 0, "church", 700)
    give_right(state, 0, "cathedral", 900)
    give_right(state, 1, "church", 600)
    set_level(state, 0, "peerage", 2)
    set_level(state, 1, "peerage", 2)
    # seat 2 is Ada: 21, Count with Weapon 2 and Patent 4, no church
    set_level(state, 2, "peerage", 3)
    give_right(state, 2, "weapon", 2)
    give_right(state, 2, "patent", 4)
    state.score = [40, 40, 21]
    start_auction(state, 4, opener=0)
    await table.put_state(state)
    names = await names_by_seat(table)

    for seat in (0, 1, 2):
        await click_choice(table, seat, lambda a: a.kind == "pass")

    row = await table.row()
    assert row.status == "finished"
    final = await table.state()
    assert final.score == [45, 45, 25]
    standings = next(m for m in reversed(table.thread.history())
                     if m.embeds and "final standings" in (m.embeds[0].title or ""))
    lines = standings.embeds[0].description.splitlines()
    x, y, ada = names
    expected = [
        f"**1.** {x} — 45 prestige", "  · Cathedral (900 guilders)", "  · Church (700 guilders)",
        f"**2.** {y} — 45 prestige", "  · Church (600 guilders)",
        f"**3.** {ada} — 25 prestige",
        f"Tie-break: {x} and {y} tied on 45 prestige; {x} wins with the most expensive cathedral (900 guilders).",
    ]
    assert lines[:len(expected)] == expected, lines
    said = thread_text(table)
    assert f"{ada} scores 4 of 14 prestige (no more than 25 without a Church)." in said, said[-1500:]


# -- Augsburg 1520: the 1st example of an auction, on the board -----------------------------------
@pytest.mark.slow
async def test_augsburg_auction_example_one_on_the_board(simcord_env):
    """'Matthias played 'Maria 14' and '- 15' plus 2 Jokers. Sigurd played 'Maria 4', '-8', '-9', and
    '-12'. Matthias wins the auction (due to the '15') and discards his 4 cards. Sigurd returns his 4
    cards to his hand and receives 100 Guilders from the Bank. No-one receives the 50 Guilders as
    no-one else showed cards.' The finalists choose their cards on their panels; the board then tells
    the result."""
    from tests.games.augsburg1520.states import bid, play_all, set_hand, start_auction, PASS

    table = await open_table(simcord_env, "augsburg1520", ["ada", "matthias", "lorenz", "sigurd"])
    await start(table)
    state = copy.deepcopy(await table.state())
    for seat in range(4):
        state, _ = AUGSBURG.apply(state, seat, {"kind": "finish_buying"})
    state = copy.deepcopy(state)
    ada, matthias, lorenz, sigurd = 0, 1, 2, 3
    set_hand(state, ada, ["maria-1", "maria-2", "maria-3"])
    set_hand(state, matthias, ["maria-14", "maria-15", "maria-5", "joker-1", "joker-2"])
    set_hand(state, lorenz, ["maria-6"])
    set_hand(state, sigurd, ["maria-4", "maria-8", "maria-9", "maria-12", "joker-3"])
    start_auction(state, 3, opener=ada)
    state, _ = play_all(state, [(ada, bid(3)), (matthias, bid(3)), (lorenz, PASS), (sigurd, bid(4)),
                                (ada, PASS), (matthias, bid(4))])
    assert state.phase == "reveal"
    money = list(state.money)
    await table.put_state(state)
    names = await names_by_seat(table)

    for seat, shown in ((matthias, ["maria-14", "maria-15", "joker", "joker"]),
                        (sigurd, ["maria-4", "maria-8", "maria-9", "maria-12"])):
        for wanted in shown:
            await click_choice(table, seat, lambda a, w=wanted: a.kind == "reveal_card" and a.card.startswith(w)
                               and (w == "joker" or a.card == w))
    after = await table.state()
    assert after.winner == matthias and after.phase == "privilege_card"
    assert [after.money[s] - money[s] for s in range(4)] == [0, 0, 0, 100]
    board = text_of(await board_message(table))
    m, s = names[matthias], names[sigurd]
    assert (f"Last visit, Maria, won by {m}. Shown: {m}: Maria 14, Maria 15, Joker, Joker · "
            f"{s}: Maria 4, Maria 8, Maria 9, Maria 12 (+100 guilders)") in board, board
    assert "+50" not in board


async def two_finalists(env, visit: int, ada_hand: list[str], bo_hand: list[str]):
    """ada and bo at Augsburg 1520, both bidding 2 cards at `visit` (3 = Maria, 4 = Maximilian) with
    these hands: they reveal next."""
    from tests.games.augsburg1520.states import bid, play_all, set_hand, start_auction

    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    state = copy.deepcopy(await table.state())
    for seat in range(2):
        state, _ = AUGSBURG.apply(state, seat, {"kind": "finish_buying"})
    state = copy.deepcopy(state)
    set_hand(state, 0, ada_hand)
    set_hand(state, 1, bo_hand)
    start_auction(state, visit, opener=0)
    state, _ = play_all(state, [(0, bid(2)), (1, bid(2))])
    assert state.phase == "reveal"
    await table.put_state(state)
    return table


async def test_a_finalist_puts_back_a_card_chosen_by_mistake_after_the_other_chose(simcord_env):
    """'In this case will these players simultaneously reveal a number of cards corresponding to the
    number bid': until a finalist's last card, a card chosen by mistake goes back to the hand from
    their panel, though the other finalist chose in between (a take-back would be refused then). The
    other player is shown nothing of which card it was."""
    table = await two_finalists(simcord_env, 3, ["maria-14", "maria-15", "maria-5"], ["maria-4", "maria-8", "maria-9"])
    ada, bo = await table.actor_of_seat(0), await table.actor_of_seat(1)
    await click_choice(table, 0, lambda a: a.kind == "reveal_card" and a.card == "maria-5")
    await click_choice(table, 1, lambda a: a.kind == "reveal_card" and a.card == "maria-4")
    since = request_cursor(simcord_env)
    panel = (await ada.click(await board_message(table), label="My hand")).response.message
    menu = next(c for row in panel.components for c in row.children
                if getattr(c, "placeholder", None) == "Put a card chosen to show back in your hand")
    assert [o.label for o in menu.options] == ["Keep Maria 5 in hand (not shown)"]
    assert "Until your last card, one chosen by mistake can be kept in hand." in text_of(panel)
    await click_choice(table, 0, lambda a: a.kind == "return_card" and a.card == "maria-5")
    after = await table.state()
    assert after.picks[0] == [] and after.phase == "reveal" and after.picks[1]
    assert not any("Maria 5" in text for text in shown_to(simcord_env, bo.id, since))
    await click_choice(table, 0, lambda a: a.kind == "reveal_card" and a.card == "maria-14")
    await click_choice(table, 0, lambda a: a.kind == "reveal_card" and a.card == "maria-15")
    await click_choice(table, 1, lambda a: a.kind == "reveal_card" and a.card == "maria-8")
    board = text_of(await board_message(table))
    assert "Maria 14, Maria 15" in board and "Maria 5" not in board, board


async def test_at_maximilian_the_reveal_panel_gives_the_nobles_tie_break(simcord_env):
    """Rulebook (Maximilian): "Ties are resolved in favor of the noble closest to Maximillian: Maria –
    Leo – Louise – Philipp." A finalist choosing between a Philipp 15 and a Maria 15 is told so on the
    panel where they choose."""
    table = await two_finalists(simcord_env, 4, ["maria-15", "philipp-15", "leo-3"], ["louise-9", "leo-8", "maria-2"])
    panel = (await table.players[0].click(await board_message(table), label="My hand")).response.message
    assert "At equal values, Maria beats Leo, Louise and Philipp (in that order)." in text_of(panel)


# -- Wettstreit der Baumeister: a complete city's bonuses and a shared place --------------------
async def test_baumeister_final_standings_show_every_bonus_and_a_shared_place(simcord_env):
    """'Only now may a city be completed, i.e. the final corner tower played.' A complete city with
    the town hall in the middle (+10), a church on each side of it (+5) and corner towers of equal
    value (+5), a card left in hand counted minus; 'Whoever achieves the highest score has won',
    and two equal scores share their place."""
    from games.baumeister.flow import end_turn
    from tests.games.baumeister.helpers import give

    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    state = copy.deepcopy(await table.state())
    state.announced = True
    give(state, 0, city=("corner-2a", "church-4a", "gate-2a", "hall-7a", "church-9a", "gate-3a"),
         hand=("corner-2b", "church-5a"))
    give(state, 1, city=("church-7a",), hand=())
    give(state, 2, city=("hall-5a", "gate-2b"), hand=())
    state.last_turn = True
    state.current = 2
    end_turn(state, [])
    assert state.phase == "final" and state.actor == 0
    BAUMEISTER.check_invariants(state)
    await table.put_state(state)
    names = await names_by_seat(table)

    await click_choice(table, 0, lambda a: a.kind == "pick" and a.card == "corner-2b")
    await click_choice(table, 0, lambda a: a.kind == "place" and a.slot == 6)
    await click_choice(table, 0, lambda a: a.kind == "done")
    assert (await table.row()).status == "finished"
    standings = next(m for m in reversed(table.thread.history())
                     if m.embeds and "final standings" in (m.embeds[0].title or ""))
    lines = standings.embeds[0].description.splitlines()
    a, b, c = names
    expected = [
        f"**1.** {a} — 44 points",
        "  · Buildings: 29 (7 cards)",
        "  · City complete: corner towers at both ends, no gaps",
        "  · Town hall exactly in the middle: +10",
        "  · 1 church on each side of the town hall: +5",
        "  · Corner towers of equal value (2): +5",
        "  · Cards in hand: -5 (Church 5)",
        "  · Total: 44",
        f"**2.** {b} — 7 points (tie)",
        "  · Buildings: 7 (1 card)",
        "  · City not complete: no extra points",
        "  · Total: 7",
        f"**2.** {c} — 7 points (tie)",
        "  · Buildings: 7 (2 cards)",
        "  · City not complete: no extra points",
        "  · Total: 7",
    ]
    assert lines[:len(expected)] == expected, lines


# -- /rules: the rulebooks' tables as the bot tells them -------------------------------------------
async def rules_text(env, game: str) -> str:
    guild = env.create_guild()
    ada = guild.add_member(env.create_user("ada"))
    result = await ada.slash(guild.create_text_channel("games"), "rules", game=game)
    from tests.bot.driver import embeds_text

    texts = [embeds_text(result.response.embeds)]
    texts += [embeds_text(m.embeds) for m in getattr(result, "followups", []) or []]
    return "\n".join(texts)


async def test_augsburg_rules_tables_match_the_rulebook(simcord_env):
    """The rulebook's tables: level tiles by player count ('2 players: 1 large, 1 middle, 2 small ...
    5 players: 1 large, 3 middle, 5 small'), income '600, 900, 1,200 or 1,600 Guilders', prestige
    '3, 5, 8 or 12 points', cards '4, 5, 6 or 1+6 cards', jokers 'each valued 400 guilders', the
    100 and 50 guilders for the 2nd and 3rd highest bid, and the 25/45 caps."""
    text = await rules_text(simcord_env, "augsburg1520")
    for expected in (
        "2 players 2/1/1; 3 players 3/1/1; 4 players 4/2/1; 5 players 5/3/1",
        "Augsburg 600 / Innsbruck 900 / Antwerpen 1200 / Venedig 1600 guilders",
        "Citizen 3 / Baron 5 / Count 8 / Prince 12 prestige",
        "Merchant 4 / Guildmaster 5 / Councillor 6 / Mayor 1 free + 6 cards",
        "12 jokers at 400",
        "2nd gets 100 and 3rd 50 guilders",
        "Never past 25 without a church, never past 45 without a cathedral",
        "1500 guilders, 2 jokers and 7",
        "money 500, prestige 6/7",
    ):
        assert expected in text, (expected, text)


async def test_baumeister_rules_tables_match_the_rulebook(simcord_env):
    """'Corner Tower - 5 pairs: 2x 1+VV, 2x 2+V, 1x 3+V Tower - 6: 2x 1+VV, 2x 2+V, 2x 3+V City gate -
    10: 2x 2+@@, 3x 3+@@, 3x 4+@, 2x 5+@ Town hall - 6: 5, 5, 6, 6, 7, 7 Church - 8: 4, 5, 5, 6, 6, 7,
    8, 9'; coins 20 x 3 + 30 x 1; 10 thalers each; 5 saboteurs; +10, +5, +5."""
    text = await rules_text(simcord_env, "baumeister")
    for expected in (
        "Corner towers: 4× 1🛡🛡, 4× 2🛡, 2× 3🛡",
        "Towers: 2× 1🛡🛡, 2× 2🛡, 2× 3🛡",
        "City gates: 2× 2🪙🪙, 3× 3🪙🪙, 3× 4🪙, 2× 5🪙",
        "Town halls: 2× 5, 2× 6, 2× 7",
        "Churches: 1× 4, 2× 5, 2× 6, 1× 7, 1× 8, 1× 9",
        "90 thalers in the box; 10 each",
        "**Saboteurs** (rulebook): 5.",
        "+10 for the town hall exactly in the middle",
        "+5 for equal numbers of churches (not zero) on each side of the town hall (wherever it stands), +5 for "
        "equal corner towers",
        "half (rounded down) to the auctioneer",
        # "placing it at the bottom of the _smallest_ stack": compared with the swapped card in hand
        "the stacks are compared once the card is off them",
    ):
        assert expected in text, (expected, text)


@pytest.mark.parametrize("game,expected", [
    ("aelderman", ["`version` (short | main; default short)", "`setup` (1 | 2 | 3; default 1)",
                   "`difficulty` (easy | medium | hard; default medium)"]),
    ("baumeister", ["`swap_open_card` (true | false; default true)", "`first_build` (exactly | at_least"]),
    ("augsburg1520", ["`open_money` (true | false; default false)"]),
])
async def test_rules_list_the_games_table_options(simcord_env, game, expected):
    """/rules tells which options a table of the game takes (Aelderman's main version, 2-player setup
    and solo difficulty are options), their values and defaults, and how to set them."""
    text = await rules_text(simcord_env, game)
    assert "table options" in text and "/table create options:key=value" in text
    for line in expected:
        assert line in text, line
