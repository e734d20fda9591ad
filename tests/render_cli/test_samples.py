"""python -m render --game G --players N: every picture kind of a seeded match, for every game and
table size, in both deck styles, with the words of each picture."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.engine import game_names, game_type
from render.__main__ import main

TABLES = [(g, n) for g in game_names() for n in game_type(g).seat_counts]


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_every_picture_kind_of_every_table(game: str, seats: int, tmp_path: Path) -> None:
    assert main(["--game", game, "--players", str(seats), "--seed", "3", "--out", str(tmp_path), "--scale", "1"]) == 0
    prefix = f"{game}{seats}"
    for style in ("2colour", "4colour"):
        kinds = ["table", "match-end", *(f"hand-seat{s}" for s in range(seats))]
        for kind in kinds:
            png = (tmp_path / f"{prefix}-{kind}-{style}.png").read_bytes()
            picture = Image.open(io.BytesIO(png))
            assert picture.format == "PNG" and 0 < picture.width <= 550
    words = (tmp_path / f"{prefix}-words.txt").read_text(encoding="utf-8")
    assert "table:" in words and "match-end:" in words


def test_an_unknown_game_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["--game", "nope", "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("render: unknown game 'nope'")
