"""The table service reads its bounds from bot.engine.LIMITS and passes the one options parser's
messages on as Refusals (no store needed: ``table_rules`` only makes rules)."""

from __future__ import annotations

import pytest

from bot.engine import LIMITS
from bot.tables import Refusal, TableService


@pytest.mark.parametrize("game", ["gin", "knockout", "colonel", "rummy", "skarney"])
def test_a_table_target_is_the_limits_tables(game: str) -> None:
    low, high = LIMITS.table_target.low, LIMITS.table_target.high
    variant = "standard"
    for target in (low, high):
        assert TableService.table_rules(game, variant, target).to_dict()["target"] == target
    for target in (low - 1, high + 1, True):
        with pytest.raises(Refusal, match=f"^The target must be a whole number from {low} to {high}.$"):
            TableService.table_rules(game, variant, target)


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("gin", "banana", r"^Unknown option 'banana' \(known: gin, undercut, .*teams\)\.$"),
        (
            "colonel",
            "challenge=maybe colour=red",
            r"^challenge=maybe: the Challenge: write yes or no; unknown option 'colour'",
        ),
        ("skarney", "gin=20", r"^Unknown option 'gin' \(Skarney Gin takes no options\)\.$"),
    ],
)
def test_option_refusals_name_every_bad_field(game: str, options: str, message: str) -> None:
    with pytest.raises(Refusal, match=message):
        TableService.table_rules(game, "standard", None, options)


def test_colonel_takes_y_and_n_like_gin() -> None:
    assert TableService.table_rules("colonel", "standard", None, "challenge=N").to_dict()["challenge"] is False
    assert TableService.table_rules("gin", "standard", None, "tie=N").to_dict()["undercut_bonus_on_tie"] is False
