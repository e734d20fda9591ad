"""Which guilds this process looks after: the one place the sharding rule lives.

Discord sends a guild's events (its interactions too) to one shard: ``(guild_id >> 22) %
shard_count``. A bot process runs some of the shards, so it hears only those guilds; everything it
does without a click (recovering matches, the bot's own moves, deadlines, pending announcements)
must be limited to the same guilds, or two processes would both act on one match. A process
without ``--shards`` owns every guild (``ShardSet.everything()``).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ShardSet", "shard_of"]


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives ``guild_id``'s events (Discord's formula)."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class ShardSet:
    """Shard ids run by this process, out of ``count`` shards in all."""

    ids: frozenset[int]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if not self.ids:
            raise ValueError("a process must run at least one shard")
        wrong = sorted(i for i in self.ids if not 0 <= i < self.count)
        if wrong:
            raise ValueError(f"shard {wrong[0]} is not one of the {self.count} shards (0 to {self.count - 1})")

    @classmethod
    def everything(cls) -> ShardSet:
        """One shard of one: every guild (a process started without ``--shards``)."""
        return cls(frozenset({0}), 1)

    @classmethod
    def parse(cls, spec: str, count: int) -> ShardSet:
        """``"0-3"``, ``"5"`` or ``"0,2,4-5"`` out of ``count`` shards; ValueError saying what is wrong."""
        ids: set[int] = set()
        for part in spec.replace(" ", "").split(","):
            first, dash, last = part.partition("-")
            if not first.isdigit() or (dash and not last.isdigit()):
                raise ValueError(f"--shards takes shard ids like 0-3 or 0,2,5, not {spec!r}")
            low, high = int(first), int(last) if dash else int(first)
            if high < low:
                raise ValueError(f"--shards: the range {part} runs backwards")
            ids.update(range(low, high + 1))
        return cls(frozenset(ids), count)

    @property
    def all(self) -> bool:
        """Whether this process owns every guild (nothing needs filtering)."""
        return len(self.ids) == self.count

    @property
    def shard_ids(self) -> list[int]:
        """The ids in order, as discord.py's ``AutoShardedClient(shard_ids=...)`` takes them."""
        return sorted(self.ids)

    def owns(self, guild_id: int) -> bool:
        """Whether this process hears ``guild_id``'s events and so looks after its matches."""
        return self.all or shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        ids = self.shard_ids
        runs: list[str] = []
        start = prev = ids[0]
        for i in [*ids[1:], None]:
            if i is not None and i == prev + 1:
                prev = i
                continue
            runs.append(str(start) if start == prev else f"{start}-{prev}")
            if i is not None:
                start = prev = i
        return f"shards {','.join(runs)} of {self.count}"
