"""Guild settings and player names."""

from __future__ import annotations

import json
import sqlite3

from .db import transaction
from .records import GuildSettings


def get_settings(conn: sqlite3.Connection, guild_id: int) -> GuildSettings | None:
    row = conn.execute(
        "SELECT guild_id, default_variant, target, turn_timeout_s, allowed_channels, language, tournament_role"
        " FROM guild_settings WHERE guild_id = ?",
        (guild_id,),
    ).fetchone()
    if row is None:
        return None
    return GuildSettings(
        row[0],
        row[1],
        row[2],
        row[3],
        tuple(int(c) for c in json.loads(row[4])),
        row[5],
        None if row[6] is None else int(row[6]),
    )


def save_settings(conn: sqlite3.Connection, s: GuildSettings) -> None:
    with transaction(conn):
        conn.execute(
            "INSERT INTO guild_settings (guild_id, default_variant, target, turn_timeout_s, allowed_channels, language,"
            " tournament_role) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
            " default_variant = excluded.default_variant, target = excluded.target,"
            " turn_timeout_s = excluded.turn_timeout_s, allowed_channels = excluded.allowed_channels,"
            " language = excluded.language, tournament_role = excluded.tournament_role",
            (
                s.guild_id,
                s.default_variant,
                s.target,
                s.turn_timeout_s,
                json.dumps(list(s.allowed_channels)),
                s.language,
                s.tournament_role,
            ),
        )


def upsert_player(conn: sqlite3.Connection, guild_id: int, user_id: int, name: str, at: str) -> None:
    """Remember a display name (inside the caller's transaction)."""
    conn.execute(
        "INSERT INTO players (guild_id, user_id, name, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at",
        (guild_id, user_id, name, at),
    )
