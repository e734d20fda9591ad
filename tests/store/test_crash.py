"""Crash safety: a player process is SIGKILLed at random points, again and again; after each
kill a fresh service on the same database (a SQLite file, or PostgreSQL) has every acknowledged move
and no half-written state."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from bot.constants import SNAPSHOT_EVERY
from bot.engine.gin import Match
from bot.engine.knock import Ruleset
from bot.store import is_postgres_url
from bot.tables import TableService
from tests.store.pg import pg_fetch_each

KILLS = 30
ROOT = Path(__file__).resolve().parents[2]


READS = {
    "matches": "SELECT id, rules, seed, status, version, winner, ended_at FROM matches ORDER BY id",
    "totals": "SELECT match_id, total FROM match_seats ORDER BY match_id, seat",
    "moves": "SELECT match_id, seq, seat, action FROM moves ORDER BY match_id, seq",
    "snapshots": "SELECT match_id, version, state FROM snapshots",
    "hands": "SELECT match_id, COUNT(*) FROM hands GROUP BY match_id",
    "stats": "SELECT COALESCE(SUM(matches_won + matches_lost), 0), COALESCE(SUM(rating - 1500), 0) FROM player_stats",
}


def _read(target: Path | str) -> dict[str, list[tuple]]:
    """The rows the check needs, in one snapshot of the database (either store)."""
    if is_postgres_url(target):
        return dict(zip(READS, pg_fetch_each(str(target), list(READS.values())), strict=True))
    conn = sqlite3.connect(target)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        conn.execute("BEGIN")
        return {name: conn.execute(sql).fetchall() for name, sql in READS.items()}
    finally:
        conn.close()


def check_consistent(target: Path | str) -> dict[int, int]:
    """Independent of the service: every match's log, snapshot, hands and result agree. Returns versions."""
    rows = _read(target)
    totals: dict[int, list[int | None]] = defaultdict(list)
    for mid, total in rows["totals"]:
        totals[mid].append(total)
    moves: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for mid, seq, seat, action in rows["moves"]:
        moves[mid].append((seq, seat, action))
    snapshots = {mid: (version, state) for mid, version, state in rows["snapshots"]}
    hands = dict(rows["hands"])
    versions = {}
    for mid, rules, seed, status, version, winner, ended in rows["matches"]:
        seqs = [seq for seq, _, _ in moves[mid]]
        assert seqs == list(range(1, version + 1)), f"match {mid}: move log does not match version {version}"
        snap_version, state = snapshots[mid]
        # A snapshot every n moves and at the match's end: at most n - 1 moves behind an active match.
        assert 0 <= version - snap_version < (SNAPSHOT_EVERY if status == "active" else 1), (mid, snap_version)
        played = [(seat, action) for _, seat, action in moves[mid]]
        at_snapshot = Match.replay(Ruleset.from_dict(json.loads(rules)), seed, played[:snap_version])
        assert json.loads(json.dumps(at_snapshot.to_dict())) == json.loads(state), f"match {mid}: snapshot != replay"
        replayed = Match.replay(Ruleset.from_dict(json.loads(rules)), seed, played)
        assert hands.get(mid, 0) == len(replayed.history)
        assert (status != "active") == replayed.finished
        if replayed.finished:
            assert (winner, tuple(totals[mid])) == (replayed.winner, replayed.totals()) and ended is not None
        versions[mid] = version
    # every finished match is in the stats exactly once (two players each: won + lost)
    finished = sum(status != "active" for _, _, _, status, *_ in rows["matches"])
    counted, rating_sum = rows["stats"][0]
    assert counted == 2 * finished
    assert rating_sum == 0  # Elo is zero-sum: no half-applied rating change
    return versions


def _play_and_kill(path, kill: int, rng: random.Random, env: dict[str, str]) -> list[str]:
    """Run a player process on ``path`` and SIGKILL it at a random moment; returns what it printed."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.store.crash_player", str(path), str(kill)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    target = rng.randint(1, 80)
    assert proc.stdout is not None and proc.stderr is not None  # both are pipes
    lines: list[str] = []
    while len(lines) < target:
        line = proc.stdout.readline()
        if not line:
            proc.wait(timeout=10)
            raise AssertionError(
                f"kill {kill}: the player exited on its own (code {proc.returncode}) "
                f"after {len(lines)} moves: {proc.stderr.read()[-2000:]!r}"
            )
        lines.append(line)
    time.sleep(rng.uniform(0, 0.004))  # it keeps playing: the kill lands anywhere
    proc.send_signal(signal.SIGKILL)
    rest, _ = proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    return lines + rest.splitlines(keepends=True)


async def test_sigkill_at_random_points_loses_no_acknowledged_move(gin_db):
    path = gin_db
    kills = KILLS if isinstance(path, Path) else KILLS // 2  # PostgreSQL's own guarantee: fewer rounds
    rng = random.Random(2024)
    acknowledged: dict[int, int] = {}
    total_acks = 0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for kill in range(kills):
        lines = _play_and_kill(path, kill, rng, env)
        for line in lines:
            if line.endswith("\n"):  # a complete line was printed after its commit
                mid, version = map(int, line.split())
                acknowledged[mid] = max(acknowledged.get(mid, 0), version)
                total_acks += 1

        versions = check_consistent(path)
        for mid, version in acknowledged.items():
            assert versions.get(mid, -1) >= version, f"kill {kill}: match {mid} lost acknowledged move {version}"
        svc = await TableService.open(path)
        try:
            assert svc.recovery_mismatches == []
            for info in await svc.active_matches():
                assert info.version == versions[info.id]
        finally:
            await svc.close()
    assert total_acks > kills * 20  # the runs really played
