"""The service's one exception for players: an expected refusal with a reason to show."""

from __future__ import annotations

from bot.i18n import N_


class Refusal(Exception):
    """An expected, player-facing refusal. ``reason`` is a short sentence without hidden cards.

    ``message`` is its English text with ``{fields}`` (a catalogue's message id, bot.i18n): the layer
    that answers translates it into the reader's language and fills ``fields``; ``reason`` is the
    English text filled in (for logs and for callers without a language)."""

    def __init__(self, message: str, /, **fields: object) -> None:
        self.message = message
        self.fields = fields
        self.reason = message.format(**fields) if fields else message
        super().__init__(self.reason)


def no_longer_open(what: str, status: str) -> Refusal:
    """'This challenge is no longer open: it was declined.' (``what``: 'challenge' or 'table')."""
    if what == "table":
        reasons = {
            "accepted": N_("This table is no longer open: its match has started."),
            "declined": N_("This table is no longer open: it was declined."),
            "cancelled": N_("This table is no longer open: it was closed."),
            "expired": N_("This table is no longer open: it expired."),
        }
        return Refusal(reasons.get(status, "This table is no longer open."))
    reasons = {
        "accepted": N_("This challenge is no longer open: it was accepted."),
        "declined": N_("This challenge is no longer open: it was declined."),
        "cancelled": N_("This challenge is no longer open: it was withdrawn."),
        "expired": N_("This challenge is no longer open: it expired."),
    }
    return Refusal(reasons.get(status, "This challenge is no longer open."))


STALE = N_("This was out of date: the table has moved on since. Use the latest board.")
