"""The reference bots behave as their public descriptions say (bench/reference_bots.py)."""

from __future__ import annotations

import random

from bench.reference_bots import eaai_simple, openspiel_simple
from bot.engine import DECK, deadwood_of_mask, mask_of, parse_card, parse_cards
from bot.engine.gin import Match, seat_view
from bot.engine.knock import ActionKind, HandState, Phase, preset


def table(
    mine: str,
    top: str,
    phase: Phase = Phase.DRAW,
    theirs: str | None = None,
    drawn: str | None = None,
    from_pile: bool = False,
):
    """A real match whose seat 0 holds ``mine`` with ``top`` on the discard pile."""
    m = Match.new(preset("standard"), 1)
    own = list(parse_cards(mine))
    up = parse_card(top)
    rest = [c for c in DECK if c not in own and c is not up]
    other = list(parse_cards(theirs)) if theirs else rest[:10]
    rest = [c for c in rest if c not in other]
    m.hand = HandState(
        dealer=1,
        hands=[own, other],
        stock=rest,
        discards=[up],
        upcard=up,
        phase=phase,
        turn=0,
        drawn=parse_card(drawn) if drawn else None,
        drawn_from_discard=from_pile,
    )
    if from_pile:
        m.hand.discards = []
    return m, seat_view(m, 0)


RNG = random.Random(0)


def test_eaai_takes_only_a_card_that_joins_a_meld() -> None:
    _, v = table("7H 8H 2S 4D 6C 9S JD QC KS AD", "9H")
    assert eaai_simple(v, RNG).kind is ActionKind.DRAW_DISCARD
    _, v = table("7H 8H 2S 4D 6C 9S JD QC KS AD", "5C")
    assert eaai_simple(v, RNG).kind is ActionKind.DRAW_STOCK
    _, v = table("7H 8H 2S 4D 6C 9S JD QC KS AD", "5C", phase=Phase.OFFER)
    assert eaai_simple(v, RNG).kind is ActionKind.PASS


def test_eaai_discards_a_lowest_deadwood_card_never_the_one_taken() -> None:
    # Took 9H from the pile to make 7-8-9H; KS and QC tie as the best discards.
    _, v = table("7H 8H 9H 2S 4D 6C 9S JD QC KS AD", "2C", phase=Phase.DISCARD, drawn="9H", from_pile=True)
    picks = {eaai_simple(v, random.Random(s)) for s in range(30)}
    h = mask_of(v.hand)
    best = min(deadwood_of_mask(h ^ c.bit) for c in v.hand if c is not parse_card("9H"))
    assert all(
        a.kind is ActionKind.DISCARD and a.card is not None and deadwood_of_mask(h ^ a.card.bit) == best for a in picks
    )
    assert len(picks) > 1  # random among the ties
    assert all(a.card is not parse_card("9H") for a in picks)


def test_eaai_knocks_as_soon_as_it_can() -> None:
    _, v = table("AS 2S 3S 4H 4D 4C 7C 8C 9C 2H KD", "QH", phase=Phase.DISCARD, drawn="KD")
    a = eaai_simple(v, RNG)
    assert a.kind is ActionKind.KNOCK and a.card is parse_card("KD")


def test_openspiel_takes_an_upcard_that_allows_a_knock_or_melds() -> None:
    # 2H does not meld but lets it knock (shed the KD): deadwood 2H + 3D + 2D... within 10.
    _, v = table("AS 2S 3S 4H 4D 4C 7C 8C 9C KD", "2H")
    assert openspiel_simple(v, RNG).kind is ActionKind.DRAW_DISCARD
    # QC melds with nothing, leaves deadwood over 10: draw.
    _, v = table("AS 2S 3S 4H 4D 7C 8C 9D KD QH", "JC")
    assert openspiel_simple(v, RNG).kind is ActionKind.DRAW_STOCK
    # 5H lands in a meld (4H 5H 6H) though no knock follows.
    _, v = table("4H 6H 2S 9D JC QS KD 7C 3D 8S", "5H")
    assert openspiel_simple(v, RNG).kind is ActionKind.DRAW_DISCARD


def test_openspiel_discards_its_highest_deadwood_card_and_knocks_whenever_legal() -> None:
    _, v = table("AS 2S 3S 4H 4D 9C 7C 8C JD KD QH", "2C", phase=Phase.DISCARD, drawn="QH")
    a = openspiel_simple(v, RNG)
    assert a.kind is ActionKind.DISCARD and a.card is parse_card("KD")
    _, v = table("AS 2S 3S 4H 4D 4C 7C 8C 9C 2H KD", "QH", phase=Phase.DISCARD, drawn="KD")
    a = openspiel_simple(v, RNG)
    assert a.kind is ActionKind.KNOCK and a.card is parse_card("KD")


def test_both_bots_play_whole_matches_legally() -> None:
    for bot in (eaai_simple, openspiel_simple):
        m = Match.new(preset("standard"), 5)
        rng = random.Random(5)
        while not m.finished:
            seat = m.turn
            assert seat is not None
            v = seat_view(m, seat)
            a = bot(v, rng)
            assert a in v.legal
            m.apply(seat, a)


def test_both_declare_big_gin_when_all_eleven_cards_meld() -> None:
    _, v = table("AS 2S 3S 4H 5H 6H 7H 8C 8D 8S 8H", "KC", phase=Phase.DISCARD, drawn="7H")
    assert any(a.kind is ActionKind.BIG_GIN for a in v.legal)
    assert eaai_simple(v, RNG).kind is ActionKind.BIG_GIN
    assert openspiel_simple(v, RNG).kind is ActionKind.BIG_GIN
