"""``python -m bot selfplay``: one JSON line per hand and a result line, reproducible, exit codes."""

from __future__ import annotations

import io
import json

import pytest

from bot.selfplay import main


def run(*argv: str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize(
    "args",
    [
        ("--game", "gin", "--players", "2", "--seed", "4"),
        ("--game", "gin", "--players", "3", "--seed", "4", "--options", "length=hands:6"),
        ("--game", "gin", "--players", "4", "--seed", "4", "--level", "easy"),
        ("--game", "gin", "--players", "2", "--variant", "sequence", "--seed", "4", "--target", "60"),
        ("--game", "knockout", "--players", "3", "--seed", "4"),
    ],
)
def test_a_whole_match_one_line_per_hand_and_the_result(args: tuple[str, ...]) -> None:
    code, lines = run(*args)
    assert code == 0
    *hands, last = lines
    assert hands and all({"hand", "outcome", "scores"} <= set(h) for h in hands)
    assert [h["hand"] for h in hands] == list(range(1, len(hands) + 1))
    result = last["result"]
    assert result["totals"] == hands[-1]["scores"] and result["hands"] == len(hands)
    players = int(args[args.index("--players") + 1])
    assert len(result["totals"]) == (2 if players == 4 else players)
    if players == 4:
        assert set(result["totals"]) == {"0+2", "1+3"} and str(result["winner"]) in result["team"]


def test_the_same_seed_gives_the_same_output_and_another_seed_another() -> None:
    args = ["--game", "gin", "--players", "4", "--seed", "11", "--level", "hard"]
    first = run(*args)
    assert run(*args) == first
    assert run("--game", "gin", "--players", "4", "--seed", "12", "--level", "hard") != first
    ko = ["--game", "knockout", "--players", "4", "--seed", "3"]
    assert run(*ko) == run(*ko)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "gin", "--players", "5", "--seed", "1"], "played by 2, 3 or 4 players, not 5"),
        (["--game", "chess", "--seed", "1"], "unknown game 'chess'"),
        (["--game", "gin", "--seed", "x"], "invalid int value"),
        (["--game", "gin"], "required: --seed"),
        (["--game", "gin", "--seed", "1", "--options", "gin=abc"], "gin=abc: the gin bonus"),
        (["--game", "gin", "--seed", "1", "--players", "3", "--options", "teams=sum"], "four players"),
        (["--game", "gin", "--seed", "1", "--variant", "canasta"], "unknown variant"),
        (["--game", "gin", "--seed", "1", "--level", "godlike"], "unknown level"),
        (["--game", "knockout", "--seed", "1", "--players", "5"], "not 5"),
        (["--game", "gin", "--seed", "1", "--bogus"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(*args)
    err = capsys.readouterr().err
    assert code == 2 and lines == []
    assert err.count("\n") == 1 and err.startswith("selfplay: ") and message in err


def test_the_output_does_not_depend_on_the_process() -> None:
    import os
    import subprocess
    import sys

    args = [
        sys.executable,
        "-c",
        "import sys; from bot.selfplay import main; sys.exit(main(sys.argv[1:]))",
        "--game",
        "gin",
        "--players",
        "3",
        "--seed",
        "5",
        "--options",
        "length=hands:3",
    ]
    outs = [
        subprocess.run(
            args, capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": str(h)}
        ).stdout
        for h in (1, 2)
    ]
    assert outs[0] == outs[1] and outs[0].count("\n") == 4
