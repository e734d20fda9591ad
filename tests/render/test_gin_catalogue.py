"""Every word Gin's renderer writes (pictures' texts, the board's lines, a seat's status, hint and
buttons) comes from the catalogue: written in the pseudo-language, which accents every translated
text, a seeded match of each table size leaves no English word, only names, cards and the rules'
variant name."""

from __future__ import annotations

import random
import re

import pytest

from bot.ai import chooser_for, no_deadline
from bot.engine import game_type, next_actor
from bot.i18n import PSEUDO, speaking
from render import Style, renderer_for

NAMES = ("Alice", "Bob", "Carol", "Dave")
CARD = re.compile(r"(10|[2-9AKQJ])[♠♥♦♣]")
WORD = re.compile(r"[A-Za-z]{2,}")
PLAIN = re.compile(r"[aeiouyAEIOUYcnCN]")  # letters the pseudo-language always accents
# A meld's words are render/kit's (meld_text: 'set of 7s', 'run 9–Q♣'), not Gin's.
KIT = {"set", "of", "run", "Set", "Run", "Aces", "Kings", "Queens", "Jacks"}


def _english(text: str, allowed: set[str]) -> set[str]:
    return {w for w in WORD.findall(CARD.sub(" ", text)) if PLAIN.search(w) and w not in allowed}


@pytest.mark.parametrize(("seats", "variant"), [(2, "hollywood"), (3, "standard"), (4, "standard")])
def test_gin_writes_every_word_through_the_catalogue(seats: int, variant: str) -> None:
    kind, r = game_type("gin"), renderer_for("gin")
    state = kind.new(kind.make_rules(variant, None, ""), 5, seats)
    names = NAMES[:seats]
    allowed = {*names, variant, *KIT}
    choose, rng = chooser_for("gin"), random.Random(5)
    left: dict[str, str] = {}

    def check(*texts: str | None) -> None:
        for text in texts:
            for word in _english(text or "", allowed):
                left.setdefault(word, text or "")

    with speaking(PSEUDO), no_deadline():
        result = None
        while not state.finished:
            seat = next_actor(state)
            state.apply(seat, choose(state.seat_view(seat), "easy", rng))
            pv = state.public_view()
            check(r.describe(pv, names), r.score_line(pv, names), r.hand_line(pv, names))
            for s in range(seats):
                sv = state.seat_view(s)
                check(r.status_line(sv, names), r.hint(sv))
                for c in r.controls(sv):
                    check(c.shown(), c.placeholder, c.confirm)
            if result is None and state.hands and state.hands[-1].winner is not None:
                result = r.result(pv, names, Style())
                check(result.alt if result else None, r.table(pv, names, Style()).alt)
                check(*(r.hand(state.seat_view(s), names, Style()).alt for s in range(seats)))
        end = state.public_view()
        check(r.match_end(end, names, Style(), {s: 5 - 10 * s for s in range(seats)}).alt)
    assert not left, left
