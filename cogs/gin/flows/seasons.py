"""A season's end in Discord (docs/seasons.md). Every tick the service closes the seasons that are
over (its claim in the store makes that once, however many processes look), then each pending
champions' announcement is claimed, posted in the server's season channel in the server's language,
and marked once Discord accepted it. A restart between the close and the post leaves the row pending
(posted by the next look); one between the claim and the post, until the claim runs out. A channel
that is gone drops its announcement and the setting; a missing permission is tried again later."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.i18n import speaking
from bot.tables import Season, TableService
from bot.tables.seasons import ANNOUNCE_CLAIM

from .. import season_messages
from ..speech import public_language
from .posting import channel, mention_only
from .reach import ChannelLost, PostingRefused, reaching
from .shown import season_nonce

log = logging.getLogger(__name__)

OnLost = Callable[[int], Awaitable[object]]


class SeasonEnds:
    """Closes the seasons that are over and announces their champions."""

    def __init__(self, client: discord.Client, service: TableService, on_lost: OnLost | None = None) -> None:
        self.client = client
        self.service = service
        self.on_lost = on_lost  # a channel Discord no longer knows (Desk.channel_lost)

    async def tick(self) -> int:
        """One look: close what is over, post what is pending. Returns how many announcements were posted."""
        await self.service.roll_seasons()
        return await self.post_pending()

    async def post_pending(self) -> int:
        posted = 0
        for season in await self.service.pending_season_ends():
            if not await self.service.claim_season_end(season):
                continue  # another look (another process) is posting it
            try:
                message_id = await self._post(season)
            except ChannelLost as lost:
                log.info(
                    "guild %d: the season channel %d is gone; the season's end is not announced",
                    season.guild_id,
                    lost.channel_id,
                )
                await self.service.season_announced(season, None)
                if self.on_lost is not None:
                    await self.on_lost(lost.channel_id)
                continue
            except PostingRefused as refused:
                log.warning(
                    "guild %d: Discord refused the season's end in channel %d (code %d: a permission is missing);"
                    " it is tried again in %d minutes",
                    season.guild_id,
                    refused.channel_id,
                    refused.code,
                    ANNOUNCE_CLAIM.total_seconds() // 60,
                )
                continue
            except Exception:
                log.exception("guild %d: announcing the season's end failed", season.guild_id)
                continue
            await self.service.season_announced(season, message_id)
            posted += 1
            log.info("guild %d: the season's end is announced", season.guild_id)
        return posted

    async def _post(self, season: Season) -> int | None:
        """The champions' message in the season channel (None: no channel, nothing posted)."""
        if season.channel_id is None:
            return None
        champions = await self.service.season_champions(season)
        with speaking(await public_language(self.service, self.client, season.guild_id)):
            text = season_messages.season_over(season, champions)
        with reaching(season.channel_id):
            message = await channel(self.client, season.channel_id, season.guild_id).send(
                text,
                allowed_mentions=mention_only(*dict.fromkeys(c.user_id for c in champions)),
                nonce=season_nonce(season.guild_id, season.started_at),  # a repeat after a crash: the first back
            )
        return message.id
