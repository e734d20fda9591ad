"""Replays from the move log through the table service: a player of a finished match sees every
position and every seat's cards; anyone else, and anyone while the match is on, sees the finished
hands only, the board as it was and at most his own cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine.gin import PublicView
from bot.tables import Refusal, TableService
from tests.narrow import narrow
from tests.store.helpers import new_pvp, play_one


async def _play_until_hands(svc: TableService, match_id: int, hands: int) -> int:
    """Greedy moves until ``hands`` hands have finished (or the match ended); the version then."""
    info = await svc.get_match(match_id)
    while info.status == "active" and narrow(info.public, PublicView).hands_played < hands:
        info = (await play_one(svc, match_id)).match
    return info.version


async def test_while_the_match_is_on_only_finished_hands_and_own_cards(gin_db: Path | str) -> None:
    svc = await TableService.open(gin_db)
    try:
        info = await new_pvp(svc, channel=10, a=1, b=2, seed=5)
        with pytest.raises(Refusal, match="nothing to replay"):
            await svc.open_replay(info.id, 3)
        ended = await _play_until_hands(svc, info.id, 1)
        for _ in range(3):  # the second hand goes on: none of it may be seen
            await play_one(svc, info.id)
        outsider = await svc.open_replay(info.id, 3)
        player = await svc.open_replay(info.id, 1)
        assert outsider.last == player.last == ended == outsider.hand_ends[0]
        assert not outsider.everything and not player.everything
        for position in range(0, ended + 1):
            seen = await svc.replay_frame(outsider, position)
            assert seen.seats == () and seen.position == position
            own = await svc.replay_frame(player, position)
            assert [v.seat for v in own.seats] == [0]
        beyond = await svc.replay_frame(outsider, ended + 3)
        assert beyond.position == ended  # clamped: the running hand is not shown
        assert (await svc.replay_frame(outsider, ended)).hand == 1
    finally:
        await svc.close()


async def test_a_finished_match_shows_everything_to_its_players_only(gin_db: Path | str) -> None:
    svc = await TableService.open(gin_db)
    try:
        info = await new_pvp(svc, channel=11, a=1, b=2, seed=6)
        await _play_until_hands(svc, info.id, 1)
        await svc.resign(info.id, 2)
        final = await svc.get_match(info.id)
        player = await svc.open_replay(info.id, 2)
        outsider = await svc.open_replay(info.id, 3)
        assert player.everything and not outsider.everything
        assert player.last == outsider.last == final.version
        middle = await svc.replay_frame(player, player.hand_ends[0] - 1)
        assert [v.seat for v in middle.seats] == [0, 1] and all(v.hand for v in middle.seats)
        assert (await svc.replay_frame(outsider, player.hand_ends[0] - 1)).seats == ()
        end = await svc.replay_frame(outsider, outsider.last)
        assert end.public == final.public  # the replay is the match as it was committed
        assert player.hand_start(1) == 0 and player.hand_start(2) == player.hand_ends[0]
    finally:
        await svc.close()
