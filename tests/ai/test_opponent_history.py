"""The opponent model reads the pile history, and the levels hold their knock (ai2's measured policy)."""

from __future__ import annotations

from bot.ai import choose_action
from bot.ai.gin.knowledge import knowledge_of
from bot.ai.gin.opponent import card_probs, danger2
from bot.engine import DECK, mask_of, parse_card, parse_cards
from bot.engine.gin import Match, SeatView, seat_view
from bot.engine.knock import ActionKind, HandState, Phase, preset


def table(
    mine: str,
    pile: str,
    pile_by: list[int | None],
    declined_by_opp: str = "",
    known_opp: str = "",
    phase: Phase = Phase.DISCARD,
    drawn: str | None = None,
    stock: int | None = None,
) -> tuple[Match, SeatView]:
    """A real match: seat 0 holds ``mine``; the pile (bottom first) was discarded by ``pile_by``
    (None: the upcard, dealt there)."""
    m = Match.new(preset("standard"), 1)
    own = list(parse_cards(mine))
    pile_cards = list(parse_cards(pile))
    known = list(parse_cards(known_opp)) if known_opp else []
    rest = [c for c in DECK if c not in own and c not in pile_cards and c not in known]
    other = known + rest[: 10 - len(known)]
    rest = rest[10 - len(known) :]
    if stock is not None:
        rest = rest[:stock]
    m.hand = HandState(
        dealer=1,
        hands=[own, other],
        stock=rest,
        discards=pile_cards,
        upcard=pile_cards[0],
        phase=phase,
        turn=0,
        drawn=parse_card(drawn) if drawn else None,
        discarded_by=[-1 if s is None else s for s in pile_by],
        declined=([], list(parse_cards(declined_by_opp)) if declined_by_opp else []),
        known=([], known),
    )
    return m, seat_view(m, 0)


HAND = "2S 3S 4S 9H 9D JC QD KH 5C 7D 8C"


def test_negative_evidence_is_the_opponents_discards_and_declines() -> None:
    _, v = table(HAND, "AD 7H 6C", [None, 1, 0], declined_by_opp="AD")
    k = knowledge_of(v)
    assert k.opp_neg == mask_of(parse_cards("AD 7H"))  # 6C is ours: no evidence about the opponent


def test_a_card_next_to_what_the_opponent_let_go_is_safer() -> None:
    # Discarding 7D: the pair 7S 7C would make a set with it, but the opponent discarded 7H, so it is unlikely.
    _, with_evidence = table(HAND, "AD 7H", [None, 1])
    _, without = table(HAND, "AD 7H", [None, 0])
    card = parse_card("7D")
    k1, k2 = knowledge_of(with_evidence), knowledge_of(without)
    assert danger2(k1, card_probs(k1), card) < danger2(k2, card_probs(k2), card)


def test_partners_of_a_picked_up_card_are_likely_held() -> None:
    _, v = table(HAND, "AD", [None], known_opp="6H")
    k = knowledge_of(v)
    probs = card_probs(k)
    assert probs[int(parse_card("6H"))] == 1.0
    assert probs[int(parse_card("5H"))] > k.p_opp
    assert probs[int(parse_card("KS"))] == k.p_opp
    # ...so a card that melds with the pickup is more dangerous than one far from it.
    assert danger2(k, probs, parse_card("7H")) > danger2(k, probs, parse_card("KS"))


def test_hard_plays_on_instead_of_knocking_until_the_stock_runs_low() -> None:
    low = "AS 2S 3S 4H 4D 4C 7C 8C 9C 2H KD"  # knock legal after shedding KD (deadwood 2)
    _, v = table(low, "QH", [None], drawn="KD", stock=20)
    assert any(a.kind is ActionKind.KNOCK for a in v.legal)
    assert choose_action(v, "hard").kind is ActionKind.DISCARD
    _, v = table(low, "QH", [None], drawn="KD", stock=3)
    assert choose_action(v, "hard").kind is ActionKind.KNOCK
