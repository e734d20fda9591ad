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


def test_hollywood_win_with_no_open_game_says_so(names):
    """Seat 0 wins game 1 with three gins; seat 1's first win belongs in game 1 only, now closed."""
    from bot.engine.actions import gin
    from bot.engine.cards import parse_card
    from render.text import hand_line
    from tests.engine.rig import rig

    m = Match.new(preset("hollywood"), 3)

    def win(seat):
        rig(m, seat, "AS 2S 3S 4H 5H 6H 8C 8D 8S 8H KC", "9C 9D 9H JD QD KD 2C 2D 3D 5D")
        m.apply(seat, gin(parse_card("KC")))
        return m.history[-1]

    while not m.games[0].finished:
        win(0)
    late = win(1)
    assert late.winner == 1 and late.games == ()
    assert hand_line(late, names, several_games=True).endswith("(no open game to enter it in)")
    first = m.history[0]
    assert hand_line(first, names, several_games=True).endswith("in game 1")
