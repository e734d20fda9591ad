"""The play-out policy of the expert's search: greedy play with the habits that made ``hard`` strong.

It plays both seats of a simulated deal (sim.py) from that seat's own cards and the public pile
only, in a few microseconds a move (bit operations and the cached hand values of values.py):

* draw: the pile card when it melds (greedy), or when it lets the seat knock at once;
* discard: among the discards within ``slack`` of the least deadwood, the one that keeps the
  most *outs* (unseen cards that would meld with the hand: a one-card lookahead) and does not
  meld with the cards the opponent took from the pile (his known cards), the higher card on ties;
* knock: at once when the deadwood allows, unless ``hold`` says play on for gin with this much
  deadwood while the stock is long (hard's habit of undercutting early knockers).

``Style`` holds the knobs; ``STYLE`` is the measured choice (tests/ai/test_policy.py holds the
numbers against the greedy policy).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import FULL_MASK, meldable_mask

from ..knock.values import VALUE, best_discard, card_joins, deadwood, is_big_gin, lookahead
from .sim import BIG_GIN, DISCARD_, DRAW, GIN, KNOCK, OFFER, PASS, PILE, STOCK, TAKE, Deal, SimMove, SimRules

_LANE = (1 << 13) - 1


@dataclass(frozen=True, slots=True)
class Style:
    """The policy's knobs (module docstring)."""

    take_knock: bool = True  # take the pile card when the hand can knock right after
    take_gain: int = 99  # ... or when it lowers the deadwood by at least this much
    slack: int = 2  # discards within this much of the least deadwood are compared by outs and danger
    outs_weight: float = 1.0  # deadwood points one out is worth
    danger: float = 4.0  # deadwood points charged for a discard that melds with the opponent's known cards
    hold: int = 0  # play on with more than this much deadwood ...
    hold_stock: int = 99  # ... while more than this many stock cards remain (0 / 99: never hold)
    lookahead: bool = False  # compare discards by the deadwood expected after the next draw (hard's way)
    knock_bonus: float = 8.0  # ... an outcome within the knock limit counting this much less


STYLE = Style()


def touching(h: int) -> int:
    """Cards outside ``h`` that would meld with two of its cards (runs and sets)."""
    runs = ((h >> 1) & (h >> 2)) | ((h << 1) & (h >> 1)) | ((h << 1) & (h << 2))
    a = h & _LANE
    b = (h >> 16) & _LANE
    c = (h >> 32) & _LANE
    d = (h >> 48) & _LANE
    two = (a & (b | c | d)) | (b & (c | d)) | (c & d)
    sets = two | (two << 16) | (two << 32) | (two << 48)
    return (runs | sets) & FULL_MASK & ~h


def play(deal: Deal, rules: SimRules, style: Style = STYLE) -> SimMove:
    """The policy's move for the seat to move in ``deal``."""
    seat = deal.turn
    h = deal.hands[seat]
    phase = deal.phase
    runs = rules.runs
    if phase in (DRAW, OFFER):
        pile = deal.pile
        if pile and (phase == OFFER or not deal.stock_only) and _takes(h, pile[-1], rules, style):
            return (TAKE, 0) if phase == OFFER else (PILE, 0)
        return (PASS, 0) if phase == OFFER else (STOCK, 0)
    if rules.big_gin and is_big_gin(h, runs):
        return (BIG_GIN, 0)
    forbidden = deal.forbidden
    dw, bit = best_discard(h, forbidden, runs)
    if dw == 0:
        return (GIN, bit)
    if dw <= rules.limit and (dw <= style.hold or len(deal.stock) <= style.hold_stock):
        return (KNOCK, bit)
    if style.slack < 0 or forbidden:  # after a pile take: the least deadwood, so no card goes back and forth
        return (DISCARD_, bit)
    return (DISCARD_, _discard(deal, seat, h, dw, bit, rules, style))


def _takes(h: int, top: int, rules: SimRules, style: Style) -> bool:
    if card_joins(h, top, rules.runs):
        return True
    dw, _ = best_discard(h | top, top, rules.runs)
    now = deadwood(h, rules.runs)
    return (style.take_knock and dw <= rules.limit and dw < now) or now - dw >= style.take_gain


def _discard(deal: Deal, seat: int, h: int, best_dw: int, best_bit: int, rules: SimRules, style: Style) -> int:
    """The discard within ``slack`` of the least deadwood that keeps the most outs and feeds the opponent least."""
    unseen = deal.unseen(seat)
    opp_known = deal.known[1 - seat]
    feeds = touching(opp_known) if opp_known and style.danger else 0
    runs = rules.runs
    m = meldable_mask(h, runs)
    whole = deadwood(h, runs)  # a card in no meld leaves this less its value
    limit = best_dw + style.slack
    best_key = 1e9
    choice = best_bit
    x = h
    while x:
        low = x & -x
        x ^= low
        i = low.bit_length() - 1
        dw = deadwood(h ^ low, runs) if low & m else whole - VALUE[i]
        if dw > limit:
            continue
        rest = h ^ low
        if style.lookahead:
            key = lookahead(rest, unseen, runs, rules.limit, style.knock_bonus) - VALUE[i] * 0.01
        else:
            key = dw - style.outs_weight * (touching(rest) & unseen).bit_count() - VALUE[i] * 0.01
        if low & feeds:
            key += style.danger
        if key < best_key:
            best_key = key
            choice = low
    return choice


__all__ = ["STYLE", "Style", "play", "touching"]
