"""The tournament service around the rounds: sign-up and check-in, refusals, the organiser's remove,
award and cancel, forfeits by the turn timeout, unrated tournaments, shards, and two services racing
on one store (a round is paired once, a result counted once)."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import pytest

from bot.store import NoticeKind, Stage, StaleTournament, Step, TournamentRow, TournamentStatus
from bot.tables import Refusal, TableService
from bot.tables.shards import ShardSet
from bot.tournaments import Outcome, Pairing
from tests.bot.tournament_helpers import BOT, CHANNEL, G, Threads, create, open_service, run_out, state
from tests.clock import Clock
from tests.store.helpers import dump

ANN, BOB, CY = 101, 102, 103


@pytest.fixture
async def svc(gin_db: str | Path):
    service = await open_service(gin_db, Clock())
    yield service
    await service.close()


def clock_of(svc: TableService) -> Clock:
    assert isinstance(svc.clock, Clock)
    return svc.clock


async def test_sign_up_join_leave_cap_and_closed(svc: TableService) -> None:
    row = await create(svc, "single", size_cap=2)
    await svc.join_tournament(row.id, ANN, "Ann")
    with pytest.raises(Refusal, match="signed up already"):
        await svc.join_tournament(row.id, ANN, "Ann")
    await svc.join_tournament(row.id, BOB, "Bob")
    with pytest.raises(Refusal, match="full"):
        await svc.join_tournament(row.id, CY, "Cy")
    await svc.leave_tournament(row.id, BOB)
    with pytest.raises(Refusal, match="not signed up"):
        await svc.leave_tournament(row.id, BOB)
    assert [e.user_id for e in await svc.tournament_entries(row.id)] == [ANN]
    assert [e.user_id for e in await svc.add_ai_entrants(row.id, 3, "easy", "Bot")] == [-1]  # the cap: one place left
    await svc.start_tournament(row.id, Threads())
    with pytest.raises(Refusal, match="closed"):
        await svc.join_tournament(row.id, CY, "Cy")
    assert (await svc.tournament(row.id)).status is TournamentStatus.RUNNING


async def test_only_the_players_who_checked_in_are_seeded(svc: TableService) -> None:
    row = await create(svc, "round_robin", checkin_s=300)
    for uid, name in ((ANN, "Ann"), (BOB, "Bob")):
        await svc.join_tournament(row.id, uid, name)
    await svc.add_ai_entrants(row.id, 2, "easy", "Bot")
    with pytest.raises(Refusal, match="cannot check in"):
        await svc.check_in(row.id, ANN)  # sign-up still open
    clock_of(svc).advance(61)
    opener = Threads()
    assert await svc.drive_tournaments(opener) == 1
    assert (await svc.tournament(row.id)).status is TournamentStatus.CHECKIN
    await svc.check_in(row.id, ANN)
    with pytest.raises(Refusal, match="cannot check in"):
        await svc.check_in(row.id, ANN)
    assert await svc.drive_tournaments(opener) == 0  # the window is still open
    clock_of(svc).advance(300)
    assert await svc.drive_tournaments(opener) == 1
    t = state(await svc.tournament(row.id))
    assert sorted(e.user_id for e in t.entrants) == [-2, -1, ANN]
    kinds = [k for k, _, _ in await svc.store.tournaments.notices(row.id)]
    assert kinds == [NoticeKind.SIGNUP, NoticeKind.CHECKIN, NoticeKind.ROUND]


async def test_too_few_players_cancel_the_tournament_with_a_notice(svc: TableService) -> None:
    row = await create(svc, "swiss", rounds=2)
    await svc.join_tournament(row.id, ANN, "Ann")
    await svc.start_tournament(row.id, Threads())
    done = await svc.tournament(row.id)
    assert done.status is TournamentStatus.CANCELLED and done.ended_at is not None
    assert [k for k, _, _ in await svc.store.tournaments.notices(row.id)][-1] is NoticeKind.CANCELLED


@pytest.mark.parametrize(
    ("kw", "match"),
    [
        ({"format": "ladder"}, "Unknown format"),
        ({"options": "gin=lots"}, "gin"),
        ({"format": "swiss"}, "how many rounds"),
        ({"target": 100, "hands": 3}, "not both"),
        ({"signup_s": 10**9}, "sign-up window"),
        ({"size_cap": 1}, "from 2 to 256"),
    ],
)
async def test_a_bad_choice_is_refused_and_nothing_is_written(svc: TableService, kw: dict, match: str) -> None:
    from bot.tables.tournament_entry import TournamentSpec

    spec = TournamentSpec(**{"game": "gin", "format": "single", "hands": None, **kw})
    before = dump(svc.store.db.path)
    with pytest.raises(Refusal, match=match):
        await svc.create_tournament(G, CHANNEL, 7, BOT, spec)
    assert dump(svc.store.db.path) == before


async def test_one_tournament_at_a_time_in_a_channel(svc: TableService) -> None:
    await create(svc, "single")
    with pytest.raises(Refusal, match="already running"):
        await create(svc, "single")
    await create(svc, "single", channel=CHANNEL + 1)


async def test_the_turn_timeout_is_the_tournaments_and_an_abandon_is_a_forfeit(svc: TableService) -> None:
    row = await create(svc, "single", turn_timeout_s=120)
    await svc.join_tournament(row.id, ANN, "Ann")
    await svc.join_tournament(row.id, BOB, "Bob")
    opener = Threads()
    await svc.start_tournament(row.id, opener)
    (tm,) = await svc.store.tournaments.matches(row.id)
    match = await svc.get_match(tm.match_id)
    assert match.turn_deadline is not None and (match.turn_deadline - match.started_at).total_seconds() == 120
    clock_of(svc).advance(3 * 120 + 1)
    (late,) = [o for o in await svc.overdue() if o.stage is Stage.ABANDON]
    await svc.abandon(late.match.id, late.seat)
    await run_out(svc, opener)
    t = state(await svc.tournament(row.id))
    (pairing,) = t.rounds[0].pairings
    assert pairing.result is not None and pairing.result.outcome is Outcome.FORFEIT
    assert (await svc.tournament(row.id)).status is TournamentStatus.FINISHED


async def test_an_unrated_tournament_leaves_the_ratings_alone(svc: TableService) -> None:
    row = await create(svc, "single", rated=False)
    await svc.join_tournament(row.id, ANN, "Ann")
    await svc.join_tournament(row.id, BOB, "Bob")
    await svc.start_tournament(row.id, Threads())
    (tm,) = await svc.store.tournaments.matches(row.id)
    await svc.resign(tm.match_id, ANN)
    assert await svc.player_stats(G, ANN) is None and await svc.player_stats(G, BOB) is None
    await run_out(svc, Threads())
    assert state(await svc.tournament(row.id)).rounds[0].pairings[0].result.winner == BOB  # type: ignore[union-attr]


async def test_a_rated_tournament_match_counts_for_ratings(svc: TableService) -> None:
    row = await create(svc, "single")
    await svc.join_tournament(row.id, ANN, "Ann")
    await svc.join_tournament(row.id, BOB, "Bob")
    await svc.start_tournament(row.id, Threads())
    (tm,) = await svc.store.tournaments.matches(row.id)
    await svc.resign(tm.match_id, ANN)
    ann = await svc.player_stats(G, ANN)
    assert ann is not None and ann.rating < 1500 and ann.matches_lost == 1


async def test_the_organiser_removes_awards_and_the_matches_end(svc: TableService) -> None:
    row = await create(svc, "single")
    await svc.join_tournament(row.id, ANN, "Ann")
    await svc.join_tournament(row.id, BOB, "Bob")
    await svc.add_ai_entrants(row.id, 2, "easy", "Bot")
    opener = Threads()
    await svc.start_tournament(row.id, opener)
    t = state(await svc.tournament(row.id))
    bob_key = next(p.key for p in t.rounds[0].pairings if BOB in p.seats)
    await svc.remove_entrant(row.id, BOB, opener)
    ann_key = next(p.key for p in t.rounds[0].pairings if ANN in p.seats)
    with pytest.raises(Refusal, match="reason"):
        await svc.award_match(row.id, ann_key, ANN, "  ", opener)
    await svc.award_match(row.id, ann_key, ANN, "opponent's connection died", opener)
    mapped = {(m.round, m.board): m.match_id for m in await svc.store.tournaments.matches(row.id)}
    assert (await svc.get_match(mapped[bob_key])).status == "abandoned"
    assert (await svc.get_match(mapped[ann_key])).status == "abandoned"
    await run_out(svc, opener)  # the final: Ann against the AI that won by Bob's forfeit
    t = state(await svc.tournament(row.id))
    first = {p.key: p.result for p in t.rounds[0].pairings}
    bob_result, ann_result = first[bob_key], first[ann_key]
    assert bob_result is not None and bob_result.outcome is Outcome.FORFEIT
    assert ann_result is not None and ann_result.outcome is Outcome.AWARDED
    assert ann_result.reason == "opponent's connection died"
    assert len(t.rounds) == 2 and BOB in t.removed


async def test_a_cancelled_tournament_pairs_nothing_more(svc: TableService) -> None:
    row = await create(svc, "swiss", rounds=3)
    await svc.add_ai_entrants(row.id, 4, "easy", "Bot")
    opener = Threads()
    await svc.start_tournament(row.id, opener)
    await svc.cancel_tournament(row.id, "rain")
    with pytest.raises(Refusal, match="over"):
        await svc.cancel_tournament(row.id, "again")
    await run_out(svc, opener)
    row = await svc.tournament(row.id)
    assert row.status is TournamentStatus.CANCELLED and row.reason == "rain" and len(state(row).rounds) == 1


async def test_a_stale_step_writes_nothing(svc: TableService) -> None:
    row = await create(svc, "single")
    before = dump(svc.store.db.path)
    with pytest.raises(StaleTournament):
        await svc.store.tournaments.step(
            row.id, Step(row.version + 1, None, TournamentStatus.CANCELLED, row.created_at)
        )
    assert dump(svc.store.db.path) == before


async def test_a_process_drives_only_its_own_guilds(gin_db: str | Path) -> None:
    other = await TableService.open(gin_db, clock=Clock(), shards=ShardSet(frozenset({1}), 2))  # guild 1: shard 0
    try:
        row = await create(other, "single")
        await other.add_ai_entrants(row.id, 2, "easy", "Bot")
        clock_of(other).advance(61)
        assert await other.drive_tournaments(Threads()) == 0
        assert (await other.tournament(row.id)).status is TournamentStatus.SIGNUP
    finally:
        await other.close()


async def test_two_processes_racing_pair_each_round_once(gin_db: str | Path) -> None:
    clock = Clock()
    a, b = await open_service(gin_db, clock), await open_service(gin_db, clock)
    try:
        row = await create(a, "swiss", rounds=2)
        await a.add_ai_entrants(row.id, 8, "easy", "Bot")
        clock.advance(61)
        openers = Threads(), Threads(20_000)
        wrote = await asyncio.gather(a.drive_tournaments(openers[0]), b.drive_tournaments(openers[1]))
        assert sorted(wrote) == [0, 1]
    finally:
        await a.close()
        await b.close()
    fresh = await open_service(gin_db, clock)  # a restart: the matches load from the store
    try:
        await run_out(fresh, Threads(30_000))
        done = await fresh.tournament(row.id)
        assert done.status is TournamentStatus.FINISHED
        t = state(done)
        mapped = await fresh.store.tournaments.matches(row.id)
        assert len(mapped) == sum(len(r.pairings) for r in t.rounds) == 8
        kinds = Counter(k for k, _, _ in await fresh.store.tournaments.notices(row.id))
        assert (kinds[NoticeKind.ROUND], kinds[NoticeKind.RESULT], kinds[NoticeKind.FINAL]) == (2, 8, 1)
    finally:
        await fresh.close()


async def test_a_tables_tournament_seats_three_at_a_table(svc: TableService) -> None:
    row = await create(svc, "tables", rounds=2, seats=3)
    await svc.add_ai_entrants(row.id, 6, "easy", "Bot")
    opener = Threads()
    await svc.start_tournament(row.id, opener)
    await run_out(svc, opener)
    t = state(await svc.tournament(row.id))
    assert (await svc.tournament(row.id)).status is TournamentStatus.FINISHED
    assert all(len(p.seats) == 3 for p in t.pairings()) and len(t.rounds) == 2


async def test_announcements_are_claimed_once_and_marked_done(svc: TableService) -> None:
    row = await create(svc, "single")
    (claimed,) = await svc.claim_tournament_notices()
    assert claimed[0].id == row.id and claimed[1].kind is NoticeKind.SIGNUP
    assert await svc.claim_tournament_notices() == []  # claimed: nobody else posts it meanwhile
    assert await svc.tournament_notice_done(claimed[1].id, 4242)
    assert not await svc.tournament_notice_done(claimed[1].id, 4242)
    clock_of(svc).advance(3600)
    assert await svc.claim_tournament_notices() == []


async def test_a_restarted_process_takes_over_the_claims_of_the_one_before(gin_db: str | Path) -> None:
    """A process killed while posting leaves its claim; the next one posts at once (the post's nonce
    guards a repeat), not after the claim runs out; its own claim holds against itself meanwhile."""
    clock = Clock()
    first = await open_service(gin_db, clock)
    row = await create(first, "single")
    (claimed,) = await first.claim_tournament_notices()
    await first.close()  # died before the mark
    clock.advance(5)
    second = await open_service(gin_db, clock)
    try:
        (again,) = await second.claim_tournament_notices()
        assert (again[0].id, again[1].id) == (row.id, claimed[1].id)
        clock.advance(60)
        assert await second.claim_tournament_notices() == []
    finally:
        await second.close()


async def test_a_removed_players_later_round_robin_games_are_forfeited_and_announced(svc: TableService) -> None:
    row = await create(svc, "round_robin")
    await svc.join_tournament(row.id, ANN, "Ann")
    await svc.add_ai_entrants(row.id, 3, "easy", "Bot")
    opener = Threads()
    await svc.start_tournament(row.id, opener)
    await svc.remove_entrant(row.id, ANN, opener)
    await run_out(svc, opener)
    t = state(await svc.tournament(row.id))
    ann = [p for p in t.pairings() if ANN in p.seats]
    assert len(ann) == 3 and all(p.result is not None and p.result.outcome is Outcome.FORFEIT for p in ann)
    announced = [
        (p["round"], p["board"]) for k, p, _ in await svc.store.tournaments.notices(row.id) if k is NoticeKind.RESULT
    ]
    assert sorted(announced) == sorted(p.key for p in t.pairings())  # four players: no byes, each result once


async def test_the_servers_tournament_role_is_a_setting(svc: TableService) -> None:
    assert (await svc.guild_settings(G)).tournament_role is None
    await svc.update_settings(G, tournament_role=4242)
    svc._settings.clear()  # read it back from the store
    assert (await svc.guild_settings(G)).tournament_role == 4242
    await svc.update_settings(G, target=150)  # another setting leaves it alone
    assert (await svc.guild_settings(G)).tournament_role == 4242
    await svc.update_settings(G, tournament_role=None)
    assert (await svc.guild_settings(G)).tournament_role is None


async def test_two_clicks_for_the_last_place_sign_up_one(gin_db: str | Path) -> None:
    clock = Clock()
    a, b = await open_service(gin_db, clock), await open_service(gin_db, clock)
    try:
        row = await create(a, "single", size_cap=2)
        await a.join_tournament(row.id, ANN, "Ann")
        outcomes = await asyncio.gather(
            a.join_tournament(row.id, BOB, "Bob"), b.join_tournament(row.id, CY, "Cy"), return_exceptions=True
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["Entry", "Refusal"]
        assert len(await a.tournament_entries(row.id)) == 2
    finally:
        await a.close()
        await b.close()


class OneChannel:
    """An opener without threads: the tournament's channel while no match is on in it, else nowhere yet."""

    def __init__(self, svc: TableService) -> None:
        self.svc = svc

    async def __call__(self, row: TournamentRow, pairing: Pairing) -> int | None:
        return None if await self.svc.channel_busy(row.channel_id) else row.channel_id


