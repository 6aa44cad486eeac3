"""Two rated games ending at the same moment, with a player in common, both count for that player."""

from __future__ import annotations

import asyncio

from games import Outcome
from play.tournaments.rating_service import RatingService
from storage import Store


async def rated_table(store: Store, players: list[int]):
    table_id = await store.tables.create_table(guild_id=1, channel_id=2, game="augsburg1520", options={},
                                               seed=7, creator_id=players[0], rated=True)
    for user in players:
        await store.tables.add_seat(table_id, user_id=user, display_name=f"p{user}", max_seats=5)
    return await store.tables.get(table_id), await store.tables.seats(table_id)


async def test_two_games_ending_at_once_both_count_for_the_player_they_share(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    try:
        ratings = RatingService(store)
        first, second = await rated_table(store, [10, 20]), await rated_table(store, [10, 30])
        won = Outcome(ranking=[[0], [1]], scores={0: 2, 1: 1}, winners=[0])
        await asyncio.gather(ratings.on_finished(*first, won), ratings.on_finished(*second, won))
        history = await store.ratings.history(1, 10, limit=10)
        assert len(history) == 2
        earlier, later = sorted(history, key=lambda row: row.mu_before)
        assert later.mu_before == earlier.mu_after  # the second game started from the first's result
        (row,) = await store.ratings.of_user(1, 10)
        assert row.games == 2 and row.mu == later.mu_after
    finally:
        await store.close()
