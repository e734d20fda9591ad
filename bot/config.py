"""Settings from the environment (and an optional .env file beside the working directory)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

TOKEN_HELP = (
    "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications "
    "(Bot -> Reset Token), then put DISCORD_TOKEN=... in .env or the environment."
)


@dataclass(frozen=True, slots=True)
class Settings:
    token: str | None
    db_path: Path
    dev_guild: int | None  # commands sync instantly to this guild when set
    log_level: str

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env") -> "Settings":
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
            token=(values.get("DISCORD_TOKEN") or "").strip() or None,
            db_path=Path((values.get("GIN_DB") or "").strip() or "./gin.sqlite3"),
            dev_guild=int(guild) if guild else None,
            log_level=level,
        )
