"""The words: labels inside the pictures and the text alternative of every picture.

Every fact comes from the views (melds, deadwood, scores, lay-offs, bonuses); this module
only puts them into words. Names arrive from the caller in seat order. The text
alternatives (``alt_*``) are in render.alt, built from these words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.gin import GameView, HandRecord, PublicView, SeatView
from bot.engine.knock import ActionKind, Event, EventKind
from bot.i18n import current

from ..kit.words import Names, cards_text, meld_text, rank_plural
from ..knock.words import after_drawing, move_phrase, turn_phrases
from ..narration import Voice, new_match


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# -- a seat's position in the turn -------------------------------------------------------------


def _legal_kinds(view: SeatView) -> set[ActionKind]:
    return {a.kind for a in view.legal}


def status_line(view: SeatView, names: Names) -> str:
    """Whose move it is, from this seat's point of view."""
    if view.finished:
        return "The match is over"
    other = names[1 - view.seat]
    if view.turn != view.seat:
        doing = {"offer": "may take the upcard", "draw": "to draw", "discard": "to discard"}.get(view.phase, "to play")
        return f"Waiting for {other} ({doing})"
    kinds = _legal_kinds(view)
    top = view.discard_top.pretty if view.discard_top else ""
    if view.phase == "offer":
        return f"Your turn: take the upcard {top} or pass"
    if view.phase == "draw":
        if ActionKind.DRAW_DISCARD in kinds:
            return f"Your turn: draw from the stock or take the {top}"
        return "Your turn: draw from the stock"
    return after_drawing(kinds)


# -- events ------------------------------------------------------------------------------------


def _event_phrase(ev: Event, view: PublicView, names: Names) -> str | None:
    who = names[ev.seat] if ev.seat is not None else ""
    moved = move_phrase(ev, who)
    if moved is not None:
        return moved
    kind = ev.kind
    if kind is EventKind.HAND_SCORED:
        return hand_line(view.last_hand, names, len(view.games) > 1) if view.last_hand else None
    if kind is EventKind.HAND_DRAWN:
        return "The hand is a draw: nobody scores"
    if kind is EventKind.GAME_ENDED:
        return f"{who} won game {ev.game + 1}" if len(view.games) > 1 and ev.game is not None else None
    if kind is EventKind.MATCH_ENDED and ev.seat is not None:
        a, b = view.totals[ev.seat], view.totals[1 - ev.seat]
        return f"{who} won the match, {a} to {b}"
    if kind is EventKind.DEALT:
        return f"{who} deals hand {view.deal_number}"
    return None


def describe_events(view: PublicView, names: Names) -> str:
    """The current turn in words: 'Bob took the 7♥ and discarded the K♠', 'Alice knocks with 4 · …'.

    ``view.last_events`` holds the whole turn, so a draw and its discard make one sentence.
    """
    phrases = turn_phrases(view.last_events, lambda s: names[s or 0], lambda ev: _event_phrase(ev, view, names))
    if not phrases:
        return new_match(Voice(names), view.turn)
    return ". ".join(phrases)


# -- a finished hand ---------------------------------------------------------------------------


def laid_out_by(record: HandRecord) -> int | None:
    """The seat whose cards fill the result's knocker fields: the knocker, or (when the stock ran
    out under stockout=lower and nobody knocked) the hand with the lower deadwood; None for a draw."""
    if record.result is None:
        return None
    return record.knocker if record.knocker is not None else record.winner


def knocker_caption(record: HandRecord, names: Names) -> str:
    """'Alice knocked with 7 deadwood', 'Alice went gin', 'Alice went big gin'."""
    first = laid_out_by(record)
    assert record.result is not None and first is not None
    who = names[first]
    if record.outcome == "low":
        return f"{who} had the lower deadwood, {record.result.knocker_deadwood_points}, when the stock ran out"
    if record.outcome == "gin":
        return f"{who} went gin"
    if record.outcome == "big_gin":
        return f"{who} went big gin"
    return f"{who} knocked with {record.result.knocker_deadwood_points} deadwood"


def defender_caption(record: HandRecord, names: Names) -> str:
    """'Bob: 12 deadwood', 'Bob: 1 deadwood after laying off 4♣'."""
    first = laid_out_by(record)
    assert record.result is not None and first is not None
    r = record.result
    text = f"{names[1 - first]}: {r.defender_deadwood_points} deadwood"
    if r.defender_layoffs:
        text += f" after laying off {cards_text(c for c, _ in r.defender_layoffs)}"
    return text


