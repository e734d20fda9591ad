"""The AI tests search with a small expert budget: a few paired rounds a decision, no time limit
that a busy machine could reach first (so a decision depends on the view and the seed alone).
A test that measures the search sets its own budget inside (``bot.ai.paired.budget``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.ai.paired import Budget, budget

TEST_BUDGET = Budget(seconds=60.0, rounds=4, min_rounds=4, discards=2)


@pytest.fixture(autouse=True)
def small_expert_budget() -> Iterator[None]:
    with budget(TEST_BUDGET):
        yield
