"""A small strength check (the real bars are in bench/ai_strength.py): hard beats the EAAI simple bot.

80 seeded deals, each played twice with the seats swapped (about 10 s). The bar is the bench's own
for hard against eaai_simple: the lower end of the 95% interval of hard's points per deal is above
zero. Hard scores about +5 points a deal here (95% CI 1.9..8.1); the easy level, +0.65 (-1.3..2.6:
a positive total, which the old bar accepted), fails it; an AI that picks a random legal move
scores about -50.
"""

from __future__ import annotations

from bench.ai_strength import _hand_job, mean_ci

DEALS = 80


def test_hard_outscores_eaai_simple_over_paired_deals() -> None:
    rows, times = _hand_job(("hard", "eaai_simple", list(range(1, DEALS + 1))))
    assert len(rows) == 2 * DEALS
    assert [r for r in rows if r[2] == "stuck"] == []
    per_deal: dict[int, float] = {}
    for seed, _seat, _outcome, _knocker, points in rows:
        per_deal[seed] = per_deal.get(seed, 0.0) + points / 2
    mean, low, high = mean_ci(list(per_deal.values()))
    assert sum(r[4] for r in rows) > 0
    assert low > 0, f"hard's points per deal against eaai_simple: {mean:.1f} (95% CI {low:.1f}..{high:.1f})"
    assert times
