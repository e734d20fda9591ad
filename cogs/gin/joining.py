"""A cog whose commands join the /gin group the Gin cog owns (stats, help, history and replay).

discord.py gives a GroupCog its own ``app_commands.Group``; a second GroupCog with the same name
would clash in the tree. So such a cog creates its ``app_commands.Command`` objects per bot in
``cog_load``, adds them to the gin group and removes them again in ``cog_unload``.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any, ClassVar

from discord import app_commands
from discord.ext import commands

# (name, description, callback) of each command a cog adds
CommandSpec = tuple[str, str, Callable[..., Coroutine[Any, Any, None]]]


class JoinsGin(commands.Cog):
    """Adds ``COMMANDS`` to the /gin group on load and takes them away on unload."""

    COMMANDS: ClassVar[Sequence[CommandSpec]] = ()

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._added: list[app_commands.Command[Any, ..., None]] = []

    def _group(self) -> app_commands.Group | None:
        cog = self.bot.get_cog("Gin")
        group = cog.app_command if isinstance(cog, commands.GroupCog) else None
        return group if isinstance(group, app_commands.Group) else None

    async def cog_load(self) -> None:
        group = self._group()
        if group is None:
            raise RuntimeError(f"add the Gin cog before the {type(self).__name__} cog: its /gin group is needed")
        for name, description, callback in self.COMMANDS:
            cmd: app_commands.Command[Any, ..., None] = app_commands.Command(
                name=name, description=description, callback=callback, parent=group
            )
            group.add_command(cmd, override=True)
            self._added.append(cmd)

    async def cog_unload(self) -> None:
        group = self._group()
        for cmd in self._added:
            if group is not None and group.get_command(cmd.name) is cmd:
                group.remove_command(cmd.name)
        self._added.clear()
