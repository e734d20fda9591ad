"""A tiny bot used to test the subprocess launcher (stands in for bot.__main__ until it exists).

`/post` sends a channel message with a persistent DynamicItem button `mini:press:<n>`;
pressing it edits the message to name the process that answered (so a restart is visible).
"""

from __future__ import annotations

import logging
import os
import re
from typing import Any

import discord
from discord.ext import commands


class PressButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mini:press:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Press {n}", custom_id=f"mini:press:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PressButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(PressButton(self.n + 1))
        await interaction.response.edit_message(
            content=f"pressed {self.n} by {interaction.user.name} in pid {os.getpid()}", view=view
        )


class MiniBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(PressButton)

        @self.tree.command(name="post", description="Post a button")
        async def post(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(PressButton(0))
            await interaction.response.send_message(f"posted by pid {os.getpid()}", view=view)


def main(argv: list[str]) -> int:
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        print("DISCORD_TOKEN is not set")
        return 1
    MiniBot().run(token, log_level=logging.WARNING)
    return 0
