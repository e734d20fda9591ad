"""Hypothesis in CI is derandomised and prints a failure's blob (tests/conftest.py), so a red CI run
reproduces: the same examples on every run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import tests.conftest
from hypothesis import given, settings, strategies as st

seen = []


@given(st.lists(st.integers()))
def collect(xs):
    seen.append(xs)


collect()
now = settings()
print(settings.get_current_profile_name(), now.derandomize, now.print_blob, now.database is None)
print(seen)
"""


def run(ci: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
    env["PYTHONPATH"] = str(ROOT)
    if ci:
        env["CI"] = "true"
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True
    )
    return out.stdout.splitlines()


def test_ci_runs_the_same_examples_and_prints_the_blob() -> None:
    first, second = run(ci=True), run(ci=True)
    assert first[0] == "gin-ci True True True"
    assert first[1] == second[1] and len(first[1]) > 100  # the same (non-trivial) examples twice


def test_local_runs_are_random_with_the_example_database() -> None:
    first, second = run(ci=False), run(ci=False)
    assert first[0] == "gin-dev False True False"
    assert first[1] != second[1]
