"""Through the bot: what a player is offered does not depend on the face-down cards.

Rulebook (Aelderman, buildings): "The Tavern allows you to immediately draw two Council Hall cards
from the draw pile and select one of them." With exactly a Tavern's goods, no coins and one action
point left in Lübeck, whether the Tavern keeps a sea action possible depends on the two cards it
would draw; the panel must offer it whatever they are (games/aelderman/sea_rule.py)."""

from __future__ import annotations

from play.results import seat_choices
from tests.bot.driver import board_message, choose, labels, menu_options, open_table, start
from tests.games.aelderman.helpers import in_lubeck_with_a_taverns_goods


async def offered_after_build_menu(env, top_two: tuple[int, int]) -> list[str]:
    """What the build menu offers ada in that position, with `top_two` on top of the pile."""
    table = await open_table(env, "aelderman", ["ada", "bo"], options="version=main")
    await start(table)
    state = in_lubeck_with_a_taverns_goods(top_two)
    await table.put_state(state)
    ada = table.players[0]
    panel = (await ada.click(await board_message(table), label="My hand")).response.message
    assert "Tavern" not in " ".join(labels(panel) + menu_options(panel))
    spec = await table.spec()
    index = next(i for i, a in enumerate(seat_choices(spec, await table.state(), 0)) if a.kind == "build_menu")
    menu = (await choose(ada, panel, index)).response.message
    return labels(menu) + menu_options(menu)


async def test_the_build_menu_offers_the_tavern_whatever_council_hall_cards_lie_face_down(simcord_env):
    for top_two in ((117, 118), (102, 118)):  # cards that give nothing a sea action needs, and coins
        offered = await offered_after_build_menu(simcord_env, top_two)
        assert any(text.startswith("Tavern") for text in offered), offered
