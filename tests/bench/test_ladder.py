"""The ladder benchmark's quick mode runs end to end (the bot in its own process against the
stand-in) and prints one row per step. No timing is asserted: the numbers are the benchmark's."""

from __future__ import annotations

import asyncio

import pytest

from bench.discord_latency import main
from bench.ladder import HEADER, QUICK_RATES
from bench.ladder_limits import LIMITS_HEADER


async def test_quick_ladder_prints_a_row_per_step(capsys):
    # main() runs its own event loop: off this test's loop, in a thread. With Discord's limits on:
    # the second table of numbers (the budget, 429s, boards' staleness) too.
    assert await asyncio.to_thread(main, ["--quick", "--discord-limits"]) == 0
    out = capsys.readouterr().out
    assert "set up 20 tables" in out and HEADER in out
    rows = [line.split() for line in out.split(HEADER, 1)[1].strip().splitlines()[: len(QUICK_RATES)]]
    assert [float(r[0]) for r in rows] == list(QUICK_RATES)
    for row in rows:
        achieved, answer_p50, done_p50, bot_cpu, rss = (float(row[i]) for i in (1, 2, 5, 8, 10))
        assert achieved > 0 and answer_p50 > 0 and done_p50 > 0  # interactions answered, moves drawn
        assert bot_cpu > 0 and rss > 0  # the bot's process tree was measured
    assert "bot log lines with errors" not in out
    limits = [line.split() for line in out.split(LIMITS_HEADER, 1)[1].strip().splitlines()[: len(QUICK_RATES)]]
    for row in limits:
        requests, rate_limited, unshown = int(row[1]), int(row[4]), int(row[9])
        assert requests > 0 and rate_limited == 0 and unshown == 0  # under the budget; every board caught up


def test_the_command_line_offers_the_ladder(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--ladder" in out and "--quick" in out
