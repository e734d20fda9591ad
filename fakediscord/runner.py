"""Run a real discord.py bot against a FakeDiscord: in this process or in a subprocess."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from .server import FakeDiscord

REPO = Path(__file__).resolve().parents[1]
LAUNCHER = Path(__file__).resolve().parent / "run_bot_against_fake.py"
FAKE_TOKEN = "fake-token"

Setup = Callable[[commands.Bot], Awaitable[None]]


@contextlib.asynccontextmanager
async def running_bot(
    fd: FakeDiscord,
    setup: Setup | None = None,
    *,
    bot: discord.Client | None = None,
    intents: discord.Intents | None = None,
    ready_timeout: float = 10.0,
    **bot_kwargs: Any,
) -> AsyncIterator[Any]:
    """Start a real bot connected to `fd`, yield it once on_ready fired, then close it.

    Either pass `setup` (an `async (bot) -> None` that adds cogs / DynamicItems; it runs
    as the bot's setup_hook) to get a fresh `commands.Bot`, or a ready-made `bot`
    (its own setup_hook runs). discord.py must already point at `fd` (FakeDiscord does
    that on enter unless patch=False).
    """
    if bot is None:
        bot_kwargs.setdefault("command_prefix", commands.when_mentioned)
        bot_kwargs.setdefault("guild_ready_timeout", 0.05)
        bot = commands.Bot(intents=intents or discord.Intents.default(), **bot_kwargs)
        if setup is not None:

            async def setup_hook() -> None:
                await setup(bot)

            bot.setup_hook = setup_hook  # type: ignore[method-assign]
    else:
        bot._connection.guild_ready_timeout = min(bot._connection.guild_ready_timeout, 0.05)
    task = asyncio.create_task(bot.start(FAKE_TOKEN), name="fakediscord-bot")
    ready = asyncio.create_task(bot.wait_until_ready())
    try:
        done, _ = await asyncio.wait({task, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            task.result()  # re-raise the start-up error
            raise RuntimeError("bot stopped before it was ready")
        if ready not in done:
            raise TimeoutError(f"bot not ready within {ready_timeout}s (unknown routes: {fd.unknown_routes})")
        yield bot
    finally:
        ready.cancel()
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 10)


class BotProcess:
    """A bot running in a subprocess against `fd` via fakediscord/run_bot_against_fake.py.

    `entry` is "module:function" called with argv (default the real bot, bot.__main__:main).
    Output (stdout+stderr) is collected in `.output` for failure messages.
    """

    def __init__(
        self,
        fd: FakeDiscord,
        argv: Sequence[str] = (),
        *,
        entry: str = "bot.__main__:main",
        env: Mapping[str, str] | None = None,
        cwd: os.PathLike[str] | str | None = None,
    ) -> None:
        self.fd = fd
        self.argv = list(argv)
        self.entry = entry
        self.env = dict(env or {})
        self.cwd = str(cwd or REPO)
        self.proc: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self._ready = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    async def _read(self) -> None:
        from .point_at_fake import READY_MARKER

        assert self.proc is not None and self.proc.stdout is not None
        async for raw in self.proc.stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            self.lines.append(line)
            if line.startswith(READY_MARKER):
                self._ready.set()

    async def start(self, ready_timeout: float = 20.0) -> BotProcess:
        """Launch and wait for the bot's on_ready (raises with the output if it exits or times out)."""
        env = {**os.environ, "DISCORD_TOKEN": FAKE_TOKEN, **self.env}
        env["GIN_FAKE_DISCORD_URL"] = self.fd.url
        env["GIN_FAKE_BOT_ENTRY"] = self.entry
        env["PYTHONUNBUFFERED"] = "1"
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            # the launcher of the checkout the bot runs from (another tree: the code before a change)
            str(Path(self.cwd) / "fakediscord" / LAUNCHER.name),
            *self.argv,
            cwd=self.cwd,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        self.fd.processes.append(self)
        self._reader = asyncio.create_task(self._read())
        waiter = asyncio.create_task(self._ready.wait())
        exited = asyncio.create_task(self.proc.wait())
        done, _ = await asyncio.wait({waiter, exited}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        if waiter not in done:
            if exited not in done:
                exited.cancel()
                await self.kill()
            else:
                await self._reader
            raise RuntimeError(f"bot process not ready (exit {self.proc.returncode}); output:\n{self.output}")
        exited.cancel()
        return self

    async def stop(self, timeout: float = 10.0) -> int:
        """SIGINT (graceful close), then SIGKILL after `timeout`; returns the exit code."""
        if self.proc is None or self.proc.returncode is not None:
            return await self._finish()
        self.proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            # Not closed in time: its threads' stacks into .output (the launcher's faulthandler), then kill.
            if hasattr(signal, "SIGUSR1"):
                self.proc.send_signal(signal.SIGUSR1)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.proc.wait(), 1.0)
            if self.proc.returncode is None:
                self.proc.kill()
        return await self._finish()

    async def kill(self) -> int:
        """SIGKILL: a crash, no clean-up in the bot."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
        return await self._finish()

    async def _finish(self) -> int:
        assert self.proc is not None
        code = await self.proc.wait()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, 5)
        return code

    async def __aenter__(self) -> BotProcess:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()
