"""The rulebook's summary table of the building cards, every print of it."""

from __future__ import annotations

from collections import Counter

from games.baumeister.data import CARDS, TYPE_KEYS


def test_baumeister_summary_table_every_print():
    """'Corner Tower 5 pairs 2x 1+VV, 2x 2+V, 1x 3+V Tower 6 2x 1+VV, 2x 2+V, 2x 3+V City gate 10 2x
    2+@@, 3x 3+@@, 3x 4+@, 2x 5+@ Town hall 6 5, 5, 6, 6, 7, 7 Church 8 4, 5, 5, 6, 6, 7, 8, 9'"""
    prints = Counter((TYPE_KEYS[c.type], c.value, c.shields, c.coins) for c in CARDS)
    assert prints == Counter({
        ("corner_tower", 1, 2, 0): 4, ("corner_tower", 2, 1, 0): 4, ("corner_tower", 3, 1, 0): 2,
        ("tower", 1, 2, 0): 2, ("tower", 2, 1, 0): 2, ("tower", 3, 1, 0): 2,
        ("gate", 2, 0, 2): 2, ("gate", 3, 0, 2): 3, ("gate", 4, 0, 1): 3, ("gate", 5, 0, 1): 2,
        ("town_hall", 5, 0, 0): 2, ("town_hall", 6, 0, 0): 2, ("town_hall", 7, 0, 0): 2,
        ("church", 4, 0, 0): 1, ("church", 5, 0, 0): 2, ("church", 6, 0, 0): 2, ("church", 7, 0, 0): 1,
        ("church", 8, 0, 0): 1, ("church", 9, 0, 0): 1,
    })
