"""The text alternative of every picture: each holds everything its picture shows, so it can
stand in for it (text-only players, screen readers, an attachment's description).

Built from the words in render.text (every name here is imported from there too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import Card
from bot.engine.gin import PublicView, SeatView
from bot.i18n import N_, current

from ..kit.words import Names, cards_text, meld_text
from .words import (
    _cap,
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
    t = current()
    arr = view.arrangement
    over = view.finished or view.phase == "over"
    n = len(view.hand)
    parts = [
        t.ngettext(
            "Your hand ({player}), {n} card.",
            "Your hand ({player}), {n} cards.",
            n,
            player=names[view.seat],
            n=t.number(n),
        )
    ]
    if arr is not None:
        for meld in arr.melds:
            parts.append(_cap(meld_text(meld)) + ".")
        if arr.deadwood:
            parts.append(t._("Deadwood {points}: {cards}.", points=arr.deadwood_points, cards=cards_text(arr.deadwood)))
        else:
            parts.append(t._("No deadwood."))
    if not over and view.drawn is not None and view.drawn in view.hand:
        parts.append(t._("New card: {card}.", card=view.drawn.pretty))
    best = view.best_knock
    if view.can_gin:
        parts.append(t._("You can go gin."))
    elif best is not None:
        parts.append(
            t._(
                "You can knock: discard {card} to keep {deadwood} deadwood (limit {limit}).",
                card=best[0].pretty,
                deadwood=best[1],
                limit=view.knock_limit,
            )
        )
    parts.append(status_line(view, names) + ".")
    return " ".join(parts)


_DOING = {"offer": N_("may take the upcard or pass"), "draw": N_("to draw"), "discard": N_("to discard")}
_PLAYING = N_("to play")


def _rules_sentence(view: PublicView) -> str:
    """'Gin Rummy (standard), hand 3: knock with 10 or less, to 100 points.'"""
    t = current()
    fields = {
        "variant": view.rules.name,
        "number": view.deal_number,
        "limit": view.knock_limit,
        "multiplier": view.multiplier,
        "n": view.rules.target,
    }
    target = view.rules.target
    if view.knock_limit == 0:
        if view.multiplier > 1:
            return t.ngettext(
                "Gin Rummy ({variant}), hand {number}: gin only, scores ×{multiplier}, to {n} point.",
                "Gin Rummy ({variant}), hand {number}: gin only, scores ×{multiplier}, to {n} points.",
                target,
                **fields,
            )
        return t.ngettext(
            "Gin Rummy ({variant}), hand {number}: gin only, to {n} point.",
            "Gin Rummy ({variant}), hand {number}: gin only, to {n} points.",
            target,
            **fields,
        )
    if view.multiplier > 1:
        return t.ngettext(
            "Gin Rummy ({variant}), hand {number}: knock with {limit} or less, scores ×{multiplier}, to {n} point.",
            "Gin Rummy ({variant}), hand {number}: knock with {limit} or less, scores ×{multiplier}, to {n} points.",
            target,
            **fields,
        )
    return t.ngettext(
        "Gin Rummy ({variant}), hand {number}: knock with {limit} or less, to {n} point.",
        "Gin Rummy ({variant}), hand {number}: knock with {limit} or less, to {n} points.",
        target,
        **fields,
    )


def alt_table(view: PublicView, names: Names) -> str:
    """The table in words, complete enough to stand in for the picture: rules, piles, scores,
    whose turn, the last turn."""
    t = current()
    parts = [_rules_sentence(view)]
    stock = view.stock_count
    parts.append(t.ngettext("Stock: {n} card.", "Stock: {n} cards.", stock, n=t.number(stock)))
    if view.discard_top is not None:
        pile = view.discard_count
        parts.append(
            t.ngettext(
                "Discard pile: {n} card, top {card}.",
                "Discard pile: {n} cards, top {card}.",
                pile,
                n=t.number(pile),
                card=view.discard_top.pretty,
            )
        )
    else:
        parts.append(t._("Discard pile: empty."))
    playing = not view.finished and view.phase != "over" and view.turn is not None
    for seat in (0, 1):
        total, held = view.totals[seat], view.card_counts[seat]
        bits = [
            t._(
                "{player}: {points}, {cards}",
                player=names[seat],
                points=t.ngettext("{n} point", "{n} points", total, n=total),
                cards=t.ngettext("{n} card", "{n} cards", held, n=t.number(held)),
            )
        ]
        if len(view.games) > 1:
            by_game = ", ".join(str((g.totals if g.finished else g.scores)[seat]) for g in view.games)
            bits.append(t._("by game {scores}", scores=by_game))
        if view.dealer == seat:
            bits.append(t._("dealer"))
        if view.known_cards[seat]:
            bits.append(t._("holds {cards} from the pile", cards=cards_text(view.known_cards[seat])))
        if playing and view.turn == seat:
            bits.append(t._(_DOING.get(view.phase, _PLAYING)))
        parts.append(", ".join(bits) + ".")
    if view.finished and view.winner is not None:
        parts.append(t._("The match is over: {player} won.", player=names[view.winner]))
    parts.append(t._("Last turn: {turn}.", turn=describe_events(view, names)))
    return " ".join(parts)


def alt_result(view: PublicView, names: Names) -> str:
    t = current()
    record = view.last_hand
    if record is None:
        return t._("No hand has finished yet.")
    if record.result is None:
        return t._(
            "Hand {number}: a draw, nobody scores. {score}.", number=record.number, score=score_line(view, names)
        )
    r = record.result
    k = laid_out_by(record)
    assert k is not None
    laid: dict[int, list[Card]] = {}
    for card, idx in r.defender_layoffs:
        laid.setdefault(idx, []).append(card)
    kn = [
        t._("{meld} (+{cards} laid off)", meld=meld_text(m), cards=cards_text(laid[i])) if i in laid else meld_text(m)
        for i, m in enumerate(r.knocker_melds)
    ]
    de = [meld_text(m) for m in r.defender_melds]
    parts = [t._("Hand {number}: {line}.", number=record.number, line=hand_line(record, names, len(view.games) > 1))]
    parts.append(_laid_down(names[k], kn, r.knocker_deadwood, r.knocker_deadwood_points))
    parts.append(_laid_down(names[1 - k], de, r.defender_deadwood, r.defender_deadwood_points))
    parts.append(score_line(view, names) + ".")
    return " ".join(parts)


def _laid_down(player: str, melds: Sequence[str], deadwood: Sequence[Card], points: int) -> str:
    """'Alice laid down set of 7s: 7♠ 7♥ 7♦; 4 deadwood: 4♣.' (or 'no melds', 'no deadwood')."""
    t = current()
    cards = cards_text(deadwood)
    if melds and deadwood:
        return t._(
            "{player} laid down {melds}; {deadwood} deadwood: {cards}.",
            player=player,
            melds=_join(melds),
            deadwood=points,
            cards=cards,
        )
    if melds:
        return t._("{player} laid down {melds}; no deadwood.", player=player, melds=_join(melds))
    if deadwood:
        return t._(
            "{player} laid down no melds; {deadwood} deadwood: {cards}.", player=player, deadwood=points, cards=cards
        )
    return t._("{player} laid down no melds; no deadwood.", player=player)


def alt_match_end(view: PublicView, names: Names, rating_changes: dict[Any, float] | None = None) -> str:
    t = current()
    s = view.summary
    parts = []
    if s is None:
        parts.append(t._("The match is not over yet."))
    else:
        parts.append(
            t.ngettext(
                "{player} wins the match {points} to {other_points} after {n} hand.",
                "{player} wins the match {points} to {other_points} after {n} hands.",
                s.hands_played,
                player=names[s.winner],
                points=s.totals[s.winner],
                other_points=s.totals[s.loser],
                n=t.number(s.hands_played),
            )
        )
        if s.resigned_by is not None:
            parts.append(t._("{player} resigned.", player=names[s.resigned_by]))
    for i, g in enumerate(view.games):
        scores = t._(
            "hand points {first} {first_points}, {second} {second_points}",
            first=names[0],
            first_points=g.scores[0],
            second=names[1],
            second_points=g.scores[1],
        )
        bonuses = bonus_lines(g, names, view.rules.shutout)
        if g.finished:
            totals = t._(
                "total {first} {first_points}, {second} {second_points}",
                first=names[0],
                first_points=g.totals[0],
                second=names[1],
                second_points=g.totals[1],
            )
        else:
            totals = t._("not finished")
        items = "; ".join([scores, *bonuses, totals])
        if len(view.games) > 1:
            items = t._("Game {number}: {items}", number=i + 1, items=items)
        parts.append(_cap(items) + ".")
    if s is not None:
        gins, undercuts = s.count("gins"), s.count("undercuts")
        parts.append(
            t._(
                "Gins: {first} {first_count}, {second} {second_count}.",
                first=names[0],
                first_count=gins[0],
                second=names[1],
                second_count=gins[1],
            )
        )
        parts.append(
            t._(
                "Undercuts: {first} {first_count}, {second} {second_count}.",
                first=names[0],
                first_count=undercuts[0],
                second=names[1],
                second_count=undercuts[1],
            )
        )
    changes = rating_deltas(rating_changes, names)
    if changes:
        rated = ", ".join(f"{names[seat]} {fmt_delta(d)}" for seat, d in changes)
        parts.append(t._("Rating: {changes}.", changes=rated))
    return " ".join(parts)
