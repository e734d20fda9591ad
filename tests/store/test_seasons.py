"""Seasons on SQLite and PostgreSQL, through the table service with a test clock: the settings and
the running season's bounds, the rollover (archive, champions, reset) exactly once under races,
restarts and shards, a season's table counted as the everlasting stats count, the announcement's
claim, and a lost channel."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.store import RatingReset, SeasonLength, soft_reset
from bot.store.standings import tally
from bot.tables import ClosedSeason, MatchInfo, Refusal, TableService
from bot.tables.shards import ShardSet
from tests.clock import Clock
from tests.store.helpers import dump, first_legal, new_pvp, play_one, query

G, ANNOUNCE = 1, 900  # the guild and its season channel
ANN, BOB, CY, BOT = 1, 2, 3, 99
MONDAY = datetime(2025, 12, 29, tzinfo=UTC)  # the week holding the test clock's start (Thursday 1 January 2026)
NEXT_MONDAY = datetime(2026, 1, 5, tzinfo=UTC)


async def open_service(db: str | Path, clock: Clock, shards: ShardSet | None = None) -> TableService:
    return await TableService.open(db, clock=clock, chooser=first_legal, shards=shards)


async def resigned(svc: TableService, winner: int, loser: int, *, guild: int = G, channel: int = 10) -> MatchInfo:
    """A two-player match that ``loser`` resigns at once: a rated result for both."""
    info = await new_pvp(svc, channel, winner, loser, guild=guild)
    return (await svc.resign(info.id, loser)).match


async def vs_bot(svc: TableService, user: int, *, channel: int = 20) -> MatchInfo:
    info = await svc.play_bot(G, channel, user, f"user{user}", BOT, "GinBot", "easy", seed=4)
    return (await svc.resign(info.id, user)).match


async def test_settings_bound_the_running_season_and_survive_the_other_settings(gin_db: str | Path) -> None:
    clock = Clock()
    svc = await open_service(gin_db, clock)
    try:
        off = await svc.season_settings(G)
        assert off.length is SeasonLength.OFF and not off.on and off.started_at is None
        weekly = await svc.set_seasons(G, length="weekly", channel_id=ANNOUNCE)
        assert (weekly.started_at, weekly.ends_at, weekly.reset) == (MONDAY, NEXT_MONDAY, RatingReset.KEEP)
        await svc.update_settings(G, target=50)  # the other settings' save leaves the seasons alone
        assert await svc.season_settings(G) == weekly
        clock.advance(days=1)
        monthly = await svc.set_seasons(G, length="monthly")  # the running season keeps its start
        assert (monthly.started_at, monthly.ends_at) == (MONDAY, datetime(2026, 2, 1, tzinfo=UTC))
        quarterly = await svc.set_seasons(G, length="quarterly", reset="soft")
        assert (quarterly.started_at, quarterly.ends_at) == (MONDAY, datetime(2026, 4, 1, tzinfo=UTC))
        assert quarterly.reset is RatingReset.SOFT and quarterly.channel_id == ANNOUNCE
        assert (await svc.guild_settings(G)).target == 50
        stopped = await svc.set_seasons(G, length="off")
        assert not stopped.on and stopped.started_at is None and stopped.ends_at is None
        before = dump(gin_db)
        with pytest.raises(Refusal, match="season length"):
            await svc.set_seasons(G, length="daily")
        with pytest.raises(Refusal, match="season reset"):
            await svc.set_seasons(G, reset="hard")
        assert dump(gin_db) == before
        assert await svc.roll_seasons() == []
    finally:
        await svc.close()


async def test_a_season_rolls_over_once_archive_champions_and_soft_reset(gin_db: str | Path) -> None:
    clock = Clock()
    svc = await open_service(gin_db, clock)
    try:
        await svc.set_seasons(G, length="weekly", channel_id=ANNOUNCE, reset="soft")
        await resigned(svc, ANN, BOB)
        await resigned(svc, ANN, CY)
        await resigned(svc, BOB, CY)
        await vs_bot(svc, CY)
        boards = {by: await svc.season_leaderboard(G, "current", by) for by in ("rating", "wins", "points", "vs_bot")}
        assert [p.user_id for p in boards["rating"].rows] == [ANN, BOB, CY]
        assert [(p.matches_won, p.matches_lost) for p in boards["rating"].rows] == [(2, 0), (1, 1), (0, 2)]
        assert [(p.user_id, p.vs_bot_lost) for p in boards["vs_bot"].rows] == [(CY, 1)]
        ratings = {p.user_id: p.rating for p in await svc.leaderboard(G)}
        assert [p.rating for p in boards["rating"].rows] == [ratings[ANN], ratings[BOB], ratings[CY]]
        assert await svc.roll_seasons() == []  # not over yet
        with pytest.raises(Refusal, match="No season has ended"):
            await svc.season_leaderboard(G, "previous")

        clock.advance(days=4)  # Monday 5 January, noon: the week is over
        (closed,) = await svc.roll_seasons()
        assert (closed.season.started_at, closed.season.ended_at) == (MONDAY, NEXT_MONDAY)
        assert closed.families == ("gin:2",) and [c.user_id for c in closed.champions] == [ANN]
        assert closed.ratings_reset == sum(soft_reset(r) != r for r in ratings.values()) == 2  # Bob is at 1500
        assert closed.season.announced_at is None
        assert await svc.roll_seasons() == []  # exactly once
        for by, board in boards.items():  # the archive is the table the season showed
            assert (await svc.season_leaderboard(G, "previous", by)) == board
        assert {p.user_id: p.rating for p in await svc.leaderboard(G)} == {u: soft_reset(r) for u, r in ratings.items()}
        current = await svc.season_leaderboard(G, "current")
        assert (current.start, current.end, current.rows) == (NEXT_MONDAY, datetime(2026, 1, 12, tzinfo=UTC), ())
        (pending,) = await svc.pending_season_ends()
        assert pending == closed.season
        assert [c.user_id for c in await svc.season_champions(pending)] == [ANN]
    finally:
        await svc.close()
    assert query(gin_db, "SELECT COUNT(*) FROM seasons") == [(1,)]
    assert query(gin_db, "SELECT COUNT(*) FROM season_standings") == [(3,)]


async def test_a_match_after_the_end_keeps_its_change_through_the_reset(gin_db: str | Path) -> None:
    """The rollover runs after the boundary: a match that ended in between is not in the season's
    table, and the reset moves each rating by what it would have moved it at the boundary."""
    clock = Clock()
    svc = await open_service(gin_db, clock)
    try:
        await svc.set_seasons(G, length="weekly", reset="soft")
        first = await resigned(svc, ANN, BOB)
        clock.advance(days=4)
        late = await resigned(svc, BOB, ANN)  # Monday noon: the new week's match
        assert late.ended_at is not None and late.ended_at > NEXT_MONDAY
        at_end = {ANN: 1516, BOB: 1484}
        now = {p.user_id: p.rating for p in await svc.leaderboard(G)}
        (closed,) = await svc.roll_seasons()
        assert [(c.user_id, c.rating, c.matches_won) for c in closed.champions] == [(ANN, 1516, 1)]
        after = {p.user_id: p.rating for p in await svc.leaderboard(G)}
        assert after == {u: now[u] + soft_reset(at_end[u]) - at_end[u] for u in now}
        assert [(p.user_id, p.matches_won) for p in (await svc.season_leaderboard(G, "current")).rows] == [
            (BOB, 1),
            (ANN, 0),
        ]
        assert (
            first.id != late.id and closed.season.announced_at == closed.season.closed_at
        )  # no channel: not announced
        assert await svc.pending_season_ends() == []
    finally:
        await svc.close()


async def test_two_services_racing_close_the_season_once(gin_db: str | Path) -> None:
    clock = Clock()
    one, two = await open_service(gin_db, clock), await open_service(gin_db, clock)
    try:
        await one.set_seasons(G, length="weekly", channel_id=ANNOUNCE, reset="soft")
        await resigned(one, ANN, BOB)
        clock.advance(days=4)
        results: list[list[ClosedSeason]] = await asyncio.gather(*(s.roll_seasons() for s in (one, two, one, two)))
        assert sorted(len(r) for r in results) == [0, 0, 0, 1]
        assert [p.rating for p in await two.leaderboard(G)] == [1508, 1492]  # reset once
        (season,) = await one.pending_season_ends()
        assert await two.pending_season_ends() == [season]
        claims = await asyncio.gather(*(s.claim_season_end(season) for s in (one, two, one, two)))
        assert sorted(claims) == [False, False, False, True]
    finally:
        await one.close()
        await two.close()
    assert query(gin_db, "SELECT COUNT(*), COUNT(announced_at) FROM seasons") == [(1, 0)]
    assert query(gin_db, "SELECT COUNT(*) FROM season_standings") == [(2,)]


async def test_a_restart_between_the_claim_and_the_post_leaves_the_announcement_to_the_next(
    gin_db: str | Path,
) -> None:
    clock = Clock()
    first = await open_service(gin_db, clock)
    await first.set_seasons(G, length="weekly", channel_id=ANNOUNCE)
    await resigned(first, ANN, BOB)
    clock.advance(days=4)
    (closed,) = await first.roll_seasons()
    assert await first.claim_season_end(closed.season)
    await first.close()  # stopped before it posted

    second = await open_service(gin_db, clock)
    try:
        assert await second.roll_seasons() == []  # the season stays closed
        assert await second.pending_season_ends() == []  # the claim holds for a while
        clock.advance(minutes=5)
        (season,) = await second.pending_season_ends()
        assert await second.claim_season_end(season) and not await second.claim_season_end(season)
        assert await second.season_announced(season, 4242)
        assert not await second.season_announced(season, 4243)
        clock.advance(hours=1)
        assert await second.pending_season_ends() == []
    finally:
        await second.close()
    assert query(gin_db, "SELECT message_id FROM seasons") == [(4242,)]


async def test_a_server_stopped_for_weeks_closes_each_season_in_turn(gin_db: str | Path) -> None:
    clock = Clock()
    svc = await open_service(gin_db, clock)
    try:
        await svc.set_seasons(G, length="weekly", channel_id=ANNOUNCE, reset="soft")
        await resigned(svc, ANN, BOB)
        clock.advance(days=18)  # Monday 19 January, noon: three weeks have ended
        closed = await svc.roll_seasons()
        assert [c.season.started_at.day for c in closed] == [29, 5, 12]
        assert [len(c.champions) for c in closed] == [1, 0, 0] and [c.ratings_reset for c in closed] == [2, 0, 0]
        assert [p.rating for p in await svc.leaderboard(G)] == [1508, 1492]  # a season without play resets nothing
        assert [s.started_at for s in await svc.pending_season_ends()] == [MONDAY]  # empty seasons: nothing to say
        settings = await svc.season_settings(G)
        assert (settings.started_at, settings.ends_at) == (
            datetime(2026, 1, 19, tzinfo=UTC),
            datetime(2026, 1, 26, tzinfo=UTC),
        )
        # off and on again: the new season never overlaps an archived one
        await svc.set_seasons(G, length="off")
        again = await svc.set_seasons(G, length="quarterly")
        assert (again.started_at, again.ends_at) == (
            datetime(2026, 1, 19, tzinfo=UTC),
            datetime(2026, 4, 1, tzinfo=UTC),
        )
    finally:
        await svc.close()


async def test_each_process_closes_the_seasons_of_its_own_guilds(gin_db: str | Path) -> None:
    even, odd = 0 << 22 | 1, 1 << 22 | 1  # shard 0 and shard 1 of 2
    clock = Clock()
    every = await open_service(gin_db, clock)
    for guild in (even, odd):
        await every.set_seasons(guild, length="weekly", channel_id=ANNOUNCE)
        await resigned(every, ANN, BOB, guild=guild, channel=guild)
    await every.close()
    clock.advance(days=4)
    zero = await open_service(gin_db, clock, ShardSet.parse("0", 2))
    one = await open_service(gin_db, clock, ShardSet.parse("1", 2))
    try:
        assert [c.season.guild_id for c in await zero.roll_seasons()] == [even]
        assert [s.guild_id for s in await zero.pending_season_ends()] == [even]
        assert await one.pending_season_ends() == []
        assert [c.season.guild_id for c in await one.roll_seasons()] == [odd]
        assert [s.guild_id for s in await one.pending_season_ends()] == [odd]
    finally:
        await zero.close()
        await one.close()


async def test_a_lost_channel_drops_its_announcement_and_the_setting(gin_db: str | Path) -> None:
    clock = Clock()
    svc = await open_service(gin_db, clock)
    try:
        await svc.set_seasons(G, length="weekly", channel_id=ANNOUNCE)
        await resigned(svc, ANN, BOB)
        clock.advance(days=4)
        await svc.roll_seasons()
        assert len(await svc.pending_season_ends()) == 1
        lost = await svc.lose_channel(ANNOUNCE)
        assert lost.announcements == 1 and not lost.matches
        assert await svc.pending_season_ends() == []
        settings = await svc.season_settings(G)
        assert settings.channel_id is None and settings.on
        # the bot removed from the server: its seasons stop, the archive stays
        await svc.set_seasons(G, channel_id=ANNOUNCE)
        await resigned(svc, BOB, ANN)
        clock.advance(days=7)
        (closed,) = await svc.roll_seasons()
        assert closed.season.announced_at is None and [c.user_id for c in closed.champions] == [BOB]
        await svc.lose_guild(G)
        assert not (await svc.season_settings(G)).on and await svc.roll_seasons() == []
        assert await svc.pending_season_ends() == []
        assert (await svc.season_leaderboard(G, "previous")).start == NEXT_MONDAY
    finally:
        await svc.close()


async def test_a_season_table_counts_as_the_everlasting_stats_do(gin_db: str | Path) -> None:
    """Over a window holding every match, the season's tally of each family is the everlasting
    table: two players to the end of a match, resignations, the bot, three seats, partnerships."""
    clock = Clock()
    svc = await open_service(gin_db, clock)
    try:
        info = await new_pvp(svc, 30, ANN, BOB, seed=5, target=30)
        while info.status == "active":
            info = (await play_one(svc, info.id)).match
        await resigned(svc, CY, ANN)
        await vs_bot(svc, BOB)
        for seats, players in ((3, (ANN, BOB, CY)), (4, (ANN, BOB, CY, 4))):
            table = await svc.open_table(G, 40 + seats, ANN, "user1", seats=seats)
            for user in players[1:]:
                table = await svc.join(table.id, user, f"user{user}")
            started = await svc.start(table.id, ANN)
            await svc.resign(started.id, players[-1])
        clock.advance(days=1)
        tables = await svc.store.db.read(tally, G, MONDAY, clock.now)
        assert sorted(tables) == ["gin:2", "gin:3", "gin:4"]
        for family, rows in tables.items():
            everlasting = {
                p.user_id: p for by in ("rating", "vs_bot") for p in await svc.leaderboard(G, by, family=family)
            }
            assert {p.user_id for p in rows} == set(everlasting)
            for p in rows:
                e = everlasting[p.user_id]
                assert (p.rating, p.matches_won, p.matches_lost, p.points_for, p.points_against) == (
                    e.rating,
                    e.matches_won,
                    e.matches_lost,
                    e.points_for,
                    e.points_against,
                ), family
                assert (p.vs_bot_won, p.vs_bot_lost, p.name) == (e.vs_bot_won, e.vs_bot_lost, e.name)
        assert any(p.points_for for p in tables["gin:2"])  # the match played out scored points
    finally:
        await svc.close()
