"""The benchmarks that run the bot through SimCord need the test install: without it they say so in
one line rather than with a traceback."""

from __future__ import annotations

import importlib.util
import sys


def simulated_discord(tool: str) -> None:
    if importlib.util.find_spec("simcord") is None:
        sys.exit(f"{tool} runs the bot in a simulated Discord (SimCord), which comes with the test install: "
                 '.venv/bin/pip install -e ".[test]"')
