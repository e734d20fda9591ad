"""Tables of 2 to 6 seats: open, join, leave, fill with the AI, choose partners, start; whole N-seat
matches through the service with the real AI (``bot.ai.chooser_for`` via ai_step); refusals that
write nothing; deadlines, ai_pending and stats per game family; races for the last seat."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.ai import chooser_for
from bot.engine import game_type
from bot.engine.gin import TeamSeatView, TrioPublicView
from bot.store import Place
from bot.tables import Refusal, TableService
from bot.tables.lobby import partnership, planned_teams
from tests.clock import Clock
from tests.narrow import narrow
from tests.store.helpers import dump, query

G, CH = 1, 10
ANN, BOB, CY, DI, EVE, BOT = 100, 200, 300, 400, 500, 999
NAMES = {ANN: "Ann", BOB: "Bob", CY: "Cy", DI: "Di", EVE: "Eve"}


@pytest.fixture
async def svc(gin_db):
    clock = Clock()
    service = await TableService.open(gin_db, clock=clock, seed_source=lambda: 42)
    service.test_clock = clock  # type: ignore[attr-defined]
    yield service
    await service.close()


async def _refused(svc, coro, match):
    before = dump(svc.store.db.path)
    with pytest.raises(Refusal, match=match):
        await coro
    assert dump(svc.store.db.path) == before


async def _table(svc, seats, *joiners, game="gin", **kw):
    t = await svc.open_table(G, CH, ANN, "Ann", game=game, seats=seats, **kw)
    for u in joiners:
        t = await svc.join(t.id, u, NAMES[u])
    return t


async def _step(svc, match_id, rng):
    """One move: the AI's if an AI seat may act, else the first human seat that may (easy-level choice)."""
    info = await svc.get_match(match_id)
    if info.ai_to_act:
        result = await svc.ai_step(match_id)
        assert result is not None and result.seat == info.ai_to_act[0]
        return result
    seat = info.to_act[0]
    view = await svc.seat_view(match_id, info.players[seat])
    assert view.seat == seat
    return await svc.act(match_id, info.players[seat], chooser_for(info.game)(view, "easy", rng), info.version)


async def test_three_player_gin_from_lobby_to_the_end_with_the_ai(gin_db):
    path = gin_db
    svc = await TableService.open(path, seed_source=lambda: 8)
    t = await svc.open_table(G, CH, ANN, "Ann", seats=3, variant="standard", target=60)
    assert (t.seats, t.open_seats, [p.user_id for p in t.places], t.invited) == (3, 2, [ANN], ())
    t = await svc.join(t.id, BOB, "Bob")
    t = await svc.fill_with_ai(t.id, ANN, "easy", bot_id=BOT)
    assert [(p.user_id, p.name, p.ai_level) for p in t.places] == [
        (ANN, "Ann", None),
        (BOB, "Bob", None),
        (BOT, "GinBot", "easy"),
    ]
    assert t.full and svc.table_teams(t) is None
    info = await svc.start(t.id, ANN)
    assert (info.players, info.names, info.ai_levels, info.ai_seat, info.ai_level, info.teams, info.family) == (
        (ANN, BOB, BOT),
        ("Ann", "Bob", "GinBot"),
        (None, None, "easy"),
        2,
        "easy",
        None,
        "gin:3",
    )
    assert (await svc.get_challenge(t.id)).match_id == info.id
    rng, moves, restarted = random.Random(1), 0, False
    while info.status == "active":
        assert (info in await svc.ai_pending()) == bool(info.ai_to_act)
        idle = [s for s in range(3) if s not in info.to_act and not info.is_ai(s)]
        if idle:  # a seat that may not act now (the dealer sitting out, or the one waiting)
            view = await svc.seat_view(info.id, info.players[idle[0]])
            if view.legal:
                pytest.fail("a seat outside to_act has legal moves")
        result = await _step(svc, info.id, rng)
        assert len(result.views) == 3 and [v.seat for v in result.views] == [0, 1, 2]
        info, moves = result.match, moves + 1
        if moves == 40 and not restarted:  # a restart mid-match: the three-seat log replays to its snapshot
            await svc.close()
            svc = await TableService.open(path)
            assert svc.recovery_mismatches == [] and [i.id for i in await svc.active_matches()] == [info.id]
            restarted = True
    assert restarted and info.status == "finished" and result.match_over and result.rating_changes is None
    assert info.totals is not None
    assert info.totals == narrow(info.public, TrioPublicView).totals and len(info.totals) == 3
    assert info.winner == info.public.winner
    rows = query(
        path, "SELECT seat, user_id, name, ai_level, total FROM match_seats WHERE match_id = ? ORDER BY seat", info.id
    )
    assert rows == [
        (0, ANN, "Ann", None, info.totals[0]),
        (1, BOB, "Bob", None, info.totals[1]),
        (2, BOT, "GinBot", "easy", info.totals[2]),
    ]
    for seat, user in ((0, ANN), (1, BOB)):
        s = await svc.player_stats(G, user, family="gin:3")
        assert s is not None
        assert (s.vs_bot_won, s.vs_bot_lost, s.rating, s.matches_won) == (
            int(info.winner == seat),
            int(info.winner != seat),
            1500,
            0,
        )
        assert await svc.player_stats(G, user) is None  # nothing in two-player Gin
    assert await svc.player_stats(G, BOT, family="gin:3") is None
    await svc.close()


