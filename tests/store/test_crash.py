"""Crash safety: a player process is SIGKILLed at random points, again and again; after each
kill a fresh service on the same file has every acknowledged move and no half-written state."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bot.engine import Match, Ruleset
from bot.tables import TableService

KILLS = 30
ROOT = Path(__file__).resolve().parents[2]


def check_consistent(path: Path) -> dict[int, int]:
    """Independent of the service: every match's log, snapshot, hands and result agree. Returns versions."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        versions = {}
        for mid, rules, seed, status, version, winner, ended in conn.execute(
            "SELECT id, rules, seed, status, version, winner, ended_at FROM matches"
        ):
            totals = tuple(
                t for (t,) in conn.execute("SELECT total FROM match_seats WHERE match_id = ? ORDER BY seat", (mid,))
            )
            seqs = [s for (s,) in conn.execute("SELECT seq FROM moves WHERE match_id = ? ORDER BY seq", (mid,))]
            assert seqs == list(range(1, version + 1)), f"match {mid}: move log does not match version {version}"
            snap_version, state = conn.execute(
                "SELECT version, state FROM snapshots WHERE match_id = ?", (mid,)
            ).fetchone()
            assert snap_version == version
            moves = conn.execute("SELECT seat, action FROM moves WHERE match_id = ? ORDER BY seq", (mid,)).fetchall()
            replayed = Match.replay(Ruleset.from_dict(json.loads(rules)), seed, moves)
            assert json.loads(json.dumps(replayed.to_dict())) == json.loads(state), f"match {mid}: snapshot != replay"
            hands = conn.execute("SELECT COUNT(*) FROM hands WHERE match_id = ?", (mid,)).fetchone()[0]
            assert hands == len(replayed.history)
            assert (status != "active") == replayed.finished
            if replayed.finished:
                assert (winner, totals) == (replayed.winner, replayed.totals()) and ended is not None
            versions[mid] = version
        # every finished match is in the stats exactly once (two players each: won + lost)
        finished = conn.execute("SELECT COUNT(*) FROM matches WHERE status <> 'active'").fetchone()[0]
        counted = conn.execute("SELECT COALESCE(SUM(matches_won + matches_lost), 0) FROM player_stats").fetchone()[0]
        assert counted == 2 * finished
        rating_sum = conn.execute("SELECT COALESCE(SUM(rating - 1500), 0) FROM player_stats").fetchone()[0]
        assert rating_sum == 0  # Elo is zero-sum: no half-applied rating change
        return versions
    finally:
        conn.close()


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
    lines = []
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


async def test_sigkill_at_random_points_loses_no_acknowledged_move(tmp_path):
    path = tmp_path / "crash.sqlite3"
    rng = random.Random(2024)
    acknowledged: dict[int, int] = {}
    total_acks = 0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for kill in range(KILLS):
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
    assert total_acks > KILLS * 20  # the runs really played
