"""Restart mid-hand (a new bot process on the same database), a game against the bot that
moves by itself, and turn deadlines (warn, then claim) driven by the scheduler."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.engine.gin import PublicView
from bot.engine.knock import ActionKind
from fakediscord import BotProcess, FakeDiscord
from tests.clock import Clock
from tests.e2e.game_driver import (
    Player,
    board_of,
    desk_of,
    fixed_seeds,
    gin_bot,
    posted_challenge,
    public_hand_leaks,
    refusal_text,
    service_of,
    slash,
    start_match,
    states,
)
from tests.narrow import narrow


async def test_restart_mid_hand_old_board_still_works(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    env = {
        "GIN_DB": str(tmp_path / "gin.sqlite3"),
        "GIN_SEED": "21",
        "GIN_AI_DELAY": "0",
        "GIN_TICK": "0.5",
        "GIN_LOG_LEVEL": "INFO",
    }
    first = BotProcess(fd, [], env=env)
    await first.start()
    try:
        alice, bob = await start_match(fd)
        board = board_of(fd)
        mover = alice if alice.controls() else bob
        await mover.act()  # one move, committed
        await fd.wait_for_edit(board, 0)
    finally:
        await first.kill()  # a crash: no clean shutdown
    assert "Traceback" not in first.output

    second = BotProcess(fd, [], env=env)
    await second.start()
    try:
        # the board posted by the first process, and its My hand button
        other = bob if mover is alice else alice
        await other.open_hand(board)
        await mover.open_hand(board)
        player = other if other.controls() else mover
        assert player.controls(), "after the restart someone must be able to move"
        edits = len(board.history)
        await player.act()
        await fd.wait_for_edit(board, edits, timeout=5)
        assert board.find_component(label="My hand") is not None
    finally:
        await second.stop()
    assert "Traceback" not in second.output, second.output[-2000:]


async def test_game_against_the_bot_moves_by_itself(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(8), ai_delay_s=0.01, sync=False) as bot:
        ix = await slash(fd, fd.alice, "play", level="easy", target=25)
        assert (await ix.final()).ephemeral  # answered privately at once; the table is in the channel
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        human = Player(fd, fd.alice, 0)
        await human.open_hand(board)
        moves = 0
        for _ in range(600):
            if human.match_over:
                break
            if human.controls():
                await human.act()
                moves += 1
            else:
                await human.wait_for_turn()  # the bot moves by itself
        else:
            raise AssertionError("the match against the bot did not end")
        end = await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
        assert "vs the bot" in end.content
        # the bot's own moves were shown on the boards
        said = " ".join(s.content for m in fd.channel_messages() for s in states(m))
        assert "GinBot" in said and moves > 0
        stats = await service_of(bot).player_stats(fd.guild_id, fd.alice.id)
        assert stats is not None and stats.vs_bot_won + stats.vs_bot_lost == 1
        assert stats.matches_won == stats.matches_lost == 0 and stats.rating == 1500
        lb = await slash(fd, fd.alice, "leaderboard", by="vs_bot")
        assert "vs bot" in ((await lb.final()).content or "")
        # challenging the bot itself is the same as /gin play
        again = await slash(fd, fd.alice, "challenge", opponent=fd.bot_user)
        assert (await again.final()).ephemeral  # answered privately at once; the new board is in the channel
        await fd.wait_until(
            lambda: (
                (
                    len([m for m in fd.channel_messages() if m.find_component(label="My hand")]) == 1
                    and board.find_component(label="My hand") is None
                )
                or None
            ),
            timeout=5,
        )
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert public_hand_leaks(fd) == []
    assert max(fd.latencies()) < 3.0


async def test_the_bot_never_overtakes_a_move_on_the_board(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scheduler may start the bot's move while the human's move is still being shown (a slow
    render): every hand still gets its result message, and no board flips to the next hand."""
    import re
    import time

    import render.gin.duel
    import render.gin.hand

    real = render.gin.hand.render_hand  # what render.gin.duel calls

    def slow_render_hand(*args, **kwargs):  # a busy worker pool (a deliberate delay, not a wait)
        time.sleep(0.05)
        return real(*args, **kwargs)

    monkeypatch.setattr(render.gin.duel, "render_hand", slow_render_hand)
    fd = fake_discord
    async with gin_bot(
        fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(9), ai_delay_s=0.0, tick_s=0.02, sync=False
    ) as bot:
        await slash(fd, fd.alice, "play", level="easy", target=25)
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        human = Player(fd, fd.alice, 0)
        await human.open_hand(board)
        for _ in range(400):
            if human.match_over:
                break
            if human.controls():
                await human.act()
            else:
                await human.wait_for_turn()
        await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
        assert human.match_id is not None
        match = await service_of(bot).get_match(human.match_id)
        results = [
            m for m in fd.channel_messages() if m.attachments and m.attachments[0].filename.startswith("result-")
        ]
        assert len(results) == narrow(match.public, PublicView).hands_played
        for m in fd.channel_messages(include_deleted=True):
            hands = {h.group(1) for snap in states(m) for h in [re.search(r"hand (\d+)", snap.content or "")] if h}
            assert len(hands) <= 1, f"board {m.id} showed hands {sorted(hands)}"


