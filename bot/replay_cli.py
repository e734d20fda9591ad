"""``python -m bot replay FILE [--hand N] [--lang L]``: a match file (``/gin replay file:True``) in the
terminal, move by move, in the words of the text-only style; ``--hand N`` shows one hand; the words in
``--lang``, else the environment's locale (as ``python -m bot play``). Bad arguments or a bad file:
one line on stderr, exit 2."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TextIO

from bot.cli_args import ArgumentError, Parser
from bot.i18n import LANGUAGES, PSEUDO, choose, current, speaking
from bot.replay_file import ReplayFile, read


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="python -m bot replay", description="Show a match file move by move.")
    p.add_argument("file", type=Path, help="a match file written by /gin replay")
    p.add_argument("--hand", type=int, default=None, help="show only this hand (1 is the first)")
    p.add_argument("--lang", default=None, help="the language of the words (default: the environment's locale)")
    return p


def show(replay: ReplayFile, hand: int | None, out: TextIO) -> None:
    """Every position of the match (or of one hand) in words, each hand's end with its score."""
    from render import renderer_for  # the words of the text-only style

    t = current()
    renderer = renderer_for(replay.game.name)
    names = list(replay.names)
    states = replay.states()
    print(
        t._(
            "{game}, match #{number}: {players}",
            game=replay.game.title,
            number=replay.match_id,
            players=", ".join(names),
        ),
        file=out,
    )
    for line in replay.rules.summary():
        print(f"  {t.said(line)}", file=out)
    shown = 0
    for position, state in enumerate(states[1:], start=1):
        playing = len(states[position - 1].hands) + 1  # the hand this move belongs to
        if hand is not None and playing != hand:
            continue
        shown += 1
        view = state.public_view()
        print(f"{position:4d}  {renderer.describe(view, names)}", file=out)
        if len(state.hands) >= playing:
            print(f"      {renderer.hand_line(view, names) or t._('The hand is over.')}", file=out)
            print(f"      {renderer.score_line(view, names)}", file=out)
    if hand is not None and not shown:
        done = len(states[-1].hands)
        raise ValueError(
            t.ngettext(
                "the match has no hand {hand} (it has {n} finished hand)",
                "the match has no hand {hand} (it has {n} finished hands)",
                done,
                hand=hand,
                n=t.number(done),
            )
        )


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """Entry point of ``python -m bot replay``; returns the exit code."""
    from bot.terminal.cli import environment_language

    out = out or sys.stdout
    try:
        ns = _parser().parse_args(sys.argv[1:] if argv is None else argv)
        if ns.lang is not None and ns.lang not in (*LANGUAGES, PSEUDO):  # qps: the tests' pseudo-language
            raise ArgumentError(f"--lang must be one of {', '.join(LANGUAGES)}")
        with speaking(choose(ns.lang, environment_language(os.environ))):
            replay = read(ns.file.read_text(encoding="utf-8"))
            show(replay, ns.hand, out)
    except (ArgumentError, ValueError, OSError) as e:
        print(f"replay: {e}", file=sys.stderr)
        return 2
    return 0
