"""`python -m bot` runs the bot; `python -m bot simulate ...` plays computer games."""

from __future__ import annotations

import logging
import os
import signal
import sys


USAGE = ("usage: python -m bot                   run the bot (config.toml or DISCORD_TOKEN)\n"
         "       python -m bot simulate --help   play computer games and print statistics\n"
         "       python -m bot replay <file>     replay an exported game, print its standings\n"
         "       python -m bot verify <file>     check an exported game's seed and every action\n"
         "       python -m bot backup <file>     copy the database, also while the bot runs")


def main(argv: list[str]) -> int:
    if argv and argv[0] == "simulate":
        from play.simulate import main as simulate

        return simulate(argv[1:])
    if argv and argv[0] in ("replay", "verify"):
        from play.record import main as record

        return record(argv[0], argv[1:])
    if argv and argv[0] == "backup":
        return backup(argv[1:])
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    if argv:  # a mistyped tool must not start (and log in) the bot
        print(f"python -m bot: unknown command {argv[0]!r}\n{USAGE}", file=sys.stderr)
        return 2
    from bot.settings import NO_TOKEN_HELP, SettingsError, config_file, example_config, load_settings, this_python

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN_HELP.format(config=config_file().absolute(), example=example_config(), python=this_python()),
              file=sys.stderr)
        return 2
    from bot.startup import run

    configure_logging(settings.log_level)
    return run(settings)


def backup(argv: list[str]) -> int:
    """The database of the configuration `python -m bot` would run with, copied (storage/backup.py)."""
    from bot.settings import SettingsError, load_settings
    from storage.backup import main as copy

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"Cannot back up: {exc}", file=sys.stderr)
        return 2
    return copy(argv, settings.database)


OWN_LOGGERS = ("bot", "play", "storage", "games")


def configure_logging(level: str) -> None:
    """The bot's own lines at `level`; every library's at INFO and above. At DEBUG, discord.py
    logs every request's body and gateway event (hands and sealed bids in DM panels and clicks)
    and aiosqlite every statement with its parameters (the stored state: the seed, the deck,
    every hand). The log may be read by others than the players."""
    libraries = max(logging.INFO, logging.getLevelName(level))
    logging.basicConfig(level=libraries, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(libraries)  # also when a handler was there before (basicConfig skips)
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(level)


def run_command(argv: list[str]) -> int:
    """`main`, ending quietly when what reads its output stops early (`... replay game.json | head`)."""
    starting = not argv
    if starting:
        stop_while_loading()
    try:
        code = main(argv)
        sys.stdout.flush()  # here, so that a closed pipe is met inside the try
        return code
    except BrokenPipeError:
        # Python flushes stdout again at exit: pointed at nothing, that flush cannot fail too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        if not starting:
            raise
        # Ctrl+C (or SIGTERM) while the bot loads, before it has opened anything: it stops cleanly.
        # Once it runs, discord.py takes Ctrl+C, and the bot's own handler SIGTERM (see BoardBot.login).
        print("Stopped before the bot was running.", file=sys.stderr)
        return 0


def stop_while_loading() -> None:
    """SIGTERM (`systemctl stop`, `docker stop`) in the second or so that loading the bot's code
    takes stops it as Ctrl+C does, rather than killing the process. Not when SIGTERM is ignored."""
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, signal.default_int_handler)


if __name__ == "__main__":
    sys.exit(run_command(sys.argv[1:]))
