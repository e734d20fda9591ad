"""The text alternative of every picture: each holds everything its picture shows, so it can
stand in for it (text-only players, screen readers, an attachment's description).

Built from the words in render.text (every name here is imported from there too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import Card
from bot.engine.gin import PublicView, SeatView

from ..kit.words import Names, cards_text, meld_text
from .words import (
    _cap,
    _count,
    _join,
    bonus_lines,
    describe_events,
    fmt_delta,
    hand_line,
    laid_out_by,
    rating_deltas,
    score_line,
    status_line,
)

__all__ = ["alt_hand", "alt_match_end", "alt_result", "alt_table"]


def alt_hand(view: SeatView, names: Names) -> str:
    """The hand in words, complete enough to stand in for the picture: melds, deadwood, the new
    card, what the seat may do now (or whom it waits for)."""
    arr = view.arrangement
    over = view.finished or view.phase == "over"
    parts = [f"Your hand ({names[view.seat]}), {_count(len(view.hand), 'card')}."]
    if arr is not None:
        for meld in arr.melds:
            parts.append(_cap(meld_text(meld)) + ".")
        if arr.deadwood:
            parts.append(f"Deadwood {arr.deadwood_points}: {cards_text(arr.deadwood)}.")
        else:
            parts.append("No deadwood.")
    if not over and view.drawn is not None and view.drawn in view.hand:
        parts.append(f"New card: {view.drawn.pretty}.")
    best = view.best_knock
    if view.can_gin:
        parts.append("You can go gin.")
    elif best is not None:
        parts.append(f"You can knock: discard {best[0].pretty} to keep {best[1]} deadwood (limit {view.knock_limit}).")
    parts.append(status_line(view, names) + ".")
    return " ".join(parts)


_DOING = {"offer": "may take the upcard or pass", "draw": "to draw", "discard": "to discard"}


def alt_table(view: PublicView, names: Names) -> str:
    """The table in words, complete enough to stand in for the picture: rules, piles, scores,
    whose turn, the last turn."""
    knock = "gin only" if view.knock_limit == 0 else f"knock with {view.knock_limit} or less"
    extra = f", scores ×{view.multiplier}" if view.multiplier > 1 else ""
    parts = [f"Gin Rummy ({view.rules.name}), hand {view.deal_number}: {knock}{extra}, to {view.rules.target} points."]
    parts.append(f"Stock: {_count(view.stock_count, 'card')}.")
    if view.discard_top is not None:
        parts.append(f"Discard pile: {_count(view.discard_count, 'card')}, top {view.discard_top.pretty}.")
    else:
        parts.append("Discard pile: empty.")
    playing = not view.finished and view.phase != "over" and view.turn is not None
    for seat in (0, 1):
        bits = [f"{names[seat]}: {view.totals[seat]} points, {view.card_counts[seat]} cards"]
        if len(view.games) > 1:
            bits.append("by game " + ", ".join(str((g.totals if g.finished else g.scores)[seat]) for g in view.games))
        if view.dealer == seat:
            bits.append("dealer")
        if view.known_cards[seat]:
            bits.append(f"holds {cards_text(view.known_cards[seat])} from the pile")
        if playing and view.turn == seat:
            bits.append(_DOING.get(view.phase, "to play"))
        parts.append(", ".join(bits) + ".")
    if view.finished and view.winner is not None:
        parts.append(f"The match is over: {names[view.winner]} won.")
    parts.append(f"Last turn: {describe_events(view, names)}.")
    return " ".join(parts)


def alt_result(view: PublicView, names: Names) -> str:
    record = view.last_hand
    if record is None:
        return "No hand has finished yet."
    if record.result is None:
        return f"Hand {record.number}: a draw, nobody scores. {score_line(view, names)}."
    r = record.result
    k = laid_out_by(record)
    assert k is not None
    laid: dict[int, list[Card]] = {}
    for card, idx in r.defender_layoffs:
        laid.setdefault(idx, []).append(card)
    kn = [
        meld_text(m) + (f" (+{cards_text(laid[i])} laid off)" if i in laid else "")
        for i, m in enumerate(r.knocker_melds)
    ]
    de = [meld_text(m) for m in r.defender_melds]
    parts = [f"Hand {record.number}: {hand_line(record, names, len(view.games) > 1)}."]
    parts.append(
        f"{names[k]} laid down {_join(kn) if kn else 'no melds'}; "
        + _deadwood_text(r.knocker_deadwood, r.knocker_deadwood_points)
    )
    parts.append(
        f"{names[1 - k]} laid down {_join(de) if de else 'no melds'}; "
        + _deadwood_text(r.defender_deadwood, r.defender_deadwood_points)
    )
    parts.append(score_line(view, names) + ".")
    return " ".join(parts)


def _deadwood_text(cards: Sequence[Card], points: int) -> str:
    return f"{points} deadwood: {cards_text(cards)}." if cards else "no deadwood."


def alt_match_end(view: PublicView, names: Names, rating_changes: dict[Any, float] | None = None) -> str:
    s = view.summary
    parts = []
    if s is None:
        parts.append("The match is not over yet.")
    else:
        parts.append(
            f"{names[s.winner]} wins the match {s.totals[s.winner]} to {s.totals[s.loser]}"
            f" after {s.hands_played} hands."
        )
        if s.resigned_by is not None:
            parts.append(f"{names[s.resigned_by]} resigned.")
    for i, g in enumerate(view.games):
        head = f"Game {i + 1}: " if len(view.games) > 1 else ""
        scores = f"hand points {names[0]} {g.scores[0]}, {names[1]} {g.scores[1]}"
        bonuses = bonus_lines(g, names, view.rules.shutout)
        totals = f"total {names[0]} {g.totals[0]}, {names[1]} {g.totals[1]}" if g.finished else "not finished"
        parts.append(_cap(head + "; ".join([scores, *bonuses, totals]) + "."))
    if s is not None:
        gins, undercuts = s.count("gins"), s.count("undercuts")
        parts.append(
            f"Gins: {names[0]} {gins[0]}, {names[1]} {gins[1]}. "
            f"Undercuts: {names[0]} {undercuts[0]}, {names[1]} {undercuts[1]}."
        )
    changes = rating_deltas(rating_changes, names)
    if changes:
        parts.append("Rating: " + ", ".join(f"{names[seat]} {fmt_delta(d)}" for seat, d in changes) + ".")
    return " ".join(parts)
