"""Knockout's renderer (renderer.py), registered as "knockout"."""

from __future__ import annotations

from .renderer import KnockoutRenderer

__all__ = ["KnockoutRenderer"]
