"""``python -m bot``: no token -> one helpful line and exit 2; ``play`` goes to the terminal game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.config import TOKEN_HELP

REPO = Path(__file__).resolve().parents[2]


def run(args: list[str], tmp_path: Path, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "GIN_"))}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, input=stdin, text=True,
                          capture_output=True, timeout=60, env={**clean, "PYTHONPATH": str(REPO), **env})


def test_no_token_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    done = run([], tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == TOKEN_HELP
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_no_token_with_sync_flag_too(tmp_path: Path) -> None:
    done = run(["--sync"], tmp_path, GIN_DEV_GUILD="123")
    assert done.returncode == 2 and done.stderr.strip() == TOKEN_HELP


def test_bad_setting_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    done = run([], tmp_path, DISCORD_TOKEN="x", GIN_DEV_GUILD="not-a-number")
    assert done.returncode == 2
    assert "GIN_DEV_GUILD" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_play_is_handed_to_the_terminal_game(tmp_path: Path) -> None:
    done = run(["play", "--help"], tmp_path)
    assert done.returncode == 0
    assert "python -m bot play" in done.stdout
