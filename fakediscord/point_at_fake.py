"""Point this process's discord.py at the local stand-in named by GIN_FAKE_DISCORD_URL.

Used by run_bot_against_fake.py (a bot in a subprocess). `apply()`:
- sets discord.http.Route.BASE and DiscordWebSocket.DEFAULT_GATEWAY (a plain Bot never calls /gateway/bot);
- makes every Client default to a short guild_ready_timeout (the stand-in has one guild);
- prints READY_MARKER on stdout when the client dispatches 'ready', so the parent knows when to inject.
"""

from __future__ import annotations

import os
from typing import Any

ENV_URL = "GIN_FAKE_DISCORD_URL"
READY_MARKER = "FAKEDISCORD-READY"


def apply(url: str | None = None) -> bool:
    """Patch discord.py if a stand-in URL is given or in the environment; returns whether it patched."""
    url = url or os.environ.get(ENV_URL)
    if not url:
        return False
    import discord
    import discord.gateway
    import discord.http
    import yarl

    url = url.rstrip("/")
    discord.http.Route.BASE = f"{url}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url.replace("http://", "ws://", 1) + "/gateway")

    original_init = discord.Client.__init__
    original_dispatch = discord.Client.dispatch

    def init(self: discord.Client, *args: Any, **options: Any) -> None:
        options.setdefault("guild_ready_timeout", 0.1)
        original_init(self, *args, **options)

    def dispatch(self: discord.Client, event: str, /, *args: Any, **kwargs: Any) -> None:
        if event == "ready":
            print(READY_MARKER, os.getpid(), flush=True)
        original_dispatch(self, event, *args, **kwargs)

    discord.Client.__init__ = init  # type: ignore[method-assign]
    discord.Client.dispatch = dispatch  # type: ignore[method-assign]
    return True
