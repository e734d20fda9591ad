"""A finished match as a small JSON file (``/gin replay file:True``), read back by ``python -m bot
replay FILE``. The format (docs/replay-file.md)::

    {"format": "gin-replay/1", "game": "gin", "match": 12, "rules": {...the game's rules...},
     "seed": 123, "seats": 2, "names": ["Alice", "Bob"], "moves": [[0, "pass"], [1, "stock"], ...]}

Only a finished match is written: its seed and moves rebuild every deal, so a file of a match
still being played would hold the cards still hidden.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from bot.engine import AnyState, GameRules, GameType, game_type

FORMAT: Final = "gin-replay/1"


@dataclass(frozen=True, slots=True)
class ReplayFile:
    game: GameType
    match_id: int
    rules: GameRules
    seed: int
    names: tuple[str, ...]
    moves: tuple[tuple[int, str], ...]

    @property
    def seats(self) -> int:
        return len(self.names)

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "game": self.game.name,
                "match": self.match_id,
                "rules": self.rules.to_dict(),
                "seed": self.seed,
                "seats": self.seats,
                "names": list(self.names),
                "moves": [[seat, text] for seat, text in self.moves],
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def states(self) -> list[AnyState]:
        """The match after each move (the first deal first): every position of the replay."""
        state = self.game.new(self.rules, self.seed, self.seats)
        out = [self.game.load(state.to_dict())]
        for seat, text in self.moves:
            self.game.replay_move(state, seat, text)
            out.append(self.game.load(state.to_dict()))
        return out


def read(text: str) -> ReplayFile:
    """A replay file's contents; ValueError naming what is wrong."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"not a replay file: {e.msg} at line {e.lineno}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a replay file (its format is not {FORMAT})")
    try:
        game = game_type(str(data["game"]))
        names = tuple(str(n) for n in data["names"])
        moves = tuple((int(seat), str(text)) for seat, text in data["moves"])
        rules = game.rules_from_dict(data["rules"])
        seed, match_id = int(data["seed"]), int(data.get("match", 0))
    except (KeyError, TypeError) as e:
        raise ValueError(f"a replay file without a valid {e}") from None
    if int(data.get("seats", len(names))) != len(names) or not game.seat_counts.count(len(names)):
        raise ValueError(f"{game.title} is not played by {len(names)} players")
    return ReplayFile(game, match_id, rules, seed, names, moves)
