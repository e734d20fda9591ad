"""The bot's Prometheus metrics (one registry) and the calls that feed them.

Each call is cheap (a lock and an addition) and safe to make whether or not the endpoint runs;
the endpoint (bot.metrics.endpoint) serves them only when ``GIN_METRICS_PORT`` is set. Label
values are few and fixed (kinds, scopes, route groups), never ids or names.
"""

from __future__ import annotations

import logging

import discord
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
)

log = logging.getLogger(__name__)

REGISTRY = CollectorRegistry(auto_describe=True)
ProcessCollector(registry=REGISTRY)  # memory, CPU, open files of the bot's process
PlatformCollector(registry=REGISTRY)
GCCollector(registry=REGISTRY)

SCOPES = ("global", "shared", "user")  # Discord's X-RateLimit-Scope values
KINDS = ("command", "component", "modal", "autocomplete", "other")
ROUTES = ("interaction_callback", "interaction_webhook", "channel", "other")  # bot.metrics.discord_http

_KIND_OF = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.component: "component",
    discord.InteractionType.modal_submit: "modal",
    discord.InteractionType.autocomplete: "autocomplete",
}

# Discord refuses an interaction answered after 3 s: the buckets around it are fine-grained.
ANSWER_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
DONE_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 60.0)
WAIT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
PICTURE_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0)

INTERACTIONS = Counter("gin_interactions", "Interactions received, by kind", ["kind"], registry=REGISTRY)
ANSWER_SECONDS = Histogram(
    "gin_interaction_answer_seconds",
    "From an interaction's creation at Discord to Discord's acceptance of its first answer",
    buckets=ANSWER_BUCKETS,
    registry=REGISTRY,
)
DONE_SECONDS = Histogram(
    "gin_interaction_done_seconds",
    "From an interaction's creation at Discord to the end of its handler (its last Discord call), by kind",
    ["kind"],
    buckets=DONE_BUCKETS,
    registry=REGISTRY,
)
IN_FLIGHT = Gauge("gin_interactions_in_flight", "Interaction handlers running now", registry=REGISTRY)
REQUESTS = Counter(
    "gin_discord_requests",
    "HTTP requests to Discord by route group and status (4xx by code; 'error': no answer)",
    ["route", "status"],
    registry=REGISTRY,
)
RATE_LIMITED = Counter("gin_discord_rate_limited", "429 answers from Discord, by scope", ["scope"], registry=REGISTRY)
PACER_QUEUE = Gauge("gin_pacer_queue_length", "Requests waiting in the pacer for Discord's budget", registry=REGISTRY)
PACER_WAIT = Histogram(
    "gin_pacer_wait_seconds",
    "How long a request waited in the pacer, by priority",
    ["priority"],
    buckets=WAIT_BUCKETS,
    registry=REGISTRY,
)
OUTBOX_PENDING = Gauge(
    "gin_outbox_pending", "Outbox messages not yet accepted by Discord (store-wide)", registry=REGISTRY
)
OUTBOX_AGE = Gauge(
    "gin_outbox_oldest_age_seconds", "Age of the oldest pending outbox message (0: none pending)", registry=REGISTRY
)
PICTURE_BACKLOG = Gauge("gin_pictures_backlog", "Pictures asked for and not yet drawn", registry=REGISTRY)
PICTURE_WAIT = Histogram(
    "gin_picture_wait_seconds", "A picture's wait for a free drawing slot", buckets=PICTURE_BUCKETS, registry=REGISTRY
)
PICTURE_DONE = Histogram(
    "gin_picture_done_seconds", "A picture's wait plus its drawing", buckets=PICTURE_BUCKETS, registry=REGISTRY
)
MATCHES = Gauge("gin_matches_in_memory", "Matches held in this process's memory", registry=REGISTRY)
ACTIVE_MATCHES = Gauge("gin_active_matches_in_memory", "Active matches held in memory", registry=REGISTRY)
REFRESH_FAILURES = Counter(
    "gin_metrics_refresh_failures",
    "Scrapes whose store sample failed or timed out (old values served)",
    registry=REGISTRY,
)

# Every label value exists from the start, so rate() and absent() see a 0 before the first event.
for _kind in KINDS:
    INTERACTIONS.labels(_kind)
    DONE_SECONDS.labels(_kind)
for _scope in SCOPES:
    RATE_LIMITED.labels(_scope)


def interaction_kind(kind: discord.InteractionType | None) -> str:
    """The label of an interaction's type."""
    return _KIND_OF.get(kind, "other") if kind is not None else "other"


def interaction_received(kind: str) -> None:
    """An interaction arrived (any kind, autocomplete included)."""
    INTERACTIONS.labels(kind).inc()


def interaction_answered(seconds: float) -> None:
    """Discord accepted an interaction's first answer ``seconds`` after the interaction was created."""
    ANSWER_SECONDS.observe(max(0.0, seconds))


def interaction_done(kind: str, seconds: float) -> None:
    """An interaction's handler finished ``seconds`` after the interaction was created."""
    DONE_SECONDS.labels(kind).observe(max(0.0, seconds))


def discord_request(route: str, status: str) -> None:
    """One HTTP request to Discord ended (``route``: one of ROUTES)."""
    REQUESTS.labels(route, status).inc()


def record_rate_limited(scope: str) -> None:
    """Discord answered 429 with this X-RateLimit-Scope (global, shared or user; anything else
    counts as user, Discord's per-route default)."""
    RATE_LIMITED.labels(scope if scope in SCOPES else "user").inc()


def pacer_queued(n: int) -> None:
    """The pacer holds ``n`` requests now."""
    PACER_QUEUE.set(n)


def pacer_waited(seconds: float, priority: str) -> None:
    """A request left the pacer after ``seconds``; ``priority`` is one of the pacer's few classes
    (a label: never an id)."""
    PACER_WAIT.labels(priority).observe(max(0.0, seconds))


def picture_drawn(wait_s: float, total_s: float) -> None:
    """A picture was drawn (render.pool's own measurement: its wait for a slot, wait plus drawing)."""
    PICTURE_WAIT.observe(wait_s)
    PICTURE_DONE.observe(total_s)