async def test_turn_deadline_warns_then_the_opponent_may_claim(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    clock = Clock.from_wall_clock()
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(2), sync=False, clock=clock, tick_s=0.1) as bot:
        alice, bob = await start_match(fd)
        board = board_of(fd)
        idle_id = board.mention_ids[0]
        idle, waiting = (alice, bob) if idle_id == fd.alice.id else (bob, alice)
        assert idle.controls() and not waiting.controls()
        assert idle.hand is not None and waiting.hand is not None and idle.match_id is not None
        service = service_of(bot)
        gs = await service.guild_settings(fd.guild_id)
        clock.advance(gs.turn_timeout_s + 5)
        warn = await fd.wait_for_message(lambda m: m.public and "it is your turn" in m.content, timeout=5)
        assert warn.mention_ids == [idle_id]
        clock.advance(gs.turn_timeout_s)
        claim = await fd.wait_for_message(
            lambda m: m.public and m.find_component(label="Claim the win") is not None, timeout=5
        )
        assert claim.mention_ids == [waiting.user.id]
        claim_id = claim.component(label="Claim the win")["custom_id"]
        text = await refusal_text(await fd.click(fd.carol, claim, claim_id))
        assert "not playing" in text.lower()

        # the idle player comes back and takes the upcard (still their turn: they must discard), so
        # their clock restarts: the claim button still on the channel is now pressed too early
        take = next(cid for a, cid, _ in idle.offered() if a.kind is ActionKind.TAKE_UPCARD)
        waiting_edits = len(waiting.hand.history)
        await (await fd.click(idle.user, idle.hand, take)).settled()
        # the move is shown in the waiting player's live hand (in words: it is still the idle one's
        # turn); the board shows a move inside a turn only after the grace period (60 s)
        await fd.wait_for_edit(waiting.hand, waiting_edits)
        assert "took the upcard" in waiting.hand.content
        before = await service.get_match(idle.match_id)
        assert before.status == "active" and before.public.turn == idle.seat
        since, claim_edits, board_edits = len(fd.all_payloads()), len(claim.history), len(board.history)
        early = await fd.click(waiting.user, claim, claim_id)
        text = await refusal_text(early)
        assert text.startswith("You can claim this match only when your opponent has been idle long enough"), text
        after = await service.get_match(idle.match_id)
        assert (after.status, after.version, after.public.turn) == ("active", before.version, idle.seat)
        public = [(p.kind, p.json.get("type")) for p in fd.all_payloads()[since:] if p.public]
        assert public == [("callback", 6)]  # only the click's acknowledgement: nothing posted or edited
        assert (len(claim.history), len(board.history)) == (claim_edits, board_edits)
        assert claim.find_component(label="Claim the win") is not None
        assert await service.player_stats(fd.guild_id, waiting.user.id) is None

        # once the restarted clock has run out as well, the claim wins
        clock.advance(2 * gs.turn_timeout_s + 5)
        again = await fd.wait_for_message(
            lambda m: m.public and m.id != claim.id and m.find_component(label="Claim the win") is not None, timeout=5
        )
        done = await fd.click(waiting.user, again, again.component(label="Claim the win")["custom_id"])
        await done.response()
        end = await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
        assert waiting.user.display_name in end.content
        stats = await service.player_stats(fd.guild_id, waiting.user.id)
        assert stats is not None and stats.matches_won == 1


