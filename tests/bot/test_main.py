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
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        input=stdin,
        text=True,
        capture_output=True,
        timeout=60,
        env={**clean, "PYTHONPATH": str(REPO), **env},
    )


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


def test_unreachable_discord_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:  # a local port with nothing listening: connection refused
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "GIN_"))}
    done = subprocess.run(
        [sys.executable, str(REPO / "fakediscord" / "run_bot_against_fake.py")],
        cwd=tmp_path,
        text=True,
        capture_output=True,
        timeout=60,
        env={
            **clean,
            "PYTHONPATH": str(REPO),
            "DISCORD_TOKEN": "x.y.z",
            "GIN_FAKE_DISCORD_URL": f"http://127.0.0.1:{port}",
            "GIN_DB": str(tmp_path / "gin.sqlite3"),
        },
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert [line for line in done.stderr.splitlines() if line.startswith("gin-bot: cannot reach Discord")]


def test_help_mentions_the_terminal_game(tmp_path: Path) -> None:
    done = run(["--help"], tmp_path)
    assert done.returncode == 0 and "python -m bot play" in done.stdout


def test_an_unusable_database_is_one_line_exit_2_and_untouched(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database at all\n" * 100)
    before = garbage.read_bytes()
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    for db, says in ((garbage, "is not a SQLite database"), (blocker / "gin.sqlite3", "a part of the path is a file")):
        done = run([], tmp_path, DISCORD_TOKEN="x.y.z", GIN_DB=str(db))
        assert done.returncode == 2, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("gin-bot: ") and says in lines[0] and "Traceback" not in lines[0]
    assert garbage.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "garbage.sqlite3"]
