"""Settings from the environment (and an optional .env file beside the working directory)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from dotenv import dotenv_values

from bot.constants import DISCORD_GLOBAL_PER_SECOND, DISCORD_RATE, SNAPSHOT_EVERY

METRICS_HOST = "0.0.0.0"  # every interface: a container's port is reached from outside it

TOKEN_HELP = (
    "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications "
    "(Bot -> Reset Token), then put DISCORD_TOKEN=... in .env or the environment."
)


@dataclass(frozen=True, slots=True)
class Settings:
    token: str | None
    db_path: Path | str  # a SQLite file, or a postgresql:// URL (kept as text: a Path would mangle it)
    dev_guild: int | None  # commands sync instantly to this guild when set
    log_level: str
    ai_delay_s: float = 1.2  # the bot's pause before each of its moves (feels human)
    tick_s: float = 15.0  # scheduler period: challenge expiry, turn deadlines
    seed: int | None = None  # fixed deal seeds, for demos and tests only
    render_workers: int | None = None  # picture worker processes: None one per core, 0 none (a thread)
    snapshot_every: int = SNAPSHOT_EVERY  # a move rewrites its match's snapshot every n moves (1: every move)
    # Requests a second the whole bot token may send on Discord's shared (global) limit; sharded
    # processes split it by their share of the shards (bot/pacer.py, docs/deploy.md).
    discord_rate: float = DISCORD_RATE
    metrics_port: int | None = None  # the Prometheus endpoint's port (bot.metrics); None: no endpoint
    metrics_host: str = METRICS_HOST  # the address it listens on

    @property
    def database_label(self) -> str:
        """The database as logs may name it: a URL's password replaced by '***'."""
        return redact_url(str(self.db_path))

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env") -> Settings:
        """Read settings; real environment variables win over the .env file."""
        values: dict[str, str] = {}
        if env_file is not None and Path(env_file).is_file():
            values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
        values.update(os.environ if environ is None else environ)
        guild = (values.get("GIN_DEV_GUILD") or "").strip()
        if guild and not guild.isdigit():
            raise ValueError(f"GIN_DEV_GUILD must be a server id (digits), not {guild!r}")
        level = (values.get("GIN_LOG_LEVEL") or "INFO").strip().upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise ValueError(f"GIN_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
        return cls(
            ai_delay_s=_number(values, "GIN_AI_DELAY", 1.2),
            tick_s=_number(values, "GIN_TICK", 15.0),
            seed=int(_number(values, "GIN_SEED", -1)) if (values.get("GIN_SEED") or "").strip() else None,
            token=(values.get("DISCORD_TOKEN") or "").strip() or None,
            db_path=_database((values.get("GIN_DB") or "").strip() or "./gin.sqlite3"),
            dev_guild=int(guild) if guild else None,
            log_level=level,
            render_workers=(
                int(_number(values, "GIN_RENDER_WORKERS", 0))
                if (values.get("GIN_RENDER_WORKERS") or "").strip()
                else None
            ),
            snapshot_every=_count(values, "GIN_SNAPSHOT_EVERY", SNAPSHOT_EVERY),
            discord_rate=_rate(values),
            metrics_port=_port(values, "GIN_METRICS_PORT"),
            metrics_host=(values.get("GIN_METRICS_HOST") or "").strip() or METRICS_HOST,
        )


def redact_url(value: str) -> str:
    """``value`` with the password of a ``scheme://user:password@host`` URL replaced by '***'."""
    parts = urlsplit(value)
    if not parts.scheme or parts.password is None:
        return value
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _database(value: str) -> Path | str:
    """GIN_DB: a PostgreSQL server's URL as it is, anything else a SQLite file's path."""
    return value if value.startswith(("postgresql://", "postgres://")) else Path(value)


def _number(values: Mapping[str, str], name: str, default: float) -> float:
    raw = (values.get(name) or "").strip()
    if not raw:
        return default
    try:
        number = float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {raw!r}") from None
    if number < 0:
        raise ValueError(f"{name} must not be negative, not {raw!r}")
    return number


def _rate(values: Mapping[str, str]) -> float:
    rate = _number(values, "GIN_DISCORD_RATE", DISCORD_RATE)
    if not 0 < rate <= DISCORD_GLOBAL_PER_SECOND:
        raise ValueError(
            f"GIN_DISCORD_RATE must be above 0 and at most {DISCORD_GLOBAL_PER_SECOND:g} (Discord's limit)"
        )
    return rate


def _count(values: Mapping[str, str], name: str, default: int) -> int:
    """A whole number of at least 1 (``default`` when unset)."""
    raw = (values.get(name) or "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, not {raw!r}")
    return int(raw)


def _port(values: Mapping[str, str], name: str) -> int | None:
    """A TCP port from 1 to 65535, or None when unset."""
    raw = (values.get(name) or "").strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()) or not 1 <= int(raw) <= 65535:
        raise ValueError(f"{name} must be a port number from 1 to 65535, not {raw!r}")
    return int(raw)
