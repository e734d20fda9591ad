"""Knockout's AI (bot.ai.knockout.player)."""

from __future__ import annotations

from .player import choose_knockout

__all__ = ["choose_knockout"]
