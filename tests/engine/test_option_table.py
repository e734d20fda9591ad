"""One options parser for every game: each game's every field, the same spelling everywhere,
every bad field named in one message, and the table that lists a game's options with their
values and defaults (``GameType.options``)."""

from __future__ import annotations

import pytest

from bot.engine import NO_OPTIONS, GameType, OptionTable, game_names, game_type
from bot.engine.limits import Span
from bot.engine.options import NO, YES, choice, number, yes_no

# (game, options, the rules fields they set): every option of every game at least once
EVERY_FIELD: list[tuple[str, str, dict[str, object]]] = [
    ("gin", "gin=20", {"gin_bonus": 20}),
    ("gin", "undercut=0", {"undercut_bonus": 0}),
    ("gin", "tie=no", {"undercut_bonus_on_tie": False}),
    ("gin", "biggin=no", {"big_gin": False}),
    ("gin", "biggin=yes", {"big_gin": True, "big_gin_bonus": 31}),
    ("gin", "biggin=1", {"big_gin": True, "big_gin_bonus": 1}),  # a number is the bonus, even 0 or 1
    ("gin", "line=1000", {"line_bonus": 1000}),
    ("gin", "game=150", {"game_bonus": 150}),
    ("gin", "shutout=game200", {"shutout": "game200"}),
    ("gin", "knock=whole", {"knock_scoring": "whole"}),
    ("gin", "stockout=lower", {"stock_out": "lower"}),
    ("gin", "deal=11", {"deal": 11}),
    ("gin", "length=target:250", {"length": "target", "target": 250, "team_target": 250}),
    ("gin", "length=hands:8", {"length": "hands", "hand_count": 8}),
    ("gin", "length=series", {"length": "series", "series_target": 500}),
    ("gin", "length=series:900", {"length": "series", "series_target": 900}),
    ("gin", "teams=separate", {"teams": "separate"}),
    ("knockout", "cards=7", {"cards": 7}),
    ("knockout", "biggin=off", {"big_gin": False}),
    ("knockout", "limit=0", {"knock_limit": 0}),
    ("colonel", "challenge=no", {"challenge": False}),
    ("rummy", "length=hands:12", {"hands": 12}),
    ("rummy", "length=target", {"hands": None}),
    ("rummy", "cards=3", {"cards": 3}),
]


@pytest.mark.parametrize(("game", "options", "fields"), EVERY_FIELD)
def test_every_game_reads_every_field(game: str, options: str, fields: dict[str, object]) -> None:
    gt = game_type(game)
    rules = gt.make_rules(gt.variants[0], None, options).to_dict()
    assert {k: rules[k] for k in fields} == fields
    untouched = gt.make_rules(gt.variants[0]).to_dict()
    assert {k: v for k, v in rules.items() if k not in fields} == {
        k: v for k, v in untouched.items() if k not in fields
    }


def test_the_list_above_covers_every_option() -> None:
    covered = {(game, options.split("=")[0]) for game, options, _ in EVERY_FIELD}
    assert covered == {(g, o.key) for g in game_names() for o in game_type(g).options}


@pytest.mark.parametrize("game", ["gin", "knockout", "colonel"])
def test_yes_and_no_are_spelled_alike_in_every_game(game: str) -> None:
    gt = game_type(game)
    switches = [o for o in gt.options if o.kind == "yes/no"]
    assert switches
    for option in switches:
        for words, value in ((YES, True), (NO, False)):
            for word in {*words, *(w.upper() for w in words), *(w.title() for w in words)}:
                key = option.key.upper()
                assert option.parse(word) == option.parse(words[0]), word
                rules = gt.make_rules(gt.variants[0], None, f"{key}={word}")
                assert gt.make_rules(gt.variants[0], None, f"{option.key}={words[0]}") == rules
                assert option.parse(word) != option.parse((NO if value else YES)[0])


def test_keys_and_words_in_any_case_with_spaces_or_commas() -> None:
    gin = game_type("gin")
    assert gin.make_rules("standard", None, "SHUTOUT=Total,,Tie=N ,  KNOCK=WHOLE") == gin.make_rules(
        "standard", None, "shutout=total tie=no knock=whole"
    )
    rummy = game_type("rummy")
    assert rummy.make_rules("standard", None, "LENGTH=Hands:5,cards=4").to_dict()["hands"] == 5


