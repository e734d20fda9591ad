from PIL import Image, ImageStat

from bot.engine import DECK, parse_card
from render import Style, warm_cache
from render.kit import cards as C
from render.kit import style as S

from .helpers import pixels


def _mean(im):
    return ImageStat.Stat(im.convert("RGB")).mean


def test_faces_are_cached_per_style_and_scale():
    style = Style()
    card = parse_card("7H")
    assert C.face(card, style) is C.face(card, style)
    assert C.face(card, style) is not C.face(card, Style(four_colour=True))
    assert C.face(card, Style(scale=1)).size == (C.WIDTH, C.HEIGHT)
    assert C.face(card, style).size == (2 * C.WIDTH, 2 * C.HEIGHT)


def test_warm_cache_draws_every_face_normal_and_dimmed():
    style = Style(scale=1)
    C.clear_cache()
    took = warm_cache(style)
    assert took > 0
    assert {(c, dim) for (st, c, dim) in C._FACES if st == style} == {(c, d) for c in DECK for d in (False, True)}


def test_dimmed_deadwood_is_darker_and_face_cards_differ_from_dimmed_ones():
    style = Style()
    king, seven = parse_card("KH"), parse_card("7H")
    assert sum(_mean(C.face(seven, style, dim=True))) < sum(_mean(C.face(seven, style))) - 100
    # a face card is cream (more red+green than blue), a dimmed card is grey: tell them apart
    r, g, b = _mean(C.face(king, style))[:3]
    dr, dg, db = _mean(C.face(seven, style, dim=True))[:3]
    assert r - b > 25 and abs(dr - db) < 25
    assert sum((r, g, b)) > sum((dr, dg, db)) + 100


def _has_colour(im, colour, tol=30):
    return any(all(abs(a - b) <= tol for a, b in zip(p[:3], colour, strict=True)) for p in pixels(im) if p[3] == 255)


def test_four_colour_deck_paints_clubs_green_and_diamonds_blue():
    two, four = Style(), Style(four_colour=True)
    club, diamond = parse_card("5C"), parse_card("5D")
    assert _has_colour(C.face(club, four), S.FOUR_COLOUR[club.suit])
    assert not _has_colour(C.face(club, two), S.FOUR_COLOUR[club.suit])
    assert _has_colour(C.face(diamond, four), S.FOUR_COLOUR[diamond.suit])
    assert _has_colour(C.face(diamond, two), S.TWO_COLOUR[diamond.suit])


def _alpha(im: Image.Image, xy: tuple[int, int]) -> int:
    pixel = im.getpixel(xy)
    assert isinstance(pixel, tuple), "an RGBA picture's pixel is a tuple"
    return pixel[3]


def test_card_corners_are_transparent():
    im = C.face(parse_card("AS"), Style())
    assert _alpha(im, (0, 0)) == 0
    assert _alpha(im, (im.width // 2, im.height // 2)) == 255


def test_card_size_is_part_of_the_style():
    import pytest

    card = parse_card("7H")
    assert C.face(card, Style(size="large")).size == (round(C.WIDTH * 1.2 * 2), round(C.HEIGHT * 1.2 * 2))
    assert C.face(card, Style(size="small", scale=1)).size == (round(C.WIDTH * 0.8), round(C.HEIGHT * 0.8))
    assert C.tile(card, Style(size="large")).plane.size == C.size(Style(size="large"))
    assert Style(size="large").slug == "2c@2x-large" and Style().slug == "2c@2x"
    with pytest.raises(ValueError):
        Style(size="huge")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Style(scale=5)


def test_tiles_are_palette_indices_shaped_like_the_card():
    style = Style()
    t = C.tile(parse_card("QS"), style)
    assert t.plane.mode == "L" and t.mask.mode == "L" and t.plane.size == t.mask.size == C.size(style)
    assert t.mask.getpixel((0, 0)) == 0 and t.mask.getpixel((t.mask.width // 2, t.mask.height // 2)) == 255
    # a card overlapping another: its left strip differs from the tile only at the rounded corners
    seven, king = parse_card("7H"), parse_card("KC")
    strip, mask = C.stacked(seven, style, False, C.ground(king, False))
    assert strip.size == mask.size == (C.left_width(style), C.size(style)[1])
    whole = C.tile(seven, style).plane.crop((0, 0, strip.width, strip.height))
    r = C.left_width(style)
    middle = (0, r, strip.width, strip.height - r)
    assert strip.crop(middle).tobytes() == whole.crop(middle).tobytes()
    assert strip.tobytes() != whole.tobytes()
