"""The outbox: every public message a committed change implies is a row written with the change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.engine.gin import Match, public_view
from bot.tables import Announcement, AnnouncementKind, Refusal, TableService
from tests.store.helpers import gin_rules, new_pvp, play_one, query


async def test_each_hand_end_and_the_match_end_are_announced_with_their_move(gin_db):
    path = gin_db
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, seed=5, target=30)
    first = await svc.pending_announcements(info.id)
    assert [(a.kind, a.version) for a in first] == [(AnnouncementKind.BOARD, 0)]  # the first board
    assert await svc.announced(first[0], 123) and not await svc.announced(first[0], 123)  # marked once
    expected: list[Announcement] = []
    while info.status == "active":
        result = await play_one(svc, info.id)
        info = result.match
        kinds = [a.kind for a in result.announcements]
        if result.hand_over is not None:
            want = [AnnouncementKind.HAND_RESULT]
            want.append(AnnouncementKind.MATCH_END if result.match_over else AnnouncementKind.BOARD)
            assert kinds == want and all(a.version == info.version for a in result.announcements)
        elif result.match_over:
            assert kinds == [AnnouncementKind.MATCH_END]
        else:
            assert kinds == []
        expected += result.announcements
    pending = await svc.pending_announcements(info.id)
    assert [a.id for a in pending] == [a.id for a in expected]  # nothing posted yet: all pending, in order
    end = pending[-1]
    assert end.kind is AnnouncementKind.MATCH_END
    changes = {int(k): v for k, v in end.payload["rating_changes"].items()}
    assert sorted(changes.values()) == [-16, 16] and set(changes) == set(info.players)
    # a pending result shows its own hand even after the match moved on: the view at its version
    result_ann = next(a for a in pending if a.kind is AnnouncementKind.HAND_RESULT)
    then = await svc.view_at(info.id, result_ann.version)
    log = query(
        path, "SELECT seat, action FROM moves WHERE match_id = ? AND seq <= ? ORDER BY seq", info.id, result_ann.version
    )
    replayed = Match.replay(gin_rules(info.rules), info.seed, log)
    assert then == public_view(replayed) and then.last_hand is not None and then.moves == result_ann.version
    for a in pending:
        await svc.announced(a, None)
    assert await svc.pending_announcements() == []
    rows = query(path, "SELECT COUNT(*), COUNT(done_at) FROM outbox")
    assert rows == [(len(pending) + 1, len(pending) + 1)]
    await svc.close()


async def test_a_resignation_announces_the_match_end_and_a_refusal_announces_nothing(gin_db):
    path = gin_db
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, seed=5)
    before = query(path, "SELECT COUNT(*) FROM outbox")
    with pytest.raises(Refusal):
        await svc.act(info.id, 1, "knock 2C", info.version)
    assert query(path, "SELECT COUNT(*) FROM outbox") == before
    result = await svc.resign(info.id, 1)
    assert [a.kind for a in result.announcements] == [AnnouncementKind.MATCH_END]
    payload = json.loads(query(path, "SELECT payload FROM outbox WHERE kind = 'match_end'")[0][0])
    assert {int(k): v for k, v in payload["rating_changes"].items()} == result.rating_changes
    await svc.close()


async def test_a_result_row_tells_the_hand_it_scored_not_the_next_deal(tmp_path: Path) -> None:
    """The move that scores a hand deals the next one: a pending result (swept after a restart)
    is numbered by the hands scored at its version, not by the deal its view shows."""
    svc = await TableService.open(tmp_path / "gin.sqlite3")
    try:
        info = await new_pvp(svc, channel=1, seed=3)
        while True:
            result = await play_one(svc, info.id)
            if result.hand_over is not None:
                break
        version = result.match.version
        view, scored = await svc.result_at(info.id, version)
        assert view.deal_number == 2  # the next hand is dealt already
        assert scored == 1
        assert (await svc.result_at(info.id, version - 1))[1] == 0
    finally:
        await svc.close()
