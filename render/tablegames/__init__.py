"""The table games' renderer (Colonel, Skarney, Rummy): pictures (renderer.py), words (words.py) and
the hand's controls (controls.py)."""

from __future__ import annotations

from . import renderer

__all__ = ["renderer"]
