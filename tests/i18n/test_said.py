"""The engine's texts for players (rules summaries, option descriptions, refused options) are
catalogue ids with fields: every one is found by the extraction, and ``Texts.said`` translates
them, nested fields and plurals included, while ``str()`` stays the English."""

from __future__ import annotations

import pickle

import pytest

from bot.engine import Counted, OptionError, Said, game_names, game_type
from bot.i18n import PSEUDO, texts
from bot.i18n.extract import template_catalogue
from bot.i18n.pseudo import OPEN
from bot.tables import Refusal, sentence


@pytest.fixture(scope="module")
def ids() -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in template_catalogue() if m.id}


def _said(x: object) -> list[Said]:
    """``x`` and every Said among its fields, depth first."""
    if not isinstance(x, Said):
        return []
    return [x, *(s for v in x.fields.values() for s in _said(v))]


@pytest.mark.parametrize("game", sorted(game_names()))
def test_every_summary_line_and_option_text_is_an_extracted_id(game: str, ids: set[str]) -> None:
    gt = game_type(game)
    lines = [line for v in gt.variants for line in gt.make_rules(v).summary()]
    texts_ = [*lines, *(Said(o.what) for o in gt.options), *(o.accepts for o in gt.options)]
    missing = {s.message for x in texts_ for s in _said(x) if s.message not in ids and s.message != "{word}"}
    assert missing == set()


def test_an_options_error_keeps_its_ids_and_its_english() -> None:
    with pytest.raises(OptionError) as err:
        game_type("gin").make_rules("standard", None, "gin=abc banana")
    e = err.value
    english = (
        "gin=abc: the gin bonus is a whole number from 0 to 1000; unknown option 'banana' "
        "(known: gin, undercut, tie, biggin, line, game, shutout, knock, stockout, deal, length, teams)"
    )
    assert str(e) == english and texts("en").said(e) == english
    pseudo = texts(PSEUDO).said(e)
    assert pseudo.count(OPEN) >= 4 and "banana" in pseudo  # the joined, the prefixed and the named texts
    refusal = Refusal.of_error(e)
    assert refusal.as_sentence and refusal.reason == sentence(english) == english + "."
    assert (refusal.message, refusal.fields) == (e.message, e.fields)


def test_a_counted_text_takes_the_form_of_its_count() -> None:
    one, many = (Counted("{n} hand", "{n} hands", n, n=n) for n in (1, 3))
    assert (str(one), str(many)) == ("1 hand", "3 hands")
    assert (texts("en").said(one), texts("en").said(many)) == ("1 hand", "3 hands")
    assert Said("a {x}", x=Said("b")) == Said("a {x}", x=Said("b")) and str(Said("a {x}", x=Said("b"))) == "a b"


def test_a_plain_value_error_becomes_an_english_sentence() -> None:
    refusal = Refusal.of_error(ValueError("unknown thing 'x'"))
    assert (refusal.message, refusal.fields, refusal.reason) == ("unknown thing 'x'", {}, "Unknown thing 'x'.")


def test_a_said_and_a_counted_pickle_to_equal_texts() -> None:
    """A picture worker gets its view's texts pickled (a tournament's titles)."""
    nested = Said("{option} is not known", option=Said("gin bonus"))
    counted = Counted("{n} round", "{n} rounds", 3, n=3)
    for said in (nested, counted):
        again = pickle.loads(pickle.dumps(said))
        assert again == said and type(again) is type(said) and str(again) == str(said)
