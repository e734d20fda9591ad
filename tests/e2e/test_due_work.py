"""Due work taken once across processes, and the Discord state that must outlive a process.

Each test runs on SQLite and on PostgreSQL (the ``gin_db`` fixture).

- Two schedulers, each with its own table service (its own cache, as two processes would have) on
  one database, tick at the same moment over the same overdue turn: one warning, then one claim
  offer, however many ticks.
- A restart (a new bot client on the same database): a player already pinged for this turn is not
  pinged again, and a board that shows the current version is not drawn again.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.ai import chooser_for
from bot.client import GinBot
from bot.constants import TIMEOUT_DEFAULT_S
from bot.tables import ActResult, MatchInfo, TableService
from cogs.gin.flows.scheduler import Scheduler
from fakediscord import FakeDiscord, StoredMessage
from tests.clock import Clock
from tests.e2e.game_driver import board_of, fixed_seeds, gin_bot, start_match
from tests.store.helpers import query

WARNING = "it is your turn in the"
CLAIM_OFFER = "you may claim the match"


def public_with(fd: FakeDiscord, text: str) -> list[str]:
    return [m.content for m in fd.channel_messages(fd.channel_id) if m.public and text in m.content]


async def nothing() -> None:
    """No challenges to expire in these tests."""


async def test_two_schedulers_racing_on_one_deadline_give_each_notice_once(
    fake_discord: FakeDiscord, gin_db: Path | str
) -> None:
    fd = fake_discord
    clock = Clock.from_wall_clock()
    # tick_s: the bot's own loop ticks once at start-up only; the test drives the two racers.
    async with gin_bot(fd, gin_db, seeds=fixed_seeds(21), clock=clock, tick_s=3600) as bot:
        alice, bob = await start_match(fd)
        other = await TableService.open(gin_db, clock=clock)  # a second process's service: its own cache
        try:
            assert bot.service is not None and bot.desk is not None
            racers = [Scheduler(bot, s, bot.desk.after_move, nothing) for s in (bot.service, other)]
            clock.advance(seconds=TIMEOUT_DEFAULT_S + 1)
            for _ in range(3):
                await asyncio.gather(*(r.tick() for r in racers))
            warnings = public_with(fd, WARNING)
            assert len(warnings) == 1, warnings
            idle = alice if alice.controls() else bob
            assert f"<@{idle.user.id}>" in warnings[0]

            clock.advance(seconds=TIMEOUT_DEFAULT_S)
            for _ in range(3):
                await asyncio.gather(*(r.tick() for r in racers))
            offers = public_with(fd, CLAIM_OFFER)
            assert len(offers) == 1, offers
            assert len(public_with(fd, WARNING)) == 1
        finally:
            await other.close()


def ticks_of(bot: GinBot) -> int:
    assert bot.desk is not None
    return bot.desk.scheduler._ticks


async def test_a_restart_does_not_draw_again_a_board_that_is_current(
    fake_discord: FakeDiscord, gin_db: Path | str
) -> None:
    fd = fake_discord
    async with gin_bot(fd, gin_db, seeds=fixed_seeds(21)) as bot:
        alice, bob = await start_match(fd)
        first = alice if alice.controls() else bob
        while first.controls():  # a whole turn: its end is drawn on the board at once
            await first.act()
        match_id = first.match_id
        assert bot.service is not None and match_id is not None
        version = (await bot.service.get_match(match_id)).version
        await fd.wait_until(
            lambda: query(gin_db, "SELECT shown_version FROM matches WHERE id = ?", match_id) == [(version,)] or None,
            timeout=5,
            what=f"the board recorded as showing version {version}",
        )
        board = board_of(fd)
        edits = len(board.history)
    async with gin_bot(fd, gin_db, seeds=fixed_seeds(22)) as again:
        await fd.wait_until(lambda: ticks_of(again) >= 2 or None, timeout=5, what="two ticks after the restart")
        assert len(board.history) == edits  # nothing to draw: the board shows the newest move already
        # and the next move is drawn as usual
        second = bob if first is alice else alice
        await second.open_hand(board)
        await second.act()
        while second.controls():
            await second.act()
        await fd.wait_for_edit(board, edits, timeout=5)


def pings_of(fd: FakeDiscord, user_id: int) -> list[StoredMessage]:
    return [
        m
        for m in fd.channel_messages(fd.channel_id, include_deleted=True)
        if "your turn" in (m.content or "") and m.mention_ids == [user_id]
    ]


async def move(bot: GinBot, match: MatchInfo, seat: int, rng: random.Random) -> ActResult:
    """``seat`` makes a move (the easy AI's choice), shown as a click's move is (board, hands, pings)."""
    assert bot.service is not None and bot.desk is not None
    view = await bot.service.seat_view(match.id, match.players[seat])
    result = await bot.service.act(
        match.id, match.players[seat], chooser_for(match.game)(view, "easy", rng), match.version
    )
    await bot.desk.after_move(result)
    return result


async def test_a_restart_does_not_ping_again_a_player_pinged_for_this_turn(
    fake_discord: FakeDiscord, gin_db: Path | str
) -> None:
    """A partnership hand: two tables play at once, so a move at one table must not ping again the
    player waited for at the other, even when a new process makes that move."""
    fd = fake_discord
    rng = random.Random(3)
    async with gin_bot(fd, gin_db, seeds=fixed_seeds(5)) as bot:
        service = bot.service
        assert service is not None and bot.desk is not None
        people = [fd.alice, fd.bob, fd.carol, fd.dana]
        table = await service.open_table(fd.guild_id, fd.channel_id, people[0].id, people[0].name, seats=4)
        for p in people[1:]:
            table = await service.join(table.id, p.id, p.name)
        match = await service.start(table.id, people[0].id)
        assert match.teams is not None and len(match.humans_to_act) == 2
        await bot.desk.start_match(match)
        here, there = match.humans_to_act  # one seat at each table of the hand
        match = (await move(bot, match, here, rng)).match
        waited = match.players[there]
        await fd.wait_until(lambda: pings_of(fd, waited) or None, timeout=5, what="the ping of the other table")
        assert there in match.humans_to_act
    async with gin_bot(fd, gin_db, seeds=fixed_seeds(6)) as again:
        assert again.service is not None
        match = await again.service.get_match(match.id)
        mover = next(s for s in match.humans_to_act if s != there)  # at the first table
        match = (await move(again, match, mover, rng)).match
        assert there in match.humans_to_act  # still his turn at his table
        ping = pings_of(fd, waited)
        assert len(ping) == 1 and not ping[0].deleted  # not pinged again; his ping stays
        await move(again, match, there, rng)
        await fd.wait_until(lambda: ping[0].deleted or None, timeout=5, what="his ping deleted once he moved")
        assert len(pings_of(fd, waited)) == 1