async def test_challenge_expires_and_its_message_says_so(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    clock = Clock.from_wall_clock()
    async with gin_bot(fd, tmp_path / "gin.sqlite3", sync=False, clock=clock, tick_s=0.1):
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob)
        msg = await posted_challenge(fd, ix)
        clock.advance(minutes=30)
        await fd.wait_until(lambda: "expired" in msg.content or None, timeout=5)
        assert msg.find_component(label="Accept") is None
        accept_id = next(
            c["custom_id"]
            for snap in msg.history
            for row in snap.components
            for c in row.get("components", [])
            if c.get("custom_id", "").endswith(":accept")
        )
        late = await fd.click(fd.bob, msg, accept_id, force=True)
        assert "no longer open" in await refusal_text(late)


async def test_challenge_found_expired_by_a_click_or_elsewhere_loses_its_buttons(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A challenge can expire inside another call (a late Accept, a /gin play in its channel)
    before the scheduler's sweep: its message must still lose its buttons."""
    fd = fake_discord
    clock = Clock.from_wall_clock()
    async with gin_bot(fd, tmp_path / "gin.sqlite3", sync=False, clock=clock, tick_s=0.1) as bot:
        scheduler = desk_of(bot).scheduler
        await fd.wait_until(lambda: scheduler.loop.is_running() or None)
        scheduler.loop.change_interval(seconds=3600)  # no sweep from here on, unless called
        # a late click finds it expired and updates it at once
        first = await slash(fd, fd.alice, "challenge", opponent=fd.bob)
        msg = await posted_challenge(fd, first)
        clock.advance(minutes=30)
        late = await fd.click(fd.bob, msg, msg.component(label="Accept")["custom_id"])
        assert "expired" in await refusal_text(late)
        await fd.wait_until(lambda: "expired" in msg.content or None, timeout=5)
        assert msg.find_component(label="Accept") is None
        # a /gin play in its channel expires it; the next sweep updates it
        second = await fd.slash(
            fd.carol, "gin", subcommand="challenge", options={"opponent": fd.dana}, channel=fd.channel2
        )
        other = await posted_challenge(fd, second)
        assert other.find_component(label="Accept") is not None
        clock.advance(minutes=30)
        await (await fd.slash(fd.dana, "gin", subcommand="play", channel=fd.channel2)).final()
        assert await service_of(bot).match_for_channel(fd.channel2.id) is not None
        await scheduler.tick()
        await fd.wait_until(lambda: "expired" in other.content or None, timeout=5)
        assert other.find_component(label="Accept") is None


async def test_a_late_player_who_moves_before_the_forfeit_keeps_the_match(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The scheduler reads the overdue list, then the late player moves: the stale forfeit is
    dropped quietly (no ERROR), and the match goes on."""
    fd = fake_discord
    clock = Clock.from_wall_clock()
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(2), sync=False, clock=clock, tick_s=0.1) as bot:
        scheduler, service = desk_of(bot).scheduler, service_of(bot)
        await fd.wait_until(lambda: scheduler.loop.is_running() or None)
        scheduler.loop.change_interval(seconds=3600)
        alice, bob = await start_match(fd)
        gs = await service.guild_settings(fd.guild_id)
        clock.advance(3 * gs.turn_timeout_s)
        [late] = await service.overdue()
        assert late.stage == "abandon"
        mover = alice if alice.controls() else bob
        await mover.act()
        await scheduler.handle_overdue(late)
        match = await service.get_match(late.match.id)
        assert match.status == "active" and match.version == late.match.version + 1
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("notice dropped" in r.getMessage() for r in caplog.records)
