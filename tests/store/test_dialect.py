"""The SQLite -> PostgreSQL translation (bot.store.dialect): pure text in, text out."""

from __future__ import annotations

import pytest

from bot.store import dialect
from bot.store.migrate import _statements, available


def test_placeholders_are_numbered_outside_quotes_and_comments():
    assert dialect.placeholders("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == (
        "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    )
    assert dialect.placeholders("SELECT '?', \"?\" -- why?\n FROM t WHERE x = ?") == (
        "SELECT '?', \"?\" -- why?\n FROM t WHERE x = $1"
    )
    assert dialect.placeholders("SELECT 'it''s ?' WHERE y = ?") == "SELECT 'it''s ?' WHERE y = $1"


def test_queries_get_their_generated_id_and_postgres_transactions():
    assert dialect.query("INSERT INTO matches (a, b) VALUES (?, ?)") == (
        "INSERT INTO matches (a, b) VALUES ($1, $2) RETURNING id",
        True,
    )
    assert dialect.query("INSERT INTO moves (a) VALUES (?)") == ("INSERT INTO moves (a) VALUES ($1)", False)
    assert dialect.query("BEGIN IMMEDIATE") == ("BEGIN", False)  # a write: every row it changes is guarded
    assert dialect.query("BEGIN") == ("BEGIN ISOLATION LEVEL REPEATABLE READ", False)  # reads of one state


def test_schema_types():
    assert dialect.ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID") == (
        "CREATE TABLE t (id BIGSERIAL PRIMARY KEY, n BIGINT NOT NULL)"
    )
    assert dialect.ddl("CREATE TABLE s (user_id INTEGER PRIMARY KEY)") == "CREATE TABLE s (user_id BIGINT PRIMARY KEY)"


SCRIPT = """-- a comment; with a semicolon
CREATE TABLE a (x INTEGER);
-- only: sqlite
CREATE TRIGGER t BEFORE INSERT ON a BEGIN SELECT RAISE(ABORT, 'no; never'); END;
-- end only
-- only: postgresql
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no; never'; END $$;
-- end only
INSERT INTO a VALUES (1);
"""


def test_sections_keep_one_dialect_and_statements_split_around_bodies():
    lite = dialect.section(SCRIPT, dialect.SQLITE)
    assert "CREATE TRIGGER" in lite and "plpgsql" not in lite
    assert len(lite.splitlines()) == len(SCRIPT.splitlines())  # blank lines keep line numbers
    assert len(_statements(lite)) == 3
    pg = dialect.statements(dialect.section(SCRIPT, dialect.POSTGRESQL))
    assert pg == [
        "CREATE TABLE a (x INTEGER)",
        "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no; never'; END $$",
        "INSERT INTO a VALUES (1)",
    ]


@pytest.mark.parametrize(
    "bad",
    ["-- only: sqlite\nSELECT 1;\n", "-- end only\n", "-- only: sqlite\n-- only: postgresql\n-- end only\n"],
)
def test_unbalanced_sections_are_refused(bad):
    with pytest.raises(ValueError):
        dialect.section(bad, dialect.SQLITE)


def test_every_shipped_migration_splits_in_both_dialects():
    for mig in available():
        assert _statements(dialect.section(mig.sql, dialect.SQLITE))
        assert dialect.statements(dialect.section(mig.sql, dialect.POSTGRESQL))


def test_postgres_urls():
    assert dialect.is_postgres_url("postgresql://u@h/db") and dialect.is_postgres_url("postgres://h/db")
    assert not dialect.is_postgres_url("./gin.sqlite3")
