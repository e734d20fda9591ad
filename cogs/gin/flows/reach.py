"""When Discord refuses the board: the channel is gone (404 10003 Unknown Channel: its tables are
lost, ``TableService.lose_channel``), or the bot may no longer post there (403 50013 Missing
Permissions, 50001 Missing Access), or Discord fails for a while (5xx after discord.py's own tries,
a timeout, a rate limit too long to wait: ``is_transient``). All are expected events, never an ERROR.

A refused or failed post leaves its outbox row pending, so the board catches up by itself once the
permission is back: the sweep retries the channel after a backoff (doubling, at most
``RETRY_MAX_S``), and any post that goes through there ends the backoff. A WARNING says so once
per channel a minute, however many requests were refused.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import aiohttp
import discord

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
WARN_EVERY_S = 60.0  # one WARNING per refused channel in this time
RETRY_FIRST_S = 1.0  # the sweep's first wait before it tries a refused channel again ...
RETRY_MAX_S = 60.0  # ... doubling up to this


class ChannelLost(Exception):
    """Discord does not know the channel any more (deleted)."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} is gone")
        self.channel_id = channel_id


class PostingRefused(Exception):
    """Discord refused a post or an edit in the channel for a missing permission (``code``)."""

    def __init__(self, channel_id: int, code: int) -> None:
        super().__init__(f"channel {channel_id}: missing permission (code {code})")
        self.channel_id = channel_id
        self.code = code


@contextmanager
def reaching(channel_id: int) -> Iterator[None]:
    """Around a request in a channel: a lost channel raises ChannelLost, a missing permission
    PostingRefused; every other error as it is (a deleted message is still a NotFound)."""
    try:
        yield
    except discord.NotFound as error:
        if error.code == UNKNOWN_CHANNEL:
            raise ChannelLost(channel_id) from error
        raise
    except discord.Forbidden as error:
        if error.code in (MISSING_ACCESS, MISSING_PERMISSIONS):
            raise PostingRefused(channel_id, error.code) from error
        raise


def is_transient(error: BaseException) -> bool:
    """Discord failed for a while, not for anything in the request: try the same again later."""
    return isinstance(error, discord.DiscordServerError | discord.RateLimited | TimeoutError | aiohttp.ClientError) or (
        isinstance(error, OSError) and not isinstance(error, discord.HTTPException)
    )


@dataclass
class _Backoff:
    retry_at: float
    delay: float


class Refusals:
    """The channels where posting was refused lately: when to try again, when last warned, and the
    matches whose board missed a move there (redrawn once the channel takes posts again)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.first_s, self.max_s = RETRY_FIRST_S, RETRY_MAX_S  # the backoff
        self._channels: dict[int, _Backoff] = {}
        self._warned: dict[int, float] = {}  # channel id -> when its last WARNING was written
        self.behind: dict[int, int] = {}  # match id -> its channel: the board shows an older state

    def refused(self, error: PostingRefused, match_id: int, *, behind: bool = False) -> None:
        """A request in the channel was refused: back off, and warn unless warned within a minute."""
        if self._back_off(error.channel_id, match_id, behind):
            log.warning(
                "channel %d: Discord refused the board of match %d (code %d: a permission is missing);"
                " it is kept and posted once the permission is back",
                error.channel_id,
                match_id,
                error.code,
            )

    def failed(self, channel_id: int, match_id: int, error: BaseException, *, behind: bool = True) -> None:
        """Discord failed a request in the channel for a while (``is_transient``): back off as for a
        refusal, the pending messages stay pending and the board catches up."""
        if self._back_off(channel_id, match_id, behind):
            log.warning(
                "channel %d: Discord failed to take the board of match %d (%s: %s); it is posted again later",
                channel_id,
                match_id,
                type(error).__name__,
                error,
            )

    def _back_off(self, channel_id: int, match_id: int, behind: bool) -> bool:
        """Back off the channel; whether to warn (not within a minute of the last warning)."""
        now = self.clock()
        seen = self._channels.get(channel_id)
        if behind:
            self.behind[match_id] = channel_id
        if seen is None:
            self._channels[channel_id] = _Backoff(now + self.first_s, self.first_s)
        else:
            seen.delay = min(seen.delay * 2, self.max_s)
            seen.retry_at = now + seen.delay
        warned = self._warned.get(channel_id)
        if warned is not None and now - warned < WARN_EVERY_S:
            return False
        self._warned[channel_id] = now
        return True

    def next_retry(self) -> float | None:
        """Seconds until the first backed-off channel may be tried again (None: none is waiting)."""
        if not self._channels:
            return None
        return max(0.0, min(b.retry_at for b in self._channels.values()) - self.clock())

    def waiting(self, channel_id: int) -> bool:
        """Whether the sweep should leave the channel alone for now (backing off)."""
        seen = self._channels.get(channel_id)
        return seen is not None and self.clock() < seen.retry_at

    def went_through(self, channel_id: int) -> None:
        """A post or an edit in the channel succeeded: no more backoff there."""
        if self._channels.pop(channel_id, None) is not None:
            log.info("channel %d: the board can be posted again", channel_id)

    def forget(self, match_id: int) -> None:
        self.behind.pop(match_id, None)
