"""The ruleset: every number of RULES.md sections 3-6 as a field, and the named presets."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from .cards import Card, Suit

OKLAHOMA = "oklahoma"
KnockLimit = int | Literal["oklahoma"]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """All variant fields. Validated on construction; use ``preset()`` for the named ones."""

    name: str = "standard"
    knock_limit: KnockLimit = 10  # deadwood allowed when knocking, or 'oklahoma' (the upcard's value)
    gin_bonus: int = 25
    big_gin: bool = True
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    undercut_bonus_on_tie: bool = True  # False: a tie gives the defender the difference (0), no bonus
    oklahoma_spade_double: bool = True  # only read when knock_limit is 'oklahoma'
    straight: bool = False  # no knocking: only gin, big gin or a drawn hand end a hand
    hollywood: bool = False  # three games scored at once
    target: int = 100
    game_bonus: int = 100
    line_bonus: int = 25  # per hand won, added at the end of a game
    shutout_double: bool = True  # loser won no hand: winner's whole total doubled

    def __post_init__(self) -> None:
        if self.knock_limit != OKLAHOMA and not (
            isinstance(self.knock_limit, int) and not isinstance(self.knock_limit, bool) and 0 <= self.knock_limit <= 10
        ):
            raise ValueError("knock_limit must be 0..10 or 'oklahoma'")
        for name in ("gin_bonus", "big_gin_bonus", "undercut_bonus", "game_bonus", "line_bonus"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
                raise ValueError(f"{name} must be a whole number from 0 to 1000")
        if not isinstance(self.target, int) or isinstance(self.target, bool) or not 1 <= self.target <= 10000:
            raise ValueError("target must be a whole number from 1 to 10000")
        for name in ("big_gin", "undercut_bonus_on_tie", "oklahoma_spade_double", "straight", "hollywood", "shutout_double"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if not self.name or len(self.name) > 40:
            raise ValueError("name must be 1 to 40 characters")

    # -- per-hand values -------------------------------------------------
    def hand_knock_limit(self, upcard: Card | None) -> int:
        """The deadwood a knock may carry in a hand that started with ``upcard``."""
        if self.straight:
            return 0
        if self.knock_limit == OKLAHOMA:
            if upcard is None:
                raise ValueError("an Oklahoma knock limit needs the hand's upcard")
            return 0 if upcard.rank == 1 else upcard.value
        return int(self.knock_limit)

    def hand_multiplier(self, upcard: Card | None) -> int:
        """2 when an Oklahoma hand began with a spade upcard, else 1."""
        if self.knock_limit == OKLAHOMA and self.oklahoma_spade_double and upcard is not None and upcard.suit == Suit.SPADES:
            return 2
        return 1

    # -- serialisation ---------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        # every field is a plain str/int/bool, so a shallow dict is already JSON-safe (asdict deep-copies)
        return {f.name: getattr(self, f.name) for f in _FIELDS}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Ruleset":
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown ruleset fields: {', '.join(sorted(unknown))}")
        return cls(**data)

    def with_changes(self, **changes: Any) -> "Ruleset":
        return replace(self, **changes)

    def summary(self) -> list[str]:
        """The rules in short, one line each, from the fields (for /gin rules and the README)."""
        lines = []
        if self.straight:
            lines.append("Straight gin: no knocking; a hand ends only by gin, big gin or a draw.")
        elif self.knock_limit == OKLAHOMA:
            lines.append("Oklahoma: the knock limit is the first upcard's value (ace: gin only).")
            if self.oklahoma_spade_double:
                lines.append("A spade upcard doubles every score of that hand.")
        else:
            lines.append(f"Knock with {self.knock_limit} or less deadwood; 0 is gin.")
        lines.append(f"Gin: {self.gin_bonus} + the opponent's deadwood; no lay-offs against gin.")
        if self.big_gin:
            lines.append(f"Big gin (all 11 cards melded): {self.big_gin_bonus} + the opponent's deadwood.")
        if not self.straight:  # no knock, so no undercut
            tie = "" if self.undercut_bonus_on_tie else " (no bonus on a tie)"
            lines.append(f"Undercut: the defender scores {self.undercut_bonus} + the difference{tie}.")
        lines.append("A drawn hand (2 cards left in the stock) scores nothing; the same dealer deals again.")
        games = "Three games at once (Hollywood); each" if self.hollywood else "The match"
        lines.append(f"{games} ends at {self.target}: game bonus {self.game_bonus}, {self.line_bonus} per hand won.")
        if self.shutout_double:
            lines.append("Shutout: if the loser won no hand, the winner's total is doubled.")
        return lines


_FIELDS = fields(Ruleset)

PRESETS: dict[str, Ruleset] = {
    "standard": Ruleset(),
    "oklahoma": Ruleset(name="oklahoma", knock_limit=OKLAHOMA),
    "straight": Ruleset(name="straight", straight=True),
    "hollywood": Ruleset(name="hollywood", hollywood=True),
}


def preset(name: str, **overrides: Any) -> Ruleset:
    """A named preset, optionally changed (e.g. ``preset('standard', target=250)``).

    Names combine with '+', since Hollywood is scoring only: ``oklahoma+hollywood``.
    """
    parts = [p.strip().lower() for p in name.split("+") if p.strip()]
    if not parts or any(p not in PRESETS for p in parts):
        raise ValueError(f"unknown variant {name!r}; choose from {', '.join(PRESETS)}")
    rules = PRESETS[parts[0]]
    for extra in parts[1:]:
        other = PRESETS[extra]
        changed = {f.name: getattr(other, f.name) for f in fields(Ruleset)
                   if f.name != "name" and getattr(other, f.name) != getattr(PRESETS["standard"], f.name)}
        rules = replace(rules, **changed)
    return replace(rules, name="+".join(parts), **overrides)
