"""One match in the terminal, for every game and table size, through the game protocol: you are
seat 0, the AI every other seat.

Before each of your moves: the table in the words the Discord text-only style shows (stock, pile,
the melds on the table numbered as the moves name them, every seat's cards, score, dealer, who
sits out), the score, your hand in the same words and the moves numbered (bot.terminal.menu).
The other seats' turns are told one line a turn as they are played; the two tables of a
partnership hand take turns, turn by turn. A finished hand shows its result and the score, the
match end every bonus (the renderer's words for its result and match-end pictures).
"""

from __future__ import annotations

import random
from typing import TextIO

from bot.ai import AnyChooser
from bot.engine import AnyState, GameType, IllegalAction
from bot.i18n import current
from render import AnyRenderer, Style, renderer_for

from .menu import build_menu, show_main
from .prompt import RESIGN, Reader
from .words import Narrator, block, grammar, itemised, level_word, score_text, seat_names, sentences, table_lines

HUMAN = 0
_STYLE = Style(scale=1)  # the pictures are not drawn for the terminal; their words are


class Table:
    """A match being played in the terminal: the state, its game, renderer, names and streams."""

    def __init__(
        self, game: GameType, state: AnyState, chooser: AnyChooser, level: str, out: TextIO, rng: random.Random
    ) -> None:
        self.game, self.state, self.chooser, self.level = game, state, chooser, level
        self.renderer: AnyRenderer = renderer_for(game.name)
        self.names = seat_names(state.seats, level)
        self.out, self.rng = out, rng
        self.story = Narrator(out, HUMAN)

    def write(self, text: str) -> None:
        self.out.write(text + "\n")

    # -- what is shown -----------------------------------------------------------------------
    def intro(self) -> None:
        st = self.state
        t = current()
        self.write(
            t._(
                "{game} for {seats}, against the AI ({level}). Rules: {variant}, to {target}.",
                game=self.game.title,
                seats=st.seats,
                level=level_word(self.level),
                variant=st.rules.name,
                target=st.rules.target,
            )
        )
        t = current()
        self.write(block([t.said(line) for line in st.rules.summary()], "  "))
        teams = st.public_view().teams
        mine = next((team for team in teams if HUMAN in team), ())
        partners = [self.names[s] for s in mine if s != HUMAN]
        if partners:
            self.write(t._("Your partner: {names}.", names=t.join(partners)))
        self.write(self._hand_status(1))

    def _hand_status(self, number: int) -> str:
        """'Hand 2: Your turn: draw from the stock.': the hand about to be played and your part in it."""
        status = self.renderer.status_line(self.state.seat_view(HUMAN), self.names)
        return grammar(current()._("Hand {number}: {status}.", number=number, status=status))

    def show_table(self) -> None:
        """The table, the score and your hand, in the text-only style's words."""
        public = self.state.public_view()
        view = self.state.seat_view(HUMAN)
        self.write("")
        self.write(block(table_lines(self.renderer.table(public, self.names, _STYLE).alt)))
        self.write(score_text(self.renderer.score_line(public, self.names)))
        self.write(block(sentences(self.renderer.hand(view, self.names, _STYLE).alt)))
        hint = self.renderer.hint(view)
        if hint:
            self.write(grammar(hint))

    def hand_over(self, number: int) -> None:
        public = self.state.public_view()
        t = current()
        self.write("\n" + t._("=== Hand {number} over ===", number=number))
        result = self.renderer.result(public, self.names, _STYLE)
        line = self.renderer.hand_line(public, self.names)
        told = sentences(result.alt) if result is not None else [grammar(line)] if line else []
        self.write(block([s for s in told if not self.story.said(s)]))
        score = grammar(self.renderer.score_line(public, self.names))
        if not any(score in s for s in told):
            self.write(t._("Match score: {score}", score=score))
        if not self.state.finished:
            self.write(self._hand_status(number + 1))

    def match_end(self) -> None:
        public = self.state.public_view()
        self.write("")
        self.write(block(itemised(sentences(self.renderer.match_end(public, self.names, _STYLE).alt))))

    # -- the moves ---------------------------------------------------------------------------
    def your_move(self, stdin: TextIO) -> bool:
        """Show the table and play your move; False when you quit."""
        self.story.flush(keep_own=True)  # the others' turns; your own turn's line when it is over
        menu = build_menu(self.renderer.controls(self.state.seat_view(HUMAN)))

        def show() -> None:
            self.show_table()
            self.write(block(show_main(menu)))

        show()
        reader = Reader(menu, self.game, stdin, self.out, show)
        while True:
            move = reader.read_move()
            if move is None:
                return False
            try:
                if move == RESIGN:
                    self.state.resign(HUMAN)
                else:
                    self.state.apply(HUMAN, self.game.parse_action(move))
                return True
            except (IllegalAction, ValueError) as e:  # the engine refuses; nothing changed
                t = current()
                why = t._(e.message, **e.fields) if isinstance(e, IllegalAction) else str(e)
                self.write(t._("Not allowed: {reason}", reason=why))

    def ai_move(self, seat: int) -> None:
        self.state.apply(seat, self.chooser(self.state.seat_view(seat), self.level, self.rng))

    def play(self, stdin: TextIO) -> int:
        """The whole match (or until you quit); the exit code."""
        st = self.state
        self.intro()
        turns = 0  # finished turns: where several seats may act, they take turns, turn by turn
        playing: int | None = None  # the seat in the middle of its turn
        hands = len(st.hands)
        while not st.finished:
            act = st.to_act
            seat = playing if playing in act and playing is not None else act[turns % len(act)]
            same = seat == playing
            if seat == HUMAN:
                if not self.your_move(stdin):
                    self.story.flush()
                    self.write(current()._("Goodbye."))
                    return 0
            else:
                self.ai_move(seat)
            self.story.moved(seat, self.renderer.describe(st.seat_view(HUMAN), self.names), same)
            playing = seat if seat in st.to_act else None
            if playing is None:
                turns += 1
            while hands < len(st.hands):
                hands += 1
                self.story.flush()
                self.hand_over(hands)
                playing = None
        self.story.flush()
        self.match_end()
        return 0


def play(
    game: GameType, state: AnyState, chooser: AnyChooser, level: str, stdin: TextIO, out: TextIO, rng: random.Random
) -> int:
    """Play ``state`` in the terminal: you are seat 0, ``chooser`` plays every other seat."""
    return Table(game, state, chooser, level, out, rng).play(stdin)


__all__ = ["HUMAN", "Table", "play"]
