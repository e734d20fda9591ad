"""A tournament transition refused, for the organiser or the player who asked: a catalogue id with its fields."""

from __future__ import annotations

from bot.engine import Said


class TournamentError(Exception):
    """A refused tournament step. ``message`` is an English catalogue id with ``{fields}`` (translated where
    it is shown, like ``IllegalAction``); ``str()`` is the English filled in, ``said`` the same as a ``Said``."""

    def __init__(self, message: str, /, **fields: object) -> None:
        self.message = message
        self.fields = fields
        super().__init__(message.format(**fields) if fields else message)

    @property
    def said(self) -> Said:
        return Said(self.message, **self.fields)


__all__ = ["TournamentError"]
