"""`python -m bot verify <file>` and the board's commitment."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

from tests.play.test_record import PLAYERS, played

ROOT = Path(__file__).resolve().parents[2]


async def finished_record(tmp_path) -> dict:
    """The record /table export gives of a game played to its end."""
    service, table_id = await played(tmp_path, to_the_end=True)
    try:
        return await service.export(table_id, PLAYERS[0])
    finally:
        await service.store.close()


async def test_verify_prints_the_commitment_to_compare_with_the_boards_footer(tmp_path):
    """README (Fair deals): "`python -m bot verify <file>`: it checks that SHA-256 of `salt:seed` is
    the commitment the board showed (compare it with the board's footer)". The board's footer reads
    "Fair deal: SHA-256 of salt:seed = <hex>". The tool sees only the file (a record whose seed, salt
    and commitment were all replaced checks out against itself): it prints the commitment, in the
    footer's words, for the player to compare."""
    data = await finished_record(tmp_path)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Fair deal: SHA-256 of salt:seed = {data['commitment']}" in done.stdout, done.stdout
    # README: the names, times and table number are as the record gives them (a "Verified" record
    # could name another winner), and verify says so.
    assert "names, the times and the table number are as the record gives them" in done.stdout, done.stdout


async def test_a_record_whose_result_is_malformed_is_named_in_one_line(tmp_path, capsys):
    """The project's own contract (tests/play/test_record.py, test_malformed_or_cut_records...): "A
    file that is JSON but not a record, or a record with a part of the wrong kind, gets one line
    saying what is wrong (status 2), never a traceback". So does a `result` object of the wrong shape
    (here `{}`, or a ranking of null), not pydantic's report of several lines."""
    from play import record

    data = await finished_record(tmp_path)
    for result in ({}, {**data["result"], "ranking": None}):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({**data, "result": result}))
        for command in ("replay", "verify"):
            assert record.main(command, [str(path)]) == 2
            out = capsys.readouterr().err
            assert out.startswith(f"Cannot read {path}: ") and "result" in out
            assert out.count("\n") == 1 and "pydantic" not in out, out


async def test_a_record_missing_an_action_or_naming_its_game_wrongly_is_named_in_one_line(tmp_path, capsys):
    """The same contract for an action without its `action` (not "'action'", a bare key name) and
    a `game` that is not text (not Python's "unhashable type: 'list'")."""
    from play import record

    data = await finished_record(tmp_path)
    actions = [dict(step) for step in data["actions"]]
    del actions[2]["action"]
    for bad, named in (({**data, "actions": actions}, "`action`"), ({**data, "game": [data["game"]]}, "`game`")):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad))
        for command in ("replay", "verify"):
            assert record.main(command, [str(path)]) == 2
            out = capsys.readouterr().err
            assert out.startswith(f"Cannot read {path}: ") and named in out and "unhashable" not in out, out
            assert out.count("\n") == 1, out


async def test_a_record_of_an_unknown_game_or_without_a_format_says_so_plainly(tmp_path, capsys):
    """One line on standard error, in words: the unknown game's name without Python's quoting of a
    missing key, and a missing format as missing rather than as `None`."""
    from play import record

    data = await finished_record(tmp_path)
    path = tmp_path / "bad.json"
    for bad, says in (({**data, "game": "chess"}, ": the record cannot be read: Unknown game 'chess'"),
                      ({k: v for k, v in data.items() if k != "format"}, "(it has no format; expected format")):
        path.write_text(json.dumps(bad))
        assert record.main("replay", [str(path)]) == 2
        said = capsys.readouterr()
        assert said.out == "" and said.err.count("\n") == 1 and says in said.err, said.err
        assert '"Unknown' not in said.err and "None" not in said.err


