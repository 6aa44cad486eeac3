"""Slash commands: /leaderboard and /profile (OpenSkill ratings per game on this server)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.render.base import shown_name
from bot.cogs.tables import game_choices
from bot.ui.dynamic import dynamic_view
from bot.ui.requests import custom_ids, name_of, reply
from bot.ui.results import change_text, rating_text
from play.common import looks
from play.tournaments.rating_service import RatingService, display_rating
from play.tournaments.ratings import Rating, ordinal
from bot.ui.tournament_items import LeaderboardPage
from games import registry
from storage import HistoryRow, RatingRow

PAGE_SIZE = 10
RECENT = 5
RATING_NOTE = ("Rating: OpenSkill (Plackett-Luce) ordinal, mu - 3 sigma; it starts at 0 and rises as "
               "results prove skill.")


def history_line(row: HistoryRow) -> str:
    before = ordinal(Rating(mu=row.mu_before, sigma=row.sigma_before))
    after = ordinal(Rating(mu=row.mu_after, sigma=row.sigma_after))
    place = "forfeit, last" if row.forfeited else f"{row.place} of {row.seats}"
    return (f"{registry.get(row.game).title} table #{row.table_id}: {place} — rating "
            f"{rating_text(after)} ({change_text(before, after)})")


def own_or_private(interaction: discord.Interaction) -> bool:
    """Whether the message clicked is private, or public and asked for by the one who clicked."""
    message = interaction.message
    if message is None or message.flags.ephemeral:
        return True
    asked = message.interaction_metadata
    return asked is not None and asked.user.id == interaction.user.id


def is_leaderboard(message: discord.Message | None) -> bool:
    """Whether a message is a leaderboard page: a leaderboard embed whose only controls are
    paging buttons."""
    if message is None or not any((embed.title or "").endswith(" leaderboard") for embed in message.embeds):
        return False
    ids = custom_ids(message)
    return all(custom_id.startswith("rank:") for custom_id in ids)


class RatingsCog(commands.Cog):
    def __init__(self, ratings: RatingService) -> None:
        self.ratings = ratings

    async def page(self, guild_id: int, game: str, page: int) -> dict[str, Any]:
        """The message of one leaderboard page, with its paging buttons."""
        rows, page, total = await self.ratings.leaderboard(guild_id, game, page, PAGE_SIZE)
        pages = max(1, -(-total // PAGE_SIZE))
        title = registry.get(game).title
        alike = Counter(looks(row.display_name) for _, row in rows)
        lines = [self.leaderboard_line(place, row, alike[looks(row.display_name)] > 1) for place, row in rows]
        embed = discord.Embed(title=f"{title} leaderboard", colour=discord.Colour.gold(),
                              description="\n".join(lines) or "No rated games of this game on this server yet.")
        rated = f"{total} rated player" + ("" if total == 1 else "s")
        embed.set_footer(text=f"Page {page + 1} of {pages} · {rated} · {RATING_NOTE}")
        view = dynamic_view()
        view.add_item(LeaderboardPage(game, max(page - 1, 0), label="◀ Previous",
                                      disabled=page == 0))
        view.add_item(LeaderboardPage(game, page + 1, label="Next ▶", disabled=page + 1 >= pages))
        return {"embed": embed, "view": view}

    @staticmethod
    def leaderboard_line(place: int, row: RatingRow, alike: bool = False) -> str:
        """`alike`: another player on the page is called alike; a mention tells them apart (it
        shows the member as Discord names them, and a mention in an embed pings nobody)."""
        who = f"**{shown_name(row.display_name)}**" + (f" (<@{row.user_id}>)" if alike else "")
        return (f"{place}. {who} — {rating_text(display_rating(row))} "
                f"({row.games} game{'s' if row.games != 1 else ''}, {row.wins} won)")

    async def show_page(self, interaction: discord.Interaction, game: str, page: int) -> None:
        """A paging button was pressed: show that page in place."""
        if interaction.guild is None or game not in registry.names():
            await reply(interaction, "This leaderboard is not available any more; use `/leaderboard`.")
            return
        shown = await self.page(interaction.guild.id, game, page)
        # A forged id on another message is left alone; so is a leaderboard posted for everyone
        # by someone else: whoever pages it gets their own copy, as any answer, private.
        if not is_leaderboard(interaction.message) or not own_or_private(interaction):
            await reply(interaction, **shown)
            return
        await interaction.response.edit_message(**shown)

    @app_commands.command(name="leaderboard", description="The best rated players of a game on this server")
    @app_commands.describe(game="The game", public="Post it for everyone (default: only you)")
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, public: bool = False) -> None:
        await reply(interaction, **await self.page(interaction.guild.id, game, 0), ephemeral=not public)

    @app_commands.command(name="profile", description="A player's ratings, games, wins and recent results")
    @app_commands.describe(user="Whose profile (default: yours)", public="Post it for everyone (default: only you)")
    @app_commands.guild_only()
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None,
                      public: bool = False) -> None:
        who = user or interaction.user
        guild_id = interaction.guild.id
        embed = discord.Embed(title=f"{shown_name(name_of(who))} — profile", colour=discord.Colour.blurple())
        games, recent = await self.ratings.profile(guild_id, who.id, RECENT)
        for row, place in games:
            embed.add_field(name=registry.get(row.game).title, inline=False,
                            value=f"Rating **{rating_text(display_rating(row))}** (#{place} on this server) · "
                                  f"{row.games} game{'s' if row.games != 1 else ''} · {row.wins} won")
        embed.add_field(name="Recent rated games", inline=False,
                        value="\n".join(history_line(r) for r in recent)[:1024] or "No rated games yet.")
        embed.set_footer(text=RATING_NOTE)
        await reply(interaction, embed=embed, ephemeral=not public)
