"""The table games' expert (Colonel, Skarney Gin, Rummy; bot/ai/tablegames/expert.py).

* The hidden-card test (issue 24): the same view with the other hands' unknown cards and the
  stock dealt differently behind it gives the same decision for the same seed.
* The guesses keep what the view shows; without confidence the expert plays hard's move.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bot.ai import chooser_for, no_deadline
from bot.ai.paired import Budget, budget
from bot.ai.tablegames.expert import candidates, search
from bot.ai.tablegames.plan import unseen
from bot.ai.tablegames.playout import Guesser, play_hand
from bot.engine import game_type
from bot.engine.tablegames import TableAction, TableGame, clone, game_from_view
from tests.narrow import narrow

CASES = [("colonel", 2), ("skarney", 2), ("rummy", 2), ("rummy", 4)]
SMALL = Budget(seconds=10.0, rounds=12, min_rounds=4, check_every=4, z=1.0, drop_z=2.5, discards=3)


def positions(game: str, seats: int, seed: int, moves: int = 300) -> list[tuple[TableGame, int]]:
    """Copies of one match, played by hard with some random moves, at its searched decisions."""
    gt = game_type(game)
    rng = random.Random(seed)
    chooser = chooser_for(game)
    state = narrow(gt.new(gt.make_rules(gt.variants[0]), seed, seats), TableGame)
    out = []
    for _ in range(moves):
        if state.finished:
            break
        seat = state.turn
        assert seat is not None
        view = state.seat_view(seat)
        hard = narrow(chooser(view, "hard", rng), TableAction)
        if len(candidates(view, hard, 3)) > 1:
            out.append((narrow(gt.load(json.loads(json.dumps(state.to_dict()))), TableGame), seat))
        state.apply(seat, hard if rng.random() < 0.8 else rng.choice(view.legal))
    return out


def hidden_dealt_again(state: TableGame, seat: int, rng: random.Random) -> TableGame:
    """A copy where every card ``seat`` cannot see (others' unknown cards, the stock) is dealt again."""
    twin = narrow(game_type(state.NAME).load(json.loads(json.dumps(state.to_dict()))), TableGame)
    own = state.seat_view(seat).own
    offer = getattr(own, "offer", None)  # a Skarney card held up is seen: it stays where it is
    pinned = [set(k) | ({offer} if offer is not None else set()) for k in state.known]
    pool = [c for s in range(state.seats) if s != seat for c in state.held[s] if c not in pinned[s]] + state.stock
    rng.shuffle(pool)
    it = iter(pool)
    for s in range(state.seats):
        if s != seat:
            twin.held[s] = [c if c in pinned[s] else next(it) for c in twin.held[s]]
    twin.stock = list(it)
    return twin


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_the_search_reads_no_hidden_card(game: str, seats: int) -> None:
    rng = random.Random(7)
    chooser = chooser_for(game)
    checked = 0
    with no_deadline(), budget(SMALL):
        for state, seat in positions(game, seats, 11)[:12]:
            view = state.seat_view(seat)
            twin = hidden_dealt_again(state, seat, rng)
            assert twin.seat_view(seat) == view, "nothing hidden reaches the seat's view"
            hard = narrow(chooser(view, "hard", random.Random(1)), TableAction)
            # the search itself, whether or not the registry's expert uses it for this game (bot/ai/__init__.py)
            first = search(view, random.Random(1), hard)
            assert first in view.legal
            assert chooser(twin.seat_view(seat), "expert", random.Random(1)) in view.legal
            assert search(twin.seat_view(seat), random.Random(1), hard) == first
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_guesses_keep_what_the_seat_sees(game: str, seats: int) -> None:
    rng = random.Random(3)
    for state, seat in positions(game, seats, 4)[:10]:
        view = state.seat_view(seat)
        guesser = Guesser(view)
        assert guesser.ok
        hands, stock = guesser.guess(rng)
        assert len(stock) == view.stock_count
        for s in range(seats):
            if s != seat:
                assert len(hands[s]) == view.hand_sizes[s]
                assert set(view.known[s]) <= set(hands[s])
        dealt = Counter(c for s in range(seats) if s != seat for c in hands[s]) + Counter(stock)
        assert max(dealt.values()) == 1
        assert set(dealt) == unseen(view) | {c for s in range(seats) if s != seat for c in view.known[s]}


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_a_game_rebuilt_from_a_view_plays_as_the_original(game: str, seats: int) -> None:
    """With the true hidden cards behind it, the rebuilt game shows every seat the same cards and moves."""
    for state, seat in positions(game, seats, 2)[:15]:
        view = state.seat_view(seat)
        rebuilt = game_from_view(view, [list(h) for h in state.held], list(state.stock), 1)
        for s in range(seats):
            a, b = state.seat_view(s), rebuilt.seat_view(s)
            assert set(a.legal) == set(b.legal)
            assert (a.hand, a.known, a.melds, a.phase, a.turn, a.own, a.stock_count) == (
                b.hand,
                b.known,
                b.melds,
                b.phase,
                b.turn,
                b.own,
                b.stock_count,
            )
        copy = clone(rebuilt)
        play_hand(copy, seat)
        assert copy.history and not rebuilt.history  # the copy played the hand out, the original is untouched


def test_without_confidence_the_expert_plays_hard() -> None:
    sure = Budget(seconds=10.0, rounds=8, min_rounds=4, check_every=4, z=1e9, drop_z=1e9, discards=3)
    for game, seats in CASES:
        chooser = chooser_for(game)
        for state, seat in positions(game, seats, 5)[:4]:
            view = state.seat_view(seat)
            hard = narrow(chooser(view, "hard", random.Random(0)), TableAction)
            with no_deadline():
                assert search(view, random.Random(0), hard, sure) == hard


def test_colonel_answers_a_challenge_as_hard_does() -> None:
    """The guesses cannot tell that a challenger holds little, so the answer is never searched."""
    gt = game_type("colonel")
    chooser = chooser_for("colonel")
    seen = 0
    for seed in range(6):
        state = narrow(gt.new(gt.make_rules("standard"), seed, 2), TableGame)
        rng = random.Random(seed)
        while not state.finished and len(state.hands) < 3:
            seat = state.turn
            assert seat is not None
            view = state.seat_view(seat)
            hard = narrow(chooser(view, "hard", rng), TableAction)
            if view.phase == "respond":
                assert candidates(view, hard, 3) == [hard]
                seen += 1
            state.apply(seat, hard)
    assert seen >= 1
