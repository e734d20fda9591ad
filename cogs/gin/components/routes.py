"""Where a click goes: the calls the components make on the flows, as a Protocol the desk fulfils.

The components know only this shape, never the desk itself, so the flows may build views from the
components without an import going back (cogs/gin/flows/desk.py implements it).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import discord


@runtime_checkable
class Routes(Protocol):
    """The flows' entry points for a click (each answers the interaction itself)."""

    async def move(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None: ...

    async def ask(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None: ...

    async def choose(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None: ...

    async def board_button(self, interaction: discord.Interaction, match_id: int, what: str) -> None: ...

    async def challenge_button(self, interaction: discord.Interaction, challenge_id: int, what: str) -> None: ...

    async def lobby_button(
        self, interaction: discord.Interaction, table_id: int, what: str, value: str | None
    ) -> None: ...


def routes_of(client: discord.Client) -> Routes:
    """The bot's routes (its desk, set up in GinBot.setup_hook); RuntimeError on a client without one."""
    routes = getattr(client, "desk", None)
    if not isinstance(routes, Routes):
        raise RuntimeError("this client has no Gin desk: it is set up in GinBot.setup_hook")
    return routes
