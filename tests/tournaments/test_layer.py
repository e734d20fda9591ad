"""The tournament logic is pure: the standard library and the engine, nothing with I/O, Discord or pictures."""

from __future__ import annotations

from tests.test_architecture import foreign


def test_the_tournaments_import_only_the_engine() -> None:
    assert foreign("bot/tournaments", {"bot.engine", "bot.tournaments"}) == {}
