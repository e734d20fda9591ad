"""Turning the metrics on for a bot: callbacks on discord.py's HTTP trace, the interaction counter,
the pacer's and the picture pool's observers, and the endpoint. Nothing of it happens without
``GIN_METRICS_PORT``."""

from __future__ import annotations

import logging
from collections.abc import Callable

import aiohttp
import discord
from discord.ext import commands

from bot.config import Settings
from bot.pacer import Pacer, Priority
from bot.tables import TableService
from render.pool import RenderPool

from . import registry
from .discord_http import observe
from .endpoint import MetricsEndpoint
from .sampling import Sampler

log = logging.getLogger(__name__)


def observe_http(trace: aiohttp.TraceConfig, settings: Settings) -> aiohttp.TraceConfig:
    """discord.py's HTTP trace, with the metrics' callbacks when the endpoint is on (the session is
    made at login: the trace is given when the client is built)."""
    return observe(trace) if settings.metrics_port is not None else trace


def pacer_event(event: str, value: float, priority: Priority | None) -> None:
    """A ``Pacer.observers`` entry: its queue and waits. (Its "429:<scope>" events are the 429s the
    HTTP trace counts already, on every route: not counted twice.)"""
    if event == "queue":
        registry.pacer_queued(int(value))
    elif event == "wait":
        registry.pacer_waited(value, (Priority.NORMAL if priority is None else priority).name.lower())  # ANNOUNCE is 0


async def count_interaction(interaction: discord.Interaction) -> None:
    """An ``on_interaction`` listener: every interaction, autocomplete included, by kind."""
    registry.interaction_received(registry.interaction_kind(interaction.type))


async def start_metrics(
    client: commands.Bot,
    settings: Settings,
    service: TableService,
    pictures: RenderPool,
    pacer: Pacer,
    in_flight: Callable[[], int],
) -> MetricsEndpoint | None:
    """Serve the metrics when ``settings.metrics_port`` is set; None when it is not, or when the
    address cannot be had (logged: the games go on without the endpoint)."""
    if settings.metrics_port is None:
        return None
    sampler = Sampler(service, pictures, in_flight)
    endpoint = MetricsEndpoint(settings.metrics_port, settings.metrics_host, sampler.refresh)
    try:
        await endpoint.start()
    except OSError as error:
        log.error(
            "metrics: cannot listen on %s:%d (%s); the bot runs without its endpoint",
            settings.metrics_host,
            settings.metrics_port,
            error,
        )
        return None
    pictures.observer = registry.picture_drawn
    pacer.observers.append(pacer_event)
    client.add_listener(count_interaction, "on_interaction")
    return endpoint
