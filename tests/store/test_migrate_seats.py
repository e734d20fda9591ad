"""Migration 0005 (seats, tables, stats families) on a database written with the old two-seat schema:
every row reads back the same, the live match plays on, and its move log still replays."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.ai import greedy_action
from bot.engine.gin import Match
from bot.engine.knock import preset
from bot.store import MatchRecord, MatchStatus, MoveWrite, transaction
from bot.store.challenges import get_challenge
from bot.store.db import configure
from bot.store.matches import commit_move, create_match, get_match, move_log
from bot.store.migrate import Migration, available, current_version, migrate
from bot.store.stats import get_stats, leaderboard
from bot.store.timefmt import to_db
from bot.tables import TableService
from tests.clock import T0, Clock
from tests.store.helpers import first_legal, gin_view, stats_of

GUILD = 1
ANN, BOB, CY, DI, BOT = 100, 200, 300, 400, 999
FINISHED, LIVE = 1, 2
STATS = {  # user: rating, won, lost, hands, gins, undercuts, for, against, margin, streak, vs_bot_won, vs_bot_lost
    ANN: (1516, 1, 0, 4, 1, 0, 110, 60, 50, 1, 0, 0),
    BOB: (1484, 0, 1, 2, 0, 1, 60, 110, 0, -1, 0, 0),
    CY: (1500, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1),
}


def _play(m: Match, moves: int | None) -> list[tuple[int, int, str]]:
    """Greedy moves on an engine match (to the end if ``moves`` is None): the (seq, seat, action) log."""
    log: list[tuple[int, int, str]] = []
    while not m.finished and (moves is None or len(log) < moves):
        seat = m.turn
        assert seat is not None
        action = greedy_action(m.seat_view(seat))
        m.apply(seat, action)
        log.append((m.moves, seat, str(action)))
    return log


def _old_match(
    conn: sqlite3.Connection,
    mid: int,
    channel: int,
    players: tuple[int, int],
    names: tuple[str, str],
    m: Match,
    log: list[tuple[int, int, str]],
    *,
    ai_seat: int | None,
    ai_level: str | None,
    status: str,
    **cols: object,
) -> None:
    """A match as the two-seat schema (migrations 1-4) kept it: its row, moves, hands and snapshot."""
    totals = m.totals() if m.finished else (None, None)
    conn.execute(
        "INSERT INTO matches (id, game, guild_id, channel_id, player0, player1, name0, name1, ai_seat, ai_level, rules,"
        " seed, status, version, started_at, ended_at, winner, total0, total1, board_message_id, turn_deadline,"
        " warned_version, warned_stage) VALUES (?, 'gin', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            mid,
            GUILD,
            channel,
            *players,
            *names,
            ai_seat,
            ai_level,
            json.dumps(m.rules.to_dict()),
            m.seed,
            status,
            m.moves,
            to_db(T0),
            cols.get("ended_at"),
            m.winner,
            *totals,
            cols.get("board"),
            cols.get("deadline"),
            cols.get("warned_version"),
            cols.get("warned_stage"),
        ),
    )
    conn.executemany(
        "INSERT INTO moves (match_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
        [(mid, seq, seat, text, to_db(T0)) for seq, seat, text in log],
    )
    conn.executemany(
        "INSERT INTO hands (match_id, number, dealer, outcome, knocker, winner, points, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (mid, h.number, h.dealer, str(h.outcome), h.knocker, h.winner, h.points, json.dumps(h.to_dict()))
            for h in m.history
        ],
    )
    conn.execute(
        "INSERT INTO snapshots (match_id, version, state) VALUES (?, ?, ?)", (mid, m.moves, json.dumps(m.to_dict()))
    )
    conn.execute(
        "INSERT INTO outbox (match_id, version, kind, payload, created_at, done_at, message_id)"
        " VALUES (?, 0, 'board', '{}', ?, ?, 77)",
        (mid, to_db(T0), to_db(T0)),
    )


def _old_database(path) -> tuple[Match, Match]:
    """Migrations 1-4 only, then a finished player-vs-player match, a live match against the AI, an
    accepted, an open and a declined challenge, stats and names, all written as the old code wrote them."""
    conn = sqlite3.connect(path, isolation_level=None)
    configure(conn)
    assert migrate(conn, available()[:4]) == 4
    done, live = Match.new(preset("oklahoma"), 41), Match.new(preset("standard"), 42)
    done_log, live_log = _play(done, None), []
    while not live.history:  # past the first hand, a few moves into the second
        live_log += _play(live, 1)
    live_log += _play(live, 3)
    assert done.finished and not live.finished and live.history, "the live match should be past its first hand"
    with transaction(conn):
        conn.execute("INSERT INTO guild_settings (guild_id, turn_timeout_s) VALUES (?, 600)", (GUILD,))
        conn.executemany(
            "INSERT INTO players VALUES (?, ?, ?, ?)",
            [(GUILD, u, n, to_db(T0)) for u, n in ((ANN, "Ann"), (BOB, "Bob"), (CY, "Cy"))],
        )
        _old_match(
            conn,
            FINISHED,
            10,
            (ANN, BOB),
            ("Ann", "Bob"),
            done,
            done_log,
            ai_seat=None,
            ai_level=None,
            status="finished",
            ended_at=to_db(T0 + timedelta(hours=1)),
            board=555,
        )
        _old_match(
            conn,
            LIVE,
            11,
            (CY, BOT),
            ("Cy", "GinBot"),
            live,
            live_log,
            ai_seat=1,
            ai_level="hard",
            status="active",
            deadline=to_db(T0 + timedelta(minutes=10)),
            board=556,
            warned_version=live.moves,
            warned_stage="warn",
        )
        conn.executemany(
            "INSERT INTO player_stats (guild_id, user_id, rating, matches_won, matches_lost, hands_won, gins, undercuts,"
            " points_for, points_against, best_margin, streak, vs_bot_won, vs_bot_lost)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(GUILD, u, *row) for u, row in STATS.items()],
        )
        expires = to_db(T0 + timedelta(minutes=5))
        conn.execute(
            "INSERT INTO challenges (id, game, guild_id, channel_id, challenger_id, challenger_name, opponent_id,"
            " opponent_name, rules, status, created_at, expires_at, message_id, match_id)"
            " VALUES (1, 'gin', ?, 10, ?, 'Ann', ?, 'Bob', ?, 'accepted', ?, ?, 71, ?)",
            (GUILD, ANN, BOB, json.dumps(done.rules.to_dict()), to_db(T0), expires, FINISHED),
        )
        conn.execute(
            "INSERT INTO challenges (id, game, guild_id, channel_id, challenger_id, challenger_name, opponent_id,"
            " opponent_name, rules, status, created_at, expires_at) VALUES (2, 'gin', ?, 12, ?, 'Bob', ?, 'Di', ?,"
            " 'open', ?, ?)",
            (GUILD, BOB, DI, json.dumps(preset("straight").to_dict()), to_db(T0), expires),
        )
        conn.execute(
            "INSERT INTO challenges (id, game, guild_id, channel_id, challenger_id, challenger_name, opponent_id,"
            " opponent_name, rules, status, created_at, expires_at) VALUES (3, 'gin', ?, 13, ?, 'Cy', ?, 'Ann', ?,"
            " 'declined', ?, ?)",
            (GUILD, CY, ANN, json.dumps(preset("standard").to_dict()), to_db(T0), expires),
        )
    conn.close()
    return done, live


# 0007 drops hands.knocker (each hand's JSON record keeps it): the columns every version has.
_KEPT = {"hands": "match_id, number, dealer, outcome, winner, points, record"}


def _rows(conn: sqlite3.Connection, table: str) -> list[tuple]:
    return conn.execute(f"SELECT {_KEPT.get(table, '*')} FROM {table} ORDER BY 1, 2").fetchall()


async def test_migrating_a_two_seat_database_keeps_every_row_and_the_live_match_plays_on(tmp_path):
    path = tmp_path / "old.sqlite3"
    done, live = _old_database(path)
    conn = sqlite3.connect(path, isolation_level=None)
    configure(conn)
    untouched = {t: _rows(conn, t) for t in ("moves", "hands", "snapshots", "outbox", "players", "guild_settings")}

    assert migrate(conn) == len(available())  # 0005 and every later one
    assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)  # enforcement is back on
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    after = {t: _rows(conn, t) for t in untouched}
    # Later migrations add columns to guild_settings, the server's language (0010) and its seasons
    # (0011): NULL, or seasons off and ratings kept, for every old row.
    width = len(untouched["guild_settings"][0])
    assert all(set(r[width:]) <= {None, "off", "keep"} for r in after["guild_settings"])
    after["guild_settings"] = [r[:width] for r in after["guild_settings"]]
    assert after == untouched
    columns = {r[1] for r in conn.execute("PRAGMA table_info(matches)")}
    assert not columns & {"player0", "player1", "name0", "name1", "ai_seat", "ai_level", "total0", "total1"}

    # the finished match, as it was
    m = get_match(conn, FINISHED)
    assert m is not None
    assert (m.game, m.guild_id, m.channel_id, m.players, m.names, m.ai_levels, m.ai_seat, m.ai_level) == (
        "gin",
        GUILD,
        10,
        (ANN, BOB),
        ("Ann", "Bob"),
        (None, None),
        None,
        None,
    )
    assert (m.status, m.version, m.winner, m.totals, m.seed, m.rules) == (
        "finished",
        done.moves,
        done.winner,
        done.totals(),
        41,
        done.rules,
    )
    assert (m.started_at, m.ended_at, m.board_message_id, m.turn_deadline, m.teams, m.family) == (
        T0,
        T0 + timedelta(hours=1),
        555,
        None,
        None,
        "gin:2",
    )
    # the live match against the AI
    m = get_match(conn, LIVE)
    assert m is not None
    assert (m.players, m.names, m.ai_levels, m.ai_seat, m.ai_level, m.status, m.version, m.totals, m.winner) == (
        (CY, BOT),
        ("Cy", "GinBot"),
        (None, "hard"),
        1,
        "hard",
        "active",
        live.moves,
        None,
        None,
    )
    assert (m.turn_deadline, m.warned_version, m.warned_stage, m.board_message_id) == (
        T0 + timedelta(minutes=10),
        live.moves,
        "warn",
        556,
    )
    assert [(seat, text) for _, seat, text in move_log(conn, LIVE)] == [
        (s, t) for _, s, t in _play(Match.new(preset("standard"), 42), live.moves)
    ]  # the same greedy game again
    # stats: every old row is two-player Gin now
    for user, row in STATS.items():
        s = stats_of(conn, GUILD, user, "gin:2")
        assert (
            s.rating,
            s.matches_won,
            s.matches_lost,
            s.hands_won,
            s.count("gins"),
            s.count("undercuts"),
            s.points_for,
            s.points_against,
            s.best_margin,
            s.streak,
            s.vs_bot_won,
            s.vs_bot_lost,
        ) == row
        assert get_stats(conn, GUILD, user, "gin:3") is None
    assert [s.user_id for s in leaderboard(conn, GUILD, "rating", 10, "gin:2")] == [ANN, BOB]
    assert [s.user_id for s in leaderboard(conn, GUILD, "vs_bot", 10, "gin:2")] == [CY]
    # challenges: the host in place 0; the accepted one has its opponent, the others their invitation
    accepted, open_, declined = (get_challenge(conn, i) for i in (1, 2, 3))
    assert accepted is not None and open_ is not None and declined is not None
    assert [(p.user_id, p.name) for p in accepted.places] == [(ANN, "Ann"), (BOB, "Bob")]
    assert (accepted.status, accepted.match_id, accepted.message_id, accepted.seats) == ("accepted", FINISHED, 71, 2)
    assert [(p.user_id, p.name) for p in open_.places] == [(BOB, "Bob")]
    assert (open_.status, open_.opponent_id, open_.invited, open_.declined, open_.seats) == ("open", DI, (DI,), (), 2)
    assert (declined.invited, declined.declined) == ((ANN,), (ANN,))
    # one active match per channel is still the database's rule
    with pytest.raises(sqlite3.IntegrityError), transaction(conn):
        conn.execute(
            "INSERT INTO matches (game, guild_id, channel_id, seats, rules, seed, started_at)"
            " VALUES ('gin', 1, 11, 2, '{}', 1, 'x')"
        )
    conn.close()

    # the service recovers the live match (its log replays to its snapshot) and it plays on to the end
    clock = Clock()
    svc = await TableService.open(path, clock=clock, chooser=first_legal)
    try:
        assert svc.recovery_mismatches == []
        assert [i.id for i in await svc.active_matches()] == [LIVE]
        info = await svc.get_match(LIVE)
        assert info.public.turn == live.turn and info.version == live.moves
        assert await svc.seat_view(LIVE, CY) == live.seat_view(0)
        while info.status == "active":
            if info.ai_to_act:
                result = await svc.ai_step(LIVE)
            else:
                result = await svc.act(LIVE, CY, greedy_action(gin_view(await svc.seat_view(LIVE, CY))), info.version)
            assert result is not None
            info = result.match
        cy = await svc.player_stats(GUILD, CY)
        assert cy is not None
        assert (cy.vs_bot_won + cy.vs_bot_lost, cy.rating, cy.matches_won) == (4, 1500, 0)
        assert await svc.player_stats(GUILD, BOT) is None
        # the migrated open challenge is accepted as before; the declined one stays closed
        match = await svc.accept(2, DI, "Di", seed=3)
        assert (match.players, match.names, match.rules) == ((BOB, DI), ("Bob", "Di"), preset("straight"))
        assert (await svc.get_challenge(2)).places[1].user_id == DI
    finally:
        await svc.close()
    reopened = await TableService.open(path, clock=clock)
    try:
        assert reopened.recovery_mismatches == []
    finally:
        await reopened.close()


def test_foreign_keys_off_marker(tmp_path):
    """A migration that rebuilds a referenced table runs with enforcement off, is checked before its
    commit (a dangling reference fails it and nothing is applied), and enforcement comes back on."""
    conn = sqlite3.connect(tmp_path / "fk.sqlite3", isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    base = [
        Migration(
            1,
            "0001_a.sql",
            "CREATE TABLE parent (id INTEGER PRIMARY KEY, x CHECK (x > 0));\n"
            "CREATE TABLE child (p INTEGER REFERENCES parent (id));\n"
            "INSERT INTO parent VALUES (1, 1);\nINSERT INTO child VALUES (1);\n",
        )
    ]
    migrate(conn, base)
    rebuild = (
        "-- foreign_keys: off\nCREATE TABLE parent_new (id INTEGER PRIMARY KEY, x);\n"
        "INSERT INTO parent_new SELECT * FROM parent{where};\nDROP TABLE parent;\n"
        "ALTER TABLE parent_new RENAME TO parent;\n"
    )
    bad = Migration(2, "0002_b.sql", rebuild.format(where=" WHERE id <> 1"))  # drops the row child points at
    assert bad.foreign_keys_off
    with pytest.raises(sqlite3.IntegrityError, match="would break 1 foreign keys"):
        migrate(conn, [*base, bad])
    assert current_version(conn) == 1 and conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert conn.execute("SELECT sql FROM sqlite_master WHERE name = 'parent'").fetchone()[0].count("CHECK") == 1
    good = Migration(2, "0002_b.sql", rebuild.format(where=""))
    assert migrate(conn, [*base, good]) == 2
    assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
    conn.execute("INSERT INTO parent VALUES (2, -5)")  # the CHECK is gone
    with pytest.raises(sqlite3.IntegrityError):  # and the child's reference is enforced again
        conn.execute("INSERT INTO child VALUES (9)")
    conn.close()


def test_the_new_lookups_use_their_indexes(tmp_path):
    conn = sqlite3.connect(tmp_path / "p.sqlite3", isolation_level=None)
    migrate(conn)

    def plan(sql: str) -> str:
        return " | ".join(r[3] for r in conn.execute(f"EXPLAIN QUERY PLAN {sql}"))

    assert "matches_one_active_per_channel" in plan("SELECT id FROM matches WHERE channel_id = 5 AND status = 'active'")
    assert "matches_active_by_deadline" in plan("SELECT id FROM matches WHERE status = 'active' ORDER BY turn_deadline")
    assert "match_seats_by_user" in plan("SELECT match_id FROM match_seats WHERE user_id = 7 ORDER BY match_id DESC")
    assert "PRIMARY KEY" in plan("SELECT * FROM match_seats WHERE match_id = 3 ORDER BY seat")
    assert "TEMP B-TREE" not in plan("SELECT * FROM match_seats WHERE match_id = 3 ORDER BY seat")
    assert "stats_by_user" in plan("SELECT family FROM player_stats WHERE guild_id = 1 AND user_id = 7")
    assert "PRIMARY KEY" in plan("SELECT * FROM table_places WHERE challenge_id = 3 ORDER BY place")
    conn.close()


def test_a_move_of_any_seat_and_a_human_seated_once(tmp_path):
    """The database itself: seats beyond two are fine; a human in two seats is not; the bot may be."""
    conn = sqlite3.connect(tmp_path / "s.sqlite3", isolation_level=None)
    configure(conn)
    migrate(conn)
    rules = preset("standard")

    def record_of(players: tuple[int, ...], names: tuple[str, ...], ai_levels: tuple[str | None, ...]) -> MatchRecord:
        return MatchRecord(
            id=0,
            game="gin",
            guild_id=1,
            channel_id=5,
            players=players,
            names=names,
            ai_levels=ai_levels,
            rules=rules,
            seed=1,
            status=MatchStatus.ACTIVE,
            version=0,
            started_at=T0,
        )

    with pytest.raises(sqlite3.IntegrityError):
        create_match(conn, record_of((1, 2, 1), ("a", "b", "a"), (None, None, None)), {})
    with pytest.raises(sqlite3.IntegrityError, match="two seats"):
        create_match(
            conn,
            record_of((1, 9, 9), ("a", "bot", "bot 2"), (None, None, "easy")),
            {},
        )
    assert conn.execute("SELECT COUNT(*) FROM matches").fetchone() == (0,)
    record = record_of((1, 9, 9), ("a", "GinBot", "GinBot 2"), (None, "easy", "hard"))
    mid = create_match(conn, record, {})
    stored = get_match(conn, mid)
    assert stored is not None
    assert (stored.players, stored.ai_levels, stored.ai_seat, stored.ai_level, stored.seat_of(9)) == (
        (1, 9, 9),
        (None, "easy", "hard"),
        1,
        "easy",
        1,
    )
    commit_move(conn, MoveWrite(replace(stored, version=1), 2, "stock", T0, {}))
    assert move_log(conn, mid) == [(1, 2, "stock")]
    conn.close()
