"""Put chosen cards on the table of a real Match (for rule tests that need exact hands)."""

from __future__ import annotations

from bot.engine import DECK, parse_cards
from bot.engine.gin import Match
from bot.engine.knock import HandState, Phase


def rig(
    match: Match,
    seat: int,
    mine: str,
    theirs: str,
    *,
    stock_size: int = 20,
    upcard: str | None = None,
    phase: Phase = Phase.DISCARD,
) -> None:
    """Replace the current deal: ``seat`` holds ``mine`` (11 cards to discard/knock, 10 to draw)."""
    own, other = list(parse_cards(mine)), list(parse_cards(theirs))
    rest = [c for c in DECK if c not in own and c not in other]
    up = parse_cards(upcard)[0] if upcard else rest[0]
    rest.remove(up)
    hands = [own, other] if seat == 0 else [other, own]
    match.hand = HandState(
        dealer=match.dealer,
        hands=hands,
        stock=rest[:stock_size],
        discards=[up, *rest[stock_size:]],
        upcard=up,
        phase=phase,
        turn=seat,
    )


def hand_state(
    first: str,
    second: str,
    *,
    turn: int = 0,
    stock: str | int = 20,
    upcard: str | None = None,
    phase: Phase = Phase.DISCARD,
    dealer: int = 1,
) -> HandState:
    """A two-player hand with chosen cards: hand-seat 0 holds ``first``, hand-seat 1 ``second``.

    ``stock`` is a number of stock cards (taken from the rest of the pack) or the stock's cards,
    the last one on top; the rest of the pack lies in the discard pile under the upcard.
    """
    a, b = list(parse_cards(first)), list(parse_cards(second))
    rest = [c for c in DECK if c not in a and c not in b]
    up = parse_cards(upcard)[0] if upcard else rest[0]
    rest.remove(up)
    if isinstance(stock, str):
        pile = list(parse_cards(stock))
        rest = [c for c in rest if c not in pile]
    else:
        pile, rest = rest[:stock], rest[stock:]
    return HandState(
        dealer=dealer,
        hands=[a, b],
        stock=pile,
        discards=[*rest, up],
        upcard=up,
        phase=phase,
        turn=turn,
        discarded_by=[-1] * (len(rest) + 1),
    )
