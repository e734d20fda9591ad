"""Each player's look (/gin style: deck colours, card size, text only) and each server's turn-ping
grace period. Plain functions on the connection, run by the Store as one queued call each."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from .db import transaction
from .timefmt import to_db

CARD_SIZES: Final = ("small", "normal", "large")

PING_GRACE_DEFAULT_S: Final = 60  # the column's default in migration 0003
PING_GRACE_MAX_S: Final = 3600


@dataclass(frozen=True, slots=True)
class PlayerStyle:
    """How one player's private messages look: four-colour deck, card size, words instead of pictures,
    loose cards by rank or by suit, hints shown or not."""

    user_id: int
    four_colour: bool = False
    card_size: str = "normal"
    text_only: bool = False
    card_order: str = "rank"
    hints: bool = True
    language: str | None = None  # None: the language of his Discord client


def get_player_style(conn: sqlite3.Connection, user_id: int) -> PlayerStyle | None:
    row = conn.execute(
        "SELECT user_id, four_colour, card_size, text_only, card_order, hints, language FROM player_styles"
        " WHERE user_id = ?",
        (user_id,),
    ).fetchone()
    if row is None:
        return None
    return PlayerStyle(
        int(row[0]), bool(row[1]), str(row[2]), bool(row[3]), str(row[4]), bool(row[5]), row[6] and str(row[6])
    )


def save_player_style(conn: sqlite3.Connection, style: PlayerStyle, at: datetime) -> None:
    with transaction(conn):
        conn.execute(
            "INSERT INTO player_styles"
            " (user_id, four_colour, card_size, text_only, card_order, hints, language, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET four_colour = excluded.four_colour,"
            " card_size = excluded.card_size, text_only = excluded.text_only, card_order = excluded.card_order,"
            " hints = excluded.hints, language = excluded.language, updated_at = excluded.updated_at",
            (
                style.user_id,
                int(style.four_colour),
                style.card_size,
                int(style.text_only),
                style.card_order,
                int(style.hints),
                style.language,
                to_db(at),
            ),
        )


def get_ping_grace(conn: sqlite3.Connection, guild_id: int) -> int | None:
    """The server's grace period in seconds, or None if it has no settings row yet."""
    row = conn.execute("SELECT ping_grace_s FROM guild_settings WHERE guild_id = ?", (guild_id,)).fetchone()
    return None if row is None else int(row[0])


def save_ping_grace(conn: sqlite3.Connection, guild_id: int, seconds: int) -> None:
    """Set the grace period; a server without a settings row gets one with every other default."""
    with transaction(conn):
        conn.execute(
            "INSERT INTO guild_settings (guild_id, ping_grace_s) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET ping_grace_s = excluded.ping_grace_s",
            (guild_id, seconds),
        )