async def test_a_partnership_from_lobby_to_the_end_with_the_ai(gin_db):
    path = gin_db
    svc = await TableService.open(path, seed_source=lambda: 5)
    t = await _table(svc, 4, BOB, CY, variant="standard", options="teams=sum length=target:60")
    assert svc.table_teams(t) == (0, 1, 0)  # by join order: partners opposite
    t = await svc.set_teams(t.id, ANN, [0, 0, 1])  # Ann and Bob are partners
    t = await svc.fill_with_ai(t.id, ANN, "easy", bot_id=BOT, bot_name="Robo")
    assert [p.name for p in t.places] == ["Ann", "Bob", "Cy", "Robo"] and svc.table_teams(t) == (0, 0, 1, 1)
    info = await svc.start(t.id, ANN)
    # each team in its seats: team 0 in 0 and 2, team 1 in 1 and 3 (partners opposite)
    assert (info.players, info.teams, info.ai_levels, info.family) == (
        (ANN, CY, BOB, BOT),
        (0, 1, 0, 1),
        (None, None, None, "easy"),
        "gin:4",
    )
    assert info.public.teams == ((0, 2), (1, 3))
    rng, both = random.Random(2), 0
    while info.status == "active":
        both += len(info.to_act) == 2
        if len(info.to_act) == 2 and not info.ai_to_act:  # two humans may act at once: either goes first
            second = info.to_act[1]
            view = await svc.seat_view(info.id, info.players[second])
            result = await svc.act(info.id, info.players[second], chooser_for("gin")(view, "easy", rng), info.version)
            assert result.seat == second
        else:
            result = await _step(svc, info.id, rng)
        assert len(result.views) == 4
        info = result.match
    assert both, "the two tables of a hand should have been open at once"
    assert info.teams is not None and info.winner is not None
    won_team = info.teams[info.winner]
    for seat, user in ((0, ANN), (1, CY), (2, BOB)):
        s = await svc.player_stats(G, user, family="gin:4")
        assert s is not None
        assert (s.vs_bot_won, s.vs_bot_lost) == ((1, 0) if info.teams[seat] == won_team else (0, 1))
    await svc.close()
    svc = await TableService.open(path)  # a finished partnership replays for its announcements too
    assert (await svc.view_at(info.id, 10)).moves == 10
    await svc.close()


