"""The AI player: one decision from one SeatView, at a chosen level.

Levels (``LEVELS``):

* ``easy``: the greedy player (greedy.py).
* ``normal``: one-step lookahead. It discards the card that minimises the expected
  deadwood after the next stock draw (evaluate.lookahead), and takes the face-up
  card only when the deadwood right after taking it beats the expected deadwood
  after a stock draw. It does not knock before the last few stock cards: it plays
  on for gin, or to undercut an opponent who knocks as soon as it can.
* ``hard``: the same, plus a penalty on discards that are likely to complete the
  opponent's melds, from a model that uses the pile history (cards it took, let go
  or discarded: opponent.card_probs / danger2). The Monte Carlo knock check
  (knock.py, ``Params.knock_mc``) remains available as a knob.

Every level returns one of ``view.legal`` and never resigns. The search is guarded
by a deadline: if it passes, the greedy move is returned instead.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from typing import TypeVar

from bot.engine import Card, card_at, mask_of
from bot.engine.gin import SeatView
from bot.engine.knock import Action, ActionKind

from ..deadline import Deadline, DeadlineExceeded
from ..knock.evaluate import deadwood, discard_values, lookahead, lookahead2
from ..paired import Budget
from ..registry import only_move
from .expert import search
from .greedy import greedy_action
from .knock import estimate_knock, should_knock
from .knowledge import Knowledge, knowledge_of
from .opponent import INITIAL_STOCK, card_probs, danger, danger2
from .stakes import Stakes, stakes_of

log = logging.getLogger(__name__)

_TAKES = (ActionKind.TAKE_UPCARD, ActionKind.DRAW_DISCARD)
HOLD_ENDGAME_STOCK = 4  # with this few stock cards left a legal knock is always taken


@dataclass(frozen=True, slots=True)
class Params:
    """The knobs of one level (bench/ai_strength.py measured the chosen values)."""

    draw_depth: int = 1  # 1: compare deadwood after this turn; 2: compare lookahead values
    candidates: int = 6  # discards examined by the lookahead (the best by plain deadwood)
    candidate_margin: int = 10  # ...and only those within this much deadwood of the best
    knock_bonus: float = 0.0  # lookahead credit for reaching the knock limit
    danger_weight: float = 0.0  # deadwood points charged per unit of danger
    take_margin: float = 0.0  # take the upcard only if it beats the stock by this much
    knock_mc: int = 0  # Monte Carlo samples for the knock check (0: knock at once)
    knock_risk: float = 0.5
    knock_ev_min: float = 0.0  # knock only if the Monte Carlo expects more than this (stock left)
    eval_depth: int = 1  # discard evaluation: 1 exact one-draw lookahead, 2 sampled two-draw
    eval_samples: int = 40
    hold_knock: bool = False  # play on for gin or an undercut; knock only near the end of the stock
    aim_gin: bool = False  # the lookahead's bonus goes to gin (deadwood 0), not to the knock limit
    history: bool = False  # opponent model with pile history (opponent.danger2)
    knock_search: int = 0  # a held knock is weighed against the discard by this many paired play-outs
    defense: float = 0.0  # weight of the deadwood kept now, growing as the stock runs down


# Measured (ai2, paired seat-swapped deals vs the knock-as-soon-as-legal reference bots):
# holding on instead of knocking (for gin, or to undercut the opponent's knock) gave
# about +3 points/hand; the pile-history danger model at weight 4 about +0.5 more.
# The Monte Carlo knock check (knock_mc) only mattered through its EV threshold, and
# the best threshold was "never before the endgame", so the levels skip it.
PARAMS: dict[str, Params] = {
    "normal": Params(take_margin=-1.5, hold_knock=True),
    "hard": Params(take_margin=-1.5, knock_bonus=8.0, danger_weight=4.0, hold_knock=True, history=True),
}


A = TypeVar("A")


def _seed_from(view: SeatView) -> int:
    """A seed that depends on the view alone, so a decision is reproducible."""
    return hash((tuple(view.hand), view.discard_pile, view.moves, view.seat)) & 0xFFFFFFFF


def choose_action(
    view: SeatView,
    level: str = "normal",
    rng: random.Random | None = None,
    deadline_s: float = 0.1,
    stakes: Stakes | None = None,
) -> Action:
    """The AI's move for the seat of ``view``: always one of ``view.legal``. ``expert`` searches from
    hard's move (expert.py) with ``stakes``, the match's scores (default: read from the view)."""
    start = time.perf_counter()
    only = only_move(view.legal, level)
    if only is not None:
        return only
    fallback = greedy_action(view)
    if level == "easy":
        return fallback
    # The search stops at 80% of the budget: the fallback and the return still need time.
    deadline = Deadline(deadline_s * 0.8, start)
    if rng is None:
        rng = random.Random(_seed_from(view))
    try:
        chosen = _decide(view, PARAMS["hard" if level == "expert" else level], rng, deadline)
    except DeadlineExceeded:
        log.debug("AI deadline of %.3fs passed; greedy move", deadline_s)
        chosen = fallback
    if level == "expert":
        return search(view, rng, chosen, stakes or stakes_of(view))
    return chosen


def _decide(view: SeatView, p: Params, rng: random.Random, deadline: Deadline) -> Action:
    k = knowledge_of(view)
    legal = view.legal
    take = next((a for a in legal if a.kind in _TAKES), None)
    if take is not None:
        other = next(a for a in legal if a is not take)
        return take if _should_take(view, k, p, deadline) else other
    if legal[0].kind is ActionKind.DRAW_STOCK:
        return legal[0]
    return _discard_phase(view, k, p, rng, deadline)


# -- drawing -------------------------------------------------------------------------------


def _aim(k: Knowledge, p: Params) -> int:
    """The deadwood the lookahead rewards reaching: gin when holding on, else the knock limit."""
    return 0 if p.aim_gin else k.knock_limit


def _hand_value(h10: int, k: Knowledge, p: Params, depth: int, exclude: int) -> float:
    """Value of a 10-card hand (lower is better): its deadwood, or its lookahead value."""
    if depth <= 0:
        dw = deadwood(h10, k.runs)
        return dw - p.knock_bonus if dw <= _aim(k, p) else dw
    unseen = k.unseen_cards if not exclude else [c for c in k.unseen_cards if not c.bit & exclude]
    return lookahead(h10, unseen, _aim(k, p), p.knock_bonus, k.runs)


def _best_after(
    h11: int, k: Knowledge, p: Params, depth: int, forbidden: int, deadline: Deadline, exclude: int = 0
) -> float:
    """Best value over discards of an 11-card hand (the ``p.candidates`` best by deadwood)."""
    opts = discard_values(h11, forbidden, k.runs)
    limit = opts[0][0] + p.candidate_margin
    best = float("inf")
    for dw, bit in opts[: p.candidates]:
        if dw > limit:
            break
        deadline.check()
        v = _hand_value(h11 ^ bit, k, p, depth, exclude)
        if v < best:
            best = v
    return best


def _should_take(view: SeatView, k: Knowledge, p: Params, deadline: Deadline) -> bool:
    """Take the face-up card if the hand it leads to beats what the stock is expected to give."""
    top = k.top
    assert top is not None
    h = k.own
    # Every pile take must strictly lower our deadwood (and the discard after it keeps
    # the lowest deadwood, see _discard_phase): so two players can never pass cards
    # back and forth through the pile forever; the engine has no limit on that.
    if discard_values(h | top.bit, top.bit, k.runs)[0][0] >= deadwood(h, k.runs):
        return False
    depth = p.draw_depth - 1
    take_value = _best_after(h | top.bit, k, p, depth, top.bit, deadline)
    if view.phase == "offer" and view.dealer == view.seat:
        # The dealer's offer comes after the other player passed: passing means no draw now.
        stock_value = _hand_value(h, k, p, depth, 0)
    elif depth == 0:
        stock_value = lookahead(h, k.unseen_cards, _aim(k, p), p.knock_bonus, k.runs)
    else:
        total = 0.0
        for c in k.unseen_cards:
            total += _best_after(h | c.bit, k, p, depth, 0, deadline, exclude=c.bit)
        stock_value = total / len(k.unseen_cards)
    return take_value < stock_value - p.take_margin


# -- discarding, knocking -------------------------------------------------------------------


def _discard_phase(view: SeatView, k: Knowledge, p: Params, rng: random.Random, deadline: Deadline) -> Action:
    legal = view.legal
    for kind in (ActionKind.BIG_GIN, ActionKind.GIN):
        for a in legal:
            if a.kind is kind:
                return a
    knock = next((a for a in legal if a.kind is ActionKind.KNOCK), None)  # best first
    held = None
    if knock is not None:
        if p.hold_knock and k.stock_count > HOLD_ENDGAME_STOCK:
            held, knock = knock, None
        elif not p.knock_mc:
            return knock
    if knock is not None and knock.card is not None:
        est = estimate_knock(k, k.own ^ knock.card.bit, view.rules, view.multiplier, rng, p.knock_mc, deadline)
        if should_knock(est, k.stock_count, p.knock_risk, min_ev=p.knock_ev_min):
            return knock
    options = {a.card: a for a in legal if a.kind is ActionKind.DISCARD and a.card is not None}
    allowed = mask_of(options)
    h = k.own
    opts = discard_values(h, h & ~allowed, k.runs)
    # After a pile take only the lowest-deadwood discards (the no-cycle rule in _should_take).
    limit = opts[0][0] + (0 if k.drawn_from_pile else p.candidate_margin)
    best: tuple[float, int] | None = None
    best_card: Card | None = None
    pairs = _pairs(k, rng, p.eval_samples) if p.eval_depth == 2 else []
    probs = card_probs(k) if p.history and p.danger_weight else None
    late = max(0.0, 1.0 - k.stock_count / INITIAL_STOCK)  # how far into the stock: the opponent's knock nears
    for dw, bit in opts[: p.candidates]:
        if dw > limit:
            break
        deadline.check()
        card = _card_of_bit(bit)
        if pairs:
            v = lookahead2(h ^ bit, pairs, _aim(k, p), p.knock_bonus, k.runs)
        else:
            v = lookahead(h ^ bit, k.unseen_cards, _aim(k, p), p.knock_bonus, k.runs)
        if p.danger_weight:
            v += p.danger_weight * (danger2(k, probs, card) if probs else danger(k, card))
        if p.defense:
            v += p.defense * late * dw
        key = (v, -card.value)
        if best is None or key < best:
            best, best_card = key, card
    assert best_card is not None
    if held is not None and p.knock_search:
        rounds = Budget(seconds=max(0.0, deadline.left()), rounds=p.knock_search, min_rounds=p.knock_search)
        return search(view, rng, options[best_card], stakes_of(view), rounds, among=[held])
    return options[best_card]


def _pairs(k: Knowledge, rng: random.Random, n: int) -> list[tuple[Card, Card]]:
    """Sampled ordered pairs of distinct unseen cards (two future stock draws)."""
    cards = k.unseen_cards
    if len(cards) < 2:
        return []
    return [tuple(rng.sample(cards, 2)) for _ in range(n)]  # type: ignore[misc]


def _card_of_bit(bit: int) -> Card:
    return card_at(bit.bit_length() - 1)
