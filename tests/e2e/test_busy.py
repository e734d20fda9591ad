"""Backpressure: when the pictures (or the hand messages to draw) queue up, a player's move is
answered at once in words ("the table is busy, your move is saved, the picture follows"), and the
picture follows."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import cast

from cogs.gin import messages
from cogs.gin.flows.hand import DRAWS_AT_ONCE
from cogs.gin.flows.posting import pictures, use_pictures
from fakediscord import FakeDiscord, StoredMessage
from render import GameRenderer, register_renderer, renderer_for, unregister_renderer
from render.pool import RenderPool
from tests.e2e.game_driver import desk_of, fixed_seeds, gin_bot, service_of, start_match


class Blocker:
    """A renderer whose table picture waits for the test: it keeps the pool's only slot busy."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def table(self, *args: object) -> object:
        self.release.wait(10)
        return None


async def test_a_move_while_pictures_queue_is_answered_in_words_then_drawn(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(9), tick_s=5.0) as bot:
        alice, bob = await start_match(fd)
        mover = alice if alice.controls() else bob
        assert mover.hand is not None
        hand_id = mover.hand.id
        own = pictures()
        pool = RenderPool(0, capacity=1)  # one picture at a time, drawn here
        blocker = Blocker()
        register_renderer("blocker", cast(GameRenderer, blocker), offered=False)
        use_pictures(pool)
        try:
            busy = asyncio.create_task(pool.draw("blocker", "table"))
            for _ in range(10):
                await asyncio.sleep(0)
            assert pool.busy
            cid, values = mover.choice()
            ix = await (
                fd.select(mover.user, mover.hand, cid, values) if values else fd.click(mover.user, mover.hand, cid)
            )
            await ix.response(5)
            said = await fd.wait_until(
                lambda: fd.message(hand_id).content == messages.BUSY_MOVE or None, timeout=5, what="busy"
            )
            assert said and not fd.message(hand_id).attachments  # words now, no picture yet
            blocker.release.set()
            await busy

            def drawn() -> StoredMessage | None:
                m = fd.message(hand_id)
                return m if m.attachments and m.content != messages.BUSY_MOVE else None

            hand = await fd.wait_until(drawn, timeout=10, what="the picture that follows")
            assert hand.attachments and not ix.followups  # drawn, and no refusal
            match = await service_of(bot).match_for_channel(fd.channel.id)
            assert match is not None and match.version == 1  # the move was saved once
            assert renderer_for(match.game) is not blocker
        finally:
            blocker.release.set()
            use_pictures(own)
            unregister_renderer("blocker")


async def test_a_move_while_hands_queue_is_answered_in_words_then_drawn(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(9), tick_s=5.0) as bot:
        alice, bob = await start_match(fd)
        mover = alice if alice.controls() else bob
        assert mover.hand is not None
        hand_id = mover.hand.id
        gate = desk_of(bot).hands.gate
        for _ in range(DRAWS_AT_ONCE):  # every hand-drawing slot taken (other tables' moves)
            await gate.acquire()
        try:
            cid, values = mover.choice()
            ix = await (
                fd.select(mover.user, mover.hand, cid, values) if values else fd.click(mover.user, mover.hand, cid)
            )
            await ix.response(5)
            await fd.wait_until(
                lambda: fd.message(hand_id).content == messages.BUSY_MOVE or None, timeout=5, what="busy"
            )
            match = await service_of(bot).match_for_channel(fd.channel.id)
            assert match is not None and match.version == 1  # saved before the answer said so
        finally:
            for _ in range(DRAWS_AT_ONCE):
                gate.release()

        def drawn() -> StoredMessage | None:
            m = fd.message(hand_id)
            return m if m.attachments and m.content != messages.BUSY_MOVE else None

        assert await fd.wait_until(drawn, timeout=10, what="the picture that follows")
        assert not ix.followups
