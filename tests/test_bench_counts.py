"""README's **Tools**: the bench scripts take counts (--moves, --runs, --repeat, --tables, --rounds,
--floor-clicks): each refuses a count below its least (1; 2 floor clicks, halved between the two
floors) with one argparse line and status 2, before any set-up work (not a traceback at the end,
nor a run that never exits)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


# These start the bot's whole stack (discord.py, SimCord) in a new process: half a second each.
SLOW = pytest.mark.slow


@pytest.mark.parametrize("args", [
    ["bench/engine.py", "--game", "baumeister", "--rounds", "0"],  # the behaviour the others should share
    ["bench/storage.py", "--moves", "0"],
    ["bench/storage.py", "--moves", "-3"],
    ["bench/pairing.py", "--runs", "0"],
    pytest.param(["bench/restart.py", "--tables", "1", "--repeat", "0"], marks=SLOW),
    pytest.param(["bench/restart.py", "--tables", "0", "--repeat", "1"], marks=SLOW),
    pytest.param(["bench/bot.py", "--game", "augsburg1520", "--rounds", "0"], marks=SLOW),
    pytest.param(["bench/bot.py", "--game", "augsburg1520", "--rounds", "1", "--floor-clicks", "0"], marks=SLOW),
])
def test_a_bench_tool_refuses_a_count_below_one_in_one_line(tmp_path, args):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run([sys.executable, str(ROOT / args[0]), *args[1:]], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=90)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{' '.join(args)} did not end within 90 s")
    assert "Traceback" not in done.stderr, done.stderr[-500:]
    assert done.returncode == 2 and "error:" in done.stderr, (done.returncode, done.stderr[-500:])


@pytest.mark.parametrize("tool", ["bench/bot.py", "bench/restart.py"])
def test_a_simcord_bench_without_the_test_install_says_what_to_install(tmp_path, tool):
    """Run by a Python that finds no SimCord (a `sitecustomize` hides it): one line naming the
    test install, not a traceback."""
    hide = tmp_path / "sitecustomize.py"
    hide.write_text("import importlib.util, sys\nfound = importlib.util.find_spec\n"
                    "importlib.util.find_spec = lambda name, *a: None if name == 'simcord' else found(name, *a)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    done = subprocess.run([sys.executable, str(ROOT / tool), "--help"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=90)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-500:]
    assert done.stderr.strip() == (f"{tool} runs the bot in a simulated Discord (SimCord), which comes with the "
                                   'test install: .venv/bin/pip install -e ".[test]"')