async def test_without_threads_the_matches_take_turns_in_the_channel(svc: TableService) -> None:
    row = await create(svc, "swiss", rounds=2)
    await svc.add_ai_entrants(row.id, 6, "easy", "Bot")
    opener = OneChannel(svc)
    await svc.start_tournament(row.id, opener)
    assert len(await svc.store.tournaments.matches(row.id)) == 1  # one match; two wait for the channel
    await run_out(svc, opener)
    done = await svc.tournament(row.id)
    assert done.status is TournamentStatus.FINISHED
    mapped = await svc.store.tournaments.matches(row.id)
    assert len({(m.round, m.board) for m in mapped}) == len(mapped) == 6
    assert {(await svc.get_match(m.match_id)).channel_id for m in mapped} == {row.channel_id}
    kinds = Counter(k for k, _, _ in await svc.store.tournaments.notices(row.id))
    assert (kinds[NoticeKind.ROUND], kinds[NoticeKind.RESULT]) == (2, 6)


async def test_removing_the_player_with_the_bye_is_kept(svc: TableService) -> None:
    row = await create(svc, "round_robin")
    await svc.add_ai_entrants(row.id, 3, "easy", "Bot")
    opener = Threads()
    await svc.start_tournament(row.id, opener)
    (bye,) = [p.seats[0] for p in state(await svc.tournament(row.id)).rounds[0].pairings if len(p.seats) == 1]
    await svc.remove_entrant(row.id, bye, opener)  # nothing of his is being played: only the state changes
    assert state(await svc.tournament(row.id)).removed == (bye,)
    await run_out(svc, opener)
    t = state(await svc.tournament(row.id))
    his = [p for p in t.pairings() if bye in p.seats and len(p.seats) == 2]
    assert len(his) == 2 and all(p.result is not None and p.result.outcome is Outcome.FORFEIT for p in his)
