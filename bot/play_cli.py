"""Play a match against the AI in a terminal:
``python -m bot play [--game G] [--players N] [--variant V] [--options ...] [--level hard] [--seed N]``.

Any registered game at any of its table sizes plays through the game protocol (legal actions,
apply, seat views): you are seat 0, the AI every other seat; your hand and the table are the
words the game's renderer gives players who chose words instead of pictures, your moves the
controls the Discord bot would offer, numbered (or typed as the engine writes them,
``discard 7H``). Bad arguments exit 2 with one line.

Two-player Gin keeps its own terminal words: you are seat 0, the AI seat 1. Each of your turns shows your hand (melds grouped,
deadwood counted), the table, and the legal moves numbered (discards by the deadwood they
leave, best first); type a number or the move in words: ``draw`` (or ``stock``), ``pile``
(or ``take``), ``pass``, ``discard 7H`` (or just ``7h``), ``knock 7H``, ``gin``, ``big gin``.
A move the rules forbid is refused with the engine's reason. ``q`` or end of input quits.
The match end shows the score with every bonus. Uses the same engine and AI as the Discord
bot; nothing is saved.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn, TextIO

from bot.ai import LEVELS, choose_action
from bot.engine import Card, IllegalAction, parse_card
from bot.engine.gin import HandRecord, Match, SeatView, public_view, seat_view
from bot.engine.knock import Action, ActionKind, Event, EventKind, action, preset

HUMAN, AI = 0, 1
YOU = "You"


def _cards(cards: Iterable[Card]) -> str:
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
    parts = [
        f"Stock {view.stock_count} | discard pile top {top} ({view.discard_count} "
        f"card{'' if view.discard_count == 1 else 's'})"
        f" | knock limit {view.knock_limit}"
    ]
    if view.multiplier > 1:
        parts.append(f"this hand scores x{view.multiplier}")
    parts.append(f"Score: {names[0]} {t[0]} - {names[1]} {t[1]} (to {view.rules.target})")
    if view.opponent_known:
        parts.append(f"{names[1]} holds {_cards(view.opponent_known)} (taken from the pile)")
    return "\n".join(parts)


def _is_you(name: str) -> bool:
    return name == YOU


def _verb(name: str, you: str, others: str) -> str:
    """The verb in agreement with its subject: 'You lay', 'AI (easy) lays'."""
    return f"{name} {you if _is_you(name) else others}"


def menu(view: SeatView) -> list[Action]:
    """The legal moves in the order the prompt numbers them: draws, then discards by the deadwood
    they leave (best first), then knocks (best first), gin, big gin."""
    rank = {c: i for i, (c, _) in enumerate(view.discard_options)}
    group = {ActionKind.DISCARD: 1, ActionKind.KNOCK: 2, ActionKind.GIN: 3, ActionKind.BIG_GIN: 4}
    return sorted(view.legal, key=lambda a: (group.get(a.kind, 0), rank.get(a.card, 99) if a.card else -1))


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
        return f"take {top} from the pile"
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
        ActionKind.DRAW_DISCARD: f"{name} takes {top_before} from the pile.",
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
        f"{_verb(knocker, 'lay', 'lays')} down: {' '.join(f'[{_cards(m)}]' for m in r.knocker_melds)}"
        f" deadwood {_cards(r.knocker_deadwood)} ({r.knocker_deadwood_points})",
        f"{_verb(defender, 'show', 'shows')}: {' '.join(f'[{_cards(m)}]' for m in r.defender_melds) or 'no melds'}"
        f" deadwood {_cards(r.defender_deadwood)} ({r.defender_deadwood_points})",
    ]
    if r.defender_layoffs:
        lines.append(f"{_verb(defender, 'lay', 'lays')} off {_cards(c for c, _ in r.defender_layoffs)}")
    label = {"knock": "Knock", "undercut": "Undercut", "gin": "Gin", "big_gin": "Big gin"}[rec.outcome]
    if rec.winner is None:
        lines.append(f"{label}: nobody scores.")
    else:
        lines.append(f"{label}: {_verb(names[rec.winner], 'score', 'scores')} {rec.points}.")
    return "\n".join(lines)


def describe_match_end(match: Match, names: tuple[str, str]) -> str:
    """The final score with every bonus: hand points, line and game bonuses, shutouts, totals."""
    summary = match.summary()
    assert summary is not None
    t = summary.totals
    lines = [
        f"*** {names[summary.winner]} won the match, {t[summary.winner]} to {t[summary.loser]} "
        f"({summary.hands_played} hands). ***"
    ]
    games = public_view(match).games

    def pair(values: tuple[int, ...]) -> str:
        return f"{names[0]} {values[0]}, {names[1]} {values[1]}"

    for i, g in enumerate(games):
        lines.append(f"Game {i + 1}:" if len(games) > 1 else "Final score:")
        lines.append(f"  hand points: {pair(g.scores)}")
        for seat in (0, 1):
            if g.line_bonus[seat]:
                won = g.hands_won[seat]
                lines.append(
                    f"  line bonus: {names[seat]} {g.line_bonus[seat]} ({won} hand{'s' if won != 1 else ''} won)"
                )
        if g.winner is not None and g.game_bonus:
            lines.append(f"  game bonus: {names[g.winner]} {g.game_bonus}")
        if g.winner is not None and g.shutout:
            lines.append(f"  shutout: {names[g.winner]} +{g.shutout_points}")
        lines.append(f"  {'game total' if len(games) > 1 else 'total'}: {pair(g.totals)}")
    extra = [match.totals()[s] - sum(g.totals[s] for g in games) for s in (0, 1)]
    if any(extra):
        lines.append(f"Series bonus: {names[0]} {extra[0]}, {names[1]} {extra[1]}")
    if len(games) > 1 or any(extra):
        lines.append(f"Match total: {names[0]} {t[0]}, {names[1]} {t[1]}")
    return "\n".join(lines)


# The words a player may type besides a number: what the menu says.
_DRAW_WORDS = {"draw", "stock", "draw from the stock", "d", "s"}
_PILE_WORDS = {"pile", "take", "discard pile", "discard_pile", "take the upcard", "upcard"}
_HELP = "a number from the list, or a move: draw (or stock), pile (or take), pass, discard 7H, knock 7H, gin, big gin"


def parse_move(text: str, view: SeatView) -> Action | None:
    """What was typed as a move (legal or not: the engine says why not), or None if it is no move."""
    words = " ".join(text.lower().replace("_", " ").split())
    kinds = {a.kind for a in view.legal}
    if words in _DRAW_WORDS:
        return action(ActionKind.DRAW_STOCK)
    if words in _PILE_WORDS:
        return action(
            ActionKind.TAKE_UPCARD
            if view.phase == "offer" or ActionKind.TAKE_UPCARD in kinds
            else ActionKind.DRAW_DISCARD
        )
    if words == "pass":
        return action(ActionKind.PASS)
    if words == "big gin":
        return action(ActionKind.BIG_GIN)
    verb, _, rest = words.partition(" ")
    if verb in ("knock", "gin") and not rest:  # the best one offered
        kind = ActionKind.KNOCK if verb == "knock" else ActionKind.GIN
        return next((a for a in menu(view) if a.kind is kind), None) or _first_card_move(kind, view)
    if verb not in ("discard", "knock", "gin"):
        verb, rest = "discard", words  # a card alone: discard it
    try:
        card = parse_card(rest)
    except ValueError:
        return None
    return action({"discard": ActionKind.DISCARD, "knock": ActionKind.KNOCK, "gin": ActionKind.GIN}[verb], card)


def _first_card_move(kind: ActionKind, view: SeatView) -> Action | None:
    """A knock or gin the engine can refuse with its reason (none is legal now)."""
    card = view.hand[0] if view.hand else None
    return action(kind, card) if card is not None else None


def _read_choice(view: SeatView, stdin: TextIO, out: TextIO, attempt: Callable[[Action], str | None]) -> bool:
    """Prompt until a move is played; ``attempt(move)`` plays it or returns the engine's reason not
    to. False on 'q' or end of input."""
    options = menu(view)
    for i, a in enumerate(options, 1):
        out.write(f"  {i:>2}) {describe_move(a, view)}\n")
    while True:
        out.write("Your move (number or move, q to quit): ")
        out.flush()
        line = stdin.readline()
        if not line:
            out.write("\n")
            return False
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            return False
        if text.isdigit():
            if 1 <= int(text) <= len(options):
                chosen: Action | None = options[int(text) - 1]
            else:
                out.write(f"There is no move {text}: type {_HELP}.\n")
                continue
        else:
            chosen = parse_move(text, view)
        if chosen is None:
            out.write(f"That is not a move: type {_HELP}.\n")
            continue
        reason = attempt(chosen)
        if reason is None:
            return True
        out.write(f"Not allowed: {reason}\n")


def _after_move(events: Sequence[Event], match: Match, names: tuple[str, str], out: TextIO) -> None:
    for ev in events:
        if ev.kind in (EventKind.HAND_SCORED, EventKind.HAND_DRAWN):
            rec = match.history[-1]
            out.write(f"\n=== Hand {rec.number} over ===\n{describe_result(rec, names)}\n")
            t = match.totals()
            out.write(f"Match score: {names[0]} {t[0]} - {names[1]} {t[1]}\n")
        elif ev.kind is EventKind.DEALT:
            out.write(f"\n=== New deal ({_verb(names[match.dealer], 'deal', 'deals')}) ===\n")


def _attempt(match: Match, played: list[list[Any]]) -> Callable[[Action], str | None]:
    """Play your move, keeping its events in ``played``; the engine's reason if it is not allowed."""

    def attempt(a: Action) -> str | None:
        try:
            played.append(match.apply(HUMAN, a))  # an illegal move changes nothing
        except IllegalAction as e:
            return str(e)
        return None

    return attempt


