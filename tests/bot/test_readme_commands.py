"""README documents every command (the guide: "It also documents every command")."""

from __future__ import annotations

from pathlib import Path

from discord import app_commands

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


async def test_every_slash_command_has_a_row_in_readmes_command_table(simcord_env):
    commands = [c.qualified_name for c in simcord_env.bot.tree.walk_commands() if isinstance(c, app_commands.Command)]
    assert "table list" in commands and len(commands) > 20
    rows = [line for line in README.splitlines() if line.startswith("| `/")]
    missing = [name for name in commands  # "/table hand" is not "/table handover"
               if not any(row.startswith((f"| `/{name}`", f"| `/{name} ")) for row in rows)]
    assert not missing, missing
