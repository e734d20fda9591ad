"""The rating chart fits a phone: at most 1,100 px wide, wider than tall, no text under 11 px shown
550 px wide; its text alternative says where the rating started, ends and peaked."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.chart import rating_chart
from render.kit.draw import recording, shown_px


@pytest.mark.parametrize("ratings", [[1516], [1516, 1500], [1500 + (i * 37) % 90 - 40 for i in range(200)]])
def test_the_chart_fits_a_phone_and_says_its_numbers(ratings: list[int]) -> None:
    with recording() as canvases:
        image = rating_chart(ratings, "Alice · Gin (2 players) rating")
    picture = Image.open(io.BytesIO(image.png))
    assert picture.width <= 1100 and picture.height <= picture.width
    texts = [t for c in canvases for t in c.texts]
    assert texts and min(shown_px(t.size_px, picture.width) for t in texts) >= 11
    assert f"{ratings[-1]} now" in image.alt and f"highest {max(ratings)}" in image.alt


def test_no_ratings_no_chart() -> None:
    with pytest.raises(ValueError, match="at least one"):
        rating_chart([], "nothing")
