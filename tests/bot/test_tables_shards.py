"""Sharded services on one database: each looks after only its own guilds' matches, and a cached
match is checked against the store before use (another process may have moved it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.tables import Refusal, TableService
from bot.tables.shards import ShardSet
from tests.clock import Clock
from tests.store.helpers import first_legal, new_pvp, play_one, turn_of

EVEN, ODD = 0 << 22 | 1, 1 << 22 | 1  # two guilds: shard 0 and shard 1 of 2
BOT = 99


async def open_service(db: str | Path, shards: ShardSet | None, clock: Clock) -> TableService:
    return await TableService.open(db, clock=clock, chooser=first_legal, shards=shards)


async def test_each_process_sees_only_its_guilds(gin_db: str | Path) -> None:
    clock = Clock()
    every = await open_service(gin_db, None, clock)
    matches: dict[int, list[int]] = {EVEN: [], ODD: []}
    for n, guild in enumerate((EVEN, ODD)):
        pvp = await new_pvp(every, channel=10 + n, a=1, b=2, guild=guild, seed=3)
        vs_bot = await every.play_bot(guild, 20 + n, 3, "user3", BOT, "GinBot", "easy", seed=4)
        while (await every.get_match(vs_bot.id)).humans_to_act:  # the bot is to move in each
            await play_one(every, vs_bot.id)
        matches[guild] += [pvp.id, vs_bot.id]
    await every.close()

    even = await open_service(gin_db, ShardSet.parse("0", 2), clock)
    odd = await open_service(gin_db, ShardSet.parse("1", 2), clock)
    try:
        for svc, guild in ((even, EVEN), (odd, ODD)):
            assert sorted(m.id for m in await svc.active_matches()) == matches[guild]
            assert [m.id for m in await svc.ai_pending()] == [matches[guild][1]]
            pending = await svc.pending_announcements()
            assert pending and {a.match_id for a in pending} <= set(matches[guild])
            clock.advance(hours=2)
            assert {o.match.id for o in await svc.overdue()} == {matches[guild][0]}
            clock.advance(hours=-2)
            other = matches[ODD if guild == EVEN else EVEN]
            assert await svc.pending_announcements(other[0]) == []
            assert svc.live.get(other[0]) is None
            # the bot's move is made where its guild is looked after
            assert await svc.ai_step(matches[guild][1]) is not None
    finally:
        await even.close()
        await odd.close()


@pytest.mark.parametrize("sharded", [True, False])
async def test_a_cached_match_is_checked_against_the_store(gin_db: str | Path, sharded: bool) -> None:
    """Two processes cached one match (a re-shard moved its guild while the old one still ran):
    after the new owner's move, the old one's cache is reloaded, not trusted. Without shards
    (one process owns everything) the cache is trusted, and the same click is refused."""
    clock = Clock()
    shards = ShardSet.parse("0", 2) if sharded else None
    old = await open_service(gin_db, shards, clock)
    new = await open_service(gin_db, shards, clock)
    try:
        info = await new_pvp(old, channel=1, a=1, b=2, guild=EVEN, seed=5)
        await old.seat_view(info.id, 1)  # cached in the old process
        moved = (await play_one(new, info.id)).match  # the new owner moves
        user = moved.players[turn_of(moved)]
        view = await new.seat_view(info.id, user)
        action = view.legal[0]
        if sharded:
            result = await old.act(info.id, user, action, moved.version)
            assert result.match.version == moved.version + 1
            async with new.live.locked(info.id) as live:  # and the new owner's cache follows in turn
                assert live.record.version == moved.version + 1
        else:
            with pytest.raises(Refusal):
                await old.act(info.id, user, action, moved.version)
    finally:
        await old.close()
        await new.close()
