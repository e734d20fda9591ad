"""The bot's picture workers live and die with it: a bot process draws its pictures in worker
processes, and a killed bot (no shutdown) leaves none of them behind."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from bench.ladder import ProcessTree
from fakediscord import BotProcess, FakeDiscord
from tests.e2e.game_driver import start_match


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out.extend(int(c) for c in f.read().split())
    except OSError:
        pass
    return out


def picture_workers(bot_pid: int) -> list[int]:
    """The pool's workers: the children of the bot's fork server (the fork server itself and the
    resource tracker are helpers, not workers)."""
    servers = [p for p in children(bot_pid) if "multiprocessing.forkserver" in cmdline(p)]
    return [w for s in servers for w in children(s) if alive(w)]


async def test_a_killed_bot_leaves_no_picture_workers(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    env = {"GIN_DB": str(tmp_path / "gin.sqlite3"), "GIN_RENDER_WORKERS": "2", "GIN_LOG_LEVEL": "INFO"}
    bot = BotProcess(fd, [], env=env)
    await bot.start()
    try:
        await start_match(fd)  # boards and hands drawn
        assert bot.pid is not None
        for _ in range(100):  # the workers start in the background
            if "pictures: 2 worker processes" in bot.output and len(picture_workers(bot.pid)) >= 2:
                break
            await asyncio.sleep(0.1)
        workers = picture_workers(bot.pid)
        assert len(workers) == 2, (workers, bot.output)  # GIN_RENDER_WORKERS=2
        helpers = [p for p in ProcessTree(bot.pid).pids() if p != bot.pid and p not in workers]
    finally:
        await bot.kill()
    for _ in range(100):
        if not any(alive(p) for p in workers + helpers):
            break
        await asyncio.sleep(0.1)
    assert not [p for p in workers if alive(p)], "picture workers outlived the bot"
    assert not [p for p in helpers if alive(p)], "the fork server (or resource tracker) outlived the bot"
    assert "Traceback" not in bot.output, bot.output[-2000:]
