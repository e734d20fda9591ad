"""Discord's limits and faults as the stand-in models them (``fd.limits``), each switched per test.

Rate limits (off unless ``FakeDiscord(rate_limits=True)`` or ``fd.limits.rate_limits = True``): a
global limit per bot (``global_per_second``, Discord: 50; interaction callbacks and interaction
webhooks are exempt, as on Discord) and per-route buckets (``routes``: channel message post and edit,
5 per 5 s per channel), answered with Discord's X-RateLimit-* headers and 429 bodies.

Counts (always): 429s by scope, and the invalid requests Discord counts towards its Cloudflare ban
(401, 403 and 429 but a 429 of scope "shared"; 10,000 in 10 minutes bans) in ``fd.limits.stats``.

Faults (``fd.fail`` / ``fd.hang``): chosen routes answer 5xx, or hang, a number of times or for a while.
"""

from __future__ import annotations

import hashlib
import math
import re
import time
from collections import Counter, deque
from dataclasses import dataclass, field

GLOBAL_PER_SECOND = 50  # Discord: requests per second per bot, over all routes but interactions
INVALID_LIMIT = 10_000  # Discord: invalid requests (401, 403, 429) per INVALID_WINDOW_S before a ban
INVALID_WINDOW_S = 600.0
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # Discord's upload limit in a guild without boosts (bytes)

# Route kinds: the handler that answers a route, as ``fd.fail`` and the rate limit buckets name it.
KINDS: dict[str, str] = {
    "callback": "interaction_callback",
    "followup": "webhook_send",
    "webhook_get": "webhook_get",
    "webhook_edit": "webhook_edit",
    "webhook_delete": "webhook_delete",
    "channel_send": "channel_send",
    "channel_edit": "channel_edit",
    "channel_get": "channel_get",
    "channel_delete": "channel_delete",
    "list_messages": "list_messages",
    "get_channel": "get_channel",
    "typing": "typing",
    "reaction": "reaction",
    "create_thread": "create_thread",
    "commands": "put_commands",
}
# Not bound by the global limit (Discord: interaction endpoints).
GLOBAL_EXEMPT = frozenset({"interaction_callback", "webhook_send", "webhook_get", "webhook_edit", "webhook_delete"})


@dataclass(frozen=True)
class RouteLimit:
    """One per-route bucket: ``limit`` requests per ``per`` seconds for each value of the route's
    top-level resource (``major``: the path parameter "chan", "guild" or "token")."""

    kind: str  # a handler name (see KINDS)
    limit: int
    per: float
    major: str = "chan"

    @property
    def bucket(self) -> str:
        """The X-RateLimit-Bucket value: opaque and stable, like Discord's hashes."""
        return hashlib.sha1(f"{self.kind}:{self.limit}:{self.per}".encode()).hexdigest()[:32]


DEFAULT_ROUTES = (
    RouteLimit("channel_send", 5, 5.0),
    RouteLimit("channel_edit", 5, 5.0),
)


@dataclass
class Window:
    """A fixed window of a bucket: when it started and how many requests it let through."""

    start: float
    count: int = 0


@dataclass(frozen=True)
class Verdict:
    """The rate limiter's answer for one request: its headers, and whether it is refused (429)."""

    headers: dict[str, str]
    refused: bool = False
    scope: str = ""  # "global", "user" (a route bucket) or "shared" when refused
    retry_after: float = 0.0


@dataclass
class LimitStats:
    """What the limits saw: requests, 429s by scope, invalid requests and the ban threshold."""

    invalid_limit: int = INVALID_LIMIT
    requests: int = 0
    rate_limited: Counter[str] = field(default_factory=Counter)  # scope -> 429s answered
    invalid: int = 0  # 401/403/429 answered (a 429 of scope "shared" excepted), ever
    by_status: Counter[int] = field(default_factory=Counter)  # invalid requests by status
    banned: bool = False  # the threshold was reached once (Discord: a temporary Cloudflare ban)
    form_errors: list[tuple[str, dict[str, object]]] = field(default_factory=list)  # (route kind, errors)
    _invalid_at: deque[float] = field(default_factory=deque)

    def count_invalid(self, status: int, now: float) -> None:
        self.invalid += 1
        self.by_status[status] += 1
        self._invalid_at.append(now)
        if self.invalid_in_window(now) >= self.invalid_limit:
            self.banned = True

    def invalid_in_window(self, now: float | None = None) -> int:
        """Invalid requests in the last 10 minutes."""
        now = time.monotonic() if now is None else now
        while self._invalid_at and now - self._invalid_at[0] > INVALID_WINDOW_S:
            self._invalid_at.popleft()
        return len(self._invalid_at)


