"""Tournaments, the pure logic (docs/tournaments.md): formats, pairing, results, standings and the bracket.

No I/O: every change is a function from a ``Tournament`` to a new one, and the next round is a pure
function of the state, so the service can recompute it after a restart and the store keep it once.
``start`` seeds the checked-in players; ``pair_next_round`` pairs a round once the last is complete;
``record``, ``forfeit``, ``award`` and ``remove`` decide pairings; ``finished``, ``standings``,
``champion`` and ``bracket_view`` read the state; ``to_json``/``from_json`` keep it. A refused step
raises ``TournamentError`` with a catalogue id and its fields.
"""

from .codec import VERSION, from_json, to_json
from .config import REASON_CHARS, ROUNDS, SIZE, Entrant, Format, LengthKind, MatchLength, TournamentConfig
from .errors import TournamentError
from .standings import Standing, Standings, champion, standings
from .state import Bracket, Node, Outcome, Pairing, PairingKey, Result, Round, Tournament
from .transitions import award, finished, forfeit, pair_next_round, pending, record, remove, start
from .views import BracketView, MatchView, RoundView, SeatView, SectionView, bracket_view

__all__ = [
    "REASON_CHARS",
    "ROUNDS",
    "SIZE",
    "VERSION",
    "Bracket",
    "BracketView",
    "Entrant",
    "Format",
    "LengthKind",
    "MatchLength",
    "MatchView",
    "Node",
    "Outcome",
    "Pairing",
    "PairingKey",
    "Result",
    "Round",
    "RoundView",
    "SeatView",
    "SectionView",
    "Standing",
    "Standings",
    "Tournament",
    "TournamentConfig",
    "TournamentError",
    "award",
    "bracket_view",
    "champion",
    "finished",
    "forfeit",
    "from_json",
    "pair_next_round",
    "pending",
    "record",
    "remove",
    "standings",
    "start",
    "to_json",
]
