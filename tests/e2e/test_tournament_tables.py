"""A tournament of tables of three through the stand-in with the real bot: six AI entrants, two rounds
of two tables each seated by standing, each table a three-seat match in its own thread, scored by place
points; every round, result and the final standings posted once."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from fakediscord import FakeDiscord, FakeUser
from tests.clock import Clock
from tests.e2e.game_driver import fixed_seeds, gin_bot
from tests.store.helpers import query

OVER = "The tournament is over."
RESULT = re.compile(r"^Round (\d+), table (\d+): ")


async def tourney(fd: FakeDiscord, who: FakeUser, sub: str, **options: object) -> str:
    ix = await fd.slash(who, "gin", group="tournament", subcommand=sub, options=options)
    await ix.response()
    return (await ix.final(10)).content or ""


@pytest.mark.parametrize("game", ["gin", "rummy"])
async def test_tables_of_three_play_two_rounds_to_the_final_standings(
    fake_discord: FakeDiscord, tmp_path: Path, game: str
) -> None:
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    async with gin_bot(fd, db, seeds=fixed_seeds(64), clock=Clock.from_wall_clock(), tick_s=0.1):
        created = await tourney(fd, fd.dana, "create", format="tables", game=game, players=3, rounds=2, hands=1)
        assert created == "Done."
        assert await tourney(fd, fd.dana, "add_ai", count=6, level="easy") == "Done."
        assert await tourney(fd, fd.dana, "start") == "Done."
        await fd.wait_for_message(lambda m: m.public and OVER in (m.content or ""), timeout=90)
        status = await tourney(fd, fd.bob, "status")
    seats = [n for (n,) in query(db, "SELECT COUNT(*) FROM match_seats GROUP BY match_id ORDER BY match_id")]
    assert seats == [3, 3, 3, 3]  # two rounds of two tables of three
    games = {g for (g,) in query(db, "SELECT game FROM matches")}
    assert games == {game}
    messages = [m.content or "" for m in fd.channel_messages(fd.channel)]
    results = Counter(found.groups() for m in messages if (found := RESULT.match(m)))
    assert sorted(results) == [("1", "1"), ("1", "2"), ("2", "1"), ("2", "2")] and set(results.values()) == {1}
    assert sum(OVER in m for m in messages) == 1
    assert len(fd.store.threads) == 4
    assert "· finished" in status and " points, " in status  # place points in the standings
