"""A small strength check (the real bars are in bench/ai_strength.py): hard beats the EAAI simple bot."""

from __future__ import annotations

from bench.ai_strength import _hand_job


def test_hard_outscores_eaai_simple_over_paired_deals() -> None:
    rows, times = _hand_job(("hard", "eaai_simple", list(range(1, 81))))
    assert len(rows) == 160
    assert sum(r[4] for r in rows) > 0
    assert times
