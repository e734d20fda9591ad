"""The terminal game (bot/terminal), driven by scripted input: one program for every game and table
size, showing before each of your moves what the Discord text-only style shows."""

from __future__ import annotations

import io
import re

import pytest

from bot.engine import game_names, game_type
from bot.matchsetup import setup
from bot.terminal import grammar, main
from tests.pseudo_language import GAME_TITLES, english_left


class Always:
    """A stdin that answers the same line ``times`` times (a question too), then quits with 'q'."""

    def __init__(self, line: str, times: int = 100_000) -> None:
        self.line = line
        self.left = times

    def readline(self) -> str:
        self.left -= 1
        return self.line if self.left >= 0 else "q\n"


def run(argv: list[str], stdin: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=stdin, stdout=out, stderr=err)  # type: ignore[arg-type]
    return code, out.getvalue(), err.getvalue()


PROMPT = "Your move (number or move, help, q to quit): "
BAD = [
    (re.compile(r"\bYou (deals|is|has|scores|takes|draws|discards|knocks|goes|wins)\b"), "a verb for 'he' after 'You'"),
    (re.compile(r"(?<![\d.])\b1 (cards|hands|points)\b"), "a plural after 1"),
    (re.compile(r"^\s*(and|\.) ", re.M), "a fragment"),
]


def test_q_quits_after_the_table_the_score_the_hand_and_the_numbered_moves() -> None:
    code, text, _ = run(["--seed", "3", "--level", "easy"], io.StringIO("q\n"))
    assert code == 0 and text.rstrip().endswith("Goodbye.")
    before = text.split(PROMPT)[0]
    assert "Stock: 31 cards." in before and "Match: You 0 · AI (easy) 0" in before
    assert "Deadwood " in before and "   1) " in before


def test_end_of_input_quits_cleanly() -> None:
    code, text, _ = run(["--seed", "3"], io.StringIO(""))
    assert code == 0 and "Goodbye." in text


def test_bad_input_is_refused_then_a_typed_move_is_played() -> None:
    code, text, _ = run(["--seed", "3", "--level", "easy"], io.StringIO("zz\n99\npass\nq\n"))
    assert code == 0
    assert text.count("That is not a move") == 1 and text.count("There is no move 99") == 1
    assert "You passed on the upcard" in text


def test_an_illegal_move_gets_the_engines_reason() -> None:
    code, text, _ = run(["--seed", "3", "--level", "easy"], io.StringIO("discard 2C\npass\nq\n"))
    assert code == 0 and "Not allowed: First turn: take the upcard or pass." in text


def test_help_lists_the_words() -> None:
    code, text, _ = run(["--seed", "3", "--level", "easy"], io.StringIO("help\nq\n"))
    assert code == 0 and "Type one of:" in text


@pytest.mark.parametrize(("game", "seats"), [(g, n) for g in game_names() for n in game_type(g).seat_counts])
def test_every_game_plays_with_the_table_before_every_prompt(game: str, seats: int) -> None:
    """Always the first move (and yes to every question): the stock and the score stand before every
    prompt, at most 20 numbered moves a prompt, and the words read right."""
    code, text, _ = run(["--game", game, "--players", str(seats), "--seed", "4", "--level", "easy"], Always("1\n", 300))
    assert code == 0
    turns = text.split(PROMPT)[:-1][:150]
    assert turns
    for turn in turns:
        if turn.startswith(("There is no move", "That is not a move", "Not played")):
            continue  # the same prompt again after a refused answer
        shown = turn.split("\n\n")[-1] if "\n\n" in turn else turn
        assert re.search(r"(?i)stock:? \d+", turn), shown[:400]
        assert re.search(r"(Match|Score|Penalties|Teams): ", turn), shown[:400]
        numbered = re.findall(r"^\s+(\d+)\) ", turn, re.M)
        assert len(numbered) <= 20  # more moves wait in lettered submenus
    problems = [f"{why}: {m.group(0)!r}" for pattern, why in BAD for m in pattern.finditer(text)]
    assert not problems, problems[:10]


