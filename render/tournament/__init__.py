"""A tournament's bracket and standings as pictures and in words, drawn from bot.tournaments' views
(``bracket_view``, ``standings``) without knowing the formats' rules."""

from .bracket import render_bracket
from .standings import render_standings
from .words import bracket_words, standings_words

__all__ = ["bracket_words", "render_bracket", "render_standings", "standings_words"]
