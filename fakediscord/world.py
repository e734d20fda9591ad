"""The stand-in's world: snowflake ids, message flags, permissions, users and channels.

Plain frozen data with the JSON shapes Discord sends for them.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 64  # MessageFlags.ephemeral
THREAD = 11  # a public thread's channel type
LOADING = 128  # MessageFlags.loading: a deferred "is thinking..." message

# Permission bits the stand-in enforces on the bot (fd.bot_permissions).
ADMINISTRATOR = 1 << 3
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
ATTACH_FILES = 1 << 15
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
# Permission bit sets sent as member/app permissions (strings, as Discord does).
ADMIN_PERMISSIONS = str((1 << 41) - 1)  # every classic bit, administrator (1 << 3) included
# add reactions, view channel, send messages, embed links, attach files, read history, use app commands
MEMBER_PERMISSIONS = str((1 << 6) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31))
# The bot's default adds what a server's @everyone has by default on Discord: public threads, and posting in them.
BOT_PERMISSIONS = str(int(MEMBER_PERMISSIONS) | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS)


class Snowflakes:
    """Strictly increasing, time-based snowflake ids (so created_at is sensible)."""

    def __init__(self) -> None:
        self._last = 0
        self._counter = itertools.count()

    def next(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        value = max(now | (next(self._counter) & 0xFFF), self._last + 1)
        self._last = value
        return value


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events, as Discord computes it."""
    return (guild_id >> 22) % shard_count


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass(frozen=True)
class FakeUser:
    """A user in the fake guild. `admin` members get administrator permissions."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    admin: bool = False
    locale: str = "en-US"  # his Discord client's language, sent with each of his interactions

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.global_name or self.name

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def member_json(self, *, with_user: bool = True, admin_role: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(admin_role)] if (self.admin and admin_role) else [],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
            "permissions": ADMIN_PERMISSIONS if self.admin else MEMBER_PERMISSIONS,
        }
        if with_user:
            data["user"] = self.to_json()
        return data


@dataclass(frozen=True)
class FakeChannel:
    """A guild text channel (type 0), a DM channel (type 1, recipient set) or a public thread (type 11,
    ``parent_id`` its channel, ``owner_id`` who created it)."""

    id: int
    name: str
    guild_id: int | None
    type: int = 0
    position: int = 0
    recipient: FakeUser | None = None
    parent_id: int | None = None
    owner_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_json(self, last_message_id: int | None = None, message_count: int = 0) -> dict[str, Any]:
        """Discord's channel object; a thread's last message and count come from the caller (the store)."""
        if self.type == 1:
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.recipient.to_json()] if self.recipient else [],
            }
        if self.type == THREAD:
            return {
                "id": str(self.id),
                "type": THREAD,
                "guild_id": str(self.guild_id),
                "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id),
                "name": self.name,
                "last_message_id": None if last_message_id is None else str(last_message_id),
                "rate_limit_per_user": 0,
                "message_count": message_count,
                "member_count": 1,
                "flags": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso_now(),
                    "locked": False,
                    "create_timestamp": iso_now(),
                },
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "permissions": ADMIN_PERMISSIONS,
        }


@dataclass(frozen=True)
class FakeGuild:
    """A guild of the stand-in: its id, name and two text channels ("gin-table" and "general")."""

    id: int
    name: str
    channel: FakeChannel
    channel2: FakeChannel
    locale: str = "en-US"  # the server's preferred locale

    @property
    def channels(self) -> tuple[FakeChannel, FakeChannel]:
        return (self.channel, self.channel2)
