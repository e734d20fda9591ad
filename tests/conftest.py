"""Fixtures shared by every test folder: ``fake_discord``, a started Discord stand-in with discord.py pointed at it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from fakediscord import FakeDiscord

# ``pg_url`` and ``gin_db``: a real PostgreSQL (embedded or GIN_TEST_PG) and both stores per test.
pytest_plugins = ["tests.store.pg"]


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fd:
        yield fd
