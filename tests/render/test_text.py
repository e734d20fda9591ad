from bot.engine import Match, preset, public_view
from bot.engine.actions import ActionKind
from bot.engine.match import EventKind
from render import describe_events

from .helpers import choose


def _match():
    return Match.new(preset("standard"), 21)


def test_each_move_in_words(names):
    m = _match()
    seen = {}
    previous = ()
    for _ in range(12):
        seat = m.turn
        action = choose(m, "never")
        events = tuple(m.apply(seat, action))
        view = public_view(m)
        seen[action.kind] = (describe_events(view, names), describe_events(view, names, previous), seat, action)
        previous = events
    text, _, seat, _ = seen[ActionKind.PASS]
    assert text == f"{names[seat]} passed on the upcard"
    text, _, seat, _ = seen[ActionKind.DRAW_STOCK]
    assert text == f"{names[seat]} drew from the stock"
    text, combined, seat, action = seen[ActionKind.DISCARD]
    assert text == f"{names[seat]} discarded the {action.card.pretty}"
    assert combined == f"{names[seat]} drew from the stock and discarded the {action.card.pretty}"


def test_taking_the_pile_card_is_combined_with_the_discard(names):
    m = _match()
    while True:
        seat = m.turn
        legal = m.legal_actions(seat)
        pile = [a for a in legal if a.kind in (ActionKind.DRAW_DISCARD, ActionKind.TAKE_UPCARD)]
        if pile:
            top = public_view(m).discard_top
            events = m.apply(seat, pile[0])
            break
        m.apply(seat, choose(m, "never"))
    first = describe_events(public_view(m), names)
    assert top.pretty in first and names[seat] in first
    discard = next(a for a in m.legal_actions(seat) if a.kind is ActionKind.DISCARD)
    m.apply(seat, discard)
    text = describe_events(public_view(m), names, tuple(events))
    took = "took the" if events[0].kind is EventKind.DREW_DISCARD else "took the upcard"
    assert text == f"{names[seat]} {took} {top.pretty} and discarded the {discard.card.pretty}"


def test_a_scored_hand_and_the_next_deal(knock_view, names):
    text = describe_events(knock_view, names)
    record = knock_view.last_hand
    assert text.startswith(f"{names[record.knocker]} knocks with {record.result.knocker_deadwood_points}")
    assert text.endswith(f"{names[knock_view.dealer]} deals hand {knock_view.deal_number}")


def test_match_end_in_words(end_view, names):
    text = describe_events(end_view, names)
    w = end_view.winner
    assert f"{names[w]} won the match, {end_view.totals[w]} to {end_view.totals[1 - w]}" in text


def test_a_drawn_hand_in_words(drawn_view, names):
    text = describe_events(drawn_view, names)
    assert text.startswith(names[drawn_view.last_events[0].seat] + " discarded the ")
    assert ". The hand is a draw: nobody scores. " in text


def test_a_resignation_in_words(resigned_view, names):
    assert describe_events(resigned_view, names).startswith(f"{names[1]} resigned")


def test_status_line_offers_what_the_legal_moves_allow(can_knock_view, can_gin_view, draw_pair, names):
    from render.text import status_line
    assert status_line(can_knock_view, names) == "Your turn: discard or knock"
    assert status_line(can_gin_view, names).endswith("go gin")
    before, after, _ = draw_pair
    assert status_line(after, names) == "Your turn: discard"
    assert status_line(before, names).startswith("Your turn: draw from the stock")
