"""Migration 0006 and its queries on both stores: the version each board shows and the turn pings."""

from __future__ import annotations

from pathlib import Path

from bot.store import TurnPing
from bot.tables import TableService
from tests.clock import Clock
from tests.store.helpers import new_pvp, query


async def test_board_versions_and_turn_pings_are_kept_per_match(gin_db: Path | str) -> None:
    svc = await TableService.open(gin_db, clock=Clock())
    try:
        one = await new_pvp(svc, 10, 1, 2)
        two = await new_pvp(svc, 11, 3, 4)
        assert await svc.shown_versions([one.id, two.id]) == {}  # nothing recorded yet
        await svc.board_shown(one.id, 3)
        await svc.board_shown(one.id, 2)  # an older state never replaces a newer one
        await svc.board_shown(two.id, 0)
        # many ids at once (more than one IN list), unknown ones left out
        assert await svc.shown_versions([*range(10_000, 11_200), one.id, two.id]) == {one.id: 3, two.id: 0}

        await svc.turn_announced(one.id, 2, 1, 555)
        await svc.turn_announced(one.id, 1, 0, None)  # the board's mention told him
        await svc.turn_announced(two.id, 3, 4, 777)
        assert await svc.turn_pings(one.id) == [TurnPing(1, 0, None), TurnPing(2, 1, 555)]
        await svc.turn_announced(one.id, 2, 5, 556)  # a later turn of the same player replaces it
        await svc.turn_closed(one.id, 1)
        assert await svc.turn_pings(one.id) == [TurnPing(2, 5, 556)]
        assert await svc.turn_pings(two.id) == [TurnPing(3, 4, 777)]
    finally:
        await svc.close()
    # what a new process reads
    assert query(gin_db, "SELECT id, shown_version FROM matches ORDER BY id") == [(one.id, 3), (two.id, 0)]
    again = await TableService.open(gin_db, clock=Clock())
    try:
        assert await again.turn_pings(one.id) == [TurnPing(2, 5, 556)]
    finally:
        await again.close()
