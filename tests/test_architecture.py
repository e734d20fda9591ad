"""The dependency rules of the layout (docs/architecture.md), checked on the source itself.

cogs -> bot services -> engine; render -> engine; ai -> engine. Nothing outside tests/
imports tests, and nothing points at a path outside the repository.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)


def imports(path: Path) -> set[str]:
    """Top-level module names (dotted to two parts for our packages) imported by a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                names = [".".join([*base, node.module] if node.module else base)]
            else:
                names = [node.module or ""]
        else:
            continue
        for name in names:
            parts = name.split(".")
            out.add(".".join(parts[:2]) if parts[0] in ("bot", "render", "cogs") else parts[0])
    return out


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def foreign(folder: str, allowed: set[str], *, skip: tuple[str, ...] = ()) -> dict[str, set[str]]:
    bad = {}
    for path in files(folder):
        if path.name in skip:
            continue
        extra = {
            m
            for m in imports(path)
            if m not in STDLIB and m != "__future__" and not any(m == a or m.startswith(a + ".") for a in allowed)
        }
        if extra:
            bad[str(path.relative_to(ROOT))] = extra
    return bad


def test_the_engine_imports_only_the_standard_library() -> None:
    assert foreign("bot/engine", {"bot.engine"}) == {}


def test_the_ai_reads_only_the_engine() -> None:
    assert foreign("bot/ai", {"bot.engine", "bot.ai", "bot.constants"}) == {}


def test_the_renderer_draws_from_the_engine_only() -> None:
    # __main__ is the sample-picture tool: it plays a demo match (bot.demo) to have views to draw.
    # bot.i18n is a leaf (the catalogues): every layer that writes words may use it. bot.tournaments is pure
    # like the engine: render/tournament draws its bracket and standings views.
    allowed = {"bot.engine", "bot.i18n", "bot.tournaments", "render", "PIL"}
    assert foreign("render", allowed, skip=("__main__.py", "subset_font.py")) == {}


def test_the_catalogues_are_a_leaf() -> None:
    assert foreign("bot/i18n", {"bot.i18n", "babel"}) == {}


def test_the_store_and_service_know_nothing_of_discord() -> None:
    # bot.replay_file: the replay file's format, a leaf on the engine (the service writes it, the terminal reads it)
    allowed = {
        "bot.engine",
        "bot.store",
        "bot.tables",
        "bot.constants",
        "bot.ai",
        "bot.replay_file",
        "bot.tournaments",  # the pure tournament logic (bot.tables drives it; the store keeps its JSON)
        "bot.i18n",  # a leaf: the service marks its refusals' message ids (N_) and checks a language
        "aiosqlite",
        "asyncpg",
    }
    assert foreign("bot/store", allowed) == {} and foreign("bot/tables", allowed) == {}


def test_cogs_never_touch_the_store() -> None:
    used = {m for path in files("cogs") for m in imports(path)}
    assert "bot.store" not in used and "aiosqlite" not in used and "sqlite3" not in used


@pytest.mark.parametrize("folder", ["bot", "cogs", "render", "bench", "fakediscord"])
def test_nothing_outside_tests_imports_tests(folder: str) -> None:
    assert {str(p) for p in files(folder) if "tests" in imports(p)} == set()


def test_no_path_outside_the_repository_is_named() -> None:
    outside = re.compile(r"RULES\.md|/work/|\.\./shared|notes/")
    texts = [
        *files("bot"),
        *files("cogs"),
        *files("render"),
        *files("bench"),
        *files("fakediscord"),
        *ROOT.glob("*.md"),
        *(ROOT / "docs").glob("*.md"),
    ]
    assert [str(p.relative_to(ROOT)) for p in texts if outside.search(p.read_text(encoding="utf-8"))] == []


def test_the_replay_file_reads_only_the_engine() -> None:
    extra = {m for m in imports(ROOT / "bot" / "replay_file.py") if m not in STDLIB and m != "__future__"}
    assert extra == {"bot.engine"}


ENGINE = ROOT / "bot" / "engine"
FAMILIES = {f"bot.engine.{p.name}" for p in ENGINE.iterdir() if (p / "__init__.py").exists()}


def _engine_imports(path: Path) -> set[str]:
    """Every ``bot.engine...`` module a file imports, fully dotted (``from X import name`` gives X)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("bot.engine"))
        elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("bot.engine"):
            out.add(node.module or "")
    return out


def test_callers_import_the_engine_from_its_packages_only() -> None:
    """Above the engine, names come from ``bot.engine`` or a family package (``bot.engine.gin``...),
    never from an inner module such as ``bot.engine.gin.match``: the packages' ``__init__`` is the API."""
    allowed = {"bot.engine", *FAMILIES}
    callers = [p for top in ("bot", "cogs", "render", "bench", "fakediscord", "tests") for p in files(top)]
    bad = {
        str(p.relative_to(ROOT)): sorted(m for m in _engine_imports(p) if m not in allowed)
        for p in callers
        if ENGINE not in p.parents and (ROOT / "tests" / "engine") not in p.parents
    }
    assert {k: v for k, v in bad.items() if v} == {}
