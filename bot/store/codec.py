"""Column values <-> Python: JSON text, and rules stored as JSON under their game's name."""

from __future__ import annotations

import json
from typing import Any

from bot.engine import GameRules, game_type


def dumps(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"))


def loads(text: str) -> Any:
    return json.loads(text)


def rules_from(game: str, text: str) -> GameRules:
    return game_type(game).rules_from_dict(json.loads(text))