async def test_four_humans_in_partnership_resign_together(svc):
    t = await _table(svc, 4, BOB, CY, DI)
    info = await svc.start(t.id, ANN)
    assert info.players == (ANN, BOB, CY, DI) and info.teams == (0, 1, 0, 1) and info.ai_seat is None
    assert len(info.to_act) == 2 and info.to_act[0] == info.public.turn
    result = await svc.resign(info.id, BOB)  # Bob resigns for Bob and Di
    assert result.match_over and result.match.status == "resigned" and result.match.teams[result.match.winner] == 0
    assert result.rating_changes == {ANN: 16, CY: 16, BOB: -16, DI: -16}
    assert (await svc.player_stats(G, DI, family="gin:4")).matches_lost == 1
    assert [s.user_id for s in await svc.leaderboard(G, family="gin:4")] == [ANN, CY, BOB, DI]
    assert await svc.leaderboard(G) == []
    assert [(s.family, s.rating) for s in await svc.player_families(G, ANN)] == [("gin:4", 1516)]


async def test_three_humans_pairwise_elo(svc):
    t = await _table(svc, 3, BOB, CY)
    info = await svc.start(t.id, ANN, seed=3)
    result = await svc.resign(info.id, CY)
    w = result.match.winner
    assert w != 2 and result.match.status == "resigned"
    assert result.rating_changes == {info.players[s]: (16 if s == w else -8) for s in range(3)}


async def test_two_seat_table_with_the_ai_is_a_bot_match(svc):
    t = await svc.open_table(G, CH, ANN, "Ann", seats=2)
    t = await svc.fill_with_ai(t.id, ANN, "hard", bot_id=BOT)
    info = await svc.start(t.id, ANN)
    assert (info.players, info.ai_seat, info.ai_level, info.names) == ((ANN, BOT), 1, "hard", ("Ann", "GinBot"))


async def test_knockout_with_two_ai_seats(svc):
    t = await _table(svc, 3, game="knockout")
    t = await svc.fill_with_ai(t.id, ANN, "easy", bot_id=BOT)
    assert [p.name for p in t.places] == ["Ann", "GinBot", "GinBot 2"]
    info = await svc.start(t.id, ANN)
    assert info.players == (ANN, BOT, BOT) and info.ai_seats == (1, 2) and info.seat_of(BOT) == 1
    with pytest.raises(Refusal, match="not playing"):  # the bot's seats move only through ai_step
        await svc.act(info.id, BOT, "stock", info.version)
    rng = random.Random(4)
    while info.status == "active":
        info = (await _step(svc, info.id, rng)).match
    assert info.status == "finished"
    s = await svc.player_stats(G, ANN, family="knockout:3")
    assert s.vs_bot_won + s.vs_bot_lost == 1


async def test_six_seat_rummy_starts_and_the_ai_plays(svc):
    t = await _table(svc, 6, BOB, game="rummy")
    t = await svc.fill_with_ai(t.id, ANN, "normal", bot_id=BOT, count=2)
    t = await svc.join(t.id, CY, "Cy")
    t = await svc.fill_with_ai(t.id, ANN, "easy", bot_id=BOT)
    assert [p.name for p in t.places] == ["Ann", "Bob", "GinBot", "GinBot 2", "Cy", "GinBot 3"]
    info = await svc.start(t.id, ANN)
    assert info.ai_levels == (None, None, "normal", "normal", None, "easy") and info.family == "rummy:6"
    rng = random.Random(5)
    for _ in range(30):
        info = (await _step(svc, info.id, rng)).match
    assert info.version == 30


