"""Augsburg 1520: bid promissory notes at five nobles' courts for privileges, rise in society,
build a church and a cathedral, and gather the most prestige."""

from games.augsburg1520.spec import SPEC, Augsburg1520

__all__ = ["SPEC", "Augsburg1520"]
