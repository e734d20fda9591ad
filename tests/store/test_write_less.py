"""A move that leaves its match active writes no more than it must: it does not assign the match's
status (SQLite would rewrite the one-active-match-per-channel index entry on every move)."""

from __future__ import annotations

import sqlite3

import pytest

from bot.tables import TableService
from tests.store.helpers import fail_writes, new_pvp, play_one, query, stop_failing


async def test_only_the_move_that_ends_a_match_assigns_its_status(gin_db):
    svc = await TableService.open(gin_db)
    try:
        info = await new_pvp(svc, channel=1, seed=6)
        # Any statement that assigns the status column now fails, even to the value it has.
        await fail_writes(svc, "no_status", "matches", "UPDATE OF status", "status assigned")
        for _ in range(30):
            info = (await play_one(svc, info.id)).match
        assert info.status == "active" and info.version == 30
        with pytest.raises(sqlite3.IntegrityError, match="status assigned"):  # the trigger does fire
            await svc.resign(info.id, info.players[0])
        await stop_failing(svc, "no_status", "matches")
        await svc.resign(info.id, info.players[0])
        assert query(gin_db, "SELECT status, version FROM matches WHERE id = ?", info.id) == [("resigned", 31)]
    finally:
        await svc.close()
