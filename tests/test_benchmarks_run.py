"""Every benchmark in bench/ still runs and prints its figures (a short run of each; the figures
themselves are measured by hand on a quiet machine, never asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
def test_storage_bench_saves_moves_in_both_sync_modes():
    for sync in ("normal", "full"):
        out = run("storage.py", "--moves", "30", "--sync", sync)
        assert f"synchronous={sync.upper()}" in out and "x the floor" in out and "target p99 <= 5 ms" in out


@pytest.mark.slow
def test_engine_pairing_and_restart_benches_run():
    assert "target >= 100/s" in run("engine.py", "--game", "augsburg1520", "--seconds", "0.2", "--rounds", "1")
    assert "1000 players: pair_round" in run("pairing.py", "--runs", "1")
    assert "to the first answered click" in run("restart.py", "--tables", "20", "--repeat", "1")


@pytest.mark.slow
def test_bot_bench_plays_a_game_and_prints_every_figure():
    out = run("bot.py", "--rounds", "1", "--floor-clicks", "20", "--game", "baumeister")
    for figure in ("floor (one DM and one reply)", "a move's two edits without a game",
                   "click to done, median", "click to done, p99", "REST calls per move",
                   "SQL statements / move", "commits per move"):
        assert figure in out