async def test_lobby_refusals_write_nothing(svc):
    await _refused(svc, svc.open_table(G, CH, ANN, "Ann", seats=5), r"played by 2, 3 or 4 players, not 5\.$")
    await _refused(
        svc, svc.open_table(G, CH, ANN, "Ann", seats=3, options="teams=sum"), "four players in two partnerships"
    )
    await _refused(svc, svc.open_table(G, CH, ANN, "Ann", seats=3, variant="hollywood"), "play it with two")
    await _refused(svc, svc.open_table(G, CH, ANN, "Ann", seats=4, options="gin=lots tie"), r"gin=lots.*tie")
    await _refused(
        svc,
        svc.open_table(G, CH, ANN, "Ann", seats=4, options="colour=red"),
        r"^Unknown option 'colour' \(known: gin, ",
    )
    await _refused(svc, svc.open_table(G, CH, ANN, "Ann", game="chess", seats=2), "Unknown game 'chess'")
    await _refused(svc, svc.open_table(G, CH, ANN, "Ann", seats=3, invited=[ANN]), "cannot invite yourself")
    await _refused(svc, svc.open_table(G, CH, ANN, "Ann", seats=2, invited=[BOB, CY]), "room for 1 invited")
    t = await _table(svc, 3, BOB)
    await _refused(svc, svc.open_table(G, CH, CY, "Cy", seats=2), "already an open table")
    await _refused(svc, svc.join(t.id, BOB, "Bob"), "already at this table")
    await _refused(svc, svc.start(t.id, BOB), "Only the host")
    await _refused(svc, svc.set_teams(t.id, ANN, [0, 1]), r"Gin Rummy for 3 is not played in partnerships")
    await _refused(svc, svc.fill_with_ai(t.id, BOB, bot_id=BOT), "Only the host")
    await _refused(svc, svc.fill_with_ai(t.id, ANN, "godlike", bot_id=BOT), "Unknown level")
    await _refused(svc, svc.fill_with_ai(t.id, ANN, bot_id=BOB), "cannot play itself")
    await _refused(svc, svc.fill_with_ai(t.id, ANN, bot_id=BOT, count=2), "one empty seat")
    await _refused(svc, svc.accept(t.id, CY, "Cy"), "Take a seat at this table instead")
    await _refused(svc, svc.leave(t.id, CY), "not at this table")
    await _refused(svc, svc.decline(t.id, CY), "cannot be declined")
    t = await svc.join(t.id, CY, "Cy")
    await _refused(svc, svc.join(t.id, DI, "Di"), r"^This table is full\.$")
    await _refused(svc, svc.fill_with_ai(t.id, ANN, bot_id=BOT), "full")
    await svc.cancel(t.id, ANN)
    await _refused(svc, svc.join(t.id, DI, "Di"), "no longer open: it was (withdrawn|closed)")
    await _refused(svc, svc.start(t.id, ANN), "no longer open")

    # starting: a seat count the game or its options refuse
    alone = await svc.open_table(G, CH, ANN, "Ann", seats=4)
    await _refused(svc, svc.start(alone.id, ANN), r"^Gin Rummy is played by 2, 3 or 4 players, not 1\.$")
    await svc.cancel(alone.id, ANN)
    teams = await _table(svc, 4, BOB, CY, options="teams=separate")
    await _refused(svc, svc.start(teams.id, ANN), "four players in two partnerships")
    await _refused(svc, svc.set_teams(teams.id, ANN, [0, 0, 0]), "A team has 2 players")
    await _refused(svc, svc.set_teams(teams.id, ANN, [0, 1]), "Give a team for each of the 3 players")
    await _refused(svc, svc.set_teams(teams.id, ANN, [0, 1, 2]), "numbered 0 to 1")
    await _refused(svc, svc.set_teams(teams.id, BOB, [0, 1, 1]), "Only the host")
    assert query(svc.store.db.path, "SELECT COUNT(*) FROM matches") == [(0,)]
    # invite-only tables
    await svc.cancel(teams.id, ANN)
    private = await svc.open_table(G, CH, ANN, "Ann", seats=3, invited=[BOB, CY])
    await _refused(svc, svc.join(private.id, DI, "Di"), r"^This table is for <@200>, <@300>\.$")
    await _refused(svc, svc.decline(private.id, DI), "Only an invited player")