@pytest.mark.parametrize("game", sorted(game_names()))
def test_an_unknown_option_is_named_with_the_known_ones(game: str) -> None:
    gt = game_type(game)
    with pytest.raises(ValueError) as err:
        gt.make_rules(gt.variants[0], None, "banana")  # no '=': still an unknown option, not "needs a value"
    message = str(err.value)
    assert message.startswith("unknown option 'banana' (")
    if len(gt.options):
        assert message == f"unknown option 'banana' (known: {', '.join(gt.options.keys)})"
    else:
        assert message == f"unknown option 'banana' ({gt.title} takes no options)"


@pytest.mark.parametrize(
    ("game", "options", "messages"),
    [
        (
            "gin",
            "gin=abc banana=1 tie tie=yes deal=9",
            ["gin=abc: the gin bonus is", "unknown option 'banana'", "'tie' needs a value", "deal=9: the deal"],
        ),
        ("knockout", "cards=8 limit=11 limit=2", ["cards=8:", "limit=11: the knock limit is", "limit is given twice"]),
        ("colonel", "challenge=maybe challenge=no colour=red", ["challenge=maybe:", "given twice", "'colour'"]),
        ("rummy", "length=hands:0 cards=11 deal=7", ["length=hands:0:", "cards=11:", "unknown option 'deal'"]),
        ("skarney", "gin=20 length=hands:3", ["unknown option 'gin'", "unknown option 'length'"]),
    ],
)
def test_every_bad_field_is_named_in_one_message(game: str, options: str, messages: list[str]) -> None:
    gt = game_type(game)
    with pytest.raises(ValueError) as err:
        gt.make_rules(gt.variants[0], None, options)
    parts = str(err.value).split("; ")
    assert len(parts) == len(messages)
    for part, expected in zip(parts, messages, strict=True):
        assert expected in part


@pytest.mark.parametrize("text", ["+20", "2_0", "٣", "-0", "20.0", " "])
def test_numbers_are_plain_digits(text: str) -> None:
    with pytest.raises(ValueError, match="the gin bonus is a whole number from 0 to 1000"):
        option = game_type("gin").options.get("gin")
        assert option is not None
        option.parse(text)


def test_a_game_lists_its_options_with_values_and_defaults() -> None:
    gin = game_type("gin")
    rules = gin.make_rules("standard", None, "gin=20 biggin=no length=hands:8")
    shown = {e.option.key: (e.value, e.default) for e in gin.options.describe(rules, gin.make_rules("standard"))}
    assert shown["gin"] == ("20", "25")
    assert shown["biggin"] == ("no", "31")
    assert shown["length"] == ("hands:8", "target")
    assert shown["teams"] == (None, None)  # not chosen: partnerships score the sum
    assert shown["deal"] == ("10", "10") and shown["tie"] == ("yes", "yes")
    # what is shown reads back as the same rules
    again = ",".join(f"{k}={v}" for k, (v, _) in shown.items() if v is not None)
    assert gin.make_rules("standard", None, again) == rules
    colonel = game_type("colonel")
    entry = colonel.options.describe(colonel.make_rules("no-challenge"), colonel.make_rules("no-challenge"))[0]
    assert (entry.option.kind, entry.option.values, entry.value, entry.default) == ("yes/no", ("yes", "no"), "no", "no")
    ko = game_type("knockout").options
    assert [(o.key, o.kind, str(o.accepts)) for o in ko] == [
        ("cards", "choice", "7 or 10"),
        ("biggin", "yes/no", "yes or no"),
        ("limit", "number", "a whole number from 0 to 10"),
    ]
    limit = ko.get("LIMIT")
    assert limit is not None and limit.span == Span(0, 10)


@pytest.mark.parametrize("game", sorted(game_names()))
def test_shown_values_read_back_as_the_same_rules(game: str) -> None:
    gt = game_type(game)
    for variant in gt.variants:
        rules = gt.make_rules(variant)
        written = " ".join(f"{e.option.key}={e.value}" for e in gt.options.describe(rules, rules) if e.value)
        assert gt.make_rules(variant, None, written) == rules


def test_an_option_table_refuses_clashing_keys() -> None:
    with pytest.raises(ValueError, match="distinct lower-case"):
        OptionTable("x", (number("a", "a", "a", Span(0, 1)), yes_no("a", "b", "b")))
    with pytest.raises(ValueError, match="distinct lower-case"):
        OptionTable("x", (choice("Big", "big", "big", {"x": 1}),))
    assert GameType.__dataclass_fields__["options"].default is NO_OPTIONS  # a game without options needs no table
