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
from bot.i18n import N_, current

from ..kit.words import Names, cards_text, meld_text, rank_plural
from ..knock.words import after_drawing, move_phrase, turn_phrases
from ..narration import Voice, new_match


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the language's words (a Gin list holds at most three: games,
    melds). Three are one catalogue text: Babel's English list would write a comma before 'and'."""
    t = current()
    if len(items) == 3:
        return t._("{first}, {second} and {third}", first=items[0], second=items[1], third=items[2])
    return t.join(items)


# -- a seat's position in the turn -------------------------------------------------------------


def _legal_kinds(view: SeatView) -> set[ActionKind]:
    return {a.kind for a in view.legal}


_WAITING = {
    "offer": N_("Waiting for {player} (may take the upcard)"),
    "draw": N_("Waiting for {player} (to draw)"),
    "discard": N_("Waiting for {player} (to discard)"),
}
_WAITING_TO_PLAY = N_("Waiting for {player} (to play)")


def status_line(view: SeatView, names: Names) -> str:
    """Whose move it is, from this seat's point of view."""
    t = current()
    if view.finished:
        return t._("The match is over")
    other = names[1 - view.seat]
    if view.turn != view.seat:
        return t._(_WAITING.get(view.phase, _WAITING_TO_PLAY), player=other)
    kinds = _legal_kinds(view)
    top = view.discard_top.pretty if view.discard_top else ""
    if view.phase == "offer":
        return t._("Your turn: take the upcard {card} or pass", card=top)
    if view.phase == "draw":
        if ActionKind.DRAW_DISCARD in kinds:
            return t._("Your turn: draw from the stock or take the {card}", card=top)
        return t._("Your turn: draw from the stock")
    return after_drawing(kinds)


# -- events ------------------------------------------------------------------------------------


def _event_phrase(ev: Event, view: PublicView, names: Names) -> str | None:
    t = current()
    who = names[ev.seat] if ev.seat is not None else ""
    moved = move_phrase(ev, who)
    if moved is not None:
        return moved
    kind = ev.kind
    if kind is EventKind.HAND_SCORED:
        return hand_line(view.last_hand, names, len(view.games) > 1) if view.last_hand else None
    if kind is EventKind.HAND_DRAWN:
        return t._("The hand is a draw: nobody scores")
    if kind is EventKind.GAME_ENDED:
        if len(view.games) > 1 and ev.game is not None:
            return t._("{player} won game {number}", player=who, number=ev.game + 1)
        return None
    if kind is EventKind.MATCH_ENDED and ev.seat is not None:
        a, b = view.totals[ev.seat], view.totals[1 - ev.seat]
        return t._("{player} won the match, {points} to {other_points}", player=who, points=a, other_points=b)
    if kind is EventKind.DEALT:
        return t._("{player} deals hand {number}", player=who, number=view.deal_number)
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
    t = current()
    first = laid_out_by(record)
    assert record.result is not None and first is not None
    who = names[first]
    deadwood = record.result.knocker_deadwood_points
    if record.outcome == "low":
        return t._("{player} had the lower deadwood, {deadwood}, when the stock ran out", player=who, deadwood=deadwood)
    if record.outcome == "gin":
        return t._("{player} went gin", player=who)
    if record.outcome == "big_gin":
        return t._("{player} went big gin", player=who)
    return t._("{player} knocked with {deadwood} deadwood", player=who, deadwood=deadwood)


def defender_caption(record: HandRecord, names: Names) -> str:
    """'Bob: 12 deadwood', 'Bob: 1 deadwood after laying off 4♣'."""
    t = current()
    first = laid_out_by(record)
    assert record.result is not None and first is not None
    r = record.result
    who, deadwood = names[1 - first], r.defender_deadwood_points
    if r.defender_layoffs:
        cards = cards_text(c for c, _ in r.defender_layoffs)
        return t._("{player}: {deadwood} deadwood after laying off {cards}", player=who, deadwood=deadwood, cards=cards)
    return t._("{player}: {deadwood} deadwood", player=who, deadwood=deadwood)


