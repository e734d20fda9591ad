"""The PostgreSQL store on a real server: migrations, refusals, faults, and two processes on one database
(the last also on SQLite, through ``gin_db``)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

from bot.store import PgDatabase, SchemaTooNew, StorageFault, StorageUnusable, Store
from bot.store.faults import FaultKind
from bot.store.migrate import PG_MIGRATION_LOCK, available
from bot.store.pg import redact
from bot.tables import Refusal, TableService
from tests.clock import Clock
from tests.store.helpers import new_pvp, play_one, query, turn_of
from tests.store.pg import pg_execute, pg_fetch


async def test_migrations_run_once_even_from_two_processes_at_once(pg_schema_url):
    a, b = await asyncio.gather(PgDatabase.open(pg_schema_url), PgDatabase.open(pg_schema_url))
    await a.close()
    await b.close()
    assert query(pg_schema_url, "SELECT version, name FROM schema_version ORDER BY version") == [
        (m.version, m.name) for m in available()
    ]
    again = await Store.open(pg_schema_url)  # already current: nothing to do
    await again.close()
    assert len(query(pg_schema_url, "SELECT version FROM schema_version")) == len(available())


async def test_a_process_waits_for_another_ones_migrations_beyond_the_lock_timeout(pg_schema_url):
    """The lock timeout bounds the waits of moves, not the wait for another process's migrations."""
    holder = await asyncpg.connect(pg_schema_url)
    try:
        await holder.execute("SELECT pg_advisory_lock($1)", PG_MIGRATION_LOCK)  # migrating, as far as anyone knows
        opening = asyncio.ensure_future(Store.open(pg_schema_url, busy_timeout_ms=100))
        await asyncio.sleep(1)
        assert not opening.done()
        await holder.execute("SELECT pg_advisory_unlock($1)", PG_MIGRATION_LOCK)
        store = await asyncio.wait_for(opening, 10)
    finally:
        await holder.close()
    await store.close()
    assert len(query(pg_schema_url, "SELECT version FROM schema_version")) == len(available())


async def test_a_newer_schema_is_refused(pg_schema_url):
    await (await Store.open(pg_schema_url)).close()
    pg_execute(pg_schema_url, "INSERT INTO schema_version VALUES (999, '0999_future.sql', 'x')")
    with pytest.raises(SchemaTooNew):
        await Store.open(pg_schema_url)


async def test_an_unreachable_server_is_named_without_its_password():
    url = "postgresql://gin:s3cret@127.0.0.1:1/gin"
    with pytest.raises(StorageUnusable) as exc:
        await Store.open(url)
    assert "127.0.0.1:1" in str(exc.value) and "s3cret" not in str(exc.value)
    assert redact(url) == "postgresql://gin:***@127.0.0.1:1/gin"


def backend_pid(conn) -> int:
    return int(conn.execute("SELECT pg_backend_pid()").fetchone()[0])


async def test_a_dropped_connection_is_a_fault_then_the_store_reconnects(pg_schema_url, pg_url, caplog):
    """The server drops a writer's connection (e.g. it restarted): the next call on that very writer
    is a fault that changed nothing, and the one after it runs on a new connection."""
    svc = await TableService.open(pg_schema_url)
    info = await new_pvp(svc, channel=1)
    db = svc.store.db
    # the writer of calls without a match (settings)
    pid = await db.run(backend_pid)
    pg_fetch(pg_url, "SELECT pg_terminate_backend($1)", pid)
    with pytest.raises(StorageFault) as exc:
        await svc.store.save_settings(await svc.guild_settings(1))
    assert exc.value.kind is FaultKind.UNREACHABLE
    assert "nothing was changed" in exc.value.reason
    assert await db.run(backend_pid) != pid  # a new connection
    # the writer of this match's moves: a move on it meets the dropped connection, then lands
    pid = await db.run(backend_pid, key=info.id)
    pg_fetch(pg_url, "SELECT pg_terminate_backend($1)", pid)
    with pytest.raises(Refusal, match=r"cannot be reached\): nothing was changed"):
        await play_one(svc, info.id)
    assert query(pg_schema_url, "SELECT COUNT(*) FROM moves") == [(0,)]
    assert (await svc.get_match(info.id)).version == 0
    assert (await play_one(svc, info.id)).match.version == 1  # a new connection, as if nothing happened
    assert await db.run(backend_pid, key=info.id) != pid
    await svc.close()
    assert query(pg_schema_url, "SELECT COUNT(*) FROM moves") == [(1,)]