async def test_joining_leaving_and_declining(svc):
    t = await svc.open_table(G, CH, ANN, "Ann", seats=4, invited=[BOB, CY, DI])
    assert t.invite_only and t.pending_invites == (BOB, CY, DI)
    t = await svc.join(t.id, BOB, "Bob")
    t = await svc.join(t.id, CY, "Cy")
    t = await svc.leave(t.id, BOB)  # places close up, in join order
    assert [(p.user_id, p.name) for p in t.places] == [(ANN, "Ann"), (CY, "Cy")] and t.pending_invites == (BOB, DI)
    t = await svc.decline(t.id, DI)
    assert t.status == "open" and t.declined == (DI,) and t.pending_invites == (BOB,)
    t = await svc.join(t.id, BOB, "Bob")
    info = await svc.start(t.id, ANN)  # three of four: a valid count for Gin, so three-player Gin
    assert info.players == (ANN, CY, BOB) and info.family == "gin:3"
    assert (await svc.get_challenge(t.id)).status == "accepted"

    # everyone invited says no (and nobody sat down): the table closes as declined
    t = await svc.open_table(G, 11, ANN, "Ann", seats=3, invited=[BOB, CY])
    t = await svc.decline(t.id, BOB)
    assert t.status == "open"
    t = await svc.decline(t.id, CY)
    assert t.status == "declined"
    # the host getting up cancels the table
    t = await svc.open_table(G, 11, ANN, "Ann", seats=3)
    assert (await svc.leave(t.id, ANN)).status == "cancelled"


async def test_open_tables_expire(svc):
    t = await _table(svc, 3, BOB, ttl_s=120)
    svc.test_clock.advance(120)
    with pytest.raises(Refusal, match="has expired"):
        await svc.join(t.id, CY, "Cy")
    assert [e.id for e in await svc.expire_challenges()] == [t.id]
    t2 = await _table(svc, 3)  # the channel is free again
    assert t2.status == "open" and (t2.expires_at - t2.created_at).total_seconds() == 900  # TABLE_TTL_S


async def test_two_joins_for_the_last_seat_one_wins(svc, tmp_path):
    t = await _table(svc, 3, BOB)
    outcomes = await asyncio.gather(svc.join(t.id, CY, "Cy"), svc.join(t.id, DI, "Di"), return_exceptions=True)
    won = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(won) == 1 and [str(o) for o in outcomes if isinstance(o, Refusal)] == ["This table is full."]
    assert query(svc.store.db.path, "SELECT COUNT(*) FROM table_places WHERE challenge_id = ?", t.id) == [(3,)]
    # two services on one file (no shared lock): the database's own check lets one in
    other = await TableService.open(svc.store.db.path, clock=svc.test_clock)
    try:
        t = await svc.open_table(G, 12, ANN, "Ann", seats=3)
        t = await svc.join(t.id, BOB, "Bob")
        outcomes = await asyncio.gather(svc.join(t.id, CY, "Cy"), other.join(t.id, DI, "Di"), return_exceptions=True)
        assert sum(not isinstance(o, BaseException) for o in outcomes) == 1, outcomes
        assert all(isinstance(o, Refusal) for o in outcomes if isinstance(o, BaseException))
        assert query(svc.store.db.path, "SELECT COUNT(*) FROM table_places WHERE challenge_id = ?", t.id) == [(3,)]
        # and the store alone refuses a place past the table's size (no service check before it)
        assert await svc.store.add_places(t.id, [Place(EVE, "Eve")], svc.test_clock.now) is None
        assert await svc.store.set_teams(t.id, [0, 1]) is None  # prepared for two places: three sit there now
        assert await svc.store.remove_place(t.id, EVE) is None  # not seated
        assert query(svc.store.db.path, "SELECT COUNT(*) FROM table_places WHERE challenge_id = ?", t.id) == [(3,)]
    finally:
        await other.close()


