"""Shared helpers for the store and table-service tests (real SQLite files or a real PostgreSQL, no mocks)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

from bot.ai import greedy_action
from bot.engine import GameRules, SeatViewLike
from bot.engine.gin import SeatView
from bot.engine.knock import Action, Ruleset
from bot.store import PlayerStats, dialect, is_postgres_url
from bot.store.stats import DEFAULT_FAMILY, get_stats
from bot.tables import ActResult, MatchInfo, TableService
from tests.store.pg import pg_execute, pg_fetch, pg_fetch_each


def first_legal(view: SeatView, level: str, rng: random.Random) -> Action:
    """A test double for the AI's chooser: the first legal move."""
    return view.legal[0]


def gin_view(view: SeatViewLike) -> SeatView:
    """A seat view of a two-player Gin match, as the service returns it (typed as any game's view)."""
    assert isinstance(view, SeatView), f"not a two-player Gin view: {type(view).__name__}"
    return view


def gin_rules(rules: GameRules) -> Ruleset:
    """A Gin match's rules, as the service's records hold them (typed as any game's)."""
    assert isinstance(rules, Ruleset), f"not Gin's rules: {type(rules).__name__}"
    return rules


def turn_of(info: MatchInfo) -> int:
    """The seat to move in a match the test expects to be going on."""
    seat = info.public.turn
    assert seat is not None, f"match {info.id} is over: nobody is to move"
    return seat


def stats_of(conn: sqlite3.Connection, guild_id: int, user_id: int, family: str = DEFAULT_FAMILY) -> PlayerStats:
    """A player's stats in one family, which the test expects to have been recorded."""
    found = get_stats(conn, guild_id, user_id, family)
    assert found is not None, f"no stats of user {user_id} in guild {guild_id}, {family}"
    return found


TABLES = (
    "guild_settings",
    "players",
    "matches",
    "match_seats",
    "challenges",
    "table_places",
    "hands",
    "moves",
    "snapshots",
    "player_stats",
    "player_counters",
    "rating_changes",
    "outbox",
    "seasons",
    "season_standings",
    "tournaments",
    "tournament_entries",
    "tournament_matches",
    "tournament_outbox",
)


def dump(path: Path | str) -> dict[str, list[tuple]]:
    """Every committed row of every table, read with a separate plain connection (either store)."""
    if is_postgres_url(path):
        rows = pg_fetch_each(str(path), [f"SELECT * FROM {t} ORDER BY 1, 2" for t in TABLES])
        return dict(zip(TABLES, rows, strict=True))
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}
    finally:
        conn.close()


def query(path: Path | str, sql: str, *args: object) -> list[tuple]:
    """Rows of one statement (SQLite's text: ``?`` placeholders) on a separate connection (either store)."""
    if is_postgres_url(path):
        return pg_fetch(str(path), dialect.placeholders(sql), *args)
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


async def play_one(svc: TableService, match_id: int) -> ActResult:
    """Make one sensible (greedy) move for whoever is to move (through the service, with the version)."""
    info = await svc.get_match(match_id)
    user = info.players[turn_of(info)]
    view = await svc.seat_view(match_id, user)
    return await svc.act(match_id, user, greedy_action(gin_view(view)), info.version)


async def new_pvp(
    svc: TableService, channel: int, a: int = 1, b: int = 2, *, guild: int = 1, seed: int = 7, **kw: Any
) -> MatchInfo:
    """A challenge accepted at once: a match between users a (seat 0) and b (seat 1)."""
    c = await svc.challenge(guild, channel, a, f"user{a}", b, f"user{b}", **kw)
    return await svc.accept(c.id, b, f"user{b}", seed=seed)


def execute(path: Path | str, sql: str, *args: object) -> None:
    """Run one statement (SQLite's text) and commit it, on a separate connection (either store)."""
    if is_postgres_url(path):
        pg_execute(str(path), dialect.placeholders(sql), *args)
        return
    conn = sqlite3.connect(path)
    try:
        conn.execute(sql, args)
        conn.commit()
    finally:
        conn.close()


async def fail_writes(svc, name: str, table: str, event: str, message: str) -> None:
    """A real database failure inside a transaction: every ``event`` (INSERT or UPDATE) on ``table``
    raises ``message`` as an integrity error, through a trigger on either store."""
    db = svc.store.db
    if db.dialect == dialect.POSTGRESQL:
        await db.run(
            lambda c: c.execute(
                f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                f" RAISE EXCEPTION '{message}' USING ERRCODE = 'integrity_constraint_violation'; END $$"
            )
        )
        await db.run(
            lambda c: c.execute(
                f"CREATE TRIGGER {name} BEFORE {event} ON {table} FOR EACH ROW EXECUTE FUNCTION {name}()"
            )
        )
    else:
        await db.run(
            lambda c: c.execute(
                f"CREATE TEMP TRIGGER {name} BEFORE {event} ON {table} BEGIN SELECT RAISE(ABORT, '{message}'); END"
            )
        )


async def stop_failing(svc, name: str, table: str) -> None:
    """Remove a trigger of ``fail_writes``."""
    db = svc.store.db
    if db.dialect == dialect.POSTGRESQL:
        await db.run(lambda c: c.execute(f"DROP TRIGGER {name} ON {table}"))
        await db.run(lambda c: c.execute(f"DROP FUNCTION {name}"))
    else:
        await db.run(lambda c: c.execute(f"DROP TRIGGER {name}"))
