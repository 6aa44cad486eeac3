"""Issue: "Locks and caches are bounded (dropped when a table ends or goes idle)". What the bot
keeps per table in memory lives in BoundedCache (least recently used entries forgotten) or
KeyedLocks (a lock dropped once nobody holds it): after many tables no plain dict or set of the
long-lived objects has grown with them."""

from __future__ import annotations

from play.common import BoundedCache, KeyedLocks
from tests.bot.driver import heuristic_players, open_table, play_turn_by_dm, start

# Plain containers that hold a fixed set of things, whatever the number of tables: discord.py's
# own registries, the scheduler's handlers by timer kind, and tasks dropped as they end.
FIXED = {"all_commands", "_listeners", "_handlers", "_hooks", "extra_events", "_BotBase__cogs",
         "_BotBase__extensions", "_checks", "_check_once", "owner_ids", "forms_answered", "handlers", "_once",
         "_background", "on_finish", "on_damaged", "finish_listeners", "closed_listeners"}


def long_lived(bot) -> dict[str, object]:
    presenter = bot.controller.presenter
    return {"bot": bot, "service": bot.service, "kept": bot.service.kept, "controller": bot.controller,
            "presenter": presenter, "boards": presenter.boards, "thread_refusals": presenter.thread_refusals,
            "scheduler": bot.scheduler, "tournament_ui": bot.tournament_ui}


async def test_nothing_kept_per_table_outside_bounded_caches_and_locks(simcord_env):
    tables = []
    for number in range(4):
        table = await open_table(simcord_env, "baumeister", [f"a{number}", f"b{number}", f"c{number}"])
        await start(table)
        tables.append(table)
    policy = heuristic_players("baumeister", 3)
    for _ in range(3):
        for table in tables:
            assert await play_turn_by_dm(table, policy)
    bot = simcord_env.bot
    for name, owner in long_lived(bot).items():
        for attribute, value in vars(owner).items():
            if isinstance(value, (dict, set, list)) and attribute not in FIXED:
                raise AssertionError(f"{name}.{attribute} is a plain {type(value).__name__}: bound it")
            if isinstance(value, KeyedLocks):
                assert len(value) == 0, f"{name}.{attribute} keeps locks nobody holds"
            if isinstance(value, BoundedCache):
                assert value.size <= 10_000, f"{name}.{attribute} may grow to {value.size}"
    assert len(bot.service.locks) == 0
