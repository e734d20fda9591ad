"""The table-game AIs (Colonel, Skarney Gin, Rummy): legal choices from the seat view alone, their
decisions in a few set positions, speed and a strength smoke test (bench/table_games.py measures)."""

from __future__ import annotations

import json
import random
import time

import pytest

from bot.ai import chooser_for
from bot.ai.paired import Budget, budget
from bot.ai.tablegames import table_greedy_action as greedy_action
from bot.ai.tablegames.colonel import NORMAL as COLONEL_NORMAL
from bot.ai.tablegames.colonel import choose_colonel
from bot.ai.tablegames.skarney import NORMAL as SKARNEY_NORMAL
from bot.ai.tablegames.skarney import choose_skarney
from bot.constants import LEVELS
from bot.engine import game_type, parse_card
from bot.engine.tablegames import Colonel, ColonelRules, Skarney, SkarneyRules, TableAction, TableGame
from tests.engine.tablerig import rig
from tests.narrow import narrow

P = TableAction.parse
CASES = [("colonel", 2), ("skarney", 2), ("rummy", 2), ("rummy", 4), ("rummy", 6)]


def positions(game: str, seats: int, seed: int, moves: int = 400) -> list[tuple[TableGame, int]]:
    """Copies of one random-play match at its decision points (every 7th move)."""
    gt = game_type(game)
    rng = random.Random(seed)
    state = gt.new(gt.make_rules(gt.variants[0]), seed, seats)
    out = []
    for i in range(moves):
        if state.finished:
            break
        seat = state.turn
        assert seat is not None
        if i % 7 == 0:
            out.append((narrow(gt.load(json.loads(json.dumps(state.to_dict()))), TableGame), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_every_level_chooses_a_legal_move(game: str, seats: int) -> None:
    chooser = chooser_for(game)
    quick = Budget(seconds=0.02, rounds=8, min_rounds=4, check_every=4)  # the expert's search, cut short
    with budget(quick):
        for seed in range(3):
            for state, seat in positions(game, seats, seed):
                view = state.seat_view(seat)
                for level in LEVELS:
                    action = chooser(view, level, random.Random(seed))
                    assert action in view.legal


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_the_ai_sees_only_its_view(game: str, seats: int) -> None:
    """Swapping the cards the seat cannot see (other hands, the stock) changes neither its view nor its move."""
    chooser = chooser_for(game)
    rng = random.Random(5)
    for state, seat in positions(game, seats, 9):
        hidden = [c for s in range(seats) if s != seat for c in state.held[s] if c not in state.known[s]]
        pool = hidden + state.stock
        rng.shuffle(pool)
        other = json.loads(json.dumps(state.to_dict()))
        twin = narrow(game_type(game).load(other), TableGame)
        it = iter(pool)
        for s in range(seats):
            if s != seat:
                twin.held[s] = [c if c in twin.known[s] else next(it) for c in twin.held[s]]
        twin.stock = list(it)
        view, twin_view = state.seat_view(seat), twin.seat_view(seat)
        assert view == twin_view
        assert chooser(view, "normal", random.Random(1)) == chooser(twin_view, "normal", random.Random(1))


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_decisions_are_fast(game: str, seats: int) -> None:
    chooser = chooser_for(game)
    times = []
    for seed in range(4):
        for state, seat in positions(game, seats, 100 + seed):
            view = state.seat_view(seat)
            t0 = time.perf_counter()
            chooser(view, "hard", random.Random(0))
            times.append(time.perf_counter() - t0)
    times.sort()
    assert times[int(len(times) * 0.99) - 1] < 0.1


@pytest.mark.parametrize(("game", "seats"), [("colonel", 2), ("skarney", 2), ("rummy", 2), ("rummy", 5)])
def test_the_ai_beats_a_random_player(game: str, seats: int) -> None:
    gt = game_type(game)
    rules = gt.make_rules(gt.variants[0], 50)
    chooser = chooser_for(game)
    won = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = gt.new(rules, seed, seats)
        ai = seed % seats
        while not state.finished:
            seat = state.turn
            assert seat is not None
            view = state.seat_view(seat)
            state.apply(seat, chooser(view, "normal", rng) if seat == ai else rng.choice(view.legal))
        won += state.winner == ai
    assert won >= 3


def colonel() -> Colonel:
    return Colonel(ColonelRules(), 1, 2)


def test_colonel_challenges_with_a_small_hand_and_answers_by_its_total() -> None:
    m = rig(colonel(), hands=["2C 3D", "KD QD JS 9H 8H 7C 6S TD"], phase="draw")
    assert choose_colonel(m.seat_view(0), COLONEL_NORMAL) == P("challenge")
    assert greedy_action(m.seat_view(0)) != P("challenge")
    m.apply(0, P("challenge"))
    assert choose_colonel(m.seat_view(1), COLONEL_NORMAL) == P("reject")  # 73 points against a tiny hand
    m = rig(colonel(), hands=["KD QD JS 9H 8H 7C 6S TD", "2C 3D"], phase="draw")
    m.apply(0, P("challenge"))
    assert choose_colonel(m.seat_view(1), COLONEL_NORMAL) == P("accept")


def test_colonel_ai_goes_out_when_it_can() -> None:
    m = rig(colonel(), hands=["7H 8H 9H 2C", "KD QD JS"], phase="play")
    view = m.seat_view(0)
    assert choose_colonel(view, COLONEL_NORMAL) == P("meld 7H 8H 9H")
    m.apply(0, P("meld 7H 8H 9H"))
    assert choose_colonel(m.seat_view(0), COLONEL_NORMAL) == P("discard 2C")


def skarney() -> Skarney:
    return Skarney(SkarneyRules(), 1, 2)


def test_skarney_ai_takes_a_card_that_makes_a_meld_not_one_that_only_lays_off() -> None:
    m = rig(
        skarney(),
        hands=["6C 9D 9H 2S KC", "4H 4S 4D QH"],
        melds=((0, "7C 8C 9C"),),
        phase="play",
        contract=[True, True],
    )
    m._start_turn(0)
    m.offer, m.phase = parse_card("9S"), "respond"  # 9S makes a set with 9D 9H
    assert choose_skarney(m.seat_view(0), SKARNEY_NORMAL) == P("accept")
    m.offer = parse_card("TC")  # TC only goes onto 7C 8C 9C: no gain, and the opponent sheds a card
    assert choose_skarney(m.seat_view(0), SKARNEY_NORMAL) == P("reject")


def test_skarney_ai_lays_its_contract_and_never_feeds_a_known_meld() -> None:
    m = rig(skarney(), hands=["5S 5H 5D 7C 8C 9C JH QS KH 2D 3C", "4H"], phase="play")
    action = choose_skarney(m.seat_view(0), SKARNEY_NORMAL)
    assert action.kind.value == "contract"
    m = rig(skarney(), hands=["KS QD 4C 9D 2H", "QS QH 8D"], phase="play")
    m.known[1] = [parse_card("QS"), parse_card("QH")]  # he took them earlier: QD would make his set
    offer = choose_skarney(m.seat_view(0), SKARNEY_NORMAL)
    assert offer.kind.value == "offer" and offer != P("offer QD")
