"""python -m bot replay FILE: a match file shown move by move in the text-only style's words, one hand
with --hand, and a bad file or a missing hand answered in one line with exit 2."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import bot.ai
from bot.ai import no_deadline
from bot.engine import RESIGN_TEXT, game_type, next_actor
from bot.replay_cli import main
from bot.replay_file import ReplayFile, read
from tests.pseudo_language import GAME_TITLES, english_left


def _played(game: str, seats: int, seed: int) -> ReplayFile:
    gt = game_type(game)
    rules = gt.make_rules(gt.variants[0], None, "")
    state = gt.new(rules, seed, seats)
    choose = bot.ai.chooser_for(game)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    with no_deadline():
        while not state.finished:
            seat = next_actor(state)
            action = choose(state.seat_view(seat), "normal", rng)
            moves.append((seat, str(action)))
            state.apply(seat, action)
    names = tuple(f"P{i + 1}" for i in range(seats))
    return ReplayFile(gt, 7, rules, seed, names, tuple(moves))


@pytest.mark.parametrize(("game", "seats"), [("gin", 2), ("knockout", 3), ("rummy", 4)])
def test_a_file_round_trips_and_shows_every_move(game: str, seats: int, tmp_path: Path) -> None:
    replay = _played(game, seats, seed=4)
    again = read(replay.to_json())
    assert again == replay
    path = tmp_path / "m.json"
    path.write_text(replay.to_json(), encoding="utf-8")
    out = io.StringIO()
    assert main([str(path)], out) == 0
    lines = out.getvalue().splitlines()
    moved = [line for line in lines if line[:4].strip().isdigit()]
    assert len(moved) == len(replay.moves)
    final = replay.states()[-1]
    assert final.finished and len(final.hands) >= 1
    one = io.StringIO()
    assert main([str(path), "--hand", "1"], one) == 0
    assert 0 < len(one.getvalue().splitlines()) < len(lines)


def test_a_resignation_replays(tmp_path: Path) -> None:
    replay = _played("gin", 2, seed=5)
    cut = ReplayFile(replay.game, 1, replay.rules, replay.seed, replay.names, (*replay.moves[:5], (0, RESIGN_TEXT)))
    assert cut.states()[-1].finished


@pytest.mark.parametrize(
    ("text", "said"),
    [("{", "not a replay file"), ('{"format": "x"}', "not a replay file"), ('{"format": "gin-replay/1"}', "valid")],
)
def test_a_bad_file_is_one_line_and_exit_2(
    text: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert main([str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("replay: ") and said in err and "\n" not in err


def test_a_missing_hand_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.json"
    path.write_text(_played("gin", 2, seed=4).to_json(), encoding="utf-8")
    assert main([str(path), "--hand", "99"], io.StringIO()) == 2
    assert "has no hand 99" in capsys.readouterr().err


def test_the_pseudo_language_leaves_no_english_word(tmp_path: Path) -> None:
    """--lang qps: the replay's own words are catalogue texts too (in ⟦brackets⟧), but the rules'
    summary (the engine's words) and the names."""
    replay = _played("gin", 2, seed=4)
    path = tmp_path / "m.json"
    path.write_text(replay.to_json(), encoding="utf-8")
    out = io.StringIO()
    assert main([str(path), "--lang", "qps"], out) == 0
    summary = set(replay.rules.summary())
    shown = "\n".join(line for line in out.getvalue().splitlines() if line.strip() not in summary)
    assert shown.count("⟦") > 20
    left = english_left(shown, {*GAME_TITLES, *replay.names, replay.rules.name})
    assert left == [], sorted(set(left))
