"""Per-table locks and caches stay as small as the work in flight; user input quoted in messages."""

from __future__ import annotations

import asyncio

import pytest

from play.common import BoundedCache, KeyedLocks, quote


async def test_a_lock_is_dropped_when_nobody_holds_or_waits_for_it():
    locks = KeyedLocks()
    order: list[str] = []

    async def hold(key: int, name: str) -> None:
        async with locks.hold(key):
            order.append(f"{name} in")
            await asyncio.sleep(0)
            order.append(f"{name} out")

    await asyncio.gather(hold(1, "a"), hold(1, "b"), hold(2, "c"))
    assert order.index("a out") < order.index("b in")  # the same key: one at a time
    assert len(locks) == 0
    for key in range(10_000):
        async with locks.hold(key):
            pass
    assert len(locks) == 0


async def test_a_lock_is_dropped_after_an_error_inside_it():
    locks = KeyedLocks()
    with pytest.raises(ValueError):
        async with locks.hold("table"):
            raise ValueError("refused")
    assert len(locks) == 0


def test_the_cache_forgets_the_least_recently_used_beyond_its_size():
    cache: BoundedCache[int, str] = BoundedCache(3)
    for key in range(3):
        cache.put(key, str(key))
    assert cache.get(0) == "0"  # 0 is now the most recently used
    cache.put(3, "3")
    assert cache.get(1) is None and len(cache) == 3
    assert [cache.get(k) for k in (0, 2, 3)] == ["0", "2", "3"]
    cache.drop(lambda key: key >= 2)
    assert len(cache) == 1


def test_a_quoted_input_shows_its_control_characters_as_replacement_marks():
    """An error message repeats what was typed on one line: a NUL or another control character
    (invisible, and cut from some clients' text) shows as �, so the quote says what was sent."""
    assert quote("3\x00x") == "3\ufffdx"
    assert quote("a\tb\nc\x07") == "a b c\ufffd"