def play(match: Match, level: str, stdin: TextIO, out: TextIO, rng: random.Random) -> int:
    names = (YOU, f"AI ({level})")
    out.write(f"Gin Rummy against the AI ({level}). Rules: {match.rules.name}, to {match.rules.target}.\n")
    for line in match.rules.summary():
        out.write(f"  {line}\n")
    out.write(f"{_verb(names[match.dealer], 'deal', 'deals')}.\n")
    while not match.finished:
        seat = match.turn
        assert seat is not None
        view = seat_view(match, seat)
        if seat == AI:
            top = view.discard_top.pretty if view.discard_top is not None else "?"
            a = choose_action(view, level, rng=rng)
            out.write(describe_ai_move(a, top, names[AI]) + "\n")
            _after_move(match.apply(seat, a), match, names, out)
            continue
        out.write("\n" + describe_table(view, names) + "\n" + describe_hand(view) + "\n")
        played: list[list[Any]] = []
        if not _read_choice(view, stdin, out, _attempt(match, played)):
            out.write("Goodbye.\n")
            return 0
        _after_move(played[0], match, names, out)
    out.write("\n" + describe_match_end(match, names) + "\n")
    return 0


# -- any game, any table size: through the game protocol and the game's renderer ----------------


def _alt(image: Any) -> str:
    return str(getattr(image, "alt", "") or "")


