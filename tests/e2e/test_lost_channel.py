"""Lost things, through the stand-in with the real bot: a channel deleted mid-match (with the event,
and without it: the board's 404), the bot removed from a server, the Attach Files permission
revoked mid-match and restored."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.tables import ChallengeStatus, MatchStatus, TableService
from fakediscord import FakeDiscord, FakeGuild, InteractionRecord
from fakediscord.world import ATTACH_FILES, BOT_PERMISSIONS
from tests.e2e.game_driver import (
    Player,
    board_of,
    desk_of,
    fixed_seeds,
    gin_bot,
    posted_challenge,
    service_of,
    slash,
    start_match,
)


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def lines(caplog: pytest.LogCaptureFixture, level: int, text: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == level and text in r.getMessage()]


async def eventually(check: Callable[[], Awaitable[bool]], polls: int = 100) -> None:
    """Poll a condition on the service every 50 ms (not a request to the stand-in, which fd.wait_until watches)."""
    for _ in range(polls):
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the condition did not come true in time")


async def status_of(svc: TableService, match_id: int) -> MatchStatus:
    return (await svc.get_match(match_id)).status


async def assert_lost(svc: TableService, match_id: int, guild_id: int, players: list[int]) -> None:
    match = await svc.get_match(match_id)
    assert match.status is MatchStatus.ABANDONED and match.winner is None
    for user in players:
        assert await svc.player_stats(guild_id, user) is None  # no result, no rating change
    assert await svc.pending_announcements(match_id) == []


async def one_move(player: Player) -> InteractionRecord:
    """The player's policy move by a plain click; returns the interaction (its follow-ups: what he was told)."""
    assert player.hand is not None
    cid, values = player.choice()
    fd = player.fd
    ix = await (
        fd.click(player.user, player.hand, cid) if values is None else fd.select(player.user, player.hand, cid, values)
    )
    await ix.settled(5.0)
    return ix


def mover(alice: Player, bob: Player) -> Player:
    return next(p for p in (alice, bob) if p.controls())


async def test_a_deleted_channel_ends_its_match_without_a_result(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3, 4)) as bot:
        svc = service_of(bot)
        alice, bob = await start_match(fd)
        await mover(alice, bob).act()
        match_id = alice.match_id
        assert match_id is not None

        await fd.delete_channel(fd.channel)
        await eventually(lambda: _is(svc, match_id, MatchStatus.ABANDONED))
        await assert_lost(svc, match_id, fd.guild_id, [fd.alice.id, fd.bob.id])
        assert await svc.pending_announcements() == []
        assert len(lines(caplog, logging.INFO, f"channel {fd.channel.id} is gone")) == 1

        # the players are free: a new challenge in another channel is played as ever
        ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob}, channel=fd.channel2)
        challenge = await posted_challenge(fd, ix)
        await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response()
        board = await fd.wait_for_message(
            lambda m: m.public and m.channel_id == fd.channel2.id and m.find_component(label="My hand") is not None
        )
        again = Player(fd, fd.alice, 0)
        await again.open_hand(board)
        assert again.match_id != match_id and await status_of(svc, again.match_id or 0) is MatchStatus.ACTIVE
    assert errors(caplog) == []


async def _is(svc: TableService, match_id: int, status: MatchStatus) -> bool:
    return await status_of(svc, match_id) is status


