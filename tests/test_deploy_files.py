"""The deployment files stay true to the code: the Dockerfile, compose.yaml and the Prometheus files
parse, every setting they give the bot is one bot/config.py reads (and accepts), every path and
module they name exists, and the metrics port and the metrics they name are the bot's."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import promql_parser
import pytest
import yaml

from bot.config import Settings
from bot.metrics import REGISTRY
from bot.tables.shards import ShardSet

ROOT = Path(__file__).resolve().parents[1]
PROMETHEUS = ROOT / "deploy" / "prometheus"


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (INSTRUCTION, arguments), continuation lines joined."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending += line.rstrip().removesuffix("\\") + " "
        if not line.rstrip().endswith("\\"):
            word, _, rest = pending.strip().partition(" ")
            out.append((word.upper(), rest.strip()))
            pending = ""
    assert not pending, "the Dockerfile ends inside a continued line"
    return out


def compose() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def bot_services() -> dict[str, dict[str, Any]]:
    """The compose services built from this repository's Dockerfile."""
    services = compose()["services"]
    return {name: s for name, s in services.items() if s.get("build") == "."}


def environment(service: dict[str, Any]) -> dict[str, str]:
    """A service's environment with ``${NAME:-default}`` / ``${NAME:?message}`` filled in as compose would
    (a default as given; a required value as a placeholder)."""
    env = service.get("environment", {})
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)

    def fill(match: re.Match[str]) -> str:
        return match.group(3) if match.group(2) == ":-" else f"<{match.group(1)}>"

    return {str(k): re.sub(r"\$\{(\w+)(?:(:-|:\?)([^}]*))?\}", fill, str(v)) for k, v in env.items()}


def config_names() -> set[str]:
    """Every environment variable bot/config.py reads: its string constants that look like one."""
    tree = ast.parse((ROOT / "bot" / "config.py").read_text(encoding="utf-8"))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and re.fullmatch(r"[A-Z][A-Z0-9_]+", node.value)
    }


def metric_names() -> set[str]:
    """The sample names the bot's registry serves, labelled or not yet seen included."""
    suffixes = {"counter": ("_total", "_created"), "histogram": ("_bucket", "_count", "_sum", "_created")}
    names = set()
    for family in REGISTRY.collect():
        names |= {family.name + suffix for suffix in suffixes.get(family.type, ("",))}
    return names


def metrics_port() -> int:
    ports = {environment(s).get("GIN_METRICS_PORT") for s in bot_services().values()}
    assert len(ports) == 1 and None not in ports, f"every bot service sets one GIN_METRICS_PORT: {ports}"
    return int(str(ports.pop()))


def test_every_setting_given_to_the_bot_is_read_and_accepted_by_bot_config() -> None:
    named = {w.split("=", 1)[0] for op, args in dockerfile() if op == "ENV" for w in args.split() if "=" in w}
    assert {n for n in named if n.startswith("GIN_")} <= config_names()
    assert bot_services(), "compose.yaml builds no service from the Dockerfile"
    for name, service in bot_services().items():
        env = environment(service)
        given = {k for k in env if k.startswith(("GIN_", "DISCORD_"))}
        assert given <= config_names(), f"{name}: {sorted(given - config_names())} not read by bot/config.py"
        assert set(env) - given <= {"PGPASSWORD"}, f"{name}: settings the bot does not read: {set(env) - given}"
        settings = Settings.from_env(env, env_file=None)  # every value valid as given
        assert settings.metrics_port == metrics_port() and settings.token is not None
        assert str(settings.db_path).startswith("postgresql://gin@db:5432/")  # the compose file's PostgreSQL
        assert "@" in str(settings.db_path) and ":" not in str(settings.db_path).split("@")[0].removeprefix(
            "postgresql://"
        ), "the password goes in PGPASSWORD, never in the URL (logged)"


