"""The record of a game: export, replay through the engine, and the fair-deal check. A record is
checked action by action, so a changed seed, action or result is found and named."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from games import Outcome, registry
from play import record
from play.common import Caller, TableError
from play.results import panel_token
from play.tables import TableService
from storage import Store, TableRow

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [Caller(user_id=100 + n, guild_id=10, name=f"p{n}") for n in range(2)]
ADMIN = Caller(user_id=999, guild_id=10, name="admin", can_manage=True)


async def played(tmp_path, *, to_the_end: bool, chosen_seed: int | None = None) -> tuple[TableService, int]:
    """A two-player Augsburg 1520 table whose players always take the first choice."""
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store, clock=time.time)
    table = await service.create_table(guild_id=10, channel_id=20, game="augsburg1520", options={},
                                       creator_id=100, creator_name="p0", chosen_seed=chosen_seed)
    await service.join(table.id, PLAYERS[1])
    news = await service.start(table.id, PLAYERS[0])
    spec = registry.get("augsburg1520")
    for _ in range(3000 if to_the_end else 20):
        if news.table.status != "running":
            break
        seat = min(spec.to_act(news.state))
        news = await service.act(table.id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]), 0)
    return service, table.id


async def test_an_ended_game_exports_replays_and_verifies(tmp_path):
    service, table_id = await played(tmp_path, to_the_end=True)
    try:
        data = json.loads(json.dumps(await service.export(table_id, PLAYERS[1])))  # as a file holds it
        table = await service.store.tables.get(table_id)
    finally:
        await service.store.close()
    assert data["commitment"] == record.commitment(table.seed, table.seed_salt)
    assert len(data["actions"]) == table.version and all(a["time"] for a in data["actions"])
    replayed = record.replay(data)
    assert replayed.problem is None and replayed.outcome is not None
    assert replayed.outcome.ranking == json.loads(table.outcome)["ranking"]
    assert record.verify(data) == []

    changed_seed = dict(data, seed=data["seed"] + 1)
    assert any("commitment" in p for p in record.verify(changed_seed))
    changed_action = copy.deepcopy(data)
    changed_action["actions"][5]["seat"] = 1 - changed_action["actions"][5]["seat"]
    problems = record.verify(changed_action)
    assert problems and "action 6 " in problems[0]
    for number, step in enumerate(data["actions"]):  # an action moved to a seat whose turn it is not
        out_of_turn = copy.deepcopy(data)
        out_of_turn["actions"][number]["seat"] = 1 - step["seat"]
        problem = record.replay(out_of_turn).problem or ""
        if "waiting for" in problem:
            break
    assert "waiting for" in problem and "{p" not in problem, problem  # the players' names, not placeholders
    changed_result = copy.deepcopy(data)
    scores = changed_result["result"]["scores"]
    scores["0"] = scores["0"] + 7
    assert record.verify(changed_result) == ["the replayed result differs from the recorded result"]


async def test_a_game_that_did_not_follow_from_its_seed_does_not_verify(tmp_path):
    """The record's last fingerprint is the game as the bot played it: had its stored deck not come
    from the seed, replaying the actions from the seed would not reach it."""
    service, table_id = await played(tmp_path, to_the_end=False)
    try:
        table = await service.store.tables.get(table_id)
        spec = registry.get("augsburg1520")
        state = spec.load_state(table.state)
        state.draw.reverse()  # as if the deck had been stacked
        await service.store.db.write([("UPDATE game_tables SET state = ? WHERE id = ?",
                                       (spec.dump_state(state), table_id))])
        data = json.loads(json.dumps(await service.export(table_id, ADMIN)))
    finally:
        await service.store.close()
    assert record.verify(data) == [f"the game differs from the record after action {table.version} "
                                   f"(version {table.version}, seat {data['actions'][-1]['seat']})"]


@pytest.mark.slow  # over half a second
async def test_a_game_dealt_from_a_chosen_seed_verifies_by_its_actions(tmp_path):
    """A table an admin dealt with `seed:` has no commitment (its board shows the seed itself): its
    untouched record verifies, saying so, and a changed action is still found."""
    service, table_id = await played(tmp_path, to_the_end=True, chosen_seed=42)
    try:
        data = json.loads(json.dumps(await service.export(table_id, PLAYERS[1])))
    finally:
        await service.store.close()
    assert (data["seed"], data["seed_chosen"], data["salt"], data["commitment"]) == (42, True, None, None)
    assert record.verify(data) == []
    changed_action = copy.deepcopy(data)
    changed_action["actions"][5]["seat"] = 1 - changed_action["actions"][5]["seat"]
    assert record.verify(changed_action)
    claimed = dict(data, seed_chosen=False)  # a record of a dealt game needs its commitment
    assert record.verify(claimed) == ["the record has no salt or commitment, so its seed cannot be checked"]
    path = tmp_path / "chosen.json"
    path.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and "the seed 42 was chosen by an admin" in done.stdout


async def test_a_running_game_is_exported_by_an_admin_who_does_not_play_only(tmp_path):
    service, table_id = await played(tmp_path, to_the_end=False)
    try:
        with pytest.raises(TableError, match="once it has ended"):
            await service.export(table_id, PLAYERS[0])
        seated_admin = Caller(user_id=100, guild_id=10, name="p0", can_manage=True)
        with pytest.raises(TableError, match="You play at this table"):
            await service.export(table_id, seated_admin)
        with pytest.raises(TableError, match="not a table of this server"):
            await service.export(table_id, Caller(user_id=999, guild_id=11, can_manage=True))
        data = await service.export(table_id, ADMIN)
    finally:
        await service.store.close()
    assert data["status"] == "running" and data["result"] is None
    assert record.verify(data) == [] and record.replay(data).outcome is None


@pytest.mark.slow
async def test_python_m_bot_replay_and_verify(tmp_path):
    service, table_id = await played(tmp_path, to_the_end=True)
    try:
        data = await service.export(table_id, PLAYERS[0])
    finally:
        await service.store.close()
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(data))
    data["actions"][3]["action"] = {"kind": "no such move"}
    bad.write_text(json.dumps(data))

    def bot(*args):
        return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=120)

    replayed = bot("replay", str(good))
    assert replayed.returncode == 0 and "Final standings" in replayed.stdout and "1. p" in replayed.stdout
    assert bot("verify", str(good)).returncode == 0
    tampered = bot("verify", str(bad))
    assert tampered.returncode == 1 and "action 4 " in tampered.stdout
    mismatch = bot("replay", str(bad))
    assert mismatch.returncode == 1 and "Mismatch" in mismatch.stdout
    not_json = tmp_path / "x.json"
    not_json.write_text("{")
    assert bot("verify", str(not_json)).returncode == 2
    # Its output piped into a reader that stops at once (`| head -1`): no traceback.
    reading, writing = os.pipe()
    os.close(reading)
    cut_short = subprocess.run([sys.executable, "-m", "bot", "replay", str(good)], cwd=ROOT, stdout=writing,
                               stderr=subprocess.PIPE, text=True, timeout=120)
    os.close(writing)
    assert cut_short.returncode == 1 and cut_short.stderr == "", cut_short.stderr


def test_the_moves_told_again_after_a_start_are_none_when_the_rules_changed_since(monkeypatch):
    """After an upgrade whose rules read a stored action otherwise, the start's look at the last
    write's moves (to tell them again) finds none, rather than failing the table's resume."""
    from games import RuleError

    spec = registry.get("augsburg1520")
    state, actions = spec.setup(2, 4, {}), []
    while len(actions) < 3:
        seat = min(spec.to_act(state))
        action = spec.legal_actions(state, seat)[0]
        state, _ = spec.apply(state, seat, action)
        actions.append((len(actions) + 1, seat, spec.dump_action(action)))
    table = SimpleNamespace(game="augsburg1520", seed=4, options={}, version=3)
    seats = [SimpleNamespace(seat=n) for n in range(2)]
    assert len(record.last_moves(table, seats, actions, 3)) == 1

    def new_rules(state, seat, action):
        raise RuleError("That is not a valid move under the new rules.")

    monkeypatch.setattr(spec, "apply", new_rules)
    assert record.last_moves(table, seats, actions, 3) == []


def test_the_log_shows_a_player_their_own_secrets_and_everyone_everything_at_the_end():
    spec = registry.get("baumeister")
    state = spec.setup(3, 4, {})
    actions, private = [], None
    rng = random.Random(4)
    while private is None and spec.to_act(state):
        seat = min(spec.to_act(state))
        action = rng.choice(spec.legal_actions(state, seat))
        state, events = spec.apply(state, seat, action)
        actions.append((len(actions) + 1, seat, spec.dump_action(action), "t"))
        private = next((e for e in events if e.seats is not None and len(e.seats) == 1), None)
    assert private is not None, "the game made a private event"
    (owner,) = private.seats
    table = SimpleNamespace(game="baumeister", seed=4, options={})
    seats = [SimpleNamespace(seat=n) for n in range(3)]
    mine = [text for _, text in record.visible_events(table, seats, actions, owner, False)]
    other = [text for _, text in record.visible_events(table, seats, actions, (owner + 1) % 3, False)]
    spectator = [text for _, text in record.visible_events(table, seats, actions, None, False)]
    assert private.text in mine and private.text not in other and private.text not in spectator
    assert len(other) == len(spectator) < len(mine)
    assert private.text in [text for _, text in record.visible_events(table, seats, actions, None, True)]


async def test_malformed_or_cut_records_are_named_not_crashed_on(tmp_path, capsys):
    """A file that is JSON but not a record, or a record with a part of the wrong kind, gets one
    line saying what is wrong (status 2), never a traceback; a finished game's record cut short
    (actions and result removed) does not verify."""
    service, table_id = await played(tmp_path, to_the_end=True)
    try:
        data = await service.export(table_id, PLAYERS[0])
    finally:
        await service.store.close()
    malformed = {"a list": [], "a number": 5, "actions not a list": {**data, "actions": 5},
                 "an action not an object": {**data, "actions": ["bid"] + data["actions"][1:]},
                 "options not an object": {**data, "options": []}, "a fractional seed": {**data, "seed": 1.5}}
    for what, content in malformed.items():
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(content))
        for command in ("replay", "verify"):
            assert record.main(command, [str(path)]) == 2, what
            out = capsys.readouterr().err
            assert out.startswith(f"Cannot read {path}: ") and "Traceback" not in out, (what, out)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert record.main("verify", [str(deep)]) == 2 and capsys.readouterr().err.startswith("Cannot read")
    text = json.dumps(data)
    noted = tmp_path / "saved_in_notepad.json"  # saved again by an editor that marks its UTF-8
    noted.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert record.main("verify", [str(noted)]) == 0 and "Verified" in capsys.readouterr().out
    for encoding in ("utf-16", "utf-16-le", "utf-32"):  # PowerShell's `>` writes UTF-16 with its mark
        passed = tmp_path / f"{encoding}.json"
        passed.write_bytes(text.encode(encoding))
        assert record.main("verify", [str(passed)]) == 0 and "Verified" in capsys.readouterr().out, encoding
    cut_inside = tmp_path / "cut-utf-16.json"  # cut short at an odd byte: inside a character
    cut_inside.write_bytes(text.encode("utf-16")[:1001])
    assert record.main("verify", [str(cut_inside)]) == 2
    assert "it is not a whole game record (" in capsys.readouterr().err
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2])
    assert record.main("verify", [str(cut)]) == 2
    assert "it is not a whole game record (" in capsys.readouterr().err
    for junk in (b"token = 'abc'\n", b"\xff\xfe not text"):  # a config file, a picture: not JSON at all
        path = tmp_path / "junk.json"
        path.write_bytes(junk)
        assert record.main("verify", [str(path)]) == 2
        out = capsys.readouterr().err
        assert out == f"Cannot read {path}: it is not a game record (the JSON file `/table export` attaches)\n", out
    nameless = tmp_path / "nameless.json"
    nameless.write_text(json.dumps({**data, "seats": [{k: v for k, v in s.items() if k != "name"}
                                                      for s in data["seats"]]}))
    assert record.main("replay", [str(nameless)]) == 0 and "1. seat " in capsys.readouterr().out
    cut = {**data, "actions": data["actions"][:-10], "result": None}
    assert data["status"] == "finished" and record.verify(cut)
    assert any("do not end it" in problem for problem in record.verify(cut))
    for status in ("running", "cancelled"):  # a finished game passed off as one still going or called off
        assert any("not finished" in problem for problem in record.verify({**data, "status": status}))
    for seed in ([data["seed"]], data["seed"] + 0.5):  # a seed that is no whole number is named as such
        with pytest.raises(record.RecordError, match="whole number"):
            record.verify({**data, "seed": seed})
    assert record.verify(data) == []


async def test_a_player_who_abandoned_sees_the_log_as_a_spectator_until_the_end(tmp_path):
    """Out of the game, a player's former seat is the computer's: its secret lines (a private
    event of that seat) are no longer theirs to read, until the game ends."""
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store, clock=time.time)
    players = [Caller(user_id=100 + n, guild_id=10, name=f"p{n}") for n in range(3)]
    try:
        table = await service.create_table(guild_id=10, channel_id=20, game="baumeister", options={},
                                           creator_id=100, creator_name="p0")
        for player in players[1:]:
            await service.join(table.id, player)
        news = await service.start(table.id, players[0])
        spec, rng = registry.get("baumeister"), random.Random(3)
        spectator = Caller(user_id=999, guild_id=10, name="spectator")
        owner = None
        for _ in range(400):  # play until some seat has a line only it may read
            seen = len((await service.log(table.id, spectator)).log)
            for seat in range(3):
                if len((await service.log(table.id, players[seat])).log) > seen:
                    owner = seat
            if owner is not None:
                break
            seat = min(spec.to_act(news.state))
            news = await service.act(table.id, players[seat], panel_token(news.table, news.table.prompts[seat][0]),
                                     rng.randrange(len(spec.legal_actions(news.state, seat))))
        assert owner is not None, "the game made a secret line"
        assert (await service.log(table.id, players[owner])).log != (await service.log(table.id, spectator)).log
        await service.abandon(table.id, players[owner])
        assert (await service.log(table.id, players[owner])).log == (await service.log(table.id, spectator)).log
    finally:
        await store.close()


async def test_the_same_deal_is_the_same_seed_server_game_and_options(tmp_path):
    """A finished table keeps its deal secret only while a table playing that very deal runs: the
    same seed in the same server, game, options and number of seats; not another game's, another
    server's or another number of players' seed 42 (the seed, options and players decide the deal)."""
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store, clock=time.time)
    try:
        made = iter(range(100, 200))

        async def running(guild: int, game: str, options: dict, seats: int = 0) -> TableRow:
            creator = Caller(user_id=next(made), guild_id=guild, name="a")  # a member may open 3 tables
            table = await service.create_table(guild_id=guild, channel_id=1, game=game, options=options,
                                               creator_id=creator.user_id, creator_name="a", chosen_seed=42)
            for n in range(1, seats or registry.get(game).min_seats):
                await service.join(table.id, Caller(user_id=next(made), guild_id=guild, name=f"p{n}"))
            return (await service.start(table.id, creator)).table

        first = await running(1, "augsburg1520", {})
        twin = await running(1, "augsburg1520", {})
        others = [await running(1, "baumeister", {}), await running(2, "augsburg1520", {}),
                  await running(1, "augsburg1520", {"open_money": True}), await running(1, "augsburg1520", {}, 3)]
        assert [t.id for t in await service.same_deal_running(first)] == [twin.id]
        assert all(t.seed == first.seed for t in others)
    finally:
        await store.close()


async def test_a_committed_record_marked_as_chosen_is_still_verified_by_its_commitment(tmp_path, capsys):
    """A record with a salt and a commitment is checked against them, whatever its seed_chosen says,
    and verify says which check it made."""
    service, table_id = await played(tmp_path, to_the_end=False)
    try:
        data = dict(await service.export(table_id, ADMIN), seed_chosen=True)
    finally:
        await service.store.close()
    path = tmp_path / "marked.json"
    path.write_text(json.dumps(data))
    assert record.main("verify", [str(path)]) == 0
    said = capsys.readouterr().out
    assert "SHA-256 of salt:seed is the commitment" in said and "chosen by an admin" not in said
    path.write_text(json.dumps(dict(data, seed=data["seed"] + 1)))
    assert record.main("verify", [str(path)]) == 1


def test_replay_says_why_a_player_is_ranked_last():
    """`python -m bot replay` prints the final standings with abandoned and away players ranked last
    (README): each such line says why, as their score may be above the ones before it."""
    record_ = {"seats": [{"seat": 0, "name": "ada"}, {"seat": 1, "name": "bo", "forfeited": True},
                         {"seat": 2, "name": "cy", "away": True}, {"seat": 3, "name": "Computer", "away": True,
                                                                    "computer": "heuristic"}]}
    outcome = Outcome(ranking=[[0], [3], [1, 2]], scores={0: 40, 1: 55, 2: 50, 3: 30}, winners=[0])
    assert record.standings_lines(record_, outcome) == [
        "1. ada: 40", "2. Computer: 30", "3. bo (forfeited: ranked last): 55", "3. cy (away at the end: ranked last): 50"]


def test_replay_of_a_game_of_one_says_away_without_ranked_last():
    record_ = {"seats": [{"seat": 0, "name": "ada", "away": True}]}
    outcome = Outcome(ranking=[[0]], scores={0: 12}, winners=[])
    assert record.standings_lines(record_, outcome) == ["1. ada (away at the end): 12"]
