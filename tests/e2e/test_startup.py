"""Start-up with live matches: the bot answers at once (a match loads on first use) while the
active matches load and their move logs are checked in the background; a match whose move log
disagrees with its snapshot is reported as before, and the snapshot wins."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

from bot.ai import greedy_action
from bot.tables import TableService
from bot.tables.recovery import RecoveryPart
from fakediscord import FakeChannel, FakeDiscord
from tests.e2e.game_driver import gin_bot
from tests.store.helpers import gin_view, turn_of

MATCHES = 8
MOVES = 10  # past the first periodic snapshot: a snapshot and a tail of moves after it


async def write_matches(db, fd: FakeDiscord) -> list[int]:
    """Live matches (one per channel) with a few moves each, as a bot before a restart left them."""
    svc = await TableService.open(db)
    ids = []
    try:
        for i in range(MATCHES):
            channel = FakeChannel(fd.channel.id + 100 + i, f"table-{i}", fd.guild_id, position=10 + i)
            fd.channels[channel.id] = channel
            c = await svc.challenge(fd.guild_id, channel.id, fd.alice.id, "Alice", fd.bob.id, "Bob")
            info = await svc.accept(c.id, fd.bob.id, "Bob", seed=100 + i)
            for _ in range(MOVES):
                info = await svc.get_match(info.id)
                user = info.players[turn_of(info)]
                await svc.act(info.id, user, greedy_action(gin_view(await svc.seat_view(info.id, user))), info.version)
            ids.append(info.id)
    finally:
        await svc.close()
    return ids


async def test_the_bot_answers_before_the_background_check_ends(tmp_path, monkeypatch, caplog):
    db = tmp_path / "gin.sqlite3"
    async with FakeDiscord() as fd:
        ids = await write_matches(db, fd)
        corrupt, clicked = ids[2], ids[5]
        conn = sqlite3.connect(db)
        conn.execute("DELETE FROM moves WHERE match_id = ? AND seq = 3", (corrupt,))  # before its snapshot
        conn.commit()
        conn.close()

        # The background start-up waits for the test's word: what happens before it is the bot
        # answering without it (the real loading and checking run once the gate opens).
        gate, events = asyncio.Event(), []
        load_active = RecoveryPart._load_active

        async def gated(self: RecoveryPart) -> list[int]:
            events.append("background starts")
            await gate.wait()
            return await load_active(self)

        monkeypatch.setattr(RecoveryPart, "_load_active", gated)
        with caplog.at_level(logging.INFO, logger="bot.tables"):
            async with gin_bot(fd, db, sync=False) as bot:
                service = bot.service
                assert service is not None
                board = await fd.wait_for_message(
                    lambda m: m.public and m.find_component(custom_id=f"gin:{clicked}:hand") is not None, timeout=10
                )
                ix = await fd.click(fd.alice, board, f"gin:{clicked}:hand")
                hand = await ix.final(10)
                events.append("answered")
                assert hand.ephemeral and hand.attachments  # Alice's cards, privately
                assert not service.loaded.is_set()  # the bulk load has not run: loaded on first use
                assert service.live.get(clicked) is not None and len(service.live) < MATCHES
                gate.set()
                checked = await service.recovered()
                events.append("check done")
                assert service.loaded.is_set() and len(service.live) == MATCHES
                # The corrupt match plays on from its snapshot, as after a blocking recovery.
                info = await service.get_match(corrupt)
                user = info.players[turn_of(info)]
                result = await service.act(
                    corrupt, user, greedy_action(gin_view(await service.seat_view(corrupt, user))), info.version
                )
                assert result.match.version == info.version + 1
    assert events == ["background starts", "answered", "check done"]
    assert checked == MATCHES
    assert service.recovery_mismatches == [corrupt]
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and f"RECOVERY MISMATCH in match {corrupt}" in errors[0]
    assert f"the move log has {MOVES - 1} moves for version {MOVES}" in errors[0]


async def test_a_blocking_open_and_a_background_one_find_the_same(tmp_path):
    db = tmp_path / "gin.sqlite3"
    async with FakeDiscord() as fd:
        ids = await write_matches(db, fd)
    conn = sqlite3.connect(db)
    conn.execute("DELETE FROM moves WHERE match_id = ? AND seq = 3", (ids[0],))
    conn.commit()
    conn.close()
    blocking = await TableService.open(db)
    background = await TableService.open(db, background=True)
    try:
        assert await background.recovered() == MATCHES
        assert blocking.recovery_mismatches == background.recovery_mismatches == [ids[0]]
        assert sorted(i.id for i in await background.active_matches()) == sorted(ids)
        for match_id in ids:
            assert await background.get_match(match_id) == await blocking.get_match(match_id)
    finally:
        await blocking.close()
        await background.close()