def test_the_dockerfile_copies_real_paths_and_runs_a_real_module() -> None:
    steps = dockerfile()
    assert steps[0][0] == "FROM" and re.match(r"python:3\.(1[1-9])", steps[0][1]), "a Python 3.11+ image"
    copied: set[str] = set()
    for op, args in steps:
        if op == "COPY":
            *sources, _target = args.split()
            for source in sources:
                assert (ROOT / source).exists(), f"COPY {source}: no such path"
                copied.add(source)
    # pip install . needs what pyproject.toml names: its readme and the packages it finds.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {p.removesuffix("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    assert {"pyproject.toml", project["project"]["readme"], *packages} <= copied
    assert any(op == "RUN" and "pip install ." in args for op, args in steps)
    (cmd,) = [json.loads(args) for op, args in steps if op == "CMD"]
    assert cmd == ["python", "-m", "bot"] and importlib.util.find_spec("bot.__main__") is not None
    assert ("STOPSIGNAL", "SIGINT") in steps  # the bot stops cleanly on SIGINT (KeyboardInterrupt)


def test_the_compose_commands_run_the_bot_and_cover_every_shard_once() -> None:
    covered: list[int] = []
    counts = set()
    for name, service in bot_services().items():
        command = service["command"]
        assert command[:3] == ["python", "-m", "bot"], name
        options = dict(zip(command[3::2], command[4::2], strict=True))
        assert set(options) <= {"--shards", "--shard-count"}, name
        shards = ShardSet.parse(options["--shards"], int(options["--shard-count"]))
        covered += shards.shard_ids
        counts.add(shards.count)
        assert service.get("stop_signal") == "SIGINT", f"{name}: the bot's clean stop"
    assert len(counts) == 1 and sorted(covered) == list(range(counts.pop()))


def test_the_metrics_port_is_the_same_everywhere() -> None:
    port = metrics_port()
    assert ("EXPOSE", str(port)) in dockerfile()
    for name, service in bot_services().items():
        assert [str(p) for p in service["expose"]] == [str(port)], name
        assert f":{port}/metrics" in " ".join(service["healthcheck"]["test"]), name
    scrape = yaml.safe_load((PROMETHEUS / "prometheus.yml").read_text(encoding="utf-8"))
    (job,) = [j for j in scrape["scrape_configs"] if j["job_name"] == "gin-bot"]
    targets = [t for c in job["static_configs"] for t in c["targets"]]
    assert sorted(targets) == sorted(f"{name}:{port}" for name in bot_services())  # every process is scraped


def test_prometheus_is_given_its_files_and_keeps_its_data_on_volumes() -> None:
    data = compose()
    prometheus = data["services"]["prometheus"]
    mounts = {}
    for volume in [*prometheus["volumes"], *(v for s in bot_services().values() for v in s.get("volumes", []))]:
        source, target = volume.split(":")[:2]
        if source.startswith("./"):
            assert (ROOT / source).is_file(), f"{source}: no such file"
        else:
            assert source in data["volumes"], f"{source}: not a declared volume"
        mounts[target] = source
    config = yaml.safe_load((PROMETHEUS / "prometheus.yml").read_text(encoding="utf-8"))
    assert mounts["/etc/prometheus/prometheus.yml"] == "./deploy/prometheus/prometheus.yml"
    for rules in config["rule_files"]:
        assert rules in mounts, f"{rules} is not mounted into the Prometheus container"
    assert any(v.split(":")[0] in data["volumes"] for v in data["services"]["db"]["volumes"])  # PostgreSQL's data


def alert_rules() -> list[dict[str, Any]]:
    data = yaml.safe_load((PROMETHEUS / "alerts.yml").read_text(encoding="utf-8"))
    return [rule for group in data["groups"] for rule in group["rules"]]


@pytest.mark.parametrize("rule", alert_rules(), ids=lambda r: r["alert"])
def test_each_alert_parses_and_names_only_the_bots_metrics(rule: dict[str, Any]) -> None:
    expr = promql_parser.parse(rule["expr"])  # a syntax error makes Prometheus refuse the whole file
    names: list[str] = []

    def visit(node: promql_parser.Expr) -> None:
        if isinstance(node, promql_parser.VectorSelector) and node.name:
            names.append(node.name)

    promql_parser.walk(expr, visit)
    assert names, "an alert on nothing"
    unknown = {n for n in names if n != "up"} - metric_names()
    assert not unknown, f"not metrics of the bot: {unknown}"
    assert rule["labels"]["severity"] in ("warning", "critical") and rule["annotations"]["summary"]


def test_the_alerts_watch_the_outbox_the_429s_and_the_answers() -> None:
    watched = " ".join(rule["expr"] for rule in alert_rules())
    for metric in ("gin_outbox_oldest_age_seconds", "gin_discord_rate_limited_total", "gin_interaction_answer_seconds"):
        assert metric in watched, metric