@dataclass(eq=False)
class Fault:
    """An outage on the routes that match: answer ``status`` (or hang ``delay`` seconds first), for
    ``count`` requests, or until ``duration`` seconds passed, or until cleared (both None).
    ``processed``: the request is carried out first and only its answer is lost (the bot cannot know
    whether it happened)."""

    route: str
    status: int | None
    count: int | None
    until: float | None
    delay: float = 0.0
    processed: bool = False
    retry_after: float = 1.0  # for status 429: a shared-resource rate limit
    hits: int = 0
    cleared: bool = False

    def matches(self, handler: str, method: str, path: str) -> bool:
        if self.route in KINDS or self.route in KINDS.values():
            return handler == KINDS.get(self.route, self.route)  # a kind names its handler only
        return self.route == handler or bool(re.search(self.route, f"{method} {path}"))

    @property
    def active(self) -> bool:
        if self.cleared or (self.count is not None and self.hits >= self.count):
            return False
        return self.until is None or time.monotonic() < self.until


class Limits:
    """The switches and the state of Discord's limits in one stand-in (``fd.limits``)."""

    def __init__(self, *, rate_limits: bool = False) -> None:
        self.rate_limits = rate_limits
        self.global_per_second = GLOBAL_PER_SECOND
        self.routes: dict[str, RouteLimit] = {r.kind: r for r in DEFAULT_ROUTES}
        self.message_rules = True  # content/embed/component/attachment limits (400 50035, 413 40005)
        # Discord also refuses a message whose custom_ids repeat (COMPONENT_CUSTOM_ID_DUPLICATED).
        self.unique_custom_ids = True
        self.permissions = True  # the bot's channel permissions (fd.bot_permissions): 403 50001/50013
        self.attachment_size = ATTACHMENT_SIZE_LIMIT
        self.enforce_ban = False  # once banned, answer everything 429 like Cloudflare (no JSON)
        self.stats = LimitStats()
        self.faults: list[Fault] = []
        self._global: dict[str, Window] = {}
        self._windows: dict[tuple[str, str, str], Window] = {}

    def set_route(self, kind: str, limit: int, per: float, major: str = "chan") -> RouteLimit:
        """Add or change a per-route bucket (``kind``: a name of KINDS or a handler name)."""
        route = RouteLimit(KINDS.get(kind, kind), limit, per, major)
        self.routes[route.kind] = route
        return route

    # -- rate limits -----------------------------------------------------------------
    def check(self, who: str, handler: str, params: dict[str, str], now: float | None = None) -> Verdict:
        """Count one request of ``who`` (the Authorization header) and say whether it goes through."""
        now = time.monotonic() if now is None else now
        wall = time.time()
        self.stats.requests += 1
        if not self.rate_limits:
            return Verdict({})
        if handler not in GLOBAL_EXEMPT:
            window = self._global.get(who)
            if window is None or now - window.start >= 1.0:
                window = self._global[who] = Window(now)
            if window.count >= self.global_per_second:
                retry = math.ceil(max(window.start + 1.0 - now, 0.001) * 1000) / 1000
                headers = {
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                    "Retry-After": str(max(1, round(retry))),
                }
                return Verdict(headers, True, "global", retry)
            window.count += 1
        route = self.routes.get(handler)
        if route is None:
            return Verdict({})
        key = (route.kind, params.get(route.major, ""), who)
        window = self._windows.get(key)
        if window is None or now - window.start >= route.per:
            window = self._windows[key] = Window(now)
        # rounded up to the millisecond: a client that waits this long finds the window renewed
        reset_after = math.ceil(max(window.start + route.per - now, 0.0) * 1000) / 1000
        headers = {
            "X-RateLimit-Limit": str(route.limit),
            "X-RateLimit-Bucket": route.bucket,
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{wall + reset_after:.3f}",
        }
        if window.count >= route.limit:
            headers["X-RateLimit-Remaining"] = "0"
            headers["X-RateLimit-Scope"] = "user"
            headers["Retry-After"] = str(max(1, round(reset_after)))
            return Verdict(headers, True, "user", max(reset_after, 0.001))
        window.count += 1
        headers["X-RateLimit-Remaining"] = str(route.limit - window.count)
        return Verdict(headers)

    def answered(self, status: int, scope: str = "", now: float | None = None) -> None:
        """Count an answer: 429s by scope; 401, 403 and 429 (but scope "shared") as invalid requests."""
        now = time.monotonic() if now is None else now
        if status == 429:
            self.stats.rate_limited[scope or "user"] += 1
        if status in (401, 403) or (status == 429 and scope != "shared"):
            self.stats.count_invalid(status, now)

    # -- faults -------------------------------------------------------------------------
    def add_fault(self, fault: Fault) -> Fault:
        self.faults.append(fault)
        return fault

    def fault_for(self, handler: str, method: str, path: str) -> Fault | None:
        """The first active fault on this route, counted as hit."""
        for fault in self.faults:
            if fault.active and fault.matches(handler, method, path):
                fault.hits += 1
                return fault
        return None

    def clear_faults(self) -> None:
        for fault in self.faults:
            fault.cleared = True
        self.faults.clear()
