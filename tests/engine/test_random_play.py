"""Properties over thousands of random seeded hands played by random legal moves."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import DECK, Card, IllegalAction, best_discards
from bot.engine.gin import Match
from bot.engine.knock import ActionKind, action, preset

VARIANTS = ["standard", "oklahoma", "straight", "hollywood", "oklahoma+hollywood"]
ALL_ACTIONS = [
    action(k, c)
    for k in ActionKind
    if k is not ActionKind.RESIGN
    for c in ((None,) if k not in (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN) else DECK)
]
MAX_MOVES = 500_000  # a match that has not ended by then is a bug (straight gin can take 300 hands)


def check_cards(m: Match) -> None:
    h = m.hand
    places = h.hands[0] + h.hands[1] + h.stock + h.discards + ([h.knock_discard] if h.knock_discard else [])
    assert len(places) == 52 and set(places) == set(DECK), "52 cards, each in exactly one place"


def check_scores(m: Match) -> None:
    for i, game in enumerate(m.games):
        entered = [0, 0]
        for r in m.history:
            if i in r.games:
                assert r.winner is not None, "a hand entered in a game has a winner"
                entered[r.winner] += r.points
        assert entered == game.scores, "game scores are the sum of the hands entered in them"
    assert sum(r.points for r in m.history if r.winner is None) == 0


def play(seed: int, variant: str, rng: random.Random, probe_every: int = 31) -> Match:
    m = Match.new(preset(variant), seed)
    moves = 0
    while not m.finished:
        seat = m.turn
        assert seat is not None
        legal = m.legal_actions(seat)
        assert legal, "the player to move always has a move"
        if moves % probe_every == 0:
            bad = rng.choice(ALL_ACTIONS)
            if bad not in legal:
                before = json.dumps(m.to_dict())
                try:
                    m.apply(rng.choice([seat, 1 - seat]), bad)
                except IllegalAction:
                    assert json.dumps(m.to_dict()) == before
                else:
                    raise AssertionError(f"illegal {bad} was applied")
        # Half the moves greedy (knock or gin if possible, else the lowest-deadwood discard),
        # so hands end in every way, straight gin included; the rest uniformly random.
        choice = rng.choice(legal)
        if rng.random() < 0.5 and legal[-1].kind is ActionKind.DISCARD:
            ends = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)]
            if ends:
                choice = rng.choice(ends)
            else:
                # keyed by a discard's card (``Action.card`` is None only for moves without one)
                options: dict[Card | None, int] = dict(best_discards(m.hand.hands[seat]))
                choice = min((a for a in legal if a.kind is ActionKind.DISCARD), key=lambda a: options[a.card])
        m.apply(seat, choice)
        check_cards(m)
        moves += 1
        assert moves < MAX_MOVES
    check_scores(m)
    return m


def test_thousands_of_random_hands():
    rng = random.Random(2026)
    hands = 0
    outcomes = set()
    seed = 0
    while hands < 2000:
        m = play(seed, VARIANTS[seed % len(VARIANTS)], rng)
        hands += len(m.history)
        outcomes |= {r.outcome for r in m.history}
        summary = m.summary()
        assert summary is not None and summary.totals[summary.winner] >= summary.totals[summary.loser]
        seed += 1
    assert {"knock", "gin", "undercut", "draw"} <= outcomes


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from(VARIANTS))
def test_any_seed_round_trips_and_replays(seed, variant):
    rng = random.Random(seed)
    m = Match.new(preset(variant), seed)
    log = []
    for _ in range(rng.randrange(1, 120)):
        if m.finished:
            break
        seat = m.turn
        assert seat is not None
        act = rng.choice(m.legal_actions(seat))
        m.apply(seat, act)
        log.append((seat, str(act)))
        restored = Match.from_dict(json.loads(json.dumps(m.to_dict())))
        assert restored.to_dict() == m.to_dict()
    assert Match.replay(preset(variant), seed, log).to_dict() == m.to_dict()
