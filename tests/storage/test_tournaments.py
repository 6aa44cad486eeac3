"""Tournament storage against a real SQLite file."""

from __future__ import annotations

import pytest

from storage import NewGame, Store


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "bot.sqlite3")
    yield opened
    await opened.close()


async def new_tournament(store: Store, **extra) -> int:
    fields = dict(guild_id=1, channel_id=2, organiser_id=7, game="baumeister", options={"take_three": True},
                  format="swiss", rounds=3, table_size=3, advance=None, duplicate=False, round_hours=24,
                  seed=99)
    fields.update(extra)
    return await store.tournaments.create(**fields)


async def test_create_and_read_back_every_field(store):
    tid = await new_tournament(store, duplicate=True, advance=1, format="elimination")
    row = await store.tournaments.get(tid)
    assert (row.game, row.format, row.rounds, row.table_size, row.advance, row.duplicate) == (
        "baumeister", "elimination", 3, 3, 1, True)
    assert row.options == {"take_three": True}
    assert (row.status, row.current_round, row.message_id) == ("registration", 0, None)
    await store.tournaments.set_message(tid, 555)
    assert (await store.tournaments.get(tid)).message_id == 555
    assert await store.tournaments.get(tid + 1) is None
    assert [t.id for t in await store.tournaments.with_status("registration", guild_id=1)] == [tid]
    assert await store.tournaments.with_status("registration", guild_id=2) == []


async def test_registration_only_while_open_and_once_per_player(store):
    tid = await new_tournament(store)
    assert await store.tournaments.register(tid, 10, "ada")
    assert not await store.tournaments.register(tid, 10, "ada")
    assert await store.tournaments.register(tid, 11, "bo")
    assert await store.tournaments.unregister(tid, 11)
    assert not await store.tournaments.unregister(tid, 11)
    assert await store.tournaments.register(tid, 12, "cy")
    assert await store.tournaments.begin(tid, {10: 1.5, 12: -0.5})
    assert not await store.tournaments.begin(tid, {})  # only once
    assert not await store.tournaments.register(tid, 13, "dee")  # closed once running
    assert not await store.tournaments.unregister(tid, 12)
    players = await store.tournaments.players(tid)
    assert [(p.user_id, p.display_name, p.rating, p.withdrawn) for p in players] == [
        (10, "ada", 1.5, False), (12, "cy", -0.5, False)]
    assert await store.tournaments.withdraw(tid, 12)
    assert not await store.tournaments.withdraw(tid, 12)
    assert not await store.tournaments.withdraw(tid, 99)
    assert [p.withdrawn for p in await store.tournaments.players(tid)] == [False, True]


async def test_a_round_and_its_games_are_recorded_together_once(store):
    tid = await new_tournament(store)
    tables = [await store.tables.create_table(guild_id=1, channel_id=2, game="baumeister", options={},
                                              seed=5, creator_id=7, tournament_id=tid) for _ in range(2)]
    games = [NewGame(board=1, table_id=tables[0], players=[10, 11, 12]),
             NewGame(board=2, table_id=tables[1], players=[13, 14, 15])]
    assert await store.tournaments.start_round(tid, 1, byes=[16], deadline=1000.0, games=games)
    assert not await store.tournaments.start_round(tid, 1, byes=[], deadline=5.0, games=[])
    assert (await store.tournaments.get(tid)).current_round == 1
    (round_row,) = await store.tournaments.rounds(tid)
    assert (round_row.status, round_row.byes, round_row.deadline) == ("running", [16], 1000.0)
    assert await store.tournaments.set_deadline(tid, 1, 2000.0)
    assert (await store.tournaments.rounds(tid))[0].deadline == 2000.0

    stored = await store.tournaments.games(tid, 1)
    assert [(g.board, g.table_id, g.players, g.result) for g in stored] == [
        (1, tables[0], [10, 11, 12], None), (2, tables[1], [13, 14, 15], None)]
    result = {"ranking": [[11], [10], [12]], "scores": {"10": 5.0}, "forfeits": []}
    assert await store.tournaments.record_result(tables[0], result)
    assert not await store.tournaments.record_result(tables[0], {"ranking": []})  # kept once
    assert (await store.tournaments.game_of_table(tables[0])).result == result
    assert await store.tournaments.game_of_table(999) is None

    assert await store.tournaments.finish_round(tid, 1)
    assert not await store.tournaments.finish_round(tid, 1)
    assert not await store.tournaments.set_deadline(tid, 1, 3000.0)  # a finished round keeps its deadline
    assert await store.tournaments.set_status(tid, "finished", expected=("running", "registration"))
    assert not await store.tournaments.set_status(tid, "cancelled", expected=("running",))


async def test_tournaments_survive_reopening_the_file(tmp_path):
    path = tmp_path / "bot.sqlite3"
    first = await Store.open(path)
    tid = await new_tournament(first)
    await first.tournaments.register(tid, 10, "ada")
    await first.close()
    second = await Store.open(path)
    assert [p.user_id for p in await second.tournaments.players(tid)] == [10]
    await second.close()
