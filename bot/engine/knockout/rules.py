"""Knockout Gin's rules (docs/rules.md#knockout-gin): the limit that puts a player out, the deal size and the
knock; the table options and ``make_rules``. Re-exported by bot.engine.knockout.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..limits import LIMITS
from ..options import OptionTable, choice, number, yes_no
from ..said import N_, Counted, OptionError, Said

GAME = "knockout"
FORMAT_VERSION = 1
SEAT_COUNTS = (2, 3, 4)
VARIANTS = ("standard",)


@dataclass(frozen=True, slots=True)
class KnockoutRules:
    """Knockout's rules: the limit that puts a player out, the deal size and the knock."""

    name: str = "standard"
    target: int = 100  # a penalty of this or more puts a player out
    cards: int | None = None  # cards dealt to each: None is 10 for two players, 7 for three or four
    knock_limit: int = 10
    big_gin: bool = True
    # The deal size follows the players still in (10 each once two remain: docs/rules.md#knockout-gin).
    # Matches saved before this rule keep dealing by the seats at the table (False), so they replay exactly.
    deal_follows_players: bool = True

    def __post_init__(self) -> None:
        if self.name not in VARIANTS:
            raise _unknown_variant(self.name)
        LIMITS.target.check(self.target, "target")
        if self.cards not in (None, 7, 10):
            raise ValueError("cards must be 7 or 10")
        if not LIMITS.knock_limit.holds(self.knock_limit):
            raise ValueError(f"knock_limit must be {LIMITS.knock_limit.low}..{LIMITS.knock_limit.high}")
        if not isinstance(self.big_gin, bool):
            raise ValueError("big_gin must be true or false")

    def cards_for(self, seats: int, playing: int | None = None) -> int:
        """Cards dealt to each of ``playing`` players still in at a table of ``seats``."""
        if self.cards is not None:
            return self.cards
        players = playing if self.deal_follows_players and playing is not None else seats
        return 10 if players == 2 else 7

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> KnockoutRules:
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown knockout rules fields: {', '.join(sorted(unknown))}")
        return cls(**{"deal_follows_players": False, **data})

    def summary(self) -> list[Said]:
        if self.cards:
            deal: Said = Counted(
                "Knockout: 2 to 4 players in turn from one stock; {cards} card each; no upcard offer.",
                "Knockout: 2 to 4 players in turn from one stock; {cards} cards each; no upcard offer.",
                self.cards,
                cards=self.cards,
            )
        elif self.deal_follows_players:
            deal = Said(
                "Knockout: 2 to 4 players in turn from one stock; 10 cards each for two players, 7 for three or four "
                "(10 once two are left); no upcard offer."
            )
        else:
            deal = Said(
                "Knockout: 2 to 4 players in turn from one stock; 10 cards each for two players, 7 for three or four; "
                "no upcard offer."
            )
        lines = [
            deal,
            Said("Knock with {limit} or less deadwood; 0 is gin.", limit=self.knock_limit),
            Said("After a knock each other player in turn lays off on the knocker's melds (not against gin)."),
            Said("Every player, the knocker too, adds his deadwood to his penalty; a drawn hand adds nothing."),
            Said("At {target} or more a player is out; the last player left wins.", target=self.target),
        ]
        if self.big_gin:
            lines.insert(2, Said("Big gin (every card melded, no discard) counts as gin."))
        return lines


def _unknown_variant(variant: str) -> OptionError:
    return OptionError(
        "unknown variant {variant}; choose from {variants}", variant=repr(variant), variants=", ".join(VARIANTS)
    )


KNOCKOUT_OPTIONS = OptionTable(
    "Knockout Gin",
    (
        choice("cards", "cards", N_("the cards dealt to each"), {"7": 7, "10": 10}),  # not set: 10 for two, 7 for more
        yes_no("biggin", "big_gin", N_("big gin")),
        number("limit", "knock_limit", N_("the knock limit"), LIMITS.knock_limit),
    ),
)


def make_rules(variant: str, target: int | None = None, options: str = "") -> KnockoutRules:
    """Knockout's rules; ``target`` is the penalty that puts a player out. ValueError says what is wrong."""
    name = (variant or "standard").strip().lower()
    if name not in VARIANTS:
        raise _unknown_variant(variant)
    overrides = KNOCKOUT_OPTIONS.parse(options)
    if target is not None:
        overrides["target"] = target
    return KnockoutRules(name=name, **overrides)
