"""Self-play: one whole match with the AI in every seat, for any registered game.

    python -m bot selfplay --game G --players N [--variant V] [--options '...'] [--target N]
                           --seed S [--level easy|normal|hard|expert] [--trace]

Prints one JSON object per finished hand (``hand``, ``outcome``, ``winner``, ``points`` and
``scores``: the running totals per seat, or per team in a partnership, after that hand),
then ``{"result": {"winner": ..., "totals": {...}, "hands": n}}``; exit 0. The same
arguments give the same output: the AI's choices come from a generator seeded by
``--seed`` and its time guard is lifted (bot.ai.deadline.no_deadline). Bad arguments
print one line on stderr and exit 2. Generic over the registry (bot.engine.game_type,
bot.ai.chooser_for), so every game with an AI plays here. ``--trace`` prints instead the
referee's trace of the match (bot/trace.py, docs/selfplay-trace.md).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from bot.cli_args import ArgumentError, Parser
from bot.engine import next_actor
from bot.matchsetup import MatchSetup, reason, setup

MAX_MOVES = 2_000_000  # a match that has not ended by then is a bug: exit 1


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m bot selfplay", description="Play one match with the AI in every seat.", add_help=True)
    p.add_argument("--game", required=True, help="a registered game, e.g. gin or knockout")
    p.add_argument("--players", type=int, default=None, help="number of seats (default: the game's first)")
    p.add_argument("--variant", default=None, help="the game's variant (default: its first)")
    p.add_argument("--options", default="", help="the table options, e.g. 'gin=20 length=hands:8'")
    p.add_argument("--target", type=int, default=None, help="the match target (default: the rules' own)")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--level", default="normal")
    p.add_argument(
        "--trace", action="store_true", help="every deal, move and score, for a referee (docs/selfplay-trace.md)"
    )
    return p


def _labels(state: Any) -> list[tuple[str, int]]:
    """(label, seat) per scorer: each seat, or each team ('0+2') with its first seat."""
    teams = state.public_view().teams
    if teams:
        return [("+".join(str(s) for s in team), team[0]) for team in teams]
    return [(str(s), s) for s in range(state.seats)]


def _scores(state: Any, labels: list[tuple[str, int]]) -> dict[str, int]:
    totals = state.totals()
    return {label: totals[seat] for label, seat in labels}


def _value(x: Any) -> Any:
    return getattr(x, "value", x)


def play(match: MatchSetup, seed: int, level: str, trace: bool = False) -> Iterator[dict[str, Any]]:
    """The lines of one self-played match (``trace``: the referee's trace instead)."""
    from bot.ai import no_deadline
    from bot.trace import Tracer

    gt, chooser = match.game, match.chooser
    state = match.new(seed)
    labels = _labels(state)
    rng = random.Random(seed)
    printed = 0
    tracer = Tracer(gt.name, state) if trace else None
    if tracer is not None:
        yield from tracer.start()
    with no_deadline():
        while not state.finished:
            seat = next_actor(state)  # partnerships: the two tables take turns
            before = tracer.hand_before(seat) if tracer is not None else []
            action = chooser(state.seat_view(seat), level, rng)
            state.apply(seat, action)
            if tracer is not None:
                yield from tracer.move(seat, action, before)
            hands = state.hands
            while printed < len(hands):
                record = hands[printed]
                printed += 1
                if tracer is None:
                    yield {
                        "hand": record.number,
                        "outcome": _value(record.outcome),
                        "winner": record.winner,
                        "points": record.points,
                        "scores": _scores(state, labels),
                    }
            if state.moves >= MAX_MOVES:
                raise RuntimeError(f"the match did not end in {MAX_MOVES} moves")
    result: dict[str, Any] = {"winner": state.winner, "totals": _scores(state, labels), "hands": len(state.hands)}
    if len(labels) != state.seats and state.winner is not None:
        result["team"] = next(label for label, _ in labels if str(state.winner) in label.split("+"))
    yield {"result": result}


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """Entry point of ``python -m bot selfplay``; returns the exit code."""
    out = out or sys.stdout
    try:
        ns = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    except ArgumentError as e:
        print(f"selfplay: {e}", file=sys.stderr)
        return 2
    try:
        match = setup(ns.game, ns.players, ns.variant, ns.options, ns.target, ns.level)
    except (ValueError, LookupError) as e:
        print(f"selfplay: {reason(e)}", file=sys.stderr)
        return 2
    try:
        for line in play(match, ns.seed, ns.level, ns.trace):
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
    except RuntimeError as e:
        print(f"selfplay: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
