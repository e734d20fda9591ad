"""The bot's picture workers live and die with it: a bot process draws its pictures in worker
processes, and a killed bot (no shutdown) leaves none of them behind."""

from __future__ import annotations

import asyncio
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


async def test_a_killed_bot_leaves_no_picture_workers(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    env = {"GIN_DB": str(tmp_path / "gin.sqlite3"), "GIN_RENDER_WORKERS": "2", "GIN_LOG_LEVEL": "INFO"}
    bot = BotProcess(fd, [], env=env)
    await bot.start()
    try:
        await start_match(fd)  # boards and hands drawn
        assert bot.pid is not None
        tree = ProcessTree(bot.pid)
        for _ in range(100):  # the workers start in the background
            if "pictures: 2 worker processes" in bot.output and len(tree.pids()) >= 4:
                break
            await asyncio.sleep(0.1)
        workers = [p for p in tree.pids() if p != bot.pid]
        assert len(workers) >= 3, bot.output  # the fork server, two workers (and the resource tracker)
    finally:
        await bot.kill()
    for _ in range(100):
        if not any(alive(p) for p in workers):
            break
        await asyncio.sleep(0.1)
    assert not [p for p in workers if alive(p)], "picture workers outlived the bot"
    assert "Traceback" not in bot.output, bot.output[-2000:]
