"""Option values that are too long or malformed: a private answer within Discord's limit that
quotes the input cut short, and no table (or tournament) is opened."""

from __future__ import annotations

import pytest

from tests.bot.tournament_driver import ORGANISER_ROLE
from tests.reliability.forge import private_answer, stored_rows

LONG = "x" * 5000
BAD_OPTIONS = {
    "long bool value": ("augsburg1520", f"open_money={LONG}"),
    "long choice value": ("baumeister", f"first_build={LONG}"),
    "long number choice": ("aelderman", "setup=" + "9" * 5000),
    "long unknown key": ("augsburg1520", f"{LONG}=true"),
    "long part without =": ("baumeister", LONG),
    "long part among good ones": ("aelderman", f"version=main, {LONG}, difficulty=easy"),
    "malformed": ("augsburg1520", "open_money"),
    "malformed separators": ("baumeister", "take_three==true;;=x"),
    "unknown key": ("aelderman", "colour=red"),
    "bad value": ("aelderman", "difficulty=impossible"),
    "newlines and mentions": ("augsburg1520", "open_money=@everyone\n" + "y" * 3000),
}


def check_quoted(text: str) -> None:
    assert 0 < len(text) < 2000
    longest_run = max(len(run) for run in ("".join(c if c in "xy9" else " " for c in text)).split() or [""])
    assert longest_run <= 60, f"the input is repeated at length ({longest_run} characters)"


@pytest.mark.parametrize("case", list(BAD_OPTIONS), ids=list(BAD_OPTIONS))
async def test_table_create_with_bad_options(simcord_env, case):
    game, options = BAD_OPTIONS[case]
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    before = await stored_rows(simcord_env.bot)
    text = private_answer(await ada.slash(channel, "table create", game=game, options=options))
    check_quoted(text)
    if LONG in options:
        assert "x" * 20 in text and "…" in text, text  # quoted, cut short
    assert "option" in text.lower()
    assert not channel.threads
    assert await stored_rows(simcord_env.bot) == before


async def test_tournament_create_with_a_long_option_value(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tournaments")
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    before = await stored_rows(simcord_env.bot)
    result = await organiser.slash(channel, "tournament create", game="baumeister", format="swiss", table_size=3,
                                   rounds=2, options=f"first_build={LONG}")
    text = private_answer(result)
    check_quoted(text)
    assert "x" * 20 in text and "…" in text, text
    assert await stored_rows(simcord_env.bot) == before
