"""``python -m bot play``: play a match against the AI in a terminal.

    python -m bot play [--game G] [--players N] [--variant V] [--options '...'] [--target N]
                       [--level easy|normal|hard|expert] [--seed S] [--lang de|en|es|fr|pt_BR]

You are seat 0, the AI every other seat, in any registered game at any of its table sizes
(bot.terminal.loop). Bad arguments print one line on stderr and exit 2; ``q`` or the end of
input quits (exit 0). Nothing is saved.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Mapping
from typing import TextIO

from bot.cli_args import ArgumentError, Parser
from bot.i18n import LANGUAGES, PSEUDO, choose, current, speaking
from bot.matchsetup import reason, setup

from .loop import play


def _parser() -> argparse.ArgumentParser:
    ap = Parser(prog="python -m bot play", description="Play a match against the AI in the terminal.")
    ap.add_argument("--game", default="gin", help="a registered game: gin, knockout, colonel, skarney, rummy")
    ap.add_argument("--players", type=int, default=None, help="seats at the table (default: the game's first)")
    ap.add_argument("--level", default="normal", help="easy, normal, hard or expert")
    ap.add_argument("--seed", type=int, default=None, help="deal seed (same seed, same cards)")
    ap.add_argument("--variant", default=None, help="the game's variant (Gin: standard, oklahoma, ... combine with +)")
    ap.add_argument("--options", default="", help="table options, e.g. 'gin=20 tie=no length=hands:8'")
    ap.add_argument("--target", type=int, default=None, help="points to win (default: the variant's)")
    ap.add_argument("--lang", default=None, help="the language of the words (default: the environment's locale)")
    return ap


def environment_language(env: Mapping[str, str]) -> str | None:
    """The catalogue language of the POSIX locale variables ('de_DE.UTF-8' -> 'de'), if any is set."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        code = value.split(".", 1)[0].split("@", 1)[0]
        if code and code not in ("C", "POSIX"):
            return code if code in LANGUAGES else code.split("_", 1)[0]
    return None


def main(
    argv: list[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Parse the options and play one match; returns the exit code (2 and one line on stderr for
    bad arguments)."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    inp = stdin if stdin is not None else sys.stdin
    try:
        args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
        match = setup(args.game, args.players, args.variant, args.options, args.target, args.level)
    except (ArgumentError, ValueError, LookupError) as exc:
        err.write(f"play: {reason(exc)}\n")
        return 2
    if args.lang is not None and args.lang not in (*LANGUAGES, PSEUDO):  # qps: the tests' pseudo-language
        err.write(f"play: --lang must be one of {', '.join(LANGUAGES)}\n")
        return 2
    lang = choose(args.lang, environment_language(os.environ))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    with speaking(lang):  # every word written: the terminal's, the renderers' and the narration's
        try:
            return play(match.game, match.new(seed), match.chooser, args.level, inp, out, random.Random(seed))
        except KeyboardInterrupt:
            out.write("\n" + current()._("Goodbye.") + "\n")
            return 0


if __name__ == "__main__":
    raise SystemExit(main())