async def test_many_joins_for_two_seats(svc):
    t = await svc.open_table(G, CH, ANN, "Ann", seats=3)
    users = range(1000, 1020)
    outcomes = await asyncio.gather(*(svc.join(t.id, u, f"u{u}") for u in users), return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 2
    assert all(isinstance(o, Refusal) for o in outcomes if isinstance(o, BaseException))
    final = await svc.get_challenge(t.id)
    assert len(final.places) == 3 and len({p.user_id for p in final.places}) == 3


async def test_deadlines_and_ai_pending_for_n_seats(gin_db, tmp_path):
    clock = Clock()
    svc = await TableService.open(gin_db, clock=clock)
    await svc.update_settings(G, turn_timeout_s=600)
    t = await _table(svc, 4, BOB, CY, DI)
    info = await svc.start(t.id, ANN, seed=12)
    waiting = info.to_act
    assert len(waiting) == 2 and await svc.ai_pending() == []
    clock.advance(600)
    assert sorted((o.seat, o.stage) for o in await svc.overdue()) == [(s, "warn") for s in sorted(waiting)]
    await svc.mark_warned(info.id, info.version)
    assert await svc.overdue() == []
    clock.advance(600)
    assert sorted(o.seat for o in await svc.overdue()) == sorted(waiting)
    mover = info.players[waiting[0]]
    with pytest.raises(Refusal, match="It is your turn"):
        await svc.claim(info.id, mover)
    # play only the first table until its game of this hand is over: one seat is left to act
    rng = random.Random(3)
    first = narrow(await svc.seat_view(info.id, mover), TeamSeatView).table_index
    while len(info.to_act) == 2:
        views = [narrow(await svc.seat_view(info.id, info.players[s]), TeamSeatView) for s in info.to_act]
        view = next(v for v in views if v.table_index == first)
        seat = view.seat
        info = (await svc.act(info.id, info.players[seat], chooser_for("gin")(view, "easy", rng), info.version)).match
    (idle,) = info.to_act
    assert info.teams is not None
    partner = next(s for s in range(4) if s != idle and info.teams[s] == info.teams[idle])
    opponent = next(s for s in range(4) if info.teams[s] != info.teams[idle])
    clock.advance(1200)
    assert [(o.seat, o.stage) for o in await svc.overdue()] == [(idle, "claimable")]
    with pytest.raises(Refusal, match="Only an opponent of the idle player"):
        await svc.claim(info.id, info.players[partner])
    result = await svc.claim(info.id, info.players[opponent])
    assert result.match.status == "abandoned" and result.match_over and result.seat == idle
    assert result.match.teams is not None and result.match.winner is not None
    assert result.match.teams[result.match.winner] == info.teams[opponent]
    assert result.rating_changes == {
        info.players[s]: 16 if info.teams[s] != info.teams[idle] else -16 for s in range(4)
    }
    await svc.close()

    # an AI seat is never overdue and is listed by ai_pending whenever it may act
    svc = await TableService.open(tmp_path / "bot.sqlite3", clock=clock)
    t = await svc.open_table(G, CH, ANN, "Ann", seats=3)
    t = await svc.fill_with_ai(t.id, ANN, "easy", bot_id=BOT)
    info = await svc.start(t.id, ANN, seed=2)
    rng = random.Random(0)
    checked_ai = checked_human = False
    while not (checked_ai and checked_human) and info.status == "active":
        clock.advance(10_000)
        late = await svc.overdue()
        assert {o.seat for o in late} == set(info.humans_to_act)
        assert [i.id for i in await svc.ai_pending()] == ([info.id] if info.ai_to_act else [])
        checked_ai |= bool(info.ai_to_act)
        checked_human |= bool(late)
        if late and late[0].stage == "abandon":
            with pytest.raises(Refusal, match="not the one to move"):
                await svc.abandon(
                    info.id, info.ai_to_act[0] if info.ai_to_act else next(s for s in range(3) if s not in info.to_act)
                )
        info = (await _step(svc, info.id, rng)).match
    assert checked_ai and checked_human
    await svc.close()


def test_planned_teams_and_the_partnership_probe():
    gin = game_type("gin")
    assert partnership(gin, gin.make_rules("standard"), 4) == ((0, 2), (1, 3))
    assert partnership(gin, gin.make_rules("standard"), 3) is None
    assert partnership(game_type("knockout"), game_type("knockout").make_rules("standard"), 4) is None
    layout = ((0, 2), (1, 3))
    people = [Place(u, str(u)) for u in range(4)]
    assert planned_teams(people, layout) == (0, 1, 0, 1)
    people[0] = Place(0, "0", team=1)
    people[1] = Place(1, "1", team=1)
    assert planned_teams(people, layout) == (1, 1, 0, 0)
