"""`python -m bot`'s start (bot/startup.py run) with Discord faked: the login is accepted, the gateway
connection waits until the bot closes, and once connected the process sends itself SIGTERM, as
`systemctl stop` would. Prints what the stop did. Run by test_startup_work.py in a subprocess.

Usage: python tests/bot/stop_offline.py <database> [twice] [no-ctrl-c] [during-sync]
  twice: a second SIGTERM comes while the bot is storing its notes;
  during-sync: the SIGTERM comes while the slash commands are being synced, before the gateway;
  no-ctrl-c: started with Ctrl+C ignored (as `python -m bot &` from a script is).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import discord  # noqa: E402

from bot import startup  # noqa: E402
from bot.app import BoardBot  # noqa: E402
from bot.settings import Settings  # noqa: E402
from play.tables import TableService  # noqa: E402


async def static_login(self, token):
    return {"id": "1", "username": "bot", "discriminator": "0", "avatar": None, "bot": True}


async def application_info(self):
    return types.SimpleNamespace(id=1, interactions_endpoint_url=None, flags=discord.ApplicationFlags._from_value(0))


async def no_sync(self):
    if "during-sync" in sys.argv:
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.sleep(5)


async def connect(self, *, reconnect=True):
    print("connected", flush=True)
    asyncio.get_running_loop().call_later(0.2, os.kill, os.getpid(), signal.SIGTERM)
    while not self.is_closed():
        await asyncio.sleep(0.01)


stored = TableService.store_notes


async def store_notes(self):
    if "twice" in sys.argv:
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.sleep(0.3)
    count = await stored(self)
    print(f"notes stored ({count} tables)", flush=True)
    return count


def main() -> int:
    if "no-ctrl-c" in sys.argv:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    discord.http.HTTPClient.static_login = static_login
    discord.Client.application_info = application_info
    BoardBot._sync_commands = no_sync
    BoardBot.connect = connect
    TableService.store_notes = store_notes
    code = startup.run(Settings(token="offline", database=Path(sys.argv[1])))
    print(f"stopped with {code}", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
