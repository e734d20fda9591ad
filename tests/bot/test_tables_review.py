"""The coach through the table service: a player's finished hand reviewed off the event loop; anyone
else, a running hand and a hand never played refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.tables import Refusal, TableService
from tests.bot.test_tables_replay import _play_until_hands
from tests.store.helpers import new_pvp, play_one


async def test_a_player_has_his_finished_hand_reviewed(gin_db: Path | str) -> None:
    svc = await TableService.open(gin_db)
    try:
        info = await new_pvp(svc, channel=12, a=1, b=2, seed=5)
        with pytest.raises(Refusal, match="not finished"):
            await svc.review_hand(info.id, 1, 1)
        ended = await _play_until_hands(svc, info.id, 1)
        await play_one(svc, info.id)  # the second hand is on
        for user, seat in ((1, 0), (2, 1)):
            review = await svc.review_hand(info.id, user, 1)
            assert review.seat == seat and review.hand == 1 and review.decisions > 0
            assert all(0 < a.position <= ended and a.view.seat == seat for a in review.advice)
            assert all(a.cost >= 1 for a in review.advice)
        again = await svc.review_hand(info.id, 1, 1)
        assert [(a.position, a.better, a.cost) for a in again.advice] == [
            (a.position, a.better, a.cost) for a in (await svc.review_hand(info.id, 1, 1)).advice
        ]  # the same match and hand: the same review
        with pytest.raises(Refusal, match="Only a player"):
            await svc.review_hand(info.id, 3, 1)
        for hand in (0, 2, 9):
            with pytest.raises(Refusal, match="not finished"):
                await svc.review_hand(info.id, 1, hand)
        with pytest.raises(Refusal, match="no such match"):
            await svc.review_hand(info.id + 100, 1, 1)
    finally:
        await svc.close()
