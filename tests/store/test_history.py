"""Looking back through the store, on SQLite and PostgreSQL: a player's finished matches newest first
and a page at a time, his rating after each match, and his record against one opponent."""

from __future__ import annotations

import itertools
from pathlib import Path

from bot.tables import TableService
from tests.store.helpers import new_pvp


async def _resigned(svc: TableService, channel: int, a: int, b: int, loser: int) -> int:
    info = await new_pvp(svc, channel=channel, a=a, b=b)
    await svc.resign(info.id, loser)
    return info.id


async def test_history_lists_finished_matches_newest_first_a_page_at_a_time(gin_db: Path | str) -> None:
    svc = await TableService.open(gin_db)
    try:
        ids = [await _resigned(svc, channel=100 + i, a=1, b=2, loser=2 if i % 3 else 1) for i in range(12)]
        active = await new_pvp(svc, channel=200, a=1, b=2)
        other = await _resigned(svc, channel=201, a=3, b=4, loser=4)
        first = await svc.store.past_matches(1, 1)
        assert [p.match.id for p in first] == ids[::-1][:10]
        assert active.id not in [p.match.id for p in first] and other not in [p.match.id for p in first]
        rest = await svc.store.past_matches(1, 1, before=first[-1].match.id)
        assert [p.match.id for p in rest] == ids[1::-1]
        assert await svc.store.past_matches(2, 1) == []  # another server
        assert await svc.store.past_matches(1, 1, game="rummy") == []
        # the service's filters (/gin history game: players:): only that game, only that table size
        assert [p.match.id for p in await svc.history(1, 1, game="gin", seats=2)] == [p.match.id for p in first]
        assert await svc.history(1, 1, game="knockout") == [] and await svc.history(1, 1, seats=3) == []
        newest = first[0]
        assert newest.seat == 0 and newest.match.status == "resigned"
        assert newest.rating_change is not None and newest.rating_change > 0  # user 2 resigned the 12th (i=11)
    finally:
        await svc.close()


async def test_rating_history_ends_at_the_rating_of_the_stats(gin_db: Path | str) -> None:
    svc = await TableService.open(gin_db)
    try:
        for i, loser in enumerate((2, 2, 1, 2)):
            await _resigned(svc, channel=300 + i, a=1, b=2, loser=loser)
        points = await svc.store.rating_history(1, "gin:2", 1)
        assert len(points) == 4
        assert [p.change > 0 for p in points] == [True, True, False, True]
        assert points[0].rating == 1500 + points[0].change
        for before, after in itertools.pairwise(points):
            assert after.rating == before.rating + after.change
        stats = await svc.store.get_stats(1, 1, "gin:2")
        assert stats is not None and stats.rating == points[-1].rating
    finally:
        await svc.close()


async def test_head_to_head_counts_only_matches_of_both(gin_db: Path | str) -> None:
    svc = await TableService.open(gin_db)
    try:
        for i, loser in enumerate((2, 1, 2)):
            await _resigned(svc, channel=400 + i, a=1, b=2, loser=loser)
        await _resigned(svc, channel=410, a=1, b=3, loser=3)
        record = await svc.store.head_to_head(1, 1, 2)
        assert (record.matches, record.won, record.lost) == (3, 2, 1)
        assert record.last == (True, False, True)
        assert (await svc.store.head_to_head(1, 2, 1)).won == 1
    finally:
        await svc.close()
