"""The words: labels inside the pictures and the text alternative of every picture.

Every fact comes from the views (melds, deadwood, scores, lay-offs, bonuses); this module
only puts them into words. Names arrive from the caller in seat order.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from bot.engine.actions import ActionKind
from bot.engine.cards import Card
from bot.engine.match import Event, EventKind, HandRecord
from bot.engine.melds import meld_kind
from bot.engine.views import GameView, PublicView, SeatView

Names = Sequence[str]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def meld_text(meld: Sequence[Card]) -> str:
    """'set of 7s: 7♠ 7♥ 7♦' or 'run 9–Q♣: 9♣ 10♣ J♣ Q♣'."""
    if meld_kind(meld) == "set":
        return f"set of {rank_plural(meld[0].rank)}: {cards_text(meld)}"
    ranks = sorted(meld, key=lambda c: c.rank)
    return f"run {ranks[0].rank_label}–{ranks[-1].rank_label}{meld[0].suit.symbol}: {cards_text(ranks)}"


_PLURAL = {1: "Aces", 11: "Jacks", 12: "Queens", 13: "Kings"}


def rank_plural(rank: int) -> str:
    """'7s', '10s', 'Aces', 'Kings'."""
    return _PLURAL.get(rank, ("10" if rank == 10 else str(rank)) + "s")


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


def can_gin(view: SeatView) -> bool:
    """Gin or big gin is a legal move now (a melded hand while waiting is not: gin is declared on a discard)."""
    kinds = _legal_kinds(view)
    return ActionKind.GIN in kinds or ActionKind.BIG_GIN in kinds


def can_knock(view: SeatView) -> bool:
    return ActionKind.KNOCK in _legal_kinds(view)


def knock_deadwood(view: SeatView) -> int | None:
    """Deadwood left by the best legal knock, if knocking is legal now."""
    knocks = {a.card for a in view.legal if a.kind is ActionKind.KNOCK}
    best = [dw for card, dw in view.discard_options if card in knocks]
    return min(best) if best else None


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
    options = ["discard"]
    if ActionKind.KNOCK in kinds:
        options.append("knock")
    if kinds & {ActionKind.GIN, ActionKind.BIG_GIN}:
        options.append("go gin")
    return "Your turn: " + ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]


# -- events ------------------------------------------------------------------------------------

def _event_phrase(ev: Event, view: PublicView, names: Names) -> str | None:
    who = names[ev.seat] if ev.seat is not None else ""
    card = ev.card.pretty if ev.card is not None else ""
    kind = ev.kind
    if kind is EventKind.TOOK_UPCARD:
        return f"{who} took the upcard {card}"
    if kind is EventKind.PASSED:
        return f"{who} passed on the upcard"
    if kind is EventKind.DREW_STOCK:
        return f"{who} drew from the stock"
    if kind is EventKind.DREW_DISCARD:
        return f"{who} took the {card} from the discard pile"
    if kind is EventKind.DISCARDED:
        return f"{who} discarded the {card}"
    if kind is EventKind.HAND_SCORED:
        return hand_line(view.last_hand, names, len(view.games) > 1) if view.last_hand else None
    if kind is EventKind.HAND_DRAWN:
        return "The hand is a draw: nobody scores"
    if kind is EventKind.GAME_ENDED:
        return f"{who} won game {ev.game + 1}" if len(view.games) > 1 and ev.game is not None else None
    if kind is EventKind.MATCH_ENDED:
        a, b = view.totals[ev.seat], view.totals[1 - ev.seat]
        return f"{who} won the match, {a} to {b}"
    if kind is EventKind.RESIGNED:
        return f"{who} resigned"
    if kind is EventKind.DEALT:
        return f"{who} deals hand {view.deal_number}"
    return None


_DRAWS = {EventKind.DREW_STOCK: "drew from the stock", EventKind.DREW_DISCARD: "took the {card}",
          EventKind.TOOK_UPCARD: "took the upcard {card}"}


def describe_events(view: PublicView, names: Names, previous: Sequence[Event] = ()) -> str:
    """The last move in words: 'Bob drew from the stock', 'Alice knocks with 4 · …'.

    ``view.last_events`` holds one move. A caller that kept the move before (``previous``,
    e.g. the draw of this turn) gets both in one sentence: 'Bob took the 7♥ and discarded the K♠'.
    """
    events = list(view.last_events)
    phrases: list[str] = []
    if (events and events[0].kind is EventKind.DISCARDED and previous and previous[-1].kind in _DRAWS
            and previous[-1].seat == events[0].seat):
        drew, discarded = previous[-1], events.pop(0)
        took = _DRAWS[drew.kind].format(card=drew.card.pretty if drew.card else "")
        gone = discarded.card.pretty if discarded.card else ""
        phrases.append(f"{names[drew.seat or 0]} {took} and discarded the {gone}")
    for ev in events:
        phrase = _event_phrase(ev, view, names)
        if phrase:
            phrases.append(phrase)
    if not phrases:
        return "New match: " + (f"{names[view.turn]} to play" if view.turn is not None else "ready")
    return ". ".join(phrases)


# -- a finished hand ---------------------------------------------------------------------------

def hand_line(record: HandRecord, names: Names, several_games: bool = False) -> str:
    """'Alice knocks with 4 · Bob 17 after laying off 9♠ · Alice +13' (Hollywood adds the games)."""
    if record.result is None or record.knocker is None:
        return f"Hand {record.number} is a draw: nobody scores"
    r = record.result
    knocker, defender = names[record.knocker], names[1 - record.knocker]
    outcome = record.outcome
    if outcome == "gin":
        first = f"{knocker} goes gin"
    elif outcome == "big_gin":
        first = f"{knocker} goes big gin"
    else:
        first = f"{knocker} knocks with {r.knocker_deadwood_points}"
    second = f"{defender} {r.defender_deadwood_points}"
    if r.defender_layoffs:
        second += f" after laying off {cards_text(c for c, _ in r.defender_layoffs)}"
    if record.winner is None:
        third = "no score"
    else:
        third = f"{names[record.winner]} +{record.points}"
        if outcome == "undercut":
            third = "undercut: " + third
        if r.multiplier > 1:
            third += f" (×{r.multiplier})"
        if several_games and record.games:
            third += " in game" + ("s " if len(record.games) > 1 else " ") + _join([str(g + 1) for g in record.games])
        elif several_games:  # Hollywood: the games this win belongs in have all closed
            third += " (no open game to enter it in)"
    return " · ".join((first, second, third))


def score_line(view: PublicView, names: Names) -> str:
    """The running match score: 'Match: Alice 50 · Bob 12 (to 100)'; Hollywood lists its games."""
    target = view.rules.target
    if len(view.games) == 1:
        return f"Match: {names[0]} {view.totals[0]} · {names[1]} {view.totals[1]} (to {target})"
    parts = []
    for i, g in enumerate(view.games):
        shown = g.totals if g.finished else g.scores
        done = " ✓" if g.finished else ""
        parts.append(f"game {i + 1}: {shown[0]}–{shown[1]}{done}")
    return f"{names[0]} vs {names[1]} (to {target}) · " + " · ".join(parts)


# -- text alternatives -------------------------------------------------------------------------

def alt_hand(view: SeatView, names: Names) -> str:
    arr = view.arrangement
    parts = [f"Your hand ({names[view.seat]}), {len(view.hand)} cards."]
    if arr is not None:
        for meld in arr.melds:
            parts.append(_cap(meld_text(meld)) + ".")
        if arr.deadwood:
            parts.append(f"Deadwood {arr.deadwood_points}: {cards_text(arr.deadwood)}.")
        else:
            parts.append("No deadwood.")
    if view.drawn is not None and view.drawn in view.hand:
        parts.append(f"New card: {view.drawn.pretty}.")
    if can_gin(view):
        parts.append("Gin!")
    elif can_knock(view):
        parts.append(f"You can knock (deadwood {knock_deadwood(view)} after the discard).")
    parts.append(status_line(view, names) + ".")
    return " ".join(parts)


def alt_table(view: PublicView, names: Names) -> str:
    parts = [f"Gin Rummy ({view.rules.name}), hand {view.deal_number}."]
    parts.append(f"Stock: {_count(view.stock_count, 'card')}.")
    if view.discard_top is not None:
        parts.append(f"Discard pile: {_count(view.discard_count, 'card')}, top {view.discard_top.pretty}.")
    else:
        parts.append("Discard pile: empty.")
    for seat in (0, 1):
        bits = [f"{names[seat]}: {view.totals[seat]} points, {view.card_counts[seat]} cards"]
        if view.dealer == seat:
            bits.append("dealer")
        if view.known_cards[seat]:
            bits.append(f"holds {cards_text(view.known_cards[seat])} from the pile")
        if view.turn == seat:
            bits.append("to play")
        parts.append(", ".join(bits) + ".")
    parts.append(f"Last: {describe_events(view, names)}.")
    return " ".join(parts)


def alt_result(view: PublicView, names: Names) -> str:
    record = view.last_hand
    if record is None:
        return "No hand has finished yet."
    if record.result is None:
        return f"Hand {record.number}: a draw, nobody scores. {score_line(view, names)}."
    r = record.result
    k = record.knocker
    assert k is not None
    laid: dict[int, list[Card]] = {}
    for card, idx in r.defender_layoffs:
        laid.setdefault(idx, []).append(card)
    kn = [meld_text(m) + (f" (+{cards_text(laid[i])} laid off)" if i in laid else "")
          for i, m in enumerate(r.knocker_melds)]
    de = [meld_text(m) for m in r.defender_melds]
    parts = [f"Hand {record.number}: {hand_line(record, names, len(view.games) > 1)}."]
    parts.append(f"{names[k]} laid down {_join(kn) if kn else 'no melds'}; "
                 + _deadwood_text(r.knocker_deadwood, r.knocker_deadwood_points))
    parts.append(f"{names[1 - k]} laid down {_join(de) if de else 'no melds'}; "
                 + _deadwood_text(r.defender_deadwood, r.defender_deadwood_points))
    parts.append(score_line(view, names) + ".")
    return " ".join(parts)


def _deadwood_text(cards: Sequence[Card], points: int) -> str:
    return f"deadwood {points}: {cards_text(cards)}." if cards else "no deadwood."


def bonus_lines(g: GameView, names: Names) -> list[str]:
    """The bonus items of one finished game, in words."""
    out = []
    for seat in (0, 1):
        if g.line_bonus[seat]:
            out.append(f"{names[seat]} line bonus {g.line_bonus[seat]} ({g.hands_won[seat]} hands won)")
    if g.finished and g.winner is not None:
        if g.game_bonus:
            out.append(f"{names[g.winner]} game bonus {g.game_bonus}")
        if g.shutout:
            out.append(f"shutout: {names[g.winner]}'s total doubled")
    return out


def alt_match_end(view: PublicView, names: Names, rating_changes: dict | None = None) -> str:
    s = view.summary
    parts = []
    if s is None:
        parts.append("The match is not over yet.")
    else:
        parts.append(f"{names[s.winner]} wins the match {s.totals[s.winner]} to {s.totals[s.loser]}"
                     f" after {s.hands_played} hands.")
        if s.resigned_by is not None:
            parts.append(f"{names[s.resigned_by]} resigned.")
    for i, g in enumerate(view.games):
        head = f"Game {i + 1}: " if len(view.games) > 1 else ""
        scores = f"hand points {names[0]} {g.scores[0]}, {names[1]} {g.scores[1]}"
        bonuses = bonus_lines(g, names)
        totals = f"total {names[0]} {g.totals[0]}, {names[1]} {g.totals[1]}" if g.finished else "not finished"
        parts.append(_cap(head + "; ".join([scores] + bonuses + [totals]) + "."))
    if s is not None:
        parts.append(f"Gins: {names[0]} {s.gins[0]}, {names[1]} {s.gins[1]}. "
                     f"Undercuts: {names[0]} {s.undercuts[0]}, {names[1]} {s.undercuts[1]}.")
    changes = rating_deltas(rating_changes, names)
    if changes:
        parts.append("Rating: " + ", ".join(f"{names[seat]} {fmt_delta(d)}" for seat, d in changes) + ".")
    return " ".join(parts)


def rating_deltas(rating_changes: dict | None, names: Names) -> list[tuple[int, float]]:
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
