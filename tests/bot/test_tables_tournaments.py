"""Tournaments driven by the table service on SQLite and PostgreSQL, AI entrants playing their matches:
each format from sign-up to the final standings, every pairing's match created once, every result
counted once and every announcement written once."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bot.store import NoticeKind, TournamentStatus
from bot.tables import TableService
from bot.tournaments import Format, Outcome, champion, standings
from tests.bot.tournament_helpers import Threads, create, open_service, run_out, state
from tests.clock import Clock


async def _full_run(svc: TableService, fmt: str, players: int, **kw: int) -> tuple[int, Threads]:
    row = await create(svc, fmt, **kw)
    added = await svc.add_ai_entrants(row.id, players, "easy", "Bot")
    assert [e.user_id for e in added] == [-n for n in range(1, players + 1)]
    opener = Threads()
    svc.clock.advance(61)  # type: ignore[attr-defined]
    await run_out(svc, opener)
    return row.id, opener


async def _check_once(svc: TableService, tid: int, opener: Threads) -> None:
    """Every pairing with two players has exactly one match, counted; each result and round announced once."""
    row = await svc.tournament(tid)
    assert row.status is TournamentStatus.FINISHED
    t = state(row)
    played = [p for p in t.pairings() if len(p.seats) > 1]
    mapped = await svc.store.tournaments.matches(tid)
    assert sorted((m.round, m.board) for m in mapped) == sorted(p.key for p in played)
    assert sorted(key for _, key in opener.opened) == sorted(p.key for p in played)  # a channel per match, once
    assert all(m.counted_at is not None for m in mapped)
    assert all(p.result is not None and p.result.outcome in (Outcome.PLAYED, Outcome.BYE) for p in t.pairings())
    notices = await svc.store.tournaments.notices(tid)
    kinds = Counter(kind for kind, _, _ in notices)
    assert kinds[NoticeKind.ROUND] == len(t.rounds) and kinds[NoticeKind.FINAL] == 1
    results = [(p["round"], p["board"]) for kind, p, _ in notices if kind is NoticeKind.RESULT]
    assert sorted(results) == sorted(p.key for p in played)
    assert champion(t) is not None and len(standings(t).rows) == len(t.entrants)


@pytest.fixture
async def svc(gin_db: str | Path):
    service = await open_service(gin_db, Clock())
    yield service
    await service.close()


async def test_a_swiss_of_six_ai_entrants_runs_to_its_final_standings(svc: TableService) -> None:
    tid, opener = await _full_run(svc, "swiss", 6, rounds=3)
    await _check_once(svc, tid, opener)
    assert len(state(await svc.tournament(tid)).rounds) == 3


async def test_a_double_elimination_of_eight_runs_to_its_final_standings(svc: TableService) -> None:
    tid, opener = await _full_run(svc, "double", 8)
    await _check_once(svc, tid, opener)
    assert state(await svc.tournament(tid)).config.format is Format.DOUBLE


async def test_a_round_robin_of_five_sits_one_out_each_round(svc: TableService) -> None:
    tid, opener = await _full_run(svc, "round_robin", 5)
    await _check_once(svc, tid, opener)
    t = state(await svc.tournament(tid))
    assert len(t.rounds) == 5 and all(sum(len(p.seats) == 1 for p in r.pairings) == 1 for r in t.rounds)


async def test_a_single_elimination_gives_the_top_seeds_their_byes(svc: TableService) -> None:
    tid, opener = await _full_run(svc, "single", 6)
    await _check_once(svc, tid, opener)
    first = state(await svc.tournament(tid)).rounds[0]
    assert sum(len(p.seats) == 1 for p in first.pairings) == 2
