"""Run a bot entry point against the local Discord stand-in (for subprocess e2e tests).

    GIN_FAKE_DISCORD_URL=http://127.0.0.1:PORT [GIN_FAKE_BOT_ENTRY=bot.__main__:main] \
        python fakediscord/run_bot_against_fake.py [bot args...]

Patches discord.py (point_at_fake.apply), then calls entry(argv); the entry may
return an int exit code or a coroutine (which is run with asyncio.run).
"""

from __future__ import annotations

import asyncio
import faulthandler
import importlib
import inspect
import os
import signal
import sys

HERE = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.dirname(HERE)


def main() -> int:
    # Run as a script, Python put this package's own directory first on sys.path: its modules
    # (store.py, records.py, ...) must not shadow what the bot imports. Import them as fakediscord.*.
    sys.path[:] = [p for p in sys.path if os.path.realpath(p or os.curdir) != HERE]
    if hasattr(signal, "SIGUSR1"):  # BotProcess.stop asks for every thread's stack before it kills a hung bot
        faulthandler.register(signal.SIGUSR1, all_threads=True)
    if REPO not in sys.path:
        sys.path.insert(0, REPO)
    from fakediscord import point_at_fake

    if not point_at_fake.apply():
        print(f"set {point_at_fake.ENV_URL} to the stand-in URL", file=sys.stderr)
        return 2
    entry = os.environ.get("GIN_FAKE_BOT_ENTRY", "bot.__main__:main")
    module_name, _, func_name = entry.partition(":")
    func = getattr(importlib.import_module(module_name), func_name or "main")
    result = func(sys.argv[1:])
    if inspect.iscoroutine(result):
        result = asyncio.run(result)
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
