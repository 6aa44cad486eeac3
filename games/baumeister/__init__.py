"""Wettstreit der Baumeister: auctions, city building and saboteurs for 3-4 players."""

from games.baumeister.spec import SPEC, BaumeisterSpec
from games.baumeister.state import Options

__all__ = ["SPEC", "BaumeisterSpec", "Options"]
