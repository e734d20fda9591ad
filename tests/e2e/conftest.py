"""Shared e2e fixtures: `fake_discord` yields a started FakeDiscord with discord.py pointed at it."""

from __future__ import annotations

from typing import AsyncIterator

import pytest

from tests.e2e.fakediscord import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fd:
        yield fd
