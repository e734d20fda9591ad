"""bench/match_race.py: races to the target from per-hand points, and the knocks turned into undercuts."""

from __future__ import annotations

import random
from pathlib import Path

from bench.match_race import converted, main, race_rate


def row(outcome: str, knocker: str, points: int) -> dict[str, str]:
    return {"a": "hard", "b": "openspiel_simple", "outcome": outcome, "knocker": knocker, "points_a": str(points)}


def test_a_race_is_won_by_the_side_whose_hands_score() -> None:
    rng = random.Random(1)
    assert race_rate([30], 50, 100, rng) == (1.0, 4.0)
    assert race_rate([-30], 50, 100, rng) == (0.0, 4.0)
    rate, _ = race_rate([25, -25], 4000, 100, rng)
    assert 0.45 < rate < 0.55


def test_only_lost_knocks_of_the_other_side_become_undercuts_of_the_mean_size() -> None:
    rows = [row("knock", "B", -12), row("undercut", "B", 30), row("undercut", "B", 40), row("gin", "B", -40)]
    assert converted(rows, 0.0, random.Random(1)) == [-12, 30, 40, -40]
    assert converted(rows, 1.0, random.Random(1)) == [35, 30, 40, -40]


def test_it_prints_a_line_per_share(tmp_path: Path, capsys) -> None:
    f = tmp_path / "hands.csv"
    lines = ["a,b,deal_seed,a_seat,outcome,knocker,points_a", "hard,x,1,0,knock,B,-10", "hard,x,1,1,undercut,B,30"]
    f.write_text("\n".join(lines) + "\n")
    assert main([str(f), "--races", "200"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2 hands of hard against x, matches to 100"
    assert "0.0% of the lost knocks undercut instead: +10.00 a hand" in out[1]
    assert len(out) == 7