def _table_names(seats: int, level: str) -> list[str]:
    return [YOU, *(f"AI {i} ({level})" if seats > 2 else f"AI ({level})" for i in range(1, seats))]


def _show_human(state: Any, renderer: Any, names: list[str], out: TextIO) -> list[Any]:
    """Your seat's view in words (the same words the Discord bot gives instead of a picture) and
    the moves offered to you, numbered. Returns the controls."""
    from render import Style

    view = state.seat_view(HUMAN)
    out.write("\n" + _alt(renderer.hand(view, names, Style(scale=1))) + "\n")
    hint = renderer.hint(view)
    if hint:
        out.write(hint + "\n")
    controls = list(renderer.controls(view))
    for i, c in enumerate(controls, 1):
        out.write(f"  {i:>2}) {c.label}\n")
    return controls


def _read_action(gt: Any, controls: list[Any], stdin: TextIO, out: TextIO) -> Any | None:
    """A move: a number from the list, its words, or the move as the engine writes it ('draw stock',
    'discard 7H'); None on 'q' or end of input."""
    while True:
        out.write("Your move (number or move, q to quit): ")
        out.flush()
        line = stdin.readline()
        if not line:
            out.write("\n")
            return None
        text = " ".join(line.strip().split())
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text.isdigit():
            if 1 <= int(text) <= len(controls):
                return gt.parse_action(controls[int(text) - 1].action)
            out.write(f"There is no move {text}: type a number from the list, or a move such as 'stock'.\n")
            continue
        labelled = next((c.action for c in controls if c.label.lower() == text.lower()), None)
        if labelled is not None:  # the words of the list ('Draw from the stock')
            return gt.parse_action(labelled)
        for typed in (text, text.lower(), _move_text(text)):
            try:
                return gt.parse_action(typed)
            except ValueError:
                continue
        out.write("That is not a move: type a number from the list, or a move such as 'stock'.\n")


def _move_text(text: str) -> str:
    """'discard 7h' as the engine writes it: the verb in lower case, the rest in upper case (cards)."""
    verb, _, rest = text.partition(" ")
    return f"{verb.lower()} {rest.upper()}".strip()