def score_phrase(record: HandRecord, names: Names, several_games: bool = False) -> str:
    """Who scores how much: 'Bob scores 10', 'undercut: Alice scores 35 (×2) in game 1', 'nobody scores'."""
    t = current()
    if record.result is None or record.winner is None:
        return t._("nobody scores")
    who = names[record.winner]
    points = str(record.points)
    if record.result.multiplier > 1:
        points = t._("{points} (×{multiplier})", points=record.points, multiplier=record.result.multiplier)
    if several_games and record.games:
        games = _join([str(g + 1) for g in record.games])
        text = t.ngettext(
            "{player} scores {points} in game {games}",
            "{player} scores {points} in games {games}",
            len(record.games),
            player=who,
            points=points,
            games=games,
        )
    elif several_games:  # Hollywood: the games this win belongs in have all closed
        text = t._("{player} scores {points} (no open game to enter it in)", player=who, points=points)
    else:
        text = t._("{player} scores {points}", player=who, points=points)
    if record.outcome == "undercut":
        text = t._("undercut: {scored}", scored=text)
    return text


def hand_line(record: HandRecord, names: Names, several_games: bool = False) -> str:
    """The hand's end as it happens: 'Alice knocks with 4 deadwood · Bob: 17 deadwood after laying
    off 9♠ · Alice scores 13' ('Alice goes gin · …'); the result picture's captions say 'knocked'."""
    t = current()
    seat = laid_out_by(record)
    if record.result is None or seat is None:
        return t._("Hand {number} is a draw: nobody scores", number=record.number)
    who = names[seat]
    if record.outcome == "gin":
        first = t._("{player} goes gin", player=who)
    elif record.outcome == "big_gin":
        first = t._("{player} goes big gin", player=who)
    elif record.outcome == "low":
        first = knocker_caption(record, names)
    else:
        first = t._(
            "{player} knocks with {deadwood} deadwood", player=who, deadwood=record.result.knocker_deadwood_points
        )
    return " · ".join((first, defender_caption(record, names), score_phrase(record, names, several_games)))


def score_line(view: PublicView, names: Names) -> str:
    """The running match score: 'Match: Alice 50 · Bob 12 (to 100)'; Hollywood lists its games."""
    t = current()
    target = view.rules.target
    if len(view.games) == 1:
        return t._(
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
        parts.append(t._("game {number}: {first}–{second}", number=i + 1, first=shown[0], second=shown[1]) + done)
    return t._(
        "{first} vs {second} (to {target}) · {games}",
        first=names[0],
        second=names[1],
        target=target,
        games=" · ".join(parts),
    )


# -- the rules and the bonuses ---------------------------------------------------------------


def rules_line(view: PublicView) -> str:
    """'standard · hand 3 · knock ≤ 10 · to 100' ('gin only' when this hand allows no knock)."""
    t = current()
    rules = view.rules
    bits = [rules.name, t._("hand {number}", number=view.deal_number)]
    if view.knock_limit == 0:  # straight gin, or an Oklahoma ace upcard: this hand's limit says it
        bits.append(t._("gin only"))
    else:
        bits.append(t._("knock ≤ {limit}", limit=view.knock_limit))
    if view.multiplier > 1:
        bits.append(t._("scores ×{multiplier}", multiplier=view.multiplier))
    bits.append(t._("to {target}", target=rules.target))
    return " · ".join(bits)


# The shutout's effect by the table's shutout rule (the narration's words, render.narration.match_end).
SHUTOUT_WORDS = {
    "double": N_("shutout: {name}'s hand points doubled before the bonuses"),
    "total": N_("shutout: {name}'s total doubled"),
    "game200": N_("shutout: {name}'s game bonus doubled"),
    "plus100": N_("shutout: {name} gets the shutout bonus"),
}


def bonus_lines(g: GameView, names: Names, shutout_rule: str = "double") -> list[str]:
    """The bonus items of one finished game, in words (``shutout_rule``: the table's shutout field)."""
    t = current()
    out = []
    for seat in (0, 1):
        if g.line_bonus[seat]:
            won = g.hands_won[seat]
            out.append(
                t.ngettext(
                    "{name} line bonus {points} ({n} hand won)",
                    "{name} line bonus {points} ({n} hands won)",
                    won,
                    name=names[seat],
                    points=g.line_bonus[seat],
                    n=t.number(won),
                )
            )
    if g.finished and g.winner is not None:
        if g.game_bonus:
            out.append(t._("{name} game bonus {points}", name=names[g.winner], points=g.game_bonus))
        if g.shutout:
            words = SHUTOUT_WORDS.get(shutout_rule, N_("shutout: {name} wins a shutout"))
            out.append(t._(words, name=names[g.winner]))
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
