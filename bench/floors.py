"""The two floor bots bench/bot.py measures our bot against, in the same simulated Discord.

- The floor: one button that sends one small DM and one small ephemeral reply.
- The same edits: a bot with no game that makes the Discord calls a typical move makes (its panel
  edited in place and the board message edited), with payloads the size of an Augsburg 1520 move's
  (about 1 kB and 3 kB of JSON). What our bot takes beyond this is our own work; this much is the
  simulated Discord and discord.py.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord
import simcord
from discord.ext import commands


# -- the floor: one button, one DM and one reply ------------------------------------------
class FloorButton(discord.ui.DynamicItem[discord.ui.Button], template=r"floor:(?P<n>[0-9]+)"):
    def __init__(self, n: int = 0) -> None:
        super().__init__(discord.ui.Button(label="Go", custom_id=f"floor:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> FloorButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.user.send("Your move was made.")
        await interaction.response.send_message("Done.", ephemeral=True)


class FloorBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())

        @self.tree.command(name="floor", description="A button")
        async def floor(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(FloorButton())
            await interaction.response.send_message("Press", view=view)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(FloorButton)
        await self.tree.sync()


async def floor_round(clicks: int) -> list[float]:
    async with simcord.run(FloorBot()) as env:
        channel = env.create_guild().create_text_channel("floor")
        member = env.guild.add_member(env.create_user("ada"))
        message = (await member.slash(channel, "floor")).response.message
        times = []
        for _ in range(clicks):
            began = time.perf_counter()
            await member.click(message, label="Go")
            times.append(time.perf_counter() - began)
        return times


# -- the same edits as a move, without a game ---------------------------------------------
def panel_embed(n: int) -> discord.Embed:
    embed = discord.Embed(title=f"Your hand (move {n})", description="Cards, coins and what you may do. " * 2)
    for field in range(3):
        embed.add_field(name=f"Part {field}", value="a few words of what this is " * 3)
    return embed


def board_embeds(n: int) -> list[discord.Embed]:
    board = discord.Embed(title=f"The board after move {n}", description="What everyone sees. " * 10)
    for seat in range(4):
        board.add_field(name=f"Player {seat}", value="coins, cards and pieces on the board " * 13, inline=False)
    log = discord.Embed(title="Game log", description="\n".join(f"Player {i % 4} did something" for i in range(15)))
    return [board, log]


class EditsSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"edits:(?P<n>[0-9]+)"):
    def __init__(self, n: int = 0) -> None:
        options = [discord.SelectOption(label=f"Choice {i}", value=str(i)) for i in range(6)]
        super().__init__(discord.ui.Select(custom_id=f"edits:{n}", options=options))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> EditsSelect:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        # Our move waits once (at its commit). Without any wait, the simulated Discord's settling
        # sees the callback end within one turn of the event loop and idles 50 ms before it stops.
        await asyncio.sleep(0)
        view = discord.ui.View(timeout=None)
        view.add_item(EditsSelect(self.n + 1))
        view.add_item(EditsBackButton(self.n))
        await interaction.response.edit_message(content=f"Your turn (move {self.n})", embed=panel_embed(self.n),
                                                view=view)
        await bot.board.edit(content="Your move, Player 1.", embeds=board_embeds(self.n))


class EditsBackButton(discord.ui.DynamicItem[discord.ui.Button], template=r"edits-back:(?P<n>[0-9]+)"):
    """A move's "Take back". Dynamic, as our bot's controls are: a plain button with a new
    custom_id at every click would pile up in discord.py's view store for the whole run, and the
    simulated Discord looks through that store at every click."""

    def __init__(self, n: int = 0) -> None:
        super().__init__(discord.ui.Button(label="Take back", custom_id=f"edits-back:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> EditsBackButton:
        return cls(int(match["n"]))


class EditsBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents(guilds=True))
        self.board: Any = None

        @self.tree.command(name="edits", description="A board and a panel")
        async def edits(interaction: discord.Interaction) -> None:
            self.board = await interaction.channel.send("The board", embeds=board_embeds(0))
            view = discord.ui.View(timeout=None)
            view.add_item(EditsSelect())
            await interaction.user.send("Your panel", view=view)
            await interaction.response.send_message("Started.", ephemeral=True)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(EditsSelect, EditsBackButton)
        await self.tree.sync()


async def edits_round(clicks: int) -> list[float]:
    async with simcord.run(EditsBot()) as env:
        channel = env.create_guild().create_text_channel("edits")
        member = env.guild.add_member(env.create_user("ada"))
        await member.slash(channel, "edits")
        times = []
        for _ in range(clicks):
            panel = member.user.dm_channel.history()[-1]
            began = time.perf_counter()
            await member.user.select(panel, ["1"], custom_id=panel.components[0].children[0].custom_id)
            times.append(time.perf_counter() - began)
        return times
