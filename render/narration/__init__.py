"""One narration for every game and every output (the board, the hand, the text-only style and the
terminal): a line per turn, the reader spoken to as "you", counts in the language's plural forms,
every word from the catalogue (bot.i18n)."""

from __future__ import annotations

from .duel import DuelEnd, duel_lines
from .knock import turn_lines as knock_turn_lines
from .match_end import bonus_lines, knockout_end, totals_line
from .results import gin_hand, knockout_hand, table_hand, team_hand, team_name, trio_hand
from .table import turn_lines as table_turn_lines
from .voice import Phrase, Voice, hand_story, new_match, sentences

__all__ = [
    "DuelEnd",
    "Phrase",
    "Voice",
    "bonus_lines",
    "duel_lines",
    "gin_hand",
    "hand_story",
    "knock_turn_lines",
    "knockout_end",
    "knockout_hand",
    "new_match",
    "sentences",
    "table_hand",
    "table_turn_lines",
    "team_hand",
    "team_name",
    "totals_line",
    "trio_hand",
]
