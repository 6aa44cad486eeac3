"""Every button and menu the bot sends is a DynamicItem: a click is routed by its custom id
alone (the templates registered at start-up), the same before and after a restart."""

from __future__ import annotations

import discord


def dynamic_view() -> discord.ui.View:
    """An empty view for DynamicItems. It is finished before it is sent, so discord.py does not
    keep it: nothing is looked up in it, and an ephemeral one would otherwise be held, with a
    timer, for the 15 minutes its interaction lives."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view