def test_a_whole_two_player_match_ends_with_every_bonus() -> None:
    code, text, _ = run(["--seed", "11", "--level", "hard", "--target", "30"], Always("1\n"))
    assert code == 0
    assert "=== Hand 1 over ===" in text
    end = text.split("=== Hand")[-1]
    assert re.search(r"wins the match \d+ to \d+ after \d+ hands", end)
    assert "game bonus" in end and "total You" in end and "Goodbye." not in end


def test_bad_arguments_exit_2_with_one_line_on_stderr() -> None:
    for argv, words in (
        (["--game", "nonsense"], "nonsense"),
        (["--game", "gin", "--players", "5"], "5"),
        (["--game", "gin", "--players", "3", "--options", "gin=lots"], "gin=lots"),
        (["--level", "superb"], "superb"),
        (["--players", "three"], "three"),
        (["--whatever"], "--whatever"),
    ):
        code, out, err = run(argv, io.StringIO(""))
        assert code == 2, argv
        assert out == "" and len(err.strip().splitlines()) == 1 and words in err, (argv, err)
        assert err.startswith("play: ") and "'" not in err.split(":", 1)[1][:2]


def test_the_language_comes_from_lang_or_the_environment() -> None:
    from bot.terminal.cli import environment_language

    assert environment_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert environment_language({"LC_ALL": "pt_BR.UTF-8", "LANG": "de_DE.UTF-8"}) == "pt_BR"
    assert environment_language({"LANG": "C.UTF-8"}) is None and environment_language({}) is None
    err = io.StringIO()
    assert main(["--lang", "xx"], stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err) == 2
    assert "--lang must be one of" in err.getvalue()


class Script:
    """A stdin that answers ``first`` line by line, then ``line`` ``times`` times, then quits with 'q'."""

    def __init__(self, first: list[str], line: str, times: int) -> None:
        self.first, self.line, self.left = list(first), line, times

    def readline(self) -> str:
        if self.first:
            return self.first.pop(0)
        self.left -= 1
        return self.line if self.left >= 0 else "q\n"


# help, refusals, a question answered no, an illegal move, every submenu letter (most not there)
_TRIED = ["help\n", "zz\n", "99\n", "resign\n", "n\n", "discard 2C\n", "m\n", "more\n", "b\n", "l\n", "o\n", "k\n"]
# what the player types stays these words (the help explains them in his language)
_TYPED = {"draw", "pile", "list", "resign", "help", "q"}


@pytest.mark.parametrize(("game", "seats"), [("gin", 2), ("gin", 4), ("knockout", 3), ("skarney", 2), ("rummy", 4)])
def test_the_pseudo_language_leaves_no_english_word_of_the_terminals_own(game: str, seats: int) -> None:
    """--lang qps: every text written is a catalogue text (in ⟦brackets⟧), but names, cards, numbers,
    the games' titles, the commands typed and the rules' summary (the engine's words, not the
    terminal's: left in English for now, as in Discord)."""
    argv = ["--lang", "qps", "--seed", "3", "--game", game, "--players", str(seats)]
    code, text, _ = run(argv, Script(_TRIED, "1\n", 400))
    assert code == 0
    rules = setup(game, seats, None, "", None, "normal").new(3).rules
    summary = set(rules.summary())
    shown = "\n".join(line for line in text.splitlines() if line.strip() not in summary)
    assert shown.count("⟦") > 100 and "Goodbye" not in shown
    # the moves as the game writes them, which the help gives as examples of what may be typed
    examples = {word for typed in re.findall(r"\(é\.g\. '([^'⟦]*)'\)", shown) for word in typed.split()}
    assert examples
    left = english_left(shown, {*GAME_TITLES, rules.name, *_TYPED, *examples})
    assert left == [], sorted(set(left))


def test_the_english_grammar_is_for_english_only() -> None:
    from bot.i18n import PSEUDO, speaking
    from bot.terminal.words import sentences

    with speaking("en"):
        assert grammar("You deals 1 cards.") == "You deal 1 card."
    with speaking(PSEUDO):
        assert grammar("You deals 1 cards.") == "You deals 1 cards."
        assert sentences("⟦Stöçk: 31 çárds.···⟧ ⟦Ýöü·⟧ 0 pöîñts. Älles gut! Ñöw.") == [
            "⟦Stöçk: 31 çárds.···⟧",
            "⟦Ýöü·⟧ 0 pöîñts.",
            "Älles gut!",
            "Ñöw.",
        ]
