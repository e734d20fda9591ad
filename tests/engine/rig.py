"""Put chosen cards on the table of a real Match (for rule tests that need exact hands)."""

from __future__ import annotations

from bot.engine.cards import DECK, parse_cards
from bot.engine.hand import HandState, Phase
from bot.engine.match import Match


def rig(match: Match, seat: int, mine: str, theirs: str, *, stock_size: int = 20, upcard: str | None = None,
        phase: Phase = Phase.DISCARD) -> None:
    """Replace the current deal: ``seat`` holds ``mine`` (11 cards to discard/knock, 10 to draw)."""
    own, other = list(parse_cards(mine)), list(parse_cards(theirs))
    rest = [c for c in DECK if c not in own and c not in other]
    up = parse_cards(upcard)[0] if upcard else rest[0]
    rest.remove(up)
    hands = [own, other] if seat == 0 else [other, own]
    match.hand = HandState(
        dealer=match.dealer, hands=hands, stock=rest[:stock_size], discards=[up] + rest[stock_size:],
        upcard=up, phase=phase, turn=seat,
    )