class _Relay:
    """A TCP relay in front of the server that can go down and come back on the same port: a server
    restart as its clients see it (every connection drops, new ones are refused meanwhile)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        query = dict(parse_qsl(parts.query))
        host, port = query.pop("host", None) or parts.hostname or "localhost", parts.port or 5432
        # the server as the URL names it: a socket folder (the embedded server) or a host
        self._upstream = (f"{host}/.s.PGSQL.{port}", None) if host.startswith("/") else (host, port)
        self._query = urlencode(query)
        self._parts = parts
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()
        self.port = 0

    @property
    def url(self) -> str:
        """The URL of the server through the relay."""
        user = self._parts.netloc.rpartition("@")[0]
        netloc = f"{user}@127.0.0.1:{self.port}" if user else f"127.0.0.1:{self.port}"
        return urlunsplit((self._parts.scheme, netloc, self._parts.path, self._query, ""))

    async def up(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def down(self) -> None:
        """Stop listening and drop every relayed connection."""
        assert self._server is not None
        self._server.close()
        for writer in list(self._open):
            writer.transport.abort()
        await self._server.wait_closed()
        self._server = None

    async def _relay(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        path, port = self._upstream
        if port is None:
            server_r, server_w = await asyncio.open_unix_connection(path)
        else:
            server_r, server_w = await asyncio.open_connection(path, port)
        self._open |= {client_w, server_w}

        async def pump(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            try:
                while data := await r.read(65536):
                    w.write(data)
                    await w.drain()
            except OSError:
                pass
            finally:
                w.transport.abort()
                self._open.discard(w)

        await asyncio.gather(pump(client_r, server_w), pump(server_r, client_w))


async def test_a_server_down_for_a_while_refuses_moves_at_once_then_they_land(pg_schema_url):
    """A restart: the store's connections drop and reconnecting fails until the server is back.
    Meanwhile every move is refused at once ("cannot be reached"), nothing changes; then the next lands."""
    relay = _Relay(pg_schema_url)
    await relay.up()
    svc = await TableService.open(relay.url)
    info = await new_pvp(svc, channel=1)
    await relay.down()
    for _ in range(3):  # the dropped connection, then reconnects that are refused
        start = time.perf_counter()
        with pytest.raises((Refusal, StorageFault)) as exc:
            await play_one(svc, info.id)
        assert time.perf_counter() - start < 3
        refused = exc.value
        assert isinstance(refused, (Refusal, StorageFault)) and refused.reason == (
            "I cannot save games right now (the database server cannot be reached): nothing was changed."
        )
    assert query(pg_schema_url, "SELECT version FROM matches WHERE id = ?", info.id) == [(0,)]
    await relay.up()
    assert (await play_one(svc, info.id)).match.version == 1
    await svc.close()
    await relay.down()
    assert query(pg_schema_url, "SELECT COUNT(*) FROM moves") == [(1,)]


async def test_a_unique_index_refuses_like_sqlite(pg_schema_url):
    """A second active match in a channel: the database refuses it with the error the service handles."""
    svc = await TableService.open(pg_schema_url)
    info = await new_pvp(svc, channel=5)
    loaded = await svc.store.load_match(info.id)
    assert loaded is not None
    record = loaded[0]
    with pytest.raises(sqlite3.IntegrityError):
        await svc.store.create_match(record, {})
    await svc.close()


# -- two processes on one database (both stores) -------------------------------------------------------


async def test_the_same_move_from_two_processes_lands_once(gin_db):
    first = await TableService.open(gin_db)
    info = await new_pvp(first, channel=1)
    second = await TableService.open(gin_db)  # recovers the match: both hold it in memory
    try:
        user = info.players[turn_of(info)]
        view = await first.seat_view(info.id, user)
        outcomes = await asyncio.gather(
            first.act(info.id, user, view.legal[0], info.version),
            second.act(info.id, user, view.legal[0], info.version),
            return_exceptions=True,
        )
        landed = [o for o in outcomes if not isinstance(o, BaseException)]
        assert len(landed) == 1, outcomes
        # the loser's write is refused by the database (the move's primary key or the version check)
        assert all(isinstance(o, sqlite3.IntegrityError) for o in outcomes if isinstance(o, BaseException))
        assert query(gin_db, "SELECT seq FROM moves WHERE match_id = ?", info.id) == [(1,)]
        assert query(gin_db, "SELECT version FROM matches WHERE id = ?", info.id) == [(1,)]
    finally:
        await first.close()
        await second.close()


async def test_a_deadline_notice_is_claimed_by_one_process_only(gin_db):
    clock = Clock()
    first = await TableService.open(gin_db, clock=clock)
    info = await new_pvp(first, channel=1)
    second = await TableService.open(gin_db, clock=clock)
    try:
        claims = await asyncio.gather(*(svc.mark_warned(info.id, info.version) for svc in (first, second, first)))
        assert sorted(claims) == [False, False, True]
        assert await second.mark_warned(info.id, info.version, "claimable") is True  # the next stage: once more
        assert await first.mark_warned(info.id, info.version, "claimable") is False
        assert await first.mark_warned(info.id, info.version, "warn") is False  # an earlier stage: already past
        moved = (await play_one(first, info.id)).match
        assert await second.mark_warned(info.id, info.version, "warn") is False  # the player moved meanwhile
        assert await second.mark_warned(moved.id, moved.version, "warn") is True
        assert query(gin_db, "SELECT warned_version, warned_stage FROM matches WHERE id = ?", info.id) == [
            (moved.version, "warn")
        ]
    finally:
        await first.close()
        await second.close()