def play_any(game: str, state: Any, chooser: Any, level: str, stdin: TextIO, out: TextIO, rng: random.Random) -> int:
    """A match of any registered game: you are seat 0, the AI every other seat."""
    from bot.engine import game_type
    from render import Style, renderer_for

    gt = game_type(game)
    renderer = renderer_for(game)
    names = _table_names(state.seats, level)
    teams = state.public_view().teams
    out.write(
        f"{gt.title} for {state.seats}, against the AI ({level}). Rules: {state.rules.name}, to {state.rules.target}.\n"
    )
    for line in state.rules.summary():
        out.write(f"  {line}\n")
    if teams:
        partner = next(s for team in teams if HUMAN in team for s in team if s != HUMAN)
        out.write(f"Your partner: {names[partner]}.\n")
    hands_seen, said = 0, ""
    while not state.finished:
        act = state.to_act
        ai = next((s for s in act if s != HUMAN), None)
        if ai is not None:  # the AI moves first where it may (the other table of a partnership hand)
            state.apply(ai, chooser(state.seat_view(ai), level, rng))
            # In your seat's words (nothing hidden from you is named); the renderer tells the whole
            # turn so far, so only what is new since the last line is written.
            now = renderer.describe(state.seat_view(HUMAN), names)
            new = now[len(said) :].strip() if said and now.startswith(said) else now
            said = now
            if new:
                out.write(new + "\n")
        else:
            controls = _show_human(state, renderer, names, out)
            while True:
                move = _read_action(gt, controls, stdin, out)
                if move is None:
                    out.write("Goodbye.\n")
                    return 0
                try:
                    state.apply(HUMAN, move)
                    said = ""
                    break
                except IllegalAction as e:
                    out.write(f"Not allowed: {e}\n")
        while hands_seen < len(state.hands):
            hands_seen += 1
            public = state.public_view()
            out.write(f"\n=== Hand {hands_seen} over ===\n")
            line = renderer.hand_line(public, names)
            if line:
                out.write(line + "\n")
            out.write(f"Match score: {renderer.score_line(public, names)}\n")
    public = state.public_view()
    out.write("\n" + _alt(renderer.match_end(public, names, Style(scale=1))) + "\n")
    return 0


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(message)


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Parse the options and play one match; returns the exit code (2 and one line for bad arguments)."""
    ap = _Parser(prog="python -m bot play", description="Play a match against the AI in the terminal.")
    ap.add_argument("--game", default="gin", help="a registered game: gin, knockout, colonel, skarney, rummy")
    ap.add_argument("--players", type=int, default=None, help="seats at the table (default: the game's first)")
    ap.add_argument("--level", default="normal", help="easy, normal or hard")
    ap.add_argument("--seed", type=int, default=None, help="deal seed (same seed, same cards)")
    ap.add_argument("--variant", default=None, help="the game's variant (Gin: standard, oklahoma, ... combine with +)")
    ap.add_argument("--options", default="", help="table options, e.g. 'gin=20 tie=no length=hands:8'")
    ap.add_argument("--target", type=int, default=None, help="points to win (default: the variant's)")
    out = stdout if stdout is not None else sys.stdout
    inp = stdin if stdin is not None else sys.stdin
    try:
        args = ap.parse_args(argv)
    except _ArgumentError as exc:
        out.write(f"play: {exc}\n")
        return 2
    if args.level not in LEVELS:
        out.write(f"play: unknown level {args.level!r}; choose from {', '.join(LEVELS)}\n")
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    classic = args.game == "gin" and args.players in (None, 2) and not args.options.strip()
    try:
        if classic:  # two-player Gin: the terminal game with its own words (melds, deadwood, bonuses)
            variant = args.variant or "standard"
            rules = preset(variant) if args.target is None else preset(variant, target=args.target)
            match = Match.new(rules, seed)
        else:
            state, chooser = _setup(args.game, args.players, args.variant, args.options, args.target, seed)
    except (ValueError, LookupError) as exc:
        out.write(f"{str(exc).splitlines()[0] if str(exc) else exc!r}\n")
        return 2
    try:
        if classic:
            return play(match, args.level, inp, out, random.Random(seed))
        return play_any(args.game, state, chooser, args.level, inp, out, random.Random(seed))
    except KeyboardInterrupt:
        out.write("\nGoodbye.\n")
        return 0


def _setup(
    game: str, players: int | None, variant: str | None, options: str, target: int | None, seed: int
) -> tuple[Any, Any]:
    """(the new match's state, the AI's chooser); ValueError or LookupError with the reason."""
    import bot.ai  # registers every game's AI
    from bot.engine import game_type

    gt = game_type(game)
    seats = gt.seat_counts[0] if players is None else players
    rules = gt.make_rules(variant or gt.variants[0], target, options)
    gt.validate(rules, seats)
    return gt.new(rules, seed, seats), bot.ai.chooser_for(game)


if __name__ == "__main__":
    raise SystemExit(main())
