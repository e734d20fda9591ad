"""The table games' hand controls over seeded matches of the AI: within Discord's limits (the
Discord layer lays them out in 5 rows), legal moves only, every legal move offered but Skarney's
contracts beyond the 50 best, the AI's own choice always offered; the board's words name the
player who must answer a Challenge or an offer."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.ai import chooser_for
from bot.engine import game_type
from bot.engine.tablegames import Act
from cogs.gin.components import layout
from render.games import Control
from render.tablegames.controls import MELD_MENUS, MENU_MAX, table_controls
from render.tablegames.words import describe_table

CASES = [
    ("colonel", 2, 5),
    ("skarney", 2, 5),
    ("rummy", 2, 2),
    ("rummy", 4, 3),
    ("rummy", 6, 3),
]  # game, seats, matches
NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Eve", "Frank")


def matches(game: str, seats: int, count: int, target: int = 50) -> Any:
    """(state, seat view of the seat to act, the AI's move) before every move of ``count`` seeded matches."""
    gt = game_type(game)
    for seed in range(count):
        state = gt.new(gt.make_rules(gt.variants[0], target, ""), seed, seats)
        rng = random.Random(seed)
        while not state.finished:
            seat = state.turn
            assert seat is not None
            view = state.seat_view(seat)
            move = chooser_for(game)(view, "normal", rng)
            yield state, view, move
            state.apply(seat, move)


def discord_rows(controls: list[Control]) -> list[int]:
    """The rows the Discord layer gives these controls (ValueError past its 5 rows)."""
    wanted: list[tuple[int, bool]] = []
    menus: set[str] = set()
    for c in controls:
        if c.menu is None:
            wanted.append((c.row, False))
        elif c.menu not in menus:
            menus.add(c.menu)
            wanted.append((c.row, True))
    return layout(wanted)


@pytest.mark.parametrize(("game", "seats", "count"), CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_controls_fit_discord_and_offer_the_legal_moves(game: str, seats: int, count: int) -> None:
    seen = 0
    for _, view, move in matches(game, seats, count):
        controls = table_controls(view)
        actions = [c.action for c in controls]
        legal = {str(a) for a in view.legal}
        assert len(set(actions)) == len(actions) and set(actions) <= legal
        assert max(discord_rows(controls), default=0) <= 4
        sizes = Counter(c.menu for c in controls if c.menu is not None)
        assert all(n <= MENU_MAX for n in sizes.values()), sizes
        assert all(len(c.label) <= (100 if c.menu else 80) for c in controls)
        missing = [a for a in view.legal if str(a) not in actions]
        # only contracts past the 50 best (the engine lists the most points first) stay out
        contracts = [a for a in view.legal if a.kind is Act.CONTRACT]
        assert all(a.kind is Act.CONTRACT for a in missing)
        assert missing == contracts[MELD_MENUS * MENU_MAX :], (len(missing), len(contracts))
        assert str(move) in actions, move  # the AI's move is one a person could press
        seen += 1
    assert seen > 100


def test_hundreds_of_contracts_fill_two_menus_of_the_best() -> None:
    best = None
    for _, view, _ in matches("skarney", 2, 6):
        contracts = [a for a in view.legal if a.kind is Act.CONTRACT]
        if best is None or len(contracts) > len(best[1]):
            best = (view, contracts)
    assert best is not None and len(best[1]) > 2 * MENU_MAX
    view, contracts = best
    controls = table_controls(view)
    menus = {c.menu: [x for x in controls if x.menu == c.menu] for c in controls if c.menu in ("meld", "meld2")}
    assert [len(m) for m in menus.values()] == [MENU_MAX, MENU_MAX]
    assert [c.action for m in menus.values() for c in m] == [str(a) for a in contracts[: 2 * MENU_MAX]]
    assert all(c.label.startswith("Contract ") for m in menus.values() for c in m)


@pytest.mark.parametrize(("game", "what"), [("colonel", "accept or reject the Challenge"), ("skarney", "take the ")])
def test_the_board_names_who_must_answer(game: str, what: str) -> None:
    answered = 0
    for state, view, _ in matches(game, 2, 6):
        words = describe_table(state.public_view(), NAMES[:2])
        if view.phase == "respond":
            assert f"{NAMES[view.seat]} must {what}" in words, words
            answered += 1
        else:
            assert " must " not in words, words
    assert answered > 5
