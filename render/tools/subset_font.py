"""Regenerate the bundled font subsets in render/assets/ from DejaVu Sans.

Run from the repository root (needs fontTools, a development-only tool; the
subsets are committed, so the bot itself never imports fontTools):

    .venv/bin/pip install fonttools
    .venv/bin/python render/tools/subset_font.py --src DIR

where DIR holds DejaVuSans.ttf and DejaVuSans-Bold.ttf (e.g. a DejaVu release unpacked).

The character set is ``render.fonts.COVERED`` so the renderer knows, without
reading the font, which characters of a player's name it can draw.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from render.kit.fonts import ASSETS, COVERED, FONT_FILES

SOURCES = {"bold": "DejaVuSans-Bold.ttf", "regular": "DejaVuSans.ttf"}


def make(src_dir: Path) -> None:
    # imported here, by name: fontTools is a development-only tool without type information
    subset = importlib.import_module("fontTools.subset")
    TTFont = importlib.import_module("fontTools.ttLib").TTFont
    for weight, out_name in FONT_FILES.items():
        src = src_dir / SOURCES[weight]
        font = TTFont(src, recalcTimestamp=False)
        available = set(font.getBestCmap())
        missing = sorted(cp for cp in COVERED if cp not in available)
        if missing:
            raise SystemExit(f"{src.name} lacks {', '.join(f'U+{cp:04X}' for cp in missing)}")
        options = subset.Options()
        options.layout_features = ["kern", "liga"]
        options.hinting = True  # keep TrueType hinting: small text stays crisp
        options.name_IDs = ["*"]  # keep the copyright and licence records
        options.notdef_outline = True
        options.drop_tables += ["FFTM"]  # FontForge's build timestamp: keeps the output reproducible
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(COVERED))
        subsetter.subset(font)
        font.recalcTimestamp = False
        font.save(ASSETS / out_name, reorderTables=True)
        print(f"{ASSETS / out_name}: {(ASSETS / out_name).stat().st_size} bytes, {len(COVERED)} characters")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, required=True, help="directory holding the DejaVu Sans .ttf files")
    make(parser.parse_args().src)


if __name__ == "__main__":
    main()
