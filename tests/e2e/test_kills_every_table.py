"""The real bot process SIGKILLed at random moments, during short outages of channel messages, while
a table of every game and size plays (Gin
for three and four, Knockout for three, Colonel and Skarney against the bot, Rummy for five): every
hand's result is posted exactly once with its own hand number, every match end once, nothing stays
in the outbox (issue 26). One person (Alice) plays her seat at each table with random legal moves
from her hand message; the bot's AI plays every other seat."""

from __future__ import annotations

import asyncio
import collections
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fakediscord import BotProcess, FakeChannel, FakeDiscord, StoredMessage
from tests.store.helpers import query

RESULT = re.compile(r"\*\*hand (\d+) is over\*\*")
TABLES: tuple[tuple[str, int], ...] = (
    ("gin", 3),
    ("gin", 4),
    ("knockout", 3),
    ("colonel", 2),
    ("skarney", 2),
    ("rummy", 5),
)
KILLS = 5
# Short matches: two hands where a game has that option, the lowest target where it has not
# (Knockout ends by itself, a player out each hand).
SHORT: dict[str, dict[str, Any]] = {
    "gin": {"options": "length=hands:2"},
    "rummy": {"options": "length=hands:2"},
    "colonel": {"target": 10},
    "skarney": {"target": 10},
}


def moves_on(hand: StoredMessage) -> list[dict[str, Any]]:
    """The move controls of a hand message (not Refresh, Cancel, or a move that asks first)."""
    return [
        c
        for c in hand.all_components()
        if c.get("type") in (2, 3)
        and not c.get("disabled")
        and not c["custom_id"].endswith((":hand", ":cancel"))
        and ":ask." not in c["custom_id"]
    ]


@dataclass
class Table:
    fd: FakeDiscord
    channel: FakeChannel
    game: str
    seats: int

    def board(self) -> StoredMessage | None:
        return next(
            (m for m in reversed(self.fd.channel_messages(self.channel)) if m.find_component(label="My hand")), None
        )

    def over(self) -> bool:
        return any(m.find_component(label="Rematch") for m in self.fd.channel_messages(self.channel))

    async def open(self) -> None:
        """Alice opens the table: against the bot for two, else a lobby whose other seats she gives to the AI."""
        fd = self.fd
        options = {"game": self.game} | SHORT.get(self.game, {})
        if self.seats == 2:
            ix = await fd.slash(fd.alice, "gin", subcommand="play", options=options, channel=self.channel)
            await ix.final(10)
        else:
            ix = await fd.slash(
                fd.alice,
                "gin",
                subcommand="challenge",
                options={**options, "players": self.seats},
                channel=self.channel,
            )
            await ix.final(10)
            lobby = await fd.wait_for_message(
                lambda m: m.channel_id == self.channel.id and m.find_component(label="Join") is not None, timeout=10
            )
            for _ in range(self.seats - 1):
                menu = next(c for c in lobby.all_components() if c.get("type") == 3)
                await (await fd.select(fd.alice, lobby, menu["custom_id"], ["easy"])).settled(10)
            await (await fd.click(fd.alice, lobby, lobby.component(label="Start")["custom_id"])).settled(10)
        await fd.wait_until(self.board, timeout=10, what=f"the {self.game} board")

    async def play(self, rng: random.Random) -> None:
        """Alice's random legal moves until the match ends; after a restart she asks for her hand again."""
        fd = self.fd
        hand: StoredMessage | None = None
        idle = 0
        while not self.over():
            try:
                board = self.board()
                if board is None:
                    await asyncio.sleep(0.1)
                    continue
                if hand is None or idle > 30:
                    ix = await fd.click(fd.alice, board, board.component(label="My hand")["custom_id"])
                    hand, idle = await ix.final(10), 0
                controls = moves_on(hand)
                if not controls:
                    idle += 1
                    await asyncio.sleep(0.1)
                    continue
                pick = rng.choice(controls)
                if pick.get("type") == 3:
                    value = rng.choice(pick["options"])["value"]
                    ix = await fd.select(fd.alice, hand, pick["custom_id"], [value])
                else:
                    ix = await fd.click(fd.alice, hand, pick["custom_id"])
                await ix.settled(10)
                idle = 0
            except (TimeoutError, AssertionError, KeyError, ValueError, StopIteration):
                hand = None  # the bot was killed meanwhile, or the hand message is gone: ask again
                await asyncio.sleep(0.2)


async def test_kills_at_every_table_size_lose_and_repeat_no_result(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    channels = [
        FakeChannel(fd.channel.id + 2000 + i, f"table-{i}", fd.guild_id, position=20 + i) for i in range(len(TABLES))
    ]
    for ch in channels:
        fd.channels[ch.id] = ch
    env = {"GIN_DB": str(db), "GIN_AI_DELAY": "0", "GIN_TICK": "0.3", "GIN_LOG_LEVEL": "INFO", "GIN_SEED": "5"}
    rng = random.Random(26)
    proc = BotProcess(fd, [], env=env)
    await proc.start()
    outputs: list[str] = []
    tables = [Table(fd, ch, game, seats) for ch, (game, seats) in zip(channels, TABLES, strict=True)]
    kills = 0
    try:
        for t in tables:
            await t.open()
        players = asyncio.gather(*(t.play(random.Random(i)) for i, t in enumerate(tables)))
        while not players.done() and kills < KILLS:
            await asyncio.sleep(rng.uniform(0.3, 1.0))
            # Channel messages fail for a moment before the kill: results and boards are pending
            # when the process dies, and the next one posts them from the outbox.
            fd.fail("channel_send", 503, duration=1.2)
            fd.fail("channel_edit", 503, duration=1.2)
            await asyncio.sleep(rng.uniform(0.5, 1.2))
            await proc.kill()
            outputs.append(proc.output)
            kills += 1
            proc = BotProcess(fd, [], env={**env, "GIN_SEED": str(5 + kills)})
            await proc.start()
        await asyncio.wait_for(players, 240)
        for _ in range(200):  # the restarted bot posts what is pending
            if not query(db, "SELECT id FROM outbox WHERE done_at IS NULL"):
                break
            await asyncio.sleep(0.05)
    finally:
        await proc.stop()
        outputs.append(proc.output)
    assert kills >= 3, f"only {kills} kills before every match ended"
    assert query(db, "SELECT id, match_id, kind FROM outbox WHERE done_at IS NULL") == []
    for t in tables:
        (match_id,) = query(db, "SELECT id FROM matches WHERE channel_id = ?", t.channel.id)[0]
        hands = query(db, "SELECT COUNT(*) FROM hands WHERE match_id = ?", match_id)[0][0]
        told = collections.Counter(
            int(n) for m in fd.channel_messages(t.channel) for n in RESULT.findall(m.content or "")
        )
        assert told == collections.Counter(range(1, hands + 1)), (
            f"{t.game} for {t.seats}: results {dict(told)}, {hands} hands"
        )
        ends = [m for m in fd.channel_messages(t.channel) if m.find_component(label="Rematch")]
        assert len(ends) == 1, f"{t.game} for {t.seats}: {len(ends)} match ends"
    for out in outputs:
        assert "Traceback" not in out, out[-3000:]
