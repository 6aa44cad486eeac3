"""Settings: config.toml (see config.example.toml) plus the DISCORD_TOKEN environment variable."""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

DEFAULT_CONFIG = "config.toml"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class SettingsError(Exception):
    """A bad or missing setting; the message names the key."""


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field("", description="The bot token; DISCORD_TOKEN in the environment wins.")
    database: Path = Field(Path("./boardbot.sqlite3"), description="Path of the SQLite file.")
    database_sync: Literal["normal", "full"] = Field(
        "normal", description="normal: a stored move survives the bot crashing or being killed; "
        "full: it also survives a power cut, at one disk flush per move.")
    dev_guild_id: int | None = Field(
        None, strict=True, gt=0, lt=2**64, description="Sync commands to this server only (instant; for development).")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    decision_timeout: int = Field(
        300, strict=True, ge=10, le=86_400,
        description="Seconds each step of a Baumeister pay-off negotiation may take.")
    max_open_tables_per_member: int = Field(
        3, strict=True, ge=1, le=1000, description="Open casual tables (lobby or running) one member may have opened in a server.")
    max_open_tables_per_server: int = Field(
        50, strict=True, ge=1, le=100_000, description="Open casual tables a server may have at once (each has a thread).")
    missed_deadlines_for_handover: int = Field(
        2, strict=True, ge=1, le=100, description="For new tables: deadlines a player must have missed before the other "
        "players may vote to hand their seat to a computer player for good.")
    organiser_role: str = Field(
        "Tournament Organiser", min_length=1, max_length=100, description="Members with this role (or Manage Server) run tournaments.")
    # Where the token came from, for a start Discord refuses it ("" when the settings were made in code).
    _token_source: str = PrivateAttr("")

    @property
    def token_source(self) -> str:
        return self._token_source

    @field_validator("token", "organiser_role", mode="before")
    @classmethod
    def _stripped(cls, value: object) -> object:
        """Spaces around a value are a copying slip: a blank token is no token, a blank role is refused.
        A line break or other control character inside one is refused (a token pasted across lines)."""
        if not isinstance(value, str):
            return value
        value = value.strip()
        if any(ord(c) < 32 or ord(c) == 127 for c in value):
            raise ValueError("it has a line break or another control character inside it: copy it again, on one line")
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        if isinstance(value, str) and value.strip().upper() not in LOG_LEVELS:  # refused as typed
            levels = ", ".join(repr(level) for level in LOG_LEVELS[:-1]) + f" or {LOG_LEVELS[-1]!r}"
            raise ValueError(f"{value!r} is not one of {levels} (in any case)")
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("database_sync", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.lower() if isinstance(value, str) else value

    @field_validator("database", mode="before")
    @classmethod
    def _a_file(cls, value: object) -> object:
        """A file's path, `~` standing for the home folder (as in a shell); a relative one is from
        the folder the bot is started in. A blank path or a folder is refused."""
        if not isinstance(value, str):
            return value
        if any(ord(c) < 32 for c in value):
            raise ValueError(f"a path cannot hold control characters (in {value!r})")
        if value.strip() == ":memory:":  # SQLite's name for a database kept in memory alone
            raise ValueError("':memory:' keeps no game beyond a stop; give a file path, e.g. ./boardbot.sqlite3")
        try:
            path = Path(value.strip()).expanduser()
        except RuntimeError as exc:  # "~someone" with no such user, or no home folder
            raise ValueError(f"{exc} (in {value!r})") from None
        try:
            folder = path.is_dir()
        except OSError as exc:  # a name too long, a folder the bot may not enter...
            raise ValueError(f"cannot use this path ({exc.strerror or exc}): {value.strip()!r}") from None
        if not value.strip() or folder or value.strip().endswith(("/", "\\")):
            raise ValueError("a file path is needed, e.g. ./boardbot.sqlite3, not a folder")
        return path

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _zero_is_none(cls, value: object) -> object:
        # Only the number 0 means none: `false` (False == 0), `0.0` and quoted text are refused
        # like any other key's value of the wrong type.
        return None if type(value) is int and value == 0 else value


def named_config(environ: dict[str, str] | None = None) -> str:
    """The config file BOARDBOT_CONFIG names ("" when unset or blank)."""
    return (dict(os.environ if environ is None else environ).get("BOARDBOT_CONFIG") or "").strip()


def config_file(path: str | Path | None = None, environ: dict[str, str] | None = None) -> Path:
    """The config file the bot reads: `path`, else BOARDBOT_CONFIG, else config.toml."""
    return Path(path or named_config(environ) or DEFAULT_CONFIG)


def load_settings(path: str | Path | None = None, environ: dict[str, str] | None = None) -> Settings:
    """Read the config file (if any) and the environment. Raises SettingsError naming the key."""
    environ = dict(os.environ if environ is None else environ)
    config_path = config_file(path, environ)
    data: dict[str, object] = {}
    try:
        found = config_path.exists()
        dangling = not found and config_path.is_symlink()
    except OSError as exc:  # a name too long, a folder the bot may not enter...
        raise SettingsError(f"cannot read the config file {config_path}: {exc.strerror or exc}") from None
    if dangling:  # not "no config file": the bot would start on the defaults, somewhere else
        raise SettingsError(f"the config file {config_path} is a link to {os.readlink(config_path)}, which "
                            "does not exist (is its disk mounted?)")
    if found:
        try:
            # utf-8-sig: a file saved "UTF-8 with BOM" (Windows editors, PowerShell) reads as TOML too.
            data = tomllib.loads(config_path.read_text(encoding="utf-8-sig"))
        except tomllib.TOMLDecodeError as exc:
            twice = str(exc).startswith(("Cannot overwrite", "Cannot declare"))  # tomllib's words for it
            hint = " (a key or table given twice?)" if twice else ""
            raise SettingsError(f"{config_path} is not valid TOML: {exc}{hint}") from None
        except UnicodeDecodeError:
            raise SettingsError(f"{config_path} is not UTF-8 text; save it as UTF-8") from None
        except OSError as exc:  # a folder, no permission...
            raise SettingsError(f"cannot read the config file {config_path}: {exc.strerror or exc}") from None
    elif path is not None or named_config(environ):
        named = "" if path is not None else " (named by BOARDBOT_CONFIG)"
        raise SettingsError(f"config file {config_path.absolute()}{named} does not exist; copy "
                            f"{example_config()} there and edit it, or leave the name out to use {DEFAULT_CONFIG}")
    from_environment = bool(environ.get("DISCORD_TOKEN", "").strip())
    if from_environment:
        data["token"] = environ["DISCORD_TOKEN"]
    try:
        settings = Settings.model_validate(data)
    except ValidationError as exc:
        problems, in_file = [], []
        for err in exc.errors():
            key = ".".join(str(p) for p in err["loc"]) or "config"
            reason = (f"unknown key (the keys are {', '.join(Settings.model_fields)})"
                      if err["type"] == "extra_forbidden" else plain_reason(err))
            if key == "token" and from_environment:  # the file's token, if any, was not used
                problems.append(f"Bad DISCORD_TOKEN in the environment: {reason}")
            else:
                in_file.append(f"{key}: {reason}")
        if in_file:
            problems.append(f"Bad setting in {config_path}: " + "; ".join(in_file))
        raise SettingsError("; ".join(problems)) from None
    settings._token_source = "DISCORD_TOKEN in the environment" if from_environment else f"`token` in {config_path}"
    return settings


def plain_reason(error: Any) -> str:
    """A validation error's message without pydantic's wording ("Value error, ...", "<class ...>"):
    what was given and what is allowed (a number's whole range, not the one bound it passed)."""
    kind, given = error["type"], error.get("input")
    shown = ("true" if given else "false") if isinstance(given, bool) else repr(given)  # as the file spells it
    if kind == "path_type":
        return "expected the path of a file, as text in quotes"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return f"{shown} is out of range: {allowed_range(error)}"
    if kind in ("int_type", "int_parsing", "int_from_float") and isinstance(given, str):
        return f"expected a whole number without quotes, got {shown}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number, got {shown}"
    if kind == "string_too_short":
        return "it cannot be blank"
    if kind == "string_too_long":
        return f"it is {len(given)} characters long; at most {error['ctx']['max_length']} are allowed"
    if kind == "string_type":
        return f"expected text in quotes, got {shown}"
    if kind == "literal_error":
        return f"{shown} is not one of {error['ctx']['expected']}"
    return error["msg"].removeprefix("Value error, ")


def allowed_range(error: Any) -> str:
    """"from 10 to 86400" for the setting `error` names, from its field's bounds."""
    field = Settings.model_fields.get(str(error["loc"][0])) if error["loc"] else None
    bounds: dict[str, Any] = {}
    for rule in field.metadata if field is not None else []:
        for name in ("ge", "gt", "le", "lt"):
            if getattr(rule, name, None) is not None:
                bounds[name] = getattr(rule, name)
    low = bounds.get("ge", bounds["gt"] + 1 if "gt" in bounds else None)
    high = bounds.get("le", bounds["lt"] - 1 if "lt" in bounds else None)
    if low is None or high is None:
        return error["msg"].lower()
    if field is Settings.model_fields["dev_guild_id"]:  # 0 is taken too, as none (see _zero_is_none)
        return f"0 (no server) or a server id from {low} to {high}"
    return f"allowed from {low} to {high}"


def this_python() -> str:
    """The Python that runs the bot, as the operator would type it (README's: .venv/bin/python)."""
    executable = Path(sys.executable)
    try:
        return str(executable.relative_to(Path.cwd()))
    except ValueError:  # installed elsewhere
        return str(executable)


def example_config() -> str:
    """Where config.example.toml is (beside the bot's package), as the no-token help names it: the
    bot may be started from another folder."""
    example = Path(__file__).resolve().parent.parent / "config.example.toml"
    return str(example) if example.is_file() else "config.example.toml"


NO_TOKEN_HELP = """\
No bot token is configured, so the bot cannot log in.

To get one:
  1. Open https://discord.com/developers/applications and click "New Application".
  2. In "Bot", click "Reset Token" and copy the token. Under "Privileged Gateway Intents"
     nothing is needed: the bot asks only for the Guilds intent (no message content,
     no members list).
  3. In "OAuth2" > "URL Generator", tick the scopes "bot" and "applications.commands" and
     the permissions: View Channels, Send Messages, Send Messages in Threads,
     Create Public Threads, Create Private Threads, Embed Links, Attach Files, Read Message History.
     Open the generated URL to invite the bot to your server.
  4. Put the token in the environment:  export DISCORD_TOKEN=...
     or in {config} (copy {example}):  token = "..."
Then run:  {python} -m bot
"""
