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


# -- any game, any table size (the game protocol) ---------------------------------------------------


def test_three_player_gin_plays_to_the_end_with_every_hand_scored() -> None:
    code, text = run(["--game", "gin", "--players", "3", "--seed", "3", "--level", "easy"], Always("1\n"))
    assert code == 0
    assert text.startswith("Gin Rummy for 3, against the AI (easy).")
    hands = re.findall(r"=== Hand (\d+) over ===", text)
    assert hands and [int(h) for h in hands] == list(range(1, len(hands) + 1))
    assert text.count("Match score: You ") == len(hands)
    assert "AI 1 (easy)" in text and "AI 2 (easy)" in text
    assert re.search(r"wins after \d+ hands", text.split("=== Hand")[-1])  # the match end, every seat ranked
    assert "Your hand (You)" in text and " 1) " in text


def test_a_partnership_names_your_partner_and_ends_with_the_teams() -> None:
    code, text = run(["--game", "gin", "--players", "4", "--seed", "5", "--level", "easy"], Always("1\n"))
    assert code == 0
    assert "Your partner: AI 2 (easy)." in text
    end = text.split("=== Hand")[-1]
    assert "You & AI 2 (easy)" in end and " win after " in end


def test_the_same_seed_gives_the_same_game() -> None:
    argv = ["--game", "knockout", "--players", "3", "--seed", "8", "--level", "easy"]
    first = run(argv, Always("1\n"))
    assert first[0] == 0 and "Knockout Gin for 3" in first[1] and "wins Knockout after" in first[1]
    assert run(argv, Always("1\n")) == first


def test_table_games_take_typed_moves_and_refuse_illegal_ones_with_the_reason() -> None:
    # Rummy: the first turn is a draw; a typed discard is refused by the engine, a typed draw is played.
    code, text = run(["--game", "rummy", "--players", "3", "--seed", "2"], io.StringIO("discard AS\ndraw stock\nq\n"))
    assert code == 0 and "Goodbye." in text
    assert text.count("Not allowed: ") == 1
    assert "That is not a move" not in text
    after = text.split("Not allowed: ")[1]
    assert "Your hand (8 cards" in after  # drawn: the hand again, one card more, the discards to choose from
    code, text = run(["--game", "colonel", "--seed", "2"], io.StringIO("zz\n0\nDraw from the stock\nq\n"))
    assert code == 0 and "That is not a move" in text and "There is no move 0" in text
    assert "Not allowed" not in text and text.count("Your hand (") >= 2  # the words of the list are a move


def test_bad_arguments_exit_2_with_one_line() -> None:
    for argv, words in (
        (["--game", "nonsense"], "nonsense"),
        (["--game", "gin", "--players", "5"], "5"),
        (["--game", "knockout", "--players", "9"], "9"),
        (["--game", "gin", "--players", "3", "--options", "gin=lots"], "gin=lots"),
        (["--level", "superb"], "superb"),
        (["--players", "three"], "three"),
        (["--whatever"], "--whatever"),
    ):
        code, text = run(argv, io.StringIO(""))
        assert code == 2, argv
        assert len(text.strip().splitlines()) == 1 and words in text, (argv, text)
