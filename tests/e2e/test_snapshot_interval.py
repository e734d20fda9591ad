"""GIN_SNAPSHOT_EVERY reaches the running bot's store: its moves rewrite the snapshot every n moves."""

from __future__ import annotations

from pathlib import Path

from bot.client import GinBot
from bot.config import Settings
from bot.constants import SNAPSHOT_EVERY
from fakediscord import FakeDiscord, running_bot
from tests.store.helpers import new_pvp, play_one, query


async def test_the_setting_reaches_the_bots_store(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    db = tmp_path / "gin.sqlite3"
    every = SNAPSHOT_EVERY + 1  # not the default, so the setting is what the store got
    settings = Settings.from_env(
        {"DISCORD_TOKEN": "fake-token", "GIN_DB": str(db), "GIN_SNAPSHOT_EVERY": str(every)}, env_file=None
    )
    bot = GinBot(settings, sync=False)
    async with running_bot(fake_discord, bot=bot) as running:
        service = running.service
        assert service is not None and service.store.snapshot_every == every
        info = await new_pvp(service, channel=fake_discord.channel_id, guild=fake_discord.guild_id, seed=4)
        for _ in range(every + 1):
            info = (await play_one(service, info.id)).match
        # No hand ends this early: the snapshot stands at the interval, one move behind the match.
        assert query(db, "SELECT version FROM snapshots WHERE match_id = ?", info.id) == [(every,)]
        assert info.version == every + 1
