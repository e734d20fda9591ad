"""The play-out policy of the expert's search: hard's habits, fast enough for thousands of deals.

It plays both seats of a simulated deal (sim.py) from that seat's own cards and the public facts
only (the pile, the cards the opponent took from it and holds, how many cards he holds, the stock
left), in tens of microseconds a move (bit operations and the cached hand values of knock/values.py):

* draw: the pile card when it melds (greedy), or when it lets the seat knock at once;
* discard: among the discards within ``slack`` of the least deadwood, the one with the least
  deadwood expected after the next draw (``lookahead``, hard's one-draw lookahead with its bonus
  for reaching the knock limit), or else the one keeping the most *outs* (unseen cards that would
  meld), plus ``danger`` points times the chance it melds in the opponent's hand (``pairs``: two
  partner cards held, the known ones certain, hard's model without the pile history; else only
  his known cards count), the higher card on ties; after a pile take the least deadwood;
* knock: at once when the deadwood allows, unless ``hold`` says play on for gin with this much
  deadwood while the stock is long (hard's habit of undercutting early knockers).

``STYLE`` is the plain fast policy. The expert's play-outs use hard's way (expert.SELF/OPPONENT):
as a player on its own, that policy won 76.8% and 73.0% of 400 matches to 100 against the EAAI and
OpenSpiel simple bots (hard: 77.0% and 73.5%; the plain one 74.0% and 70.8%).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import meldable_mask

from ..knock.values import VALUE, best_discard, card_joins, deadwood, is_big_gin, lookahead, touching
from .opponent import meld_chance
from .sim import BIG_GIN, DISCARD_, DRAW, GIN, KNOCK, OFFER, PASS, PILE, STOCK, TAKE, Deal, SimMove, SimRules


@dataclass(frozen=True, slots=True)
class Style:
    """The policy's knobs (module docstring)."""

    take_knock: bool = True  # take the pile card when the hand can knock right after
    slack: int = 2  # discards within this much of the least deadwood are compared by outs and danger
    outs_weight: float = 1.0  # deadwood points one out is worth
    danger: float = 4.0  # deadwood points charged for a discard the opponent can meld
    hold: int = 0  # play on with more than this much deadwood ...
    hold_stock: int = 99  # ... while more than this many stock cards remain (0 / 99: never hold)
    lookahead: bool = False  # compare discards by the deadwood expected after the next draw (hard's way)
    knock_bonus: float = 8.0  # ... an outcome within the knock limit counting this much less
    pairs: bool = False  # danger as hard reckons it: the chance he holds two cards that meld with the discard


STYLE = Style()


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
    if not style.take_knock:
        return False
    dw, _ = best_discard(h | top, top, rules.runs)
    return dw <= rules.limit and dw < deadwood(h, rules.runs)


def _discard(deal: Deal, seat: int, h: int, best_dw: int, best_bit: int, rules: SimRules, style: Style) -> int:
    """The discard within ``slack`` of the least deadwood that keeps the most outs and feeds the opponent least."""
    unseen = deal.unseen(seat)
    opp_known = deal.known[1 - seat]
    runs = rules.runs
    feeds = touching(opp_known, runs) if opp_known and style.danger else 0
    p_opp = 0.0
    if style.pairs:
        hidden = deal.hands[1 - seat].bit_count() - opp_known.bit_count()  # a count: public (card_counts)
        p_opp = hidden / max(1, unseen.bit_count())
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
            key = dw - style.outs_weight * (touching(rest, runs) & unseen).bit_count() - VALUE[i] * 0.01
        if style.pairs:
            key += style.danger * meld_chance(i, opp_known, unseen, p_opp, runs)
        elif low & feeds:
            key += style.danger
        if key < best_key:
            best_key = key
            choice = low
    return choice


__all__ = ["STYLE", "Style", "meld_chance", "play"]
