"""Wettstreit der Baumeister: auctions, city building and saboteurs for 3-4 players."""

from games.baumeister.engine import BaumeisterSpec
from games.baumeister.models import Options

SPEC = BaumeisterSpec()

__all__ = ["SPEC", "BaumeisterSpec", "Options"]
