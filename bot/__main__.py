"""`python -m bot` runs the bot; `python -m bot simulate ...` plays computer games."""

from __future__ import annotations

import logging
import sys


USAGE = ("usage: python -m bot                   run the bot (config.toml or DISCORD_TOKEN)\n"
         "       python -m bot simulate --help   play computer games and print statistics\n"
         "       python -m bot replay <file>     replay an exported game, print its standings\n"
         "       python -m bot verify <file>     check an exported game's seed and every action")


def main(argv: list[str]) -> int:
    if argv and argv[0] == "simulate":
        from play.simulate import main as simulate

        return simulate(argv[1:])
    if argv and argv[0] in ("replay", "verify"):
        from play.record import main as record

        return record(argv[0], argv[1:])
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    if argv:  # a mistyped tool must not start (and log in) the bot
        print(f"python -m bot: unknown command {argv[0]!r}\n{USAGE}", file=sys.stderr)
        return 2
    from bot.settings import NO_TOKEN_HELP, SettingsError, load_settings

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.startup import run

    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # At DEBUG, discord.py logs every request's body and every gateway event: players' hands and
    # sealed bids in their DM panels and clicks. The log may be read by others than the players:
    # discord.py's own lines stay at INFO and above.
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(settings.log_level)))
    return run(settings)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
