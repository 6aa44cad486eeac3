"""Command-line counts of the benchmarks (moves, runs, rounds...): a whole number, at least some
minimum, refused by argparse in one line otherwise."""

from __future__ import annotations

import argparse
from typing import Callable


def at_least(low: int) -> Callable[[str], int]:
    def count(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if number < low:
            raise argparse.ArgumentTypeError(f"give {low} or more, not {number}")
        return number

    count.__name__ = f"count (at least {low})"
    return count
