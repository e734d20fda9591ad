"""Property: any mix of good, stale, illegal and foreign calls leaves the store equal to an
engine that saw only the accepted moves."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai import greedy_action
from bot.constants import SNAPSHOT_EVERY
from bot.engine.gin import Match
from bot.engine.knock import BIG_GIN, DRAW_STOCK, PASS
from bot.tables import Refusal, TableService
from tests.store.helpers import gin_rules, gin_view, new_pvp, query, turn_of

# each step: (kind, choice) where kind picks what the caller does
STEP = st.tuples(
    st.sampled_from(["good", "good", "good", "stale", "illegal", "stranger", "waiter"]), st.integers(0, 10)
)


async def _run(path: Path, seed: int, steps: list[tuple[str, int]]) -> None:
    svc = await TableService.open(path)
    try:
        info = await new_pvp(svc, channel=1, a=1, b=2, seed=seed)
        shadow = Match.new(gin_rules(info.rules), seed)
        for kind, n in steps:
            if info.status != "active":
                break
            turn = turn_of(info)
            mover, waiter = info.players[turn], info.players[1 - turn]
            view = gin_view(await svc.seat_view(info.id, mover))
            if kind == "good":
                action = greedy_action(view) if n < 8 else view.legal[n % len(view.legal)]
                info = (await svc.act(info.id, mover, action, info.version)).match
                shadow.apply(turn, action)
                continue
            try:
                if kind == "stale":
                    await svc.act(info.id, mover, view.legal[0], info.version - 1 - n)
                elif kind == "illegal":
                    await svc.act(
                        info.id,
                        mover,
                        BIG_GIN if n % 2 else (PASS if view.phase != "offer" else DRAW_STOCK),
                        info.version,
                    )
                elif kind == "stranger":
                    await svc.act(info.id, 99, view.legal[0], info.version)
                else:
                    await svc.act(info.id, waiter, view.legal[0], None)
            except Refusal:
                pass
            else:
                raise AssertionError(f"{kind} was accepted")
        assert (await svc.get_match(info.id)).version == shadow.moves
    finally:
        await svc.close()
    assert [tuple(r) for r in query(path, "SELECT seat, action FROM moves ORDER BY seq")] == [
        tuple(m) for m in _moves(shadow, path)
    ]
    # A snapshot every n moves: it may stand a few moves back, at the accepted moves up to its version.
    version, state = query(path, "SELECT version, state FROM snapshots")[0]
    assert 0 <= shadow.moves - version < SNAPSHOT_EVERY
    at_snapshot = Match.replay(shadow.rules, shadow.seed, _moves(shadow, path)[:version])
    assert json.loads(state) == json.loads(json.dumps(at_snapshot.to_dict()))


def _moves(shadow: Match, path: Path) -> list[tuple[int, str]]:
    """The accepted moves, re-derived: replaying them must give the shadow match."""
    moves = query(path, "SELECT seat, action FROM moves ORDER BY seq")
    replayed = Match.replay(shadow.rules, shadow.seed, moves)
    assert replayed.to_dict() == shadow.to_dict()
    return moves


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**9), steps=st.lists(STEP, min_size=1, max_size=60))
def test_refused_calls_never_change_the_store(seed, steps):
    with tempfile.TemporaryDirectory() as d:
        asyncio.run(_run(Path(d) / "p.sqlite3", seed, steps))
