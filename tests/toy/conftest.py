"""Register the toy game for the tests of this folder only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.toy import highcard


@pytest.fixture(autouse=True)
def highcard_game() -> Iterator[None]:
    highcard.install()
    yield
    highcard.uninstall()
