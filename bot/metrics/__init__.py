"""Prometheus metrics of the bot (``GIN_METRICS_PORT``; docs/deploy.md#metrics).

What other code calls to feed them is here; the endpoint (endpoint.py), the scrape-time samples
(sampling.py) and discord.py's HTTP trace (discord_http.py) are wired by bot.client.
"""

from .registry import (
    REGISTRY,
    interaction_done,
    interaction_kind,
    interaction_received,
    pacer_queued,
    pacer_waited,
    picture_drawn,
    record_rate_limited,
)

__all__ = [
    "REGISTRY",
    "interaction_done",
    "interaction_kind",
    "interaction_received",
    "pacer_queued",
    "pacer_waited",
    "picture_drawn",
    "record_rate_limited",
]
