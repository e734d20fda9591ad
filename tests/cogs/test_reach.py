"""reach.Refusals: a refused channel is warned about once a minute and retried after a doubling backoff."""

from __future__ import annotations

import logging

import pytest

from cogs.gin.flows.reach import MISSING_PERMISSIONS, PostingRefused, Refusals


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_one_warning_a_minute_per_channel_and_a_doubling_backoff(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    clock = Clock()
    refusals = Refusals(clock)
    refusals.first_s, refusals.max_s = 1.0, 4.0
    refused = PostingRefused(7, MISSING_PERMISSIONS)
    refusals.refused(refused, 1, behind=True)
    assert refusals.waiting(7) and not refusals.waiting(8) and refusals.behind == {1: 7}
    clock.now += 1.0
    assert not refusals.waiting(7)
    delays = []
    for _ in range(4):
        refusals.refused(refused, 1)
        start = clock.now
        while refusals.waiting(7):
            clock.now += 0.5
        delays.append(clock.now - start)
    assert delays == [2.0, 4.0, 4.0, 4.0]  # doubling, at most max_s
    refusals.refused(PostingRefused(8, MISSING_PERMISSIONS), 2)  # another channel: its own warning
    refusals.went_through(7)  # posts go through again: no backoff, but the minute still counts
    assert not refusals.waiting(7)
    refusals.refused(refused, 1)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert [w.split(":")[0] for w in warnings] == ["channel 7", "channel 8"]
    clock.now += 61
    refusals.refused(refused, 1)
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 3
    refusals.forget(1)
    assert refusals.behind == {}
