"""Rating storage against a real SQLite file."""

from __future__ import annotations

import pytest

from storage import RatedResult, Store


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "bot.sqlite3")
    yield opened
    await opened.close()


def line(user: int, place: int, mu: float, sigma: float = 8.0, *, won: bool = False, seats: int = 3,
         forfeited: bool = False) -> RatedResult:
    return RatedResult(user_id=user, display_name=f"p{user}", place=place, seats=seats, won=won,
                       forfeited=forfeited, mu_before=25.0, sigma_before=8.333, mu_after=mu, sigma_after=sigma)


async def test_a_game_updates_ratings_counts_and_history_once(store):
    first = [line(1, 1, 28.0, won=True), line(2, 2, 25.0), line(3, 3, 22.0, forfeited=True)]
    assert await store.ratings.record_game(10, "baumeister", 100, first)
    assert not await store.ratings.record_game(10, "baumeister", 100, first)  # a table is rated once
    second = [line(2, 1, 27.0, 7.0, won=True, seats=2), line(1, 2, 27.5, 7.0, seats=2)]
    assert await store.ratings.record_game(10, "baumeister", 101, second)

    rows = await store.ratings.of_players(10, "baumeister", [1, 2, 3, 4])
    assert set(rows) == {1, 2, 3}
    assert (rows[1].mu, rows[1].sigma, rows[1].games, rows[1].wins) == (27.5, 7.0, 2, 1)
    assert (rows[2].games, rows[2].wins) == (2, 1)
    assert (rows[3].games, rows[3].wins) == (1, 0)
    assert await store.ratings.is_rated(100) and not await store.ratings.is_rated(102)

    history = await store.ratings.history(10, 1)
    assert [(h.table_id, h.place, h.seats) for h in history] == [(101, 2, 2), (100, 1, 3)]  # newest first
    assert (await store.ratings.history(10, 3))[0].forfeited is True
    assert await store.ratings.history(10, 1, game="augsburg1520") == []
    assert await store.ratings.history(11, 1) == []  # another server


async def test_leaderboard_orders_by_mu_minus_three_sigma_and_pages(store):
    # ordinals: user 1: 30-3*8 = 6; user 2: 20-3*2 = 14; user 3: 26-3*4 = 14 (tie: listed lower id
    # first, in the same place)
    await store.ratings.record_game(10, "baumeister", 1, [line(1, 1, 30.0, 8.0), line(2, 2, 20.0, 2.0),
                                                          line(3, 3, 26.0, 4.0)])
    await store.ratings.record_game(10, "augsburg1520", 2, [line(4, 1, 40.0), line(1, 2, 10.0)])
    await store.ratings.record_game(11, "baumeister", 3, [line(5, 1, 50.0), line(6, 2, 10.0)])
    page = await store.ratings.leaderboard(10, "baumeister", limit=2)
    assert [r.user_id for r in page] == [2, 3]
    assert [r.user_id for r in await store.ratings.leaderboard(10, "baumeister", offset=2, limit=2)] == [1]
    assert await store.ratings.count(10, "baumeister") == 3
    assert await store.ratings.count(11, "augsburg1520") == 0
    assert [await store.ratings.position(10, "baumeister", u) for u in (1, 2, 3, 4)] == [3, 1, 1, None]
    assert [(r.game, r.games) for r in await store.ratings.of_user(10, 1)] == [
        ("augsburg1520", 1), ("baumeister", 1)]
