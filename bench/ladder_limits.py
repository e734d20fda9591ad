"""The throughput ladder with Discord's rate limits on (``--discord-limits``): what the bot sends on
the global limit per step (and its busiest second), its 429s, and how long a committed move took
to reach its board (from the move's answer to the next write to its channel's messages: an edit, a
result, a new board). Only moves that end a turn count: a draw is shown with its turn's end (the
quiet channel, docs/rules.md)."""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

from fakediscord import FakeDiscord

if TYPE_CHECKING:
    from .ladder import Step

LIMITS_HEADER = (
    f"{'offered':>7} {'chan req':>8} {'req/s':>6} {'max/s':>6} {'429s':>5} {'429 %':>6} "
    f"{'stale p50':>9} {'stale p99':>9} {'stale max':>9} {'unshown':>7} {'settled':>7}"
)


def limits_row(step: Step) -> str:
    stale = list(step.staleness) or [0.0]
    share = step.rate_limited / step.channel_requests if step.channel_requests else 0.0
    per_s = step.channel_requests / step.seconds if step.seconds else 0.0
    return (
        f"{step.rate:>7.0f} {step.channel_requests:>8} {per_s:>6.1f} {step.busiest_second:>6} {step.rate_limited:>5} "
        f"{share:>6.2%} {statistics.median(stale):>8.2f}s {_pct(stale, 0.99):>8.2f}s {max(stale):>8.2f}s "
        f"{step.never_shown:>7} {step.settled_s:>6.1f}s"
    )


def board_staleness(fd: FakeDiscord, step: Step, since: float) -> None:
    """From the stand-in's request log: the bot's requests on the global limit since ``since`` (and
    the busiest second), and for each move the time until the next write to its channel's messages
    (a board edit, a result, a new board): the board caught up with it."""
    writes: dict[int, list[float]] = {}
    counted: list[float] = []
    for at, method, path in fd.store.timed_requests:
        if at < since:
            continue
        if not path.startswith(("/interactions/", "/webhooks/")):
            counted.append(at)
            if at < since + step.seconds:
                step.kinds[route_kind(method, path)] += 1
        parts = path.split("/")
        if len(parts) >= 4 and parts[1] == "channels" and parts[3] == "messages" and method in ("POST", "PATCH"):
            writes.setdefault(int(parts[2]), []).append(at)
    within = [at for at in counted if at < since + step.seconds]
    step.channel_requests = len(within)
    buckets: dict[int, int] = {}
    for at in counted:
        buckets[int(at - since)] = buckets.get(int(at - since), 0) + 1
    step.busiest_second = max(buckets.values(), default=0)
    for channel_id, done in step.moved:
        later = [w for w in writes.get(channel_id, []) if w >= done]
        if later:
            step.staleness.append(min(later) - done)
        else:
            step.never_shown += 1


def route_kind(method: str, path: str) -> str:
    """A request's route with its ids left out ("PATCH /channels/*/messages/*")."""
    return method + " " + "/".join("*" if part.isdigit() else part for part in path.split("/"))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]
