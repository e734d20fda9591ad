"""Drawing helpers shared by the images: the panel, text, pills (badges, tags) and the PNG.

Pure functions of their inputs, so the same view always gives the same bytes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import style as S
from .fonts import font
from .style import Style


@dataclass(frozen=True, slots=True)
class RenderedImage:
    """A finished picture: PNG bytes, its text alternative and a file name for the upload."""

    png: bytes
    alt: str
    filename: str
    width: int
    height: int

    def file(self) -> io.BytesIO:
        """A fresh stream of the PNG (discord.File(image.file(), filename=image.filename))."""
        return io.BytesIO(self.png)


def encode(im: Image.Image) -> bytes:
    """PNG bytes, no metadata (no timestamps: identical input gives identical bytes).

    The pictures are flat colours plus antialiased edges, so a 256-colour palette looks the
    same (mean error under 1 level of 255 per channel) at under half the size. Fast octree
    quantising is deterministic and costs a fifth of median cut; no dithering (no noise).
    """
    rgb = im if im.mode == "RGB" else im.convert("RGB")
    paletted = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    paletted.save(buf, format="PNG")
    return buf.getvalue()


ALT_LIMIT = 1024  # Discord's limit for an attachment's description


def finish(im: Image.Image, alt: str, filename: str) -> RenderedImage:
    if len(alt) > ALT_LIMIT:
        alt = alt[:ALT_LIMIT - 1].rstrip() + "…"
    return RenderedImage(png=encode(im), alt=alt, filename=filename, width=im.width, height=im.height)


def panel(width: int, height: int, style: Style) -> Image.Image:
    """The card-table background with a darker edge."""
    im = Image.new("RGB", (width, height), S.PANEL_EDGE)
    edge = style.px(3)
    ImageDraw.Draw(im).rectangle((edge, edge, width - 1 - edge, height - 1 - edge), fill=S.PANEL)
    return im


def text_width(text: str, size: float, style: Style, bold: bool = True) -> int:
    return int(round(font(style.px(size), bold).getlength(text)))


def pill_size(text: str, size: float, style: Style, pad: float = 0.6) -> tuple[int, int]:
    """Width and height of a pill holding ``text`` at ``size`` units."""
    w = text_width(text, size, style)
    return w + style.px(size * pad * 2), style.px(size * 1.5)


def pill(d: ImageDraw.ImageDraw, box_left: int, top: int, text: str, size: float, bg: S.RGB,
         fg: S.RGB, style: Style, pad: float = 0.6) -> int:
    """A rounded label; returns its width."""
    w, h = pill_size(text, size, style, pad)
    d.rounded_rectangle((box_left, top, box_left + w - 1, top + h - 1), radius=h // 2, fill=bg)
    d.text((box_left + w / 2, top + h / 2), text, font=font(style.px(size)), fill=fg, anchor="mm")
    return w


def wrap(text: str, size: float, max_width: int, style: Style, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels."""
    f = font(style.px(size), bold)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if not line or f.getlength(trial) <= max_width:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
