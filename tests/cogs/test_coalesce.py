"""Coalescing: when moves of one table queue up, only the newest board and the newest hand are
drawn; a picture that a newer one would replace before anyone saw it is never drawn."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.tables import ActResult, TableService
from fakediscord import FakeDiscord
from render import renderer_for
from tests.e2e.game_driver import fixed_seeds, gin_bot, start_match, states


async def play(service: TableService, match_id: int, moves: int) -> list[ActResult]:
    """Commit ``moves`` moves in a row (the first control offered that asks nothing), nothing shown yet."""
    results = []
    for _ in range(moves):
        match = await service.get_match(match_id)
        seat = match.public.turn
        assert seat is not None
        view = await service.seat_view(match.id, match.players[seat])
        action = next(c.action for c in renderer_for(match.game).controls(view) if c.confirm is None)
        results.append(await service.act(match.id, match.players[seat], action, match.version))
    return results


async def test_queued_moves_draw_only_the_newest_board(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(9), tick_s=5.0) as bot:
        await start_match(fd)
        assert bot.desk is not None
        service, board = bot.service, bot.desk.board
        assert service is not None
        match = await service.match_for_channel(fd.channel.id)
        assert match is not None
        # Two whole turns: a draw and a discard each. Both discards end a turn (a picture each, shown
        # one at a time); the second is queued before the first is drawn.
        results = await play(service, match.id, 4)
        assert [r.match.public.turn == r.seat for r in results] == [True, False, True, False]
        message = fd.message(results[-1].match.board_message_id or 0)
        edits_before = len(message.history)
        bot.pictures.take_stats()
        await asyncio.gather(*(board.show(r) for r in results))  # started in commit order, as the Desk does

        newest = renderer_for(match.game).describe(results[-1].match.public, results[-1].match.names)
        first_turn = renderer_for(match.game).describe(results[1].match.public, results[1].match.names)
        message = fd.message(message.id)
        edits = states(message)[edits_before + 1 :]
        assert len(edits) == 1, "one edit: the newest board"
        assert newest in message.content and message.attachments
        assert not any(first_turn in (e.content or "") for e in edits)
        assert bot.pictures.take_stats().drawn == 1  # one table picture, not two
        assert board._shown[match.id].version == results[-1].match.version


async def test_a_live_hand_draws_only_the_newest_of_queued_moves(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(9), tick_s=5.0) as bot:
        alice, bob = await start_match(fd)
        assert bot.desk is not None
        service, hands = bot.service, bot.desk.hands
        assert service is not None
        match = await service.match_for_channel(fd.channel.id)
        assert match is not None and match.public.turn is not None
        waiting = bob if match.public.turn == alice.seat else alice
        # The mover's draw (for the waiting player: words only) and discard (his turn: picture and moves).
        results = await play(service, match.id, 2)
        hand = fd.message(waiting.hand.id if waiting.hand else 0)
        edits_before = len(hand.history)
        live = bot.desk.live.entry(match.id, waiting.user.id)
        async with live.lock:  # the message is being drawn (an earlier move) while both moves queue up
            pushes = [asyncio.create_task(hands.push(r)) for r in results]
            for _ in range(10):  # let both reach the lock
                await asyncio.sleep(0)
            assert len(fd.message(hand.id).history) == edits_before  # both wait for the lock
        shown = await asyncio.gather(*pushes)
        assert all(waiting.seat in seats for seats in shown)  # both moves count as shown there

        hand = fd.message(hand.id)
        assert len(hand.history) == edits_before + 1, "one edit: the newest state"
        assert hand.attachments and hand.buttons(), "his cards and his moves: the turn is his"
        alive = bot.desk.live.alive(match.id, waiting.user.id)
        assert alive is not None and alive.version == results[-1].match.version
