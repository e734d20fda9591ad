"""Due work across processes on one database (both stores): expired tables are expired by the
process that owns their guild, and each by exactly one caller."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store import ChallengeStatus
from bot.tables import TableService
from bot.tables.shards import ShardSet
from tests.clock import Clock

EVEN, ODD = 0 << 22 | 1, 1 << 22 | 1  # two guilds: shard 0 and shard 1 of 2


async def open_service(db: str | Path, shards: ShardSet | None, clock: Clock) -> TableService:
    return await TableService.open(db, clock=clock, shards=shards)


async def test_expired_tables_are_expired_by_their_guilds_owner_only(gin_db: str | Path) -> None:
    clock = Clock()
    even = await open_service(gin_db, ShardSet.parse("0", 2), clock)
    odd = await open_service(gin_db, ShardSet.parse("1", 2), clock)
    try:
        mine = await even.challenge(EVEN, 10, 1, "ann", 2, "bob", ttl_s=60)
        theirs = await odd.challenge(ODD, 11, 3, "cat", None, ttl_s=60)
        clock.advance(seconds=61)
        assert [c.id for c in await even.expire_challenges()] == [mine.id]
        assert (await even.get_challenge(theirs.id)).status is ChallengeStatus.OPEN  # not even's to expire
        # a new challenge in even's guild sweeps the expired ones first: still only its own
        await even.challenge(EVEN, 12, 1, "ann", None, ttl_s=60)
        assert (await even.get_challenge(theirs.id)).status is ChallengeStatus.OPEN
        assert await even.expire_challenges() == []
        expired = await odd.expire_challenges()
        assert [(c.id, c.status) for c in expired] == [(theirs.id, ChallengeStatus.EXPIRED)]
    finally:
        await even.close()
        await odd.close()


async def test_two_processes_racing_over_expired_tables_expire_each_once(gin_db: str | Path) -> None:
    """Two processes that both own every guild (e.g. an old one still running after a re-shard):
    each expired table is returned (and so its message edited) by one of them only."""
    clock = Clock()
    first = await open_service(gin_db, None, clock)
    second = await open_service(gin_db, None, clock)
    try:
        made = [await first.challenge(EVEN, 20 + n, 1 + n, f"p{n}", None, ttl_s=60) for n in range(6)]
        clock.advance(seconds=61)
        a, b = await asyncio.gather(first.expire_challenges(), second.expire_challenges())
        ids = [c.id for c in a] + [c.id for c in b]
        assert sorted(ids) == sorted(c.id for c in made)  # every one, none twice
        assert await first.expire_challenges() == [] and await second.expire_challenges() == []
    finally:
        await first.close()
        await second.close()
