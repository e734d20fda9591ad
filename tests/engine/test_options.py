"""The options string: every key, a message per bad word, and the combinations refused with their reason."""

from __future__ import annotations

import pytest

from bot.engine import game_type
from bot.engine.gin import make_rules
from bot.engine.knock import preset
from bot.engine.knockout import KnockoutRules


def test_the_example_options_string() -> None:
    r = make_rules("standard", None, "gin=20 undercut=10 tie=no shutout=plus100 length=hands:8")
    assert (r.gin_bonus, r.undercut_bonus, r.undercut_bonus_on_tie, r.shutout) == (20, 10, False, "plus100")
    assert (r.length, r.hand_count) == ("hands", 8)


def test_every_gin_key() -> None:
    r = make_rules(
        "straight",
        None,
        "biggin=40, line=20, game=150, knock=whole, stockout=lower, deal=11, length=series:700, teams=separate",
    )
    assert r.straight and r.big_gin and r.big_gin_bonus == 40
    assert (r.line_bonus, r.game_bonus, r.knock_scoring, r.stock_out, r.deal) == (20, 150, "whole", "lower", 11)
    assert (r.length, r.series_target, r.teams) == ("series", 700, "separate")
    assert not make_rules("standard", None, "biggin=off").big_gin
    assert make_rules("standard", None, "length=target:250").target == 250
    assert make_rules("standard", None, "SHUTOUT=Total").shutout == "total"  # keys and words in any case
    assert make_rules("standard", None, "  ") == make_rules("standard")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("gin=abc", "gin=abc: the gin bonus is a whole number from 0 to 1000"),
        ("gin=2000", "gin=2000: the gin bonus is a whole number from 0 to 1000"),
        ("undercut=-5", "undercut=-5: the undercut bonus is a whole number from 0 to 1000"),
        ("tie=maybe", "tie=maybe: the undercut bonus on a tie: write yes or no"),
        ("biggin=sometimes", "biggin=sometimes: big gin: write yes or no"),
        ("line=x", "line=x: the line bonus is a whole number from 0 to 1000"),
        ("game=1e3", "game=1e3: the game bonus is a whole number from 0 to 1000"),
        ("shutout=triple", "shutout=triple: the shutout rule: choose double, total, game200, plus100 or none"),
        ("knock=half", "knock=half: a knock scores: choose difference or whole"),
        ("stockout=reshuffle", "stockout=reshuffle: at 2 stock cards: choose draw or lower"),
        ("deal=12", "deal=12: the deal: choose 10 or 11"),
        ("length=forever", "length=forever: choose target:N, hands:N or series"),
        ("length=hands", "length=hands: write hands:N, the number of deals"),
        ("length=hands:0", "length=hands:0: the number of deals is a whole number from 1 to 1000"),
        ("length=target:0", "length=target:0: the target is a whole number from 1 to 10000"),
        ("teams=difference", "teams=difference: partnership scoring: choose sum or separate"),
        ("colour=red", "unknown option 'colour' (known: gin, undercut, tie, biggin,"),
        ("banana", "unknown option 'banana' (known: gin, undercut"),  # unknown first, not "needs a value"
        ("gin", "'gin' needs a value: write gin=value"),
        ("gin=20 gin=25", "gin is given twice"),
    ],
)
def test_each_bad_field_gets_its_message(options: str, message: str) -> None:
    with pytest.raises(ValueError) as err:
        make_rules("standard", None, options)
    assert message in str(err.value)


def test_all_bad_fields_are_reported_together() -> None:
    with pytest.raises(ValueError) as err:
        make_rules("standard", None, "gin=abc tie=maybe deal=9 line=20")
    parts = str(err.value).split("; ")
    assert [p.split(":")[0] for p in parts] == ["gin=abc", "tie=maybe", "deal=9"]


def test_target_given_twice_must_agree() -> None:
    assert make_rules("standard", 250, "length=target:250").target == 250
    with pytest.raises(ValueError, match="the target is 250, but length=target:300"):
        make_rules("standard", 250, "length=target:300")
    r = make_rules("standard", 200)
    assert (r.target, r.team_target) == (200, 200)  # a target given is the partnerships' target too
    assert r == preset("standard", target=200, team_target=200)
    assert make_rules("standard").team_target == 125
    r = make_rules("standard", None, "length=target:200")  # the options' target is the partnerships' too
    assert r.target == r.team_target == 200


@pytest.mark.parametrize(
    ("variant", "options", "message"),
    [
        ("oklahoma", "deal=11", "no upcard"),
        ("hollywood", "length=hands:8", "Hollywood plays three games"),
        ("straight+hollywood", "length=series", "Hollywood"),
    ],
)
def test_rules_that_cannot_be_played_together(variant: str, options: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_rules(variant, None, options)


@pytest.mark.parametrize(
    ("game", "variant", "options", "seats", "message"),
    [
        ("gin", "standard", "teams=sum", 2, "teams= is the scoring of four players"),
        ("gin", "standard", "teams=separate", 3, "teams= is the scoring of four players"),
        ("gin", "hollywood", "", 3, "Hollywood scores three games between two players"),
        ("gin", "hollywood", "", 4, "Hollywood"),
        ("gin", "standard", "length=series", 4, "a series"),
        ("gin", "standard", "", 5, "Gin Rummy is played by 2, 3 or 4 players, not 5"),
        ("gin", "standard", "", 1, "not 1"),
        ("knockout", "standard", "", 5, "Knockout Gin is played by 2, 3 or 4 players, not 5"),
    ],
)
def test_seat_counts_and_combinations_refused_with_the_reason(
    game: str, variant: str, options: str, seats: int, message: str
) -> None:
    gt = game_type(game)
    rules = gt.make_rules(variant, None, options)
    with pytest.raises(ValueError, match=message):
        gt.validate(rules, seats)
    with pytest.raises(ValueError, match=message):
        gt.new(rules, 1, seats)


def test_combinations_that_are_fine() -> None:
    gin = game_type("gin")
    for variant, options, seats in [
        ("sequence", "teams=separate", 4),
        ("oklahoma", "length=hands:6", 3),
        ("straight", "stockout=lower deal=11", 4),
        ("sequence+hollywood", "", 2),
    ]:
        rules = gin.make_rules(variant, None, options)
        gin.validate(rules, seats)
        assert gin.new(rules, 1, seats).seats == seats


def test_knockout_options() -> None:
    ko = game_type("knockout")
    r = ko.make_rules("standard", 150, "cards=10 biggin=no limit=5")
    assert isinstance(r, KnockoutRules)
    assert (r.target, r.cards, r.big_gin, r.knock_limit) == (150, 10, False, 5)
    default = ko.make_rules("standard")
    assert isinstance(default, KnockoutRules) and default.cards_for(2) == 10 and default.cards_for(4) == 7
    with pytest.raises(ValueError) as err:
        ko.make_rules("standard", None, "cards=8 gin=20")
    assert "cards=8: the cards dealt to each: choose 7 or 10" in str(err.value)
    assert "unknown option 'gin' (known: cards, biggin, limit)" in str(err.value)
    with pytest.raises(ValueError, match="unknown variant"):
        ko.make_rules("oklahoma")
