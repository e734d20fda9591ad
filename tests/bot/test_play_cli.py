"""The terminal game, driven by scripted input (bot/play_cli.py)."""

from __future__ import annotations

import io
import re

from bot.play_cli import main


class Always:
    """An endless stdin that answers the same line every time."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.reads = 0

    def readline(self) -> str:
        self.reads += 1
        return self.line


def run(argv: list[str], stdin) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=stdin, stdout=out)
    return code, out.getvalue()


def test_q_quits_cleanly_showing_hand_and_numbered_moves() -> None:
    code, text = run(["--seed", "3", "--level", "easy"], io.StringIO("q\n"))
    assert code == 0
    assert "Your hand: melds" in text and "deadwood" in text
    assert " 1) " in text and "Goodbye." in text


def test_end_of_input_quits_cleanly() -> None:
    code, text = run(["--seed", "3"], io.StringIO(""))
    assert code == 0 and "Goodbye." in text


def test_bad_input_is_refused_then_a_typed_move_is_played() -> None:
    # Seed 3: the AI deals, so we are first to act: the upcard offer.
    code, text = run(["--seed", "3", "--level", "easy"], io.StringIO("zz\n99\npass\nq\n"))
    assert code == 0
    assert text.count("That is not a move: type a number from the list, or a move") == 1
    assert text.count("There is no move 99") == 1
    after = text.split("There is no move 99")[-1]
    assert "AI (easy) takes the upcard" in after or "AI (easy) passes" in after


def test_an_illegal_move_gets_the_engines_reason() -> None:
    # The upcard offer: a discard is refused with the rule; then, drawn, a card not in the hand.
    code, text = run(["--seed", "3", "--level", "easy"], io.StringIO("discard 2C\npass\ndraw\ndiscard 7H\nq\n"))
    assert code == 0
    assert "Not allowed: First turn: take the upcard or pass." in text
    assert "Not allowed: 7♥ is not in your hand." in text
    assert "Type a number" not in text


def test_the_words_the_menu_shows_are_moves() -> None:
    # 'pass' on the offer, then 'stock' draws; a card alone is a discard of it.
    code, text = run(["--seed", "3", "--level", "easy"], io.StringIO("pass\nstock\nQd\nq\n"))
    assert code == 0 and "Not allowed" not in text and "not a move" not in text
    assert "(new card: " in text  # drawn from the stock
    assert text.count("Your hand: melds") == 4  # the offer, the draw, the discard, the next turn
    code, text = run(["--seed", "3", "--level", "easy"], io.StringIO("pass\ndraw\nq\n"))
    assert "(new card: " in text and "not a move" not in text


def test_discards_are_listed_by_the_deadwood_they_leave() -> None:
    _code, text = run(["--seed", "3", "--level", "easy"], io.StringIO("pass\nstock\nq\n"))
    menu = [int(m.group(1)) for m in re.finditer(r"\) discard \S+ \(deadwood (\d+)\)", text)]
    assert len(menu) == 11 and menu == sorted(menu)


def test_a_whole_match_to_the_end_with_results_and_score() -> None:
    stdin = Always("1\n")  # always the first move: the first draw, else the discard leaving the least deadwood
    code, text = run(["--seed", "11", "--level", "hard", "--target", "30"], stdin)
    assert code == 0
    assert "=== Hand 1 over ===" in text
    assert "Match score: You" in text
    assert "won the match" in text
    assert "AI (hard) discards" in text or "AI (hard) knocks" in text
    # the match end with every bonus
    end = text.split("won the match")[-1]
    assert "Final score:" in end and "hand points:" in end and "game bonus:" in end and "total:" in end
    # 'You' takes the plural verb
    assert not re.search(r"\bYou (lays|shows|scores|deals)\b", text)
    assert re.search(r"\bYou (lay down|show|deal|score)\b", text)


def test_variant_and_bad_variant() -> None:
    code, text = run(["--seed", "2", "--variant", "oklahoma"], io.StringIO("q\n"))
    assert code == 0 and "Oklahoma" in text
    code, text = run(["--variant", "nonsense"], io.StringIO(""))
    assert code == 2 and "unknown variant" in text
