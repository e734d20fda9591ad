"""GinBot's construction: what a server admin sees in the log when the bot starts."""

from __future__ import annotations

import logging
from pathlib import Path

import discord
import pytest

from bot.client import GinBot
from bot.config import Settings


async def test_start_logs_no_voice_library_warnings(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The flags are process-wide and cleared after the first client warns: set them as on a fresh start.
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True, raising=False)
    caplog.set_level(logging.WARNING, logger="discord")
    bot = GinBot(Settings(token=None, db_path=tmp_path / "gin.sqlite3", dev_guild=None, log_level="INFO"))
    try:
        assert [r.getMessage() for r in caplog.records if r.name.startswith("discord")] == []
    finally:
        await bot.close()
