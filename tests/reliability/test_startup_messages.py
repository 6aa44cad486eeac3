"""Operator-facing start-up: `python -m bot` in a child process, Discord replaced by a local HTTP
server that answers every request as Cloudflare answers a blocked host (403 with an HTML page)."""

from __future__ import annotations

import http.server
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CLOUDFLARE_403 = b"""<!DOCTYPE html>
<html lang="en-US">
<head><title>Access denied | discord.com used Cloudflare to restrict access</title></head>
<body>
<h1>Error 1020</h1>
<p>Access denied</p>
<p>This website is using a security service to protect itself from online attacks.</p>
</body>
</html>
"""


class _Blocked(http.server.BaseHTTPRequestHandler):
    status = 403

    def _answer(self):
        self.send_response(self.status)
        self.send_header("Content-Type", "text/html; charset=UTF-8")
        self.send_header("Content-Length", str(len(CLOUDFLARE_403)))
        self.end_headers()
        self.wfile.write(CLOUDFLARE_403)

    do_GET = do_POST = do_PUT = do_PATCH = _answer

    def log_message(self, *args):
        """Quiet: the test reads what the bot prints, not the server's request log."""


@pytest.fixture
def blocked_discord():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Blocked)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.slow
def test_a_login_refused_with_a_403_page_is_one_line_about_the_login(tmp_path, blocked_discord):
    """README (Set-up): "If start-up fails (no network, a rejected token, Discord failing, ...), the
    bot prints one line starting `Cannot start:` that says what to check".

    A host that Cloudflare blocks gets 403 with an HTML page at the very first request (the login,
    GET /users/@me): one line, not the page, and not blaming the slash commands, never reached."""
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{tmp_path / "bot.sqlite3"}"\n')
    env = {**os.environ, "DISCORD_TOKEN": "a.token.x", "BOARDBOT_CONFIG": str(config),
           "PYTHONPATH": str(ROOT)}
    code = (f"import sys, discord.http; discord.http.Route.BASE = {blocked_discord!r}; "
            "from bot.__main__ import main; sys.exit(main([]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1, done.stderr[-600:]
    said = done.stderr[done.stderr.index("Cannot start:"):]
    assert said.count("\n") == 1, f"not one line:\n{said}"
    assert "slash commands" not in said, said  # the login was refused, not the command sync


def _bot(cwd: Path, **env_over: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "BOARDBOT_CONFIG")}
    env.update(PYTHONPATH=str(ROOT), **env_over)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=60)


def test_the_no_token_steps_name_the_config_file_the_bot_reads(tmp_path):
    """README (Configuration): "`config.toml` (copy `config.example.toml`; another path can be given
    in `BOARDBOT_CONFIG`)". With BOARDBOT_CONFIG=/.../etc/boardbot.toml (token blank), the no-token
    steps name that file, not a config.toml the bot does not read while BOARDBOT_CONFIG is set."""
    (tmp_path / "etc").mkdir()
    config = tmp_path / "etc" / "boardbot.toml"
    config.write_text('log_level = "INFO"\n')
    done = _bot(tmp_path, BOARDBOT_CONFIG=str(config))
    assert done.returncode == 2 and "No bot token is configured" in done.stderr
    assert str(config) in done.stderr, done.stderr


@pytest.mark.slow  # over half a second
def test_a_blank_boardbot_config_is_not_told_as_a_missing_config_toml(tmp_path):
    """BOARDBOT_CONFIG set but blank (`Environment=BOARDBOT_CONFIG=` in a unit file, or a compose
    file passing `${BOARDBOT_CONFIG}` through unset) counts as unset, as a blank DISCORD_TOKEN counts
    as no token (README: spaces are not a token): no "config file config.toml does not exist"."""
    for blank in ("", "  "):
        done = _bot(tmp_path, BOARDBOT_CONFIG=blank)
        assert done.returncode == 2
        assert "BOARDBOT_CONFIG" in done.stderr or "No bot token is configured" in done.stderr, done.stderr