async def test_a_channel_deleted_unseen_is_lost_at_the_boards_404(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The deletion event never reached the bot (it was away): the next post meets 404 10003."""
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3)) as bot:
        svc = service_of(bot)
        alice, bob = await start_match(fd)
        match_id = alice.match_id
        assert match_id is not None
        # deleted without the event: every route of the channel answers 10003 (clicks still come in)
        fd.deleted_channels[fd.channel.id] = fd.channel
        await one_move(mover(alice, bob))  # its board edit meets 404 10003 Unknown Channel
        await eventually(lambda: _is(svc, match_id, MatchStatus.ABANDONED))
        await assert_lost(svc, match_id, fd.guild_id, [fd.alice.id, fd.bob.id])
        assert len(lines(caplog, logging.INFO, f"channel {fd.channel.id} is gone")) == 1
    assert errors(caplog) == []


async def test_the_bot_removed_from_a_server_ends_its_tables_and_no_others(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    other: FakeGuild = fd.add_guild()  # before the bot connects: its READY has the guild
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3, 4)) as bot:
        svc = service_of(bot)
        alice, _ = await start_match(fd)  # in the first server: it stays
        kept = alice.match_id
        ix = await fd.slash(fd.carol, "gin", subcommand="play", options={"level": "easy"}, channel=other.channel)
        await ix.response()
        board = await fd.wait_for_message(
            lambda m: m.public and m.channel_id == other.channel.id and m.find_component(label="My hand") is not None
        )
        carol = Player(fd, fd.carol, 0)
        await carol.open_hand(board)
        gone = carol.match_id
        assert gone is not None and kept is not None
        ix = await fd.slash(
            fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob}, channel=other.channel2
        )
        waiting = await posted_challenge(fd, ix)
        table = await svc.store.open_challenge_in_channel(other.channel2.id)
        assert table is not None and waiting.channel_id == other.channel2.id

        await fd.remove_bot_from_guild(other)
        await eventually(lambda: _is(svc, gone, MatchStatus.ABANDONED))
        await assert_lost(svc, gone, other.id, [fd.carol.id])
        assert (await svc.get_challenge(table.id)).status is ChallengeStatus.CANCELLED
        assert await status_of(svc, kept) is MatchStatus.ACTIVE
        assert len(lines(caplog, logging.INFO, f"removed from server {other.id}")) == 1
        await slash(fd, fd.bob, "hand")  # the first server plays on
    assert errors(caplog) == []


async def test_attach_files_revoked_mid_match_then_restored(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3)) as bot:
        svc = service_of(bot)
        desk_of(bot).board.refusals.first_s = desk_of(bot).board.refusals.max_s = 0.3  # a short backoff
        alice, bob = await start_match(fd)
        match_id = alice.match_id
        assert match_id is not None
        board = board_of(fd)
        without = str(int(BOT_PERMISSIONS) & ~ATTACH_FILES)

        # revoked: the move is saved, the player is told which permission is missing
        fd.bot_permissions[fd.channel.id] = without
        first = mover(alice, bob)
        version = (await svc.get_match(match_id)).version
        ix = await one_move(first)
        told = await ix.followup(0)
        assert (
            told.ephemeral
            and told.content == "I can't post in this channel: Attach Files is missing; your move is saved."
        )
        assert (await svc.get_match(match_id)).version == version + 1
        second = mover(alice, bob)
        told = await (await one_move(second)).followup(0)
        assert "Attach Files is missing" in told.content
        assert len(lines(caplog, logging.WARNING, f"channel {fd.channel.id}: Discord refused")) == 1  # once a minute

        # restored: the board catches up by itself (no click)
        seen = len(board.history)
        fd.bot_permissions.pop(fd.channel.id)
        await fd.wait_for_edit(board, seen, timeout=5)
        await fd.wait_until(lambda: board.attachments or None, timeout=5)

        # revoked again, and the match ends: its result waits for the permission, then comes once
        fd.bot_permissions[fd.channel.id] = without
        question = await (await slash(fd, fd.bob, "resign")).final()
        sure = await fd.click(fd.bob, question, question.component(label="Yes, resign the match")["custom_id"])
        await sure.settled(5.0)
        told = await sure.followup(0)
        assert "Attach Files is missing" in told.content
        assert await status_of(svc, match_id) is MatchStatus.RESIGNED
        assert [a.kind.value for a in await svc.pending_announcements(match_id)] == ["match_end"]
        await asyncio.sleep(1.0)  # a few sweeps are refused meanwhile
        assert [m for m in fd.channel_messages() if m.find_component(label="Rematch")] == []
        fd.bot_permissions.pop(fd.channel.id)
        await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
        await eventually(lambda: _none_pending(svc))
        await asyncio.sleep(0.6)  # more sweeps: nothing is posted twice
        assert len([m for m in fd.channel_messages() if m.find_component(label="Rematch")]) == 1
        # refused twice within the minute (the permission came back between): one WARNING
        assert len(lines(caplog, logging.WARNING, f"channel {fd.channel.id}: Discord refused")) == 1
    assert errors(caplog) == []


async def _none_pending(svc: TableService) -> bool:
    return await svc.pending_announcements() == []
