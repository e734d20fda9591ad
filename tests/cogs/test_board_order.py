"""The board shows moves in the order they were committed, whichever task gets to show one first
(a player's click and the bot's turn show their moves from different tasks)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.tables import ActResult
from fakediscord import FakeDiscord
from render import renderer_for
from tests.e2e.game_driver import fixed_seeds, gin_bot, start_match, states


async def test_moves_reach_the_board_in_commit_order_whichever_task_shows_first(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(9), tick_s=5.0) as bot:
        await start_match(fd)
        assert bot.desk is not None
        service, board = bot.service, bot.desk.board
        assert service is not None
        first = await service.match_for_channel(fd.channel.id)
        assert first is not None
        # Three moves committed in a row: the first player's draw and discard, the next one's draw.
        results: list[ActResult] = []
        for _ in range(3):
            match = await service.get_match(first.id)
            seat = match.public.turn
            assert seat is not None
            view = await service.seat_view(match.id, match.players[seat])
            action = next(c.action for c in renderer_for(match.game).controls(view) if c.confirm is None)
            results.append(await service.act(match.id, match.players[seat], action, match.version))
        # Shown newest first: each waits for the one before it, so none is lost behind a newer one.
        await asyncio.gather(*(board.show(r) for r in reversed(results)))

        discard = results[1]
        turn_end = renderer_for(discard.match.game).describe(discard.match.public, discard.match.names)
        board_message = fd.message(discard.match.board_message_id or 0)
        snapshots = states(board_message)
        assert any(turn_end in (s.content or "") and s.attachments for s in snapshots), (
            "the discard that ended the turn never reached the board"
        )
        assert board._shown[first.id].version == results[-1].match.version
