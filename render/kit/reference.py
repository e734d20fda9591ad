"""The reference drawing: how pictures were made before the palette canvas, kept for the
benchmark (bench/render.py) and the tests, which compare the two.

Inside ``reference_drawing()`` a Canvas (render/draw.py) draws RGB with Pillow's own
antialiasing on ``panel_rgb``, and is written by ``encode_reference``: a 256-colour octree
quantise, then PNG at zlib level 6. Its public names are imported from render.draw too.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from PIL import Image, ImageDraw

from . import style as S
from .style import Style

__all__ = ["encode_reference", "panel_rgb", "reference_active", "reference_drawing"]

_REFERENCE: ContextVar[bool] = ContextVar("gin_render_reference", default=False)


def reference_active() -> bool:
    """Whether a canvas made now draws the reference way (inside ``reference_drawing()``)."""
    return _REFERENCE.get()


@contextmanager
def reference_drawing() -> Iterator[None]:
    """Pictures drawn inside this block use the old technique (RGB, then quantise + zlib 6)."""
    token = _REFERENCE.set(True)
    try:
        yield
    finally:
        _REFERENCE.reset(token)


def encode_reference(im: Image.Image) -> bytes:
    """The encoder used before the palette canvas (kept as the benchmark's reference): RGB
    quantised to 256 colours by fast octree (no dithering), then PNG at zlib level 6."""
    rgb = im if im.mode == "RGB" else im.convert("RGB")
    paletted = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    paletted.save(buf, format="PNG")
    return buf.getvalue()


def panel_rgb(width: int, height: int, style: Style) -> Image.Image:
    im = Image.new("RGB", (width, height), S.PANEL_EDGE)
    edge = style.px(3)
    ImageDraw.Draw(im).rectangle((edge, edge, width - 1 - edge, height - 1 - edge), fill=S.PANEL)
    return im
