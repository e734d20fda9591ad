"""Tournaments survive SIGKILLs: the real bot process runs a 16-player Swiss of 4 rounds, an 8-player
double elimination and a 5-player round robin (AI entrants, a human who signs up with the button and
is removed by the organiser) and is killed at random moments, then restarted on the same database.
Every pairing gets one match, every result is counted and announced once, each round's pairings and
the final standings are posted once: counted in the stand-in's messages and in the store."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.tournaments import from_json
from fakediscord import BotProcess, FakeDiscord, FakeUser
from tests.store.helpers import query

SIGNUP = "Press Join to play"
OVER = "The tournament is over."
RESULT = re.compile(r"^Round (\d+), table (\d+): ")
ROUND = re.compile(r"^\*\*Round \d+\*\* of the tournament:")
KILLS = 3


async def tourney(fd: FakeDiscord, who: FakeUser, sub: str, **options: object) -> str:
    ix = await fd.slash(who, "gin", group="tournament", subcommand=sub, options=options)
    await ix.response()
    return (await ix.final(10)).content or ""


class Bot:
    """The real bot in a subprocess; ``kill`` SIGKILLs it and starts a new one on the same database."""

    def __init__(self, fd: FakeDiscord, db: Path) -> None:
        self.fd, self.db, self.restarts = fd, db, 0
        self.proc: BotProcess | None = None
        self.outputs: list[str] = []

    async def start(self) -> None:
        env = {"GIN_DB": str(self.db), "GIN_SEED": str(5 + self.restarts), "GIN_AI_DELAY": "0", "GIN_TICK": "0.1"}
        self.proc = BotProcess(self.fd, [], env=env)
        await self.proc.start()

    async def kill(self) -> None:
        assert self.proc is not None
        await self.proc.kill()
        self.outputs.append(self.proc.output)
        self.restarts += 1
        await self.start()

    async def stop(self) -> None:
        if self.proc is not None:
            await self.proc.stop()
            self.outputs.append(self.proc.output)


def over(db: Path) -> bool:
    status = query(db, "SELECT status FROM tournaments")
    pending = query(db, "SELECT COUNT(*) FROM tournament_outbox WHERE done_at IS NULL")[0][0]
    return bool(status) and status[0][0] == "finished" and pending == 0


def stalled(db: Path, bot: Bot) -> str:
    """What a tournament that did not finish is waiting for: its status, matches, pending notices, the log's tail."""
    status = query(db, "SELECT status, version FROM tournaments")
    games = query(
        db,
        "SELECT t.round, t.board, t.counted_at, m.status, m.channel_id FROM tournament_matches t"
        " JOIN matches m ON m.id = t.match_id ORDER BY t.round, t.board",
    )
    pending = query(db, "SELECT kind, payload, claimed_until FROM tournament_outbox WHERE done_at IS NULL")
    log = bot.proc.output[-4000:] if bot.proc is not None else ""
    return f"the tournament did not finish: {status} matches={games} pending={pending}\n{log}"


@pytest.mark.parametrize(
    ("fmt", "players", "options"),
    [("swiss", 16, {"rounds": 4}), ("double", 8, {}), ("round_robin", 5, {})],
    ids=["swiss-16", "double-8", "round-robin-5"],
)
async def test_a_tournament_killed_at_random_moments_happens_exactly_once(
    fake_discord: FakeDiscord, tmp_path: Path, fmt: str, players: int, options: dict[str, int]
) -> None:
    fd, db, rng = fake_discord, tmp_path / "gin.sqlite3", random.Random(f"{fmt}-{players}")
    bot = Bot(fd, db)
    await bot.start()
    try:
        assert await tourney(fd, fd.dana, "create", format=fmt, hands=1, signup=60, **options) == "Done."
        signup = await fd.wait_for_message(lambda m: m.public and SIGNUP in (m.content or ""), timeout=10)
        joined = await (await fd.click(fd.alice, signup, signup.component(label="Join")["custom_id"])).final(5)
        assert joined.content == "You are signed up."
        assert await tourney(fd, fd.dana, "add_ai", count=players - 1, level="easy") == "Done."
        assert await tourney(fd, fd.dana, "start") == "Done."
        assert await tourney(fd, fd.dana, "remove", player=fd.alice) == "Done."
        for _ in range(KILLS):
            await asyncio.sleep(rng.uniform(0.2, 1.5))
            if over(db):
                break
            await bot.kill()
        deadline = time.monotonic() + 90
        while not over(db):
            assert time.monotonic() < deadline, stalled(db, bot)
            await asyncio.sleep(0.2)
        await asyncio.sleep(0.5)  # a message posted after the last mark would show now
    finally:
        await bot.stop()
    for out in bot.outputs:
        assert "Traceback" not in out, out[-3000:]
    (state,) = query(db, "SELECT state FROM tournaments")
    t = from_json(state[0])
    played = {p.key for p in t.pairings() if len(p.seats) > 1}
    matches = query(db, "SELECT round, board, match_id, counted_at FROM tournament_matches")
    # A pairing of the removed player may be forfeited before its match is created (a round robin pairs
    # her later rounds, forfeited at once); every other pairing has exactly one match.
    with_removed = {p.key for p in t.pairings() if set(p.seats) & set(t.removed)}
    assert played - with_removed <= {(r, b) for r, b, _, _ in matches} <= played
    assert all(counted is not None for *_, counted in matches)
    channels = [c for (c,) in query(db, "SELECT channel_id FROM matches")]
    assert len(set(channels)) == len(channels) and set(channels) <= set(fd.store.threads)  # a thread each
    notices = Counter(kind for (kind,) in query(db, "SELECT kind FROM tournament_outbox"))
    messages = [m.content or "" for m in fd.channel_messages(fd.channel)]
    assert sum(SIGNUP in m for m in messages) == notices["signup"] == 1
    assert sum(bool(ROUND.match(m)) for m in messages) == notices["round"] == len(t.rounds)
    results = Counter(found.groups() for m in messages if (found := RESULT.match(m)))
    assert all(n == 1 for n in results.values()) and len(results) == notices["result"] == len(played)
    assert sum(OVER in m for m in messages) == notices["final"] == 1
    assert bot.restarts >= 1
