"""Start the bot: ``python -m bot`` (or ``gin-bot``).

    python -m bot            run the bot (DISCORD_TOKEN from the environment or .env)
    python -m bot --sync     also push the slash commands to Discord on start
                             (to GIN_DEV_GUILD at once if set, else globally)
    python -m bot --shards 0-3 --shard-count 8
                             run only these shards (of 8): this process looks after their guilds;
                             other processes on the same database run the other shards
    python -m bot play --game G --players N ...   play seat 0 in the terminal, the AI the others
    python -m bot selfplay --game G --players N --seed S ...   the AI in every seat, one JSON line per hand
    python -m bot replay FILE [--hand N]   a match file (/gin replay file:True) move by move
    python -m bot migrate-db --from gin.sqlite3 --to postgresql://...   copy every row to an empty store

Settings come from the environment or .env (bot.config.Settings): DISCORD_TOKEN, GIN_DB,
GIN_DEV_GUILD, GIN_LOG_LEVEL, GIN_RENDER_WORKERS, GIN_SNAPSHOT_EVERY, GIN_METRICS_PORT,
GIN_METRICS_HOST, and for demos and tests GIN_AI_DELAY, GIN_TICK, GIN_SEED.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from typing import Any


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "play":
        from bot.terminal import main as play_main  # lazy: the terminal game needs no discord

        return int(play_main(args[1:]) or 0)
    if args and args[0] == "migrate-db":
        from bot.store.copy import main as migrate_db_main  # copy one store into another, no discord

        return int(migrate_db_main(args[1:]) or 0)
    if args and args[0] == "replay":
        from bot.replay_cli import main as replay_main  # a match file in the terminal, no discord

        return int(replay_main(args[1:]) or 0)
    if args and args[0] == "selfplay":
        from bot.selfplay import main as selfplay_main  # the AI in every seat, JSON lines out

        return int(selfplay_main(args[1:]) or 0)

    parser = argparse.ArgumentParser(
        prog="gin-bot",
        description="Gin Rummy for Discord.",
        epilog="Also: 'python -m bot play [--game G] [--players N] [--level L] [--seed S]' plays in the "
        "terminal against the AI (no Discord needed); 'python -m bot selfplay ...' lets the AI play every seat; "
        "'python -m bot migrate-db --from A --to B' copies a store.",
    )
    parser.add_argument("--sync", action="store_true", help="sync the slash commands on start")
    parser.add_argument("--shards", metavar="IDS", help="the shards this process runs, e.g. 0-3 or 0,2,5")
    parser.add_argument("--shard-count", type=int, metavar="N", help="how many shards the bot has in all")
    ns = parser.parse_args(args)

    from bot.tables.shards import ShardSet

    shards: ShardSet | None = None
    if ns.shards is not None or ns.shard_count is not None:
        if ns.shard_count is None:
            parser.error("--shards needs --shard-count (how many shards there are in all)")
        if ns.shard_count < 1:
            parser.error("--shard-count must be at least 1")
        try:
            shards = ShardSet.parse(ns.shards or f"0-{ns.shard_count - 1}", ns.shard_count)
        except ValueError as exc:
            parser.error(str(exc))

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

    from bot.client import GinBot, ShardedGinBot, seeded_source
    from bot.store import SchemaTooNew, StorageUnusable, open_database

    # A size limit on files (ulimit -f) must become a failed write the bot reports, not a kill.
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    async def preflight() -> None:
        """Check, create and migrate the database before connecting to Discord."""
        await (await open_database(settings.db_path)).close()

    try:
        asyncio.run(preflight())
    except (SchemaTooNew, StorageUnusable) as exc:  # nothing was touched
        print(f"gin-bot: {exc}", file=sys.stderr)
        return 2

    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    options: dict[str, Any] = {
        "sync": ns.sync,
        "ai_delay_s": settings.ai_delay_s,
        "tick_s": settings.tick_s,
        "seed_source": seeded_source(settings.seed) if settings.seed is not None else None,
    }
    bot = GinBot(settings, **options) if shards is None else ShardedGinBot(settings, shards, **options)

    token = settings.token
    if token is None:  # Settings.load refuses to start without one; a guard for the type
        print("gin-bot: DISCORD_TOKEN is not set.", file=sys.stderr)
        return 2

    async def run() -> None:
        async with bot:
            await bot.start(token)

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