def score_phrase(record: HandRecord, names: Names, several_games: bool = False) -> str:
    """Who scores how much: 'Bob scores 10', 'undercut: Alice scores 35 (×2) in game 1', 'nobody scores'."""
    if record.result is None or record.winner is None:
        return "nobody scores"
    text = f"{names[record.winner]} scores {record.points}"
    if record.outcome == "undercut":
        text = "undercut: " + text
    if record.result.multiplier > 1:
        text += f" (×{record.result.multiplier})"
    if several_games and record.games:
        text += " in game" + ("s " if len(record.games) > 1 else " ") + _join([str(g + 1) for g in record.games])
    elif several_games:  # Hollywood: the games this win belongs in have all closed
        text += " (no open game to enter it in)"
    return text


def hand_line(record: HandRecord, names: Names, several_games: bool = False) -> str:
    """The hand's end as it happens: 'Alice knocks with 4 deadwood · Bob: 17 deadwood after laying
    off 9♠ · Alice scores 13' ('Alice goes gin · …'); the result picture's captions say 'knocked'."""
    seat = laid_out_by(record)
    if record.result is None or seat is None:
        return f"Hand {record.number} is a draw: nobody scores"
    who = names[seat]
    first = {"gin": f"{who} goes gin", "big_gin": f"{who} goes big gin", "low": knocker_caption(record, names)}.get(
        record.outcome, f"{who} knocks with {record.result.knocker_deadwood_points} deadwood"
    )
    return " · ".join((first, defender_caption(record, names), score_phrase(record, names, several_games)))


def score_line(view: PublicView, names: Names) -> str:
    """The running match score: 'Match: Alice 50 · Bob 12 (to 100)'; Hollywood lists its games."""
    target = view.rules.target
    if len(view.games) == 1:
        return current()._(
            "Match: {first} {first_total} · {second} {second_total} (to {target})",
            first=names[0],
            first_total=view.totals[0],
            second=names[1],
            second_total=view.totals[1],
            target=target,
        )
    parts = []
    for i, g in enumerate(view.games):
        shown = g.totals if g.finished else g.scores
        done = " ✓" if g.finished else ""
        parts.append(f"game {i + 1}: {shown[0]}–{shown[1]}{done}")
    return f"{names[0]} vs {names[1]} (to {target}) · " + " · ".join(parts)


# -- the rules and the bonuses ---------------------------------------------------------------


def rules_line(view: PublicView) -> str:
    """'standard · hand 3 · knock ≤ 10 · to 100' ('gin only' when this hand allows no knock)."""
    rules = view.rules
    bits = [rules.name, f"hand {view.deal_number}"]
    if view.knock_limit == 0:  # straight gin, or an Oklahoma ace upcard: this hand's limit says it
        bits.append("gin only")
    else:
        bits.append(f"knock ≤ {view.knock_limit}")
    if view.multiplier > 1:
        bits.append(f"scores ×{view.multiplier}")
    bits.append(f"to {rules.target}")
    return " · ".join(bits)


SHUTOUT_WORDS = {
    "double": "{w}'s hand points doubled before the bonuses",
    "total": "{w}'s total doubled",
    "game200": "{w}'s game bonus doubled",
    "plus100": "{w} gets the shutout bonus",
}


def bonus_lines(g: GameView, names: Names, shutout_rule: str = "double") -> list[str]:
    """The bonus items of one finished game, in words (``shutout_rule``: the table's shutout field)."""
    out = []
    for seat in (0, 1):
        if g.line_bonus[seat]:
            out.append(f"{names[seat]} line bonus {g.line_bonus[seat]} ({g.hands_won[seat]} hands won)")
    if g.finished and g.winner is not None:
        if g.game_bonus:
            out.append(f"{names[g.winner]} game bonus {g.game_bonus}")
        if g.shutout:
            words = SHUTOUT_WORDS.get(shutout_rule, "{w} wins a shutout")
            out.append("shutout: " + words.format(w=names[g.winner]))
    return out


def rating_deltas(rating_changes: dict[Any, float] | None, names: Names) -> list[tuple[int, float]]:
    """Rating changes keyed by seat (0/1) or by the name given for that seat, in seat order."""
    if not rating_changes:
        return []
    out = []
    for seat in (0, 1):
        for key in (seat, names[seat]):
            if key in rating_changes:
                out.append((seat, rating_changes[key]))
                break
    return out


def fmt_delta(d: float) -> str:
    n = round(d)
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "±0")


__all__ = [
    "SHUTOUT_WORDS",
    "Names",
    "bonus_lines",
    "cards_text",
    "defender_caption",
    "describe_events",
    "fmt_delta",
    "hand_line",
    "knocker_caption",
    "laid_out_by",
    "meld_text",
    "rank_plural",
    "rating_deltas",
    "rules_line",
    "score_line",
    "score_phrase",
    "status_line",
]
