"""Start the bot: ``python -m bot`` (or ``gin-bot``).

    python -m bot            run the bot (DISCORD_TOKEN from the environment or .env)
    python -m bot --sync     also push the slash commands to Discord on start
                             (to GIN_DEV_GUILD at once if set, else globally)
    python -m bot play ...   play in the terminal against the AI, no Discord needed
    python -m bot selfplay --game G --players N --seed S ...   the AI in every seat, one JSON line per hand

Settings come from the environment or .env (bot.config.Settings): DISCORD_TOKEN, GIN_DB,
GIN_DEV_GUILD, GIN_LOG_LEVEL, and for demos and tests GIN_AI_DELAY, GIN_TICK, GIN_SEED.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "play":
        from bot.play_cli import main as play_main  # lazy: the terminal game needs no discord

        return int(play_main(args[1:]) or 0)
    if args and args[0] == "selfplay":
        from bot.selfplay import main as selfplay_main  # the AI in every seat, JSON lines out

        return int(selfplay_main(args[1:]) or 0)

    parser = argparse.ArgumentParser(
        prog="gin-bot",
        description="Gin Rummy for Discord.",
        epilog="Also: 'python -m bot play [--level easy|normal|hard] [--seed N]' plays in the terminal "
        "against the AI, no Discord needed.",
    )
    parser.add_argument("--sync", action="store_true", help="sync the slash commands on start")
    ns = parser.parse_args(args)

    from bot.config import TOKEN_HELP, Settings

    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"gin-bot: {exc}", file=sys.stderr)
        return 2
    if not settings.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2

    import aiohttp
    import discord

    from bot.client import GinBot, seeded_source
    from bot.store import Database, SchemaTooNew, StorageUnusable

    # A size limit on files (ulimit -f) must become a failed write the bot reports, not a kill.
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    async def preflight() -> None:
        """Check, create and migrate the database before connecting to Discord."""
        await (await Database.open(settings.db_path)).close()

    try:
        asyncio.run(preflight())
    except (SchemaTooNew, StorageUnusable) as exc:  # nothing was touched
        print(f"gin-bot: {exc}", file=sys.stderr)
        return 2

    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    bot = GinBot(
        settings,
        sync=ns.sync,
        ai_delay_s=settings.ai_delay_s,
        tick_s=settings.tick_s,
        seed_source=seeded_source(settings.seed) if settings.seed is not None else None,
    )

    async def run() -> None:
        async with bot:
            await bot.start(settings.token)  # type: ignore[arg-type]

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        return 0
    except (SchemaTooNew, StorageUnusable) as exc:  # raised by setup_hook before anything is touched
        print(f"gin-bot: {exc}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print(
            "gin-bot: Discord rejected DISCORD_TOKEN; reset it in the developer portal and try again.", file=sys.stderr
        )
        return 2
    except aiohttp.ClientConnectionError as exc:  # at login: no network, DNS, firewall
        print(f"gin-bot: cannot reach Discord ({exc}); check the network and try again.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
