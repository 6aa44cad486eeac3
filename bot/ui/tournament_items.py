"""Buttons of tournaments and leaderboards that survive restarts.

`tourney:<action>:<tournament>` buttons sit on the tournament embed and the round messages;
`rank:<game>:<page>` buttons page a leaderboard. The callbacks only forward to the
tournament controller (`client.tournament_ui`).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.ui.components import button_label, button_style
from bot.ui.requests import answers_faults

TOURNAMENT_ACTIONS = ("register", "withdraw", "start", "next", "status", "standings")


def _controller(interaction: discord.Interaction) -> Any:
    return interaction.client.tournament_ui  # type: ignore[attr-defined]


@answers_faults
class TournamentButton(discord.ui.DynamicItem[discord.ui.Button],
                       template=r"tourney:(?P<action>[a-z]+):(?P<tournament>[0-9]{1,18})"):
    def __init__(self, action: str, tournament_id: int, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"tourney:{action}:{tournament_id}"))
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: Any) -> "TournamentButton":
        return cls(match["action"], int(match["tournament"]), label=button_label(item), style=button_style(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).button(interaction, self.tournament_id, self.action)


@answers_faults
class LeaderboardPage(discord.ui.DynamicItem[discord.ui.Button],
                      template=r"rank:(?P<game>[a-z0-9_]+):(?P<page>[0-9]{1,18})"):
    """Shows page `page` (0-based) of a game's leaderboard on this server, in place."""

    def __init__(self, game: str, page: int, *, label: str = "…", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"rank:{game}:{page}", disabled=disabled))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: Any) -> "LeaderboardPage":
        return cls(match["game"], int(match["page"]), label=button_label(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.ratings_ui.show_page(interaction, self.game, self.page)  # type: ignore[attr-defined]


TOURNAMENT_ITEMS = (TournamentButton, LeaderboardPage)
