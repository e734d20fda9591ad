"""What the knock games' AIs share (Gin and Knockout): deadwood and the lookahead over a hand (evaluate),
hand values for play-outs cached by the melding cards (values), knocks scored on masks (score)."""

from __future__ import annotations

from .evaluate import deadwood, discard_values, lookahead, lookahead2

__all__ = ["deadwood", "discard_values", "lookahead", "lookahead2"]
