"""A table whose channel is lost: its matches end abandoned with no winner and no rating change, its
open tables close, its pending messages are dropped (docs/rules.md: "A table whose channel is lost")."""

from __future__ import annotations

import pytest

from bot.tables import ChallengeStatus, MatchStatus, Refusal, TableService
from tests.store.helpers import new_pvp, play_one, query


async def test_losing_a_channel_ends_its_match_without_a_result(gin_db):
    svc = await TableService.open(gin_db)
    try:
        lost = await new_pvp(svc, channel=10, seed=5)
        kept = await new_pvp(svc, channel=12, a=3, b=4, seed=6)
        for _ in range(3):
            await play_one(svc, lost.id)
        before = await svc.get_match(lost.id)
        assert await svc.pending_announcements(lost.id)  # its first board was never posted

        summary = await svc.lose_channel(10)

        assert summary.matches == (lost.id,) and summary.tables == () and summary.announcements == 1
        after = await svc.get_match(lost.id)
        assert after.status is MatchStatus.ABANDONED and after.winner is None and after.ended_at is not None
        assert after.version == before.version and after.turn_deadline is None  # no move was added
        assert await svc.pending_announcements(lost.id) == []
        assert query(gin_db, "SELECT COUNT(*) FROM rating_changes") == [(0,)]
        assert query(gin_db, "SELECT COUNT(*) FROM player_stats") == [(0,)]
        assert await svc.player_stats(1, 1) is None and await svc.player_stats(1, 2) is None
        with pytest.raises(Refusal):
            await play_one(svc, lost.id)
        assert (await svc.get_match(kept.id)).status is MatchStatus.ACTIVE  # another channel: untouched
        assert await svc.pending_announcements(kept.id)
        assert not await svc.lose_channel(10)  # nothing left to lose: a second event changes nothing
        again = await new_pvp(svc, channel=10, seed=7)  # the channel id is free again
        assert again.status is MatchStatus.ACTIVE
    finally:
        await svc.close()


async def test_losing_a_channel_closes_its_open_table(gin_db):
    svc = await TableService.open(gin_db)
    try:
        challenge = await svc.challenge(1, 11, 1, "user1", 2, "user2")
        summary = await svc.lose_channel(11)
        assert summary.matches == () and summary.tables == (challenge.id,)
        assert (await svc.get_challenge(challenge.id)).status is ChallengeStatus.CANCELLED
        with pytest.raises(Refusal):
            await svc.accept(challenge.id, 2, "user2")
    finally:
        await svc.close()


async def test_losing_a_server_ends_every_table_of_it_and_no_other(gin_db):
    svc = await TableService.open(gin_db)
    try:
        gone = await new_pvp(svc, channel=20, guild=2, seed=5)
        lobby = await svc.open_table(2, 21, 5, "user5", seats=3)
        other = await new_pvp(svc, channel=30, a=3, b=4, guild=3, seed=6)

        summary = await svc.lose_guild(2)

        assert summary.matches == (gone.id,) and summary.tables == (lobby.id,) and summary.announcements == 1
        assert (await svc.get_match(gone.id)).status is MatchStatus.ABANDONED
        assert (await svc.get_challenge(lobby.id)).status is ChallengeStatus.CANCELLED
        assert (await svc.get_match(other.id)).status is MatchStatus.ACTIVE
        assert [m.id for m in await svc.active_matches()] == [other.id]
        assert not await svc.lose_guild(2)
    finally:
        await svc.close()


async def test_a_lost_match_stays_over_after_a_restart(tmp_path):
    path = tmp_path / "gin.sqlite3"
    svc = await TableService.open(path)
    match = await new_pvp(svc, channel=10, seed=5)
    await svc.lose_channel(10)
    await svc.close()
    svc = await TableService.open(path)
    try:
        assert await svc.active_matches() == []
        assert await svc.pending_announcements() == []
        assert (await svc.get_match(match.id)).status is MatchStatus.ABANDONED
    finally:
        await svc.close()
