from render.kit.fonts import COVERED, drawable, fit, font


def test_the_bundled_font_draws_the_suits():
    f = font(40)
    blank = f.getbbox(" ")
    for symbol in "♠♥♦♣":
        left, top, right, bottom = f.getbbox(symbol)
        assert right - left > 15 and bottom - top > 15, symbol
        assert (left, top, right, bottom) != blank
    assert all(ord(ch) in COVERED for ch in "♠♥♦♣–·≤×")


def test_names_keep_what_the_font_has():
    assert drawable("Zoë Ångström") == "Zoë Ångström"
    assert drawable("Łukasz") == "Łukasz"
    assert drawable("ｗｉｄｅ") == "wide"  # compatibility forms fold to plain letters
    assert drawable("🂡 ace 🎉") == "ace"
    assert drawable("🎉🎉", "Player 1") == "Player 1"


def test_fit_shortens_with_an_ellipsis():
    long = "a very long display name indeed"
    short = fit(long, 20, 120)
    assert short.endswith("…") and font(20).getlength(short) <= 120
    assert fit("Bob", 20, 120) == "Bob"
