"""A tiny driver that plays real seeded matches, so the tests render real engine views.

Policies choose among the engine's legal moves only:
- 'knock': big gin, gin or knock as soon as legal, else draw from the stock and throw the
  engine's best discard;
- 'gin': the same but never a plain knock (hands end by gin, or drawn);
- 'never': never ends a hand (every hand is drawn).

Deliberately not bot.ai.greedy (which the other tests use for "some sensible move"): 'gin' and
'never' must avoid knocks, and the golden pictures (test_png.py) pin the views these
policies produce, so 'knock' stays the same simple rule as its two siblings.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from bot.engine.gin import Match, PublicView, SeatView, public_view, seat_view
from bot.engine.knock import Action, ActionKind, preset

ENDS = {
    "knock": (ActionKind.BIG_GIN, ActionKind.GIN, ActionKind.KNOCK),
    "gin": (ActionKind.BIG_GIN, ActionKind.GIN),
    "never": (),
}


def choose(m: Match, policy: str = "knock") -> Action:
    seat = m.turn
    assert seat is not None
    legal = m.legal_actions(seat)
    by_kind = {a.kind: a for a in legal}
    for kind in ENDS[policy]:
        if kind in by_kind:
            return by_kind[kind]
    for kind in (ActionKind.PASS, ActionKind.DRAW_STOCK):
        if kind in by_kind:
            return by_kind[kind]
    allowed = {a.card: a for a in legal if a.kind is ActionKind.DISCARD}
    for card, _ in seat_view(m, seat).discard_options:
        if card in allowed:
            return allowed[card]
    raise AssertionError("no discard available")


def step(m: Match, policy: str = "knock") -> tuple[int, Action]:
    seat = m.turn
    assert seat is not None
    action = choose(m, policy)
    m.apply(seat, action)
    return seat, action


def play_until(m: Match, done: Callable[[Match], bool], policy: str = "knock", limit: int = 5000) -> Match:
    for _ in range(limit):
        if done(m) or m.finished:
            break
        step(m, policy)
    return m


def first_hand(
    outcome: str,
    *,
    variant: str = "standard",
    policy: str = "knock",
    want: Callable[[PublicView], bool] = lambda v: True,
    seeds: range = range(1, 400),
) -> PublicView:
    """The public view right after the first hand (of any seed) that ended with ``outcome``."""
    for seed in seeds:
        m = Match.new(preset(variant), seed)
        play_until(m, lambda m: bool(m.history), policy)
        view = public_view(m)
        if view.last_hand is not None and view.last_hand.outcome == outcome and want(view):
            return view
    raise AssertionError(f"no seed in {seeds} ends a first hand with {outcome}")


def seat_view_where(
    pred: Callable[[SeatView], bool], *, variant: str = "standard", seeds: range = range(1, 400)
) -> SeatView:
    """The first seat view of the mover (first hands, 'gin' policy) for which ``pred`` holds."""
    for seed in seeds:
        m = Match.new(preset(variant), seed)
        while not m.history and not m.finished:
            assert m.turn is not None
            v = seat_view(m, m.turn)
            if pred(v):
                return v
            step(m, "gin")
    raise AssertionError("no such seat view")


def rgb(png: bytes) -> Image.Image:
    import io

    return Image.open(io.BytesIO(png)).convert("RGB")


def count_near(im: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int], tol: int = 24) -> int:
    """Pixels in ``box`` within ``tol`` of ``colour`` on every channel."""
    from PIL import ImageChops

    region = im.crop(box).convert("RGB")
    diff = ImageChops.difference(region, Image.new("RGB", region.size, colour))
    near = [band.point(lambda v: 255 if v <= tol else 0) for band in diff.split()]
    mask = ImageChops.multiply(ImageChops.multiply(near[0], near[1]), near[2])
    return mask.histogram()[255]


def pixels(im: Image.Image) -> list[tuple[int, ...]]:
    """Every pixel as a tuple (without Image.getdata, deprecated in Pillow 12)."""
    data = im.tobytes()
    n = len(im.getbands())
    return [tuple(data[i : i + n]) for i in range(0, len(data), n)]
