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
        self.as_sentence = False  # the translation is made a sentence (capitalised, one full stop) where shown
        super().__init__(self.reason)

    @classmethod
    def of_error(cls, error: Exception) -> Refusal:
        """An engine's ValueError as a refusal: an ``OptionError`` keeps its message id and fields (the
        answering layer translates them, then makes the text a sentence); any other says its English."""
        message, fields = getattr(error, "message", None), getattr(error, "fields", None)
        if not isinstance(message, str) or not isinstance(fields, dict):
            message, fields = str(error), {}
        refusal = cls(message, **fields)
        refusal.reason = sentence(str(error))
        refusal.args = (refusal.reason,)  # str() of the refusal is its sentence too
        refusal.as_sentence = True
        return refusal


def sentence(text: str) -> str:
    """An engine's message as a player-facing sentence: capitalised (unless it starts with an option
    as written, e.g. 'gin=lots: ...', or a quoted word), one full stop."""
    text = text.strip().rstrip(".")
    first = text.split(" ", 1)[0]
    if "=" in first or first[:1] in "'\"":
        return f"{text}."
    return f"{text[:1].upper()}{text[1:]}."


# Why a challenge or a lobby table no longer takes a click, by what it is and its status.
_NO_LONGER_OPEN = {
    ("table", "accepted"): N_("This table is no longer open: its match has started."),
    ("table", "declined"): N_("This table is no longer open: it was declined."),
    ("table", "cancelled"): N_("This table is no longer open: it was closed."),
    ("table", "expired"): N_("This table is no longer open: it expired."),
    ("challenge", "accepted"): N_("This challenge is no longer open: it was accepted."),
    ("challenge", "declined"): N_("This challenge is no longer open: it was declined."),
    ("challenge", "cancelled"): N_("This challenge is no longer open: it was withdrawn."),
    ("challenge", "expired"): N_("This challenge is no longer open: it expired."),
}


def no_longer_open(what: str, status: str) -> Refusal:
    """'This challenge is no longer open: it was declined.' (``what``: 'challenge' or 'table')."""
    if (what, status) in _NO_LONGER_OPEN:
        return Refusal(_NO_LONGER_OPEN[what, status])
    if what == "table":
        return Refusal("This table is no longer open.")
    return Refusal("This challenge is no longer open.")


STALE = N_("This was out of date: the table has moved on since. Use the latest board.")
