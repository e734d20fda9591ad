"""Fixtures shared by every test folder: ``fake_discord``, a started Discord stand-in with discord.py pointed at it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator

import pytest
from hypothesis import HealthCheck, settings

from fakediscord import FakeDiscord
from fakediscord.server import DISCORD_CALLBACK_DEADLINE, deadline_from_env

# ``pg_url`` and ``gin_db``: a real PostgreSQL (embedded or GIN_TEST_PG) and both stores per test.
pytest_plugins = ["tests.store.pg"]

# Hypothesis: in CI (``CI`` set, as CI services do) every run tries the same examples and a failure
# prints the blob that replays it (``@reproduce_failure``): a red CI run reproduces on a laptop.
# Locally the examples are random and the example database (.hypothesis/) replays a failure first.
# ``HYPOTHESIS_PROFILE`` picks one by name.
settings.register_profile(
    "gin-ci",
    derandomize=True,
    print_blob=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("gin-dev", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("gin-ci" if os.environ.get("CI") else "gin-dev"))


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A stand-in with Discord's 3-second callback deadline (FAKEDISCORD_CALLBACK_DEADLINE=off: none)."""
    async with FakeDiscord(callback_deadline=deadline_from_env(DISCORD_CALLBACK_DEADLINE)) as fd:
        yield fd
