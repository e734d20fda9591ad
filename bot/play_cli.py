"""Play a match against the AI in a terminal: ``python -m bot play [--level hard] [--seed N]``.

You are seat 0, the AI seat 1. Each of your turns shows your hand (melds grouped,
deadwood counted), the table, and the legal moves numbered; type a number (or the
move itself, e.g. ``discard 7H``). ``q`` or end of input quits. Uses the same engine
and AI as the Discord bot; nothing is saved.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from bot.ai import LEVELS, choose_action
from bot.engine import Action, ActionKind, EventKind, HandRecord, Match, preset, seat_view
from bot.engine.views import SeatView

HUMAN, AI = 0, 1


def _cards(cards) -> str:
    return " ".join(c.pretty for c in cards) or "-"


def describe_hand(view: SeatView) -> str:
    """Your hand: melds in brackets, then deadwood and its points; the card just drawn."""
    arr = view.arrangement
    assert arr is not None
    melds = " ".join(f"[{_cards(m)}]" for m in arr.melds) or "none"
    lines = [f"Your hand: melds {melds} | deadwood {_cards(arr.deadwood)} ({arr.deadwood_points})"]
    if view.drawn is not None:
        lines.append(f"  (new card: {view.drawn.pretty})")
    return "\n".join(lines)


def describe_table(view: SeatView, names: tuple[str, str]) -> str:
    top = view.discard_top.pretty if view.discard_top is not None else "empty"
    t = view.totals
    parts = [f"Stock {view.stock_count} | discard pile top {top} ({view.discard_count} cards)"
             f" | knock limit {view.knock_limit}"]
    if view.multiplier > 1:
        parts.append(f"this hand scores x{view.multiplier}")
    parts.append(f"Score: {names[0]} {t[0]} - {names[1]} {t[1]} (to {view.rules.target})")
    if view.opponent_known:
        parts.append(f"{names[1]} holds {_cards(view.opponent_known)} (taken from the pile)")
    return "\n".join(parts)


def describe_move(a: Action, view: SeatView) -> str:
    """A legal move in words, for your prompt."""
    k = a.kind
    top = view.discard_top.pretty if view.discard_top is not None else "?"
    if k is ActionKind.TAKE_UPCARD:
        return f"take the upcard {top}"
    if k is ActionKind.PASS:
        return "pass"
    if k is ActionKind.DRAW_STOCK:
        return "draw from the stock"
    if k is ActionKind.DRAW_DISCARD:
        return f"take {top} from the discard pile"
    if k is ActionKind.BIG_GIN:
        return "BIG GIN (all 11 cards melded)"
    after = dict(view.discard_options)
    assert a.card is not None
    if k is ActionKind.GIN:
        return f"GIN, discarding {a.card.pretty}"
    if k is ActionKind.KNOCK:
        return f"knock, discarding {a.card.pretty} face down (deadwood {after.get(a.card, '?')})"
    return f"discard {a.card.pretty} (deadwood {after.get(a.card, '?')})"


def describe_ai_move(a: Action, top_before: str, name: str) -> str:
    """The AI's move as its opponent may see it (a knock's face-down card stays hidden)."""
    k = a.kind
    card = a.card.pretty if a.card is not None else ""
    return {
        ActionKind.TAKE_UPCARD: f"{name} takes the upcard {top_before}.",
        ActionKind.PASS: f"{name} passes.",
        ActionKind.DRAW_STOCK: f"{name} draws from the stock.",
        ActionKind.DRAW_DISCARD: f"{name} takes {top_before} from the discard pile.",
        ActionKind.DISCARD: f"{name} discards {card}.",
        ActionKind.KNOCK: f"{name} knocks!",
        ActionKind.GIN: f"{name} goes gin!",
        ActionKind.BIG_GIN: f"{name} goes big gin!",
        ActionKind.RESIGN: f"{name} resigns.",
    }[k]


def describe_result(rec: HandRecord, names: tuple[str, str]) -> str:
    """A finished hand: both hands laid out, lay-offs, and who scored what."""
    if rec.outcome == "draw":
        return "The stock ran out: the hand is drawn, nobody scores."
    r = rec.result
    assert r is not None and rec.knocker is not None
    knocker, defender = names[rec.knocker], names[1 - rec.knocker]
    lines = [
        f"{knocker} lays down: {' '.join(f'[{_cards(m)}]' for m in r.knocker_melds)}"
        f" deadwood {_cards(r.knocker_deadwood)} ({r.knocker_deadwood_points})",
        f"{defender} shows: {' '.join(f'[{_cards(m)}]' for m in r.defender_melds) or 'no melds'}"
        f" deadwood {_cards(r.defender_deadwood)} ({r.defender_deadwood_points})",
    ]
    if r.defender_layoffs:
        lines.append(f"{defender} lays off {_cards(c for c, _ in r.defender_layoffs)}")
    label = {"knock": "Knock", "undercut": "Undercut", "gin": "Gin", "big_gin": "Big gin"}[rec.outcome]
    if rec.winner is None:
        lines.append(f"{label}: nobody scores.")
    else:
        lines.append(f"{label}: {names[rec.winner]} scores {rec.points}.")
    return "\n".join(lines)


def _read_choice(view: SeatView, stdin: TextIO, out: TextIO) -> Action | None:
    """Prompt until a legal move is typed; None on 'q' or end of input."""
    legal = view.legal
    for i, a in enumerate(legal, 1):
        out.write(f"  {i:>2}) {describe_move(a, view)}\n")
    while True:
        out.write("Your move (number, or q to quit): ")
        out.flush()
        line = stdin.readline()
        if not line:
            out.write("\n")
            return None
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        try:
            a = Action.parse(text)
        except ValueError:
            a = None
        if a is not None and a in legal:
            return a
        out.write(f"Type a number from 1 to {len(legal)}.\n")


def _after_move(events, match: Match, names: tuple[str, str], out: TextIO) -> None:
    for ev in events:
        if ev.kind in (EventKind.HAND_SCORED, EventKind.HAND_DRAWN):
            rec = match.history[-1]
            out.write(f"\n=== Hand {rec.number} over ===\n{describe_result(rec, names)}\n")
            t = match.totals()
            out.write(f"Match score: {names[0]} {t[0]} - {names[1]} {t[1]}\n")
        elif ev.kind is EventKind.DEALT:
            out.write(f"\n=== New deal ({names[match.dealer]} deals) ===\n")


def play(match: Match, level: str, stdin: TextIO, out: TextIO, rng: random.Random) -> int:
    names = ("You", f"AI ({level})")
    out.write(f"Gin Rummy against the AI ({level}). Rules: {match.rules.name}, to {match.rules.target}.\n")
    for line in match.rules.summary():
        out.write(f"  {line}\n")
    out.write(f"{names[match.dealer]} deals.\n")
    while not match.finished:
        seat = match.turn
        assert seat is not None
        view = seat_view(match, seat)
        if seat == AI:
            top = view.discard_top.pretty if view.discard_top is not None else "?"
            a = choose_action(view, level, rng=rng)
            out.write(describe_ai_move(a, top, names[AI]) + "\n")
        else:
            out.write("\n" + describe_table(view, names) + "\n" + describe_hand(view) + "\n")
            a = _read_choice(view, stdin, out)
            if a is None:
                out.write("Goodbye.\n")
                return 0
        _after_move(match.apply(seat, a), match, names, out)
    summary = match.summary()
    assert summary is not None
    t = summary.totals
    out.write(f"\n*** {names[summary.winner]} won the match, {t[summary.winner]} to {t[summary.loser]} "
              f"({summary.hands_played} hands). ***\n")
    return 0


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Parse the options and play one match; returns the exit code."""
    ap = argparse.ArgumentParser(prog="python -m bot play", description="Play Gin Rummy against the AI.")
    ap.add_argument("--level", choices=LEVELS, default="normal")
    ap.add_argument("--seed", type=int, default=None, help="deal seed (same seed, same cards)")
    ap.add_argument("--variant", default="standard", help="standard, oklahoma, straight, hollywood (combine with +)")
    ap.add_argument("--target", type=int, default=None, help="points to win (default: the variant's)")
    args = ap.parse_args(argv)
    out = stdout if stdout is not None else sys.stdout
    inp = stdin if stdin is not None else sys.stdin
    try:
        rules = preset(args.variant) if args.target is None else preset(args.variant, target=args.target)
    except ValueError as exc:
        out.write(f"{exc}\n")
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    match = Match.new(rules, seed)
    try:
        return play(match, args.level, inp, out, random.Random(seed))
    except KeyboardInterrupt:
        out.write("\nGoodbye.\n")
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
