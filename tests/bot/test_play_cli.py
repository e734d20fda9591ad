"""The terminal game, driven by scripted input (bot/play_cli.py)."""

from __future__ import annotations

import io

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
    assert text.count("Type a number from 1 to") == 2
    after = text.split("Type a number from 1 to")[-1]
    assert "AI (easy) takes the upcard" in after or "AI (easy) passes" in after


def test_a_whole_match_to_the_end_with_results_and_score() -> None:
    stdin = Always("1\n")  # always the first move: knock/gin when possible, else stock or the first discard
    code, text = run(["--seed", "11", "--level", "hard", "--target", "30"], stdin)
    assert code == 0
    assert "=== Hand 1 over ===" in text
    assert "Match score: You" in text
    assert "won the match" in text
    assert "AI (hard) discards" in text or "AI (hard) knocks" in text


def test_variant_and_bad_variant() -> None:
    code, text = run(["--seed", "2", "--variant", "oklahoma"], io.StringIO("q\n"))
    assert code == 0 and "Oklahoma" in text
    code, text = run(["--variant", "nonsense"], io.StringIO(""))
    assert code == 2 and "unknown variant" in text
