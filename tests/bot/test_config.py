from pathlib import Path

import pytest

from bot.config import Settings
from bot.constants import SNAPSHOT_EVERY


def test_defaults_when_nothing_is_set(tmp_path: Path) -> None:
    s = Settings.from_env({}, env_file=tmp_path / "missing.env")
    assert s.token is None
    assert s.db_path == Path("./gin.sqlite3")
    assert s.dev_guild is None and s.log_level == "INFO"


def test_environment_wins_over_env_file(tmp_path: Path) -> None:
    f = tmp_path / ".env"
    f.write_text("DISCORD_TOKEN=from-file\nGIN_DB=/tmp/a.sqlite3\nGIN_DEV_GUILD=42\n")
    s = Settings.from_env({"GIN_DB": "/tmp/b.sqlite3"}, env_file=f)
    assert s.token == "from-file"
    assert s.db_path == Path("/tmp/b.sqlite3")
    assert s.dev_guild == 42


@pytest.mark.parametrize("key,value", [("GIN_DEV_GUILD", "abc"), ("GIN_LOG_LEVEL", "loud")])
def test_bad_values_are_refused_with_the_name(tmp_path: Path, key: str, value: str) -> None:
    with pytest.raises(ValueError, match=key):
        Settings.from_env({key: value}, env_file=tmp_path / "none")


def test_demo_knobs_are_numbers(tmp_path: Path) -> None:
    s = Settings.from_env({"GIN_AI_DELAY": "0", "GIN_TICK": "0.5", "GIN_SEED": "7"}, env_file=tmp_path / "none")
    assert (s.ai_delay_s, s.tick_s, s.seed) == (0.0, 0.5, 7)
    with pytest.raises(ValueError, match="GIN_TICK"):
        Settings.from_env({"GIN_TICK": "soon"}, env_file=tmp_path / "none")


def test_a_database_url_is_logged_without_its_password() -> None:
    from bot.config import Settings

    settings = Settings.from_env({"GIN_DB": "postgresql://gin:s3cret@db.example:5432/gin"}, env_file=None)
    assert settings.db_path == "postgresql://gin:s3cret@db.example:5432/gin"
    assert settings.database_label == "postgresql://gin:***@db.example:5432/gin"
    assert Settings.from_env({"GIN_DB": "data/gin.sqlite3"}, env_file=None).database_label == "data/gin.sqlite3"


def test_snapshot_interval_is_a_whole_number_of_at_least_one(tmp_path: Path) -> None:
    assert Settings.from_env({}, env_file=tmp_path / "none").snapshot_every == SNAPSHOT_EVERY
    assert Settings.from_env({"GIN_SNAPSHOT_EVERY": " 1 "}, env_file=tmp_path / "none").snapshot_every == 1
    assert Settings.from_env({"GIN_SNAPSHOT_EVERY": "32"}, env_file=tmp_path / "none").snapshot_every == 32
    for bad in ("0", "-4", "2.5", "often"):
        with pytest.raises(ValueError, match="GIN_SNAPSHOT_EVERY"):
            Settings.from_env({"GIN_SNAPSHOT_EVERY": bad}, env_file=tmp_path / "none")


def test_the_metrics_port_is_off_unless_set_and_must_be_a_port(tmp_path: Path) -> None:
    none = tmp_path / "none"
    s = Settings.from_env({}, env_file=none)
    assert s.metrics_port is None and s.metrics_host == "0.0.0.0"
    s = Settings.from_env({"GIN_METRICS_PORT": " 9108 ", "GIN_METRICS_HOST": "127.0.0.1"}, env_file=none)
    assert (s.metrics_port, s.metrics_host) == (9108, "127.0.0.1")
    assert Settings.from_env({"GIN_METRICS_PORT": "65535"}, env_file=none).metrics_port == 65535
    for bad in ("0", "65536", "-1", "9108.0", "http", "٩١٠٨"):
        with pytest.raises(ValueError, match="GIN_METRICS_PORT"):
            Settings.from_env({"GIN_METRICS_PORT": bad}, env_file=none)


def test_every_setting_read_is_documented_and_in_the_example_file() -> None:
    import ast
    import re

    root = Path(__file__).resolve().parents[2]
    tree = ast.parse((root / "bot" / "config.py").read_text(encoding="utf-8"))
    names = {
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and re.fullmatch(r"(GIN|DISCORD)_[A-Z_]+", n.value)
    }
    assert "GIN_METRICS_PORT" in names
    table = (root / "docs" / "operations.md").read_text(encoding="utf-8")
    example = (root / ".env.example").read_text(encoding="utf-8")
    assert {n for n in names if f"`{n}`" not in table} == set()
    assert {n for n in names if not re.search(rf"^{n}=", example, re.M)} == set()