def test_replay_prints_the_tie_break_that_ordered_players_level_on_points(tmp_path, capsys, monkeypatch):
    """`replay` prints the final standings as the thread did, with the line saying how players
    level on points were ordered (the record names them)."""
    from games import Outcome
    from play import record

    tied = Outcome(ranking=[[1], [0]], scores={0: 45, 1: 45}, winners=[1],
                   tie_break="{p1} and {p0} tied on 45 prestige; {p1} wins with the most expensive cathedral "
                             "(400 guilders).")
    monkeypatch.setattr(record, "replay", lambda data: record.Replayed(tied, 90, None))
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"seats": [{"seat": 0, "name": "ada"}, {"seat": 1, "name": "bo"}]}))
    assert record.main("replay", [str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "1. bo: 45", "2. ada: 45",
        "Tie-break: bo and ada tied on 45 prestige; bo wins with the most expensive cathedral (400 guilders)."]


async def test_replay_of_a_lost_solo_game_says_nobody_won(tmp_path):
    """An Aelderman solo game the player lost (rulebook, solo: the player must beat the dummy):
    the standings list the one player first, so `replay` says that nobody won, as the thread did."""
    from play.results import panel_token
    from play.tables import TableService
    from storage import Store

    store = await Store.open(tmp_path / "bot.sqlite3")
    try:
        service = TableService(store, clock=time.time)
        table = await service.create_table(guild_id=10, channel_id=20, game="aelderman", options={},
                                           creator_id=100, creator_name="p0")
        news = await service.start(table.id, PLAYERS[0])
        while news.table.status == "running":  # the first choice each time: the dummy wins
            news = await service.act(table.id, PLAYERS[0], panel_token(news.table, news.table.prompts[0][0]), 0)
        data = await service.export(table.id, PLAYERS[0])
    finally:
        await store.close()
    assert data["result"]["winners"] == []
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, "-m", "bot", "replay", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "Nobody wins this game.", done.stdout
    # What decided it, as the thread's standings said: the mission's level.
    assert re.search(r"^   .+: none task reached; \d+ council votes$", done.stdout, re.M), done.stdout


def test_replayed_standings_of_a_solo_main_game_give_the_dummys_votes():
    """Solo, main version: "you must have at least as many council votes as the dummy". The replay's
    standings say how many the dummy had and whether it was beaten, under the player's line."""
    import random

    from games import registry
    from play.record import standings_lines

    spec = registry.get("aelderman")
    state, rng = spec.setup(1, 5, {"version": "main"}), random.Random(1)
    while spec.to_act(state):
        state, _ = spec.apply(state, 0, rng.choice(spec.legal_actions(state, 0)))
    lines = standings_lines({"seats": [{"seat": 0, "name": "ada"}]}, spec.outcome(state))
    assert lines[0].startswith("1. ada: ") and "   Total: 19 council votes" in lines, lines
    assert "   The dummy has 113 council votes: it is not beaten." in lines, lines


async def test_replay_of_a_cancelled_table_says_it_was_cancelled(tmp_path, capsys):
    """A table cancelled mid-game (by Manage Server, or everyone at it abandoned) has no result: its
    replay says so rather than that the game "has not ended", as if it were still played."""
    from play import record
    from tests.play.test_record import ADMIN

    service, table_id = await played(tmp_path, to_the_end=False)
    try:
        await service.cancel(table_id, ADMIN)
        data = json.loads(json.dumps(await service.export(table_id, ADMIN)))
    finally:
        await service.store.close()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert record.main("replay", [str(path)]) == 0
    assert capsys.readouterr().out.strip() == (f"Replayed {len(data['actions'])} actions; the table was cancelled "
                                               "before the game ended.")


async def test_a_mismatch_after_the_first_action_counts_it_as_one_action(tmp_path, capsys):
    """The replay names where a record stops matching, in plain words: "after 1 action"."""
    from play import record
    from tests.play.test_record import ADMIN

    service, table_id = await played(tmp_path, to_the_end=False)
    try:
        data = json.loads(json.dumps(await service.export(table_id, ADMIN)))
    finally:
        await service.store.close()
    data["actions"][0]["after"] = "0" * len(data["actions"][0]["after"])  # the game after it, changed
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert record.main("replay", [str(path)]) == 1
    assert capsys.readouterr().out.startswith("Mismatch after 1 action: the game differs from the record after "
                                              "action 1"), "output"
