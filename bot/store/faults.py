"""Storage faults by name: what went wrong with the database file, in words for players and admins.

``StorageUnusable`` stops start-up (garbage file, read-only, impossible path, failed check):
one line saying what is wrong and what to do. ``StorageFault`` is a write that failed at run
time for a reason outside the bot (disk full, read-only, locked by another process): the
service answers players with ``reason`` and nothing was changed.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from enum import StrEnum


class FaultKind(StrEnum):
    FULL = "the disk is full"
    READ_ONLY = "the database file is read-only"
    BUSY = "the database is busy"
    IO = "the disk reported an error"
    UNREACHABLE = "the database server cannot be reached"


class StorageUnusable(RuntimeError):
    """The database file cannot be used at all; the message says what to do. Nothing was touched."""


class ConstraintViolation(sqlite3.IntegrityError):
    """PostgreSQL refused a row for a constraint (a unique index, a trigger): raised as the
    sqlite3.IntegrityError the SQLite store raises, so callers handle both stores alike."""


class StorageFault(RuntimeError):
    """A database write failed for a reason outside the bot; nothing was written."""

    def __init__(self, kind: FaultKind, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind

    @property
    def reason(self) -> str:
        """What a player is told."""
        if self.kind is FaultKind.BUSY:
            return "The database is busy; try again in a moment: nothing was changed."
        return f"I cannot save games right now ({self.kind}): nothing was changed."


def classify(error: sqlite3.Error) -> FaultKind | None:
    """The fault an SQLite error stands for, or None when it is a bug of ours (constraint, syntax ...)."""
    code = getattr(error, "sqlite_errorcode", None)
    text = str(error).lower()
    if code == sqlite3.SQLITE_FULL or "disk is full" in text:
        return FaultKind.FULL
    if code == sqlite3.SQLITE_READONLY or "readonly" in text or "read-only" in text:
        return FaultKind.READ_ONLY
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "database is locked" in text:
        return FaultKind.BUSY
    if code == sqlite3.SQLITE_IOERR or "disk i/o error" in text:
        return FaultKind.IO
    return None


class FaultLog:
    """Logs a storage fault at ERROR at most once a minute per kind (a full disk fails every move)."""

    def __init__(self, logger: logging.Logger, every_s: float = 60.0) -> None:
        self._log = logger
        self._every = every_s
        self._last: dict[FaultKind, float] = {}
        self._quiet: dict[FaultKind, int] = {}

    def report(self, fault: StorageFault) -> None:
        now = time.monotonic()
        last = self._last.get(fault.kind)
        if last is not None and now - last < self._every:
            self._quiet[fault.kind] = self._quiet.get(fault.kind, 0) + 1
            return
        quiet = self._quiet.pop(fault.kind, 0)
        self._last[fault.kind] = now
        more = f" ({quiet} more since the last report)" if quiet else ""
        self._log.error("database write failed: %s%s; players are told nothing was changed", fault, more)
