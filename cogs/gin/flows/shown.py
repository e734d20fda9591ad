"""What this process last put on one match's board, and the small facts a board is posted with."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

from bot.engine import PublicViewLike
from bot.tables import Announcement


@dataclass(eq=False)
class Shown:
    """What this process last put on one match's board."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    message_id: int | None = None  # the board as posted last: newer than a MatchInfo read before the post
    version: int = -1  # the newest version shown (or waiting in ``later``): an edit never goes back
    queued: int = -1  # the newest version waiting to be drawn by a ``show`` call: older plain edits are skipped
    # The board of a finished hand whose result Discord did not take yet: never redrawn with a newer hand.
    retired: int | None = None
    later: asyncio.Task[None] | None = None  # a move inside a turn, shown if the turn's end does not follow
    turn: asyncio.Condition = field(init=False)  # on ``lock``: a newer version was shown

    def __post_init__(self) -> None:
        self.turn = asyncio.Condition(self.lock)

    def advance(self, version: int) -> None:
        """``version`` is on the board (call with ``lock`` held): moves waiting for it may go on."""
        self.version = max(self.version, version)
        self.turn.notify_all()


def nonce(announcement: Announcement) -> str:
    """The nonce of an outbox row's post: Discord (enforce_nonce) returns the first message for a repeat."""
    return f"gin-ob-{announcement.id}"


class Posting:
    """The open tables whose message a command of this process is posting now: the sweep of
    unposted tables leaves them alone meanwhile."""

    def __init__(self) -> None:
        self._ids: set[int] = set()

    @contextlib.contextmanager
    def of(self, table_id: int) -> Iterator[None]:
        self._ids.add(table_id)
        try:
            yield
        finally:
            self._ids.discard(table_id)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._ids


def table_nonce(table_id: int) -> str:
    """The nonce of an open table's public message (a challenge, a lobby): posted once however often tried."""
    return f"gin-tb-{table_id}"


def season_nonce(guild_id: int, started_at: datetime) -> str:
    """The nonce of a season's end (Discord allows 25 characters: a digest of the guild and the start)."""
    digest = hashlib.blake2s(f"{guild_id}:{started_at.isoformat()}".encode(), digest_size=8).hexdigest()
    return f"gin-ss-{digest}"


def hand_number(view: PublicViewLike) -> int:
    """The hand in play (the public view numbers its deals from 1)."""
    return view.deal_number
