"""What an organiser may choose: each refused choice names its catalogue id and fields."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import LIMITS
from bot.tournaments import Format, LengthKind, MatchLength, TournamentConfig, TournamentError

from .helpers import LENGTH


def make(**kw: Any) -> TournamentConfig:
    fields: dict[str, Any] = {"game": "gin", "format": Format.SWISS, "length": LENGTH, "rounds": 3}
    fields.update(kw)
    return TournamentConfig(**fields)


def test_a_plain_config_is_accepted() -> None:
    c = make()
    assert (c.seats, c.min_seats, c.turn_timeout_s, c.rated, c.fewest_players) == (
        2,
        2,
        LIMITS.turn_timeout_default_s,
        True,
        2,
    )
    assert make(format=Format.TABLES, seats=4, min_seats=3).fewest_players == 3


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"game": ""}, "Choose the game of the tournament."),
        ({"rounds": 0}, "Say how many rounds the tournament has."),
        ({"format": Format.SINGLE}, "Only Swiss and table tournaments have a number of rounds."),
        ({"rounds": 51}, "A tournament has from {low} to {high} rounds."),
        ({"seats": 3}, "Only table tournaments seat more than two players at a table."),
        ({"format": Format.TABLES}, "A table of a table tournament seats from {low} to {high} players."),
        (
            {"format": Format.TABLES, "seats": 3, "min_seats": 4},
            "The smallest table seats from {low} to {high} players.",
        ),
        ({"turn_timeout_s": 10}, "The turn timeout is from {low} to {high} seconds."),
        ({"size_cap": 1}, "A tournament takes from {low} to {high} players."),
    ],
)
def test_refused_choices(kw: dict[str, Any], message: str) -> None:
    with pytest.raises(TournamentError) as caught:
        make(**kw)
    assert caught.value.message == message


@pytest.mark.parametrize(("kind", "value"), [(LengthKind.TARGET, 5), (LengthKind.HANDS, 0), (LengthKind.TARGET, 1001)])
def test_a_match_length_is_bounded(kind: LengthKind, value: int) -> None:
    with pytest.raises(TournamentError, match="A match length is a whole number"):
        MatchLength(kind, value)
