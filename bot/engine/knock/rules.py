"""The ruleset: every number of docs/rules.md#variants as a field, and the named presets."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from ..cards import Card, Suit
from ..limits import LIMITS
from ..said import N_, Counted, OptionError, Said

OKLAHOMA: Literal["oklahoma"] = "oklahoma"
KnockLimit = int | Literal["oklahoma"]


SHUTOUTS: tuple[str, ...] = ("double", "total", "game200", "plus100", "none")
KNOCK_SCORING: tuple[str, ...] = ("difference", "whole")
STOCK_OUTS: tuple[str, ...] = ("draw", "lower")
LENGTHS: tuple[str, ...] = ("target", "hands", "series")
TEAM_SCORING: tuple[str, ...] = ("sum", "separate")


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
    oklahoma_ace: int = 0  # the knock limit under an ace upcard with knock_limit 'oklahoma': 0 is gin only
    straight: bool = False  # no knocking: only gin, big gin or a drawn hand end a hand
    hollywood: bool = False  # three games scored at once
    target: int = 100
    game_bonus: int = 100
    line_bonus: int = 25  # per hand won, added at the end of a game
    # The loser won no hand: 'double' the winner's hand points before the line and game bonuses
    # (the default), double the 'total', a 'game200' (game bonus doubled), 'plus100' (shutout_bonus more), 'none'.
    shutout: str = "double"
    shutout_bonus: int = 100  # the extra of shutout='plus100'
    knock_scoring: str = "difference"  # 'whole': a knock scores the defender's whole deadwood
    stock_out: str = "draw"  # 'lower': at 2 stock cards the lower deadwood scores the difference
    deal: int = 10  # 11: the non-dealer gets 11 cards and starts the pile with his discard; no upcard
    sequence: bool = False  # Sequence Gin: only runs are melds, and long runs and J Q K in runs earn a bonus
    length: str = "target"  # 'hands': a fixed number of deals; 'series': games to target added up
    hand_count: int = 8  # length='hands': how many deals
    series_target: int = 500  # length='series': the series ends at this
    series_game_bonus: int = 25  # per game won, in a series
    series_bonus: int = 100  # to the series winner
    series_shutout_bonus: int = 100  # more to the series winner if the loser won no game
    team_target: int = 125  # four players in partnerships play to this
    teams: str | None = None  # partnership scoring: None (not chosen: 'sum'), 'sum' or 'separate'
    # A discard that leaves no deadwood is gin (docs/rules.md#a-turn). Rules saved before this field
    # read False, so their matches replay exactly as they were played.
    gin_compulsory: bool = True

    def __post_init__(self) -> None:
        if self.knock_limit != OKLAHOMA and not LIMITS.knock_limit.holds(self.knock_limit):
            raise ValueError(f"knock_limit must be {LIMITS.knock_limit.low}..{LIMITS.knock_limit.high} or 'oklahoma'")
        for name in (
            "gin_bonus",
            "big_gin_bonus",
            "undercut_bonus",
            "game_bonus",
            "line_bonus",
            "shutout_bonus",
            "series_game_bonus",
            "series_bonus",
            "series_shutout_bonus",
        ):
            LIMITS.bonus.check(getattr(self, name), name)
        for name in ("target", "team_target", "series_target"):
            LIMITS.target.check(getattr(self, name), name)
        LIMITS.gin_hands.check(self.hand_count, "hand_count")
        if self.oklahoma_ace not in (0, 1):
            raise ValueError("oklahoma_ace must be 0 (gin only) or 1")
        for name in (
            "big_gin",
            "undercut_bonus_on_tie",
            "oklahoma_spade_double",
            "straight",
            "hollywood",
            "sequence",
            "gin_compulsory",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        for name, allowed in (
            ("shutout", SHUTOUTS),
            ("knock_scoring", KNOCK_SCORING),
            ("stock_out", STOCK_OUTS),
            ("length", LENGTHS),
        ):
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}")
        if self.teams is not None and self.teams not in TEAM_SCORING:
            raise ValueError(f"teams must be one of {', '.join(TEAM_SCORING)}")
        if self.deal not in (10, 11) or isinstance(self.deal, bool):
            raise ValueError("deal must be 10 or 11")
        if not LIMITS.rules_name.holds(len(self.name)):
            raise ValueError(f"name must be {LIMITS.rules_name.low} to {LIMITS.rules_name.high} characters")
        # combinations that cannot be played
        if self.deal == 11 and self.knock_limit == OKLAHOMA:
            raise OptionError(
                "the 11-card deal has no upcard, and Oklahoma's knock limit is the upcard: choose deal=10"
            )
        if self.hollywood and self.length != "target":
            raise OptionError("Hollywood plays three games to the target: it takes no other match length")

    @property
    def shutout_double(self) -> bool:
        """True when the shutout rule doubles something (older callers read this)."""
        return self.shutout in ("double", "total")

    # -- per-hand values -------------------------------------------------
    def hand_knock_limit(self, upcard: Card | None) -> int:
        """The deadwood a knock may carry in a hand that started with ``upcard``."""
        if self.straight:
            return 0
        if self.knock_limit == OKLAHOMA:
            if upcard is None:
                raise ValueError("an Oklahoma knock limit needs the hand's upcard")
            return self.oklahoma_ace if upcard.rank == 1 else upcard.value
        return int(self.knock_limit)

    def hand_multiplier(self, upcard: Card | None) -> int:
        """2 when an Oklahoma hand began with a spade upcard, else 1."""
        if (
            self.knock_limit == OKLAHOMA
            and self.oklahoma_spade_double
            and upcard is not None
            and upcard.suit == Suit.SPADES
        ):
            return 2
        return 1

    # -- serialisation ---------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        # every field is a plain str/int/bool, so a shallow dict is already JSON-safe (asdict deep-copies)
        return {f.name: getattr(self, f.name) for f in _FIELDS}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        if "shutout_double" in data:  # saved before the shutout rules: keep the rule that match began with
            legacy = data["shutout_double"]
            data = {k: v for k, v in data.items() if k != "shutout_double"}
            data.setdefault("shutout", "total" if legacy else "none")
        data = {"gin_compulsory": False, **data}  # saved before gin was compulsory
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown ruleset fields: {', '.join(sorted(unknown))}")
        return cls(**data)

    def summary(self) -> list[Said]:
        """The rules in short, one sentence each, from the fields (for /gin rules and the README)."""
        lines: list[Said] = []
        if self.sequence:
            lines.append(
                Said(
                    "Sequence gin: only runs are melds; a run of 6 or more earns 1 a card, and each J, Q, K "
                    "in runs 1 more, on the hand's score only."
                )
            )
        if self.straight:
            lines.append(Said("Straight gin: no knocking; a hand ends only by gin, big gin or a draw."))
        elif self.knock_limit == OKLAHOMA:
            if self.oklahoma_ace == 0:
                lines.append(Said("Oklahoma: the knock limit is the first upcard's value (ace: gin only)."))
            else:
                lines.append(
                    Said("Oklahoma: the knock limit is the first upcard's value (ace: {ace}).", ace=self.oklahoma_ace)
                )
            if self.oklahoma_spade_double:
                lines.append(Said("A spade upcard doubles every score of that hand."))
        else:
            lines.append(Said("Knock with {limit} or less deadwood; 0 is gin.", limit=self.knock_limit))
        if self.deal == 11:
            lines.append(
                Said("The non-dealer gets 11 cards and starts the discard pile with his first discard; no upcard.")
            )
        if not self.straight:
            if self.knock_scoring == "whole":
                lines.append(Said("A knock scores the defender's whole deadwood."))
            else:
                lines.append(Said("A knock scores the difference."))
        lines.append(Said("Gin: {bonus} + the opponent's deadwood; no lay-offs against gin.", bonus=self.gin_bonus))
        if self.big_gin:
            lines.append(
                Said("Big gin (all 11 cards melded): {bonus} + the opponent's deadwood.", bonus=self.big_gin_bonus)
            )
        if not self.straight:  # no knock, so no undercut
            if self.undercut_bonus_on_tie:
                lines.append(Said("Undercut: the defender scores {bonus} + the difference.", bonus=self.undercut_bonus))
            else:
                lines.append(
                    Said(
                        "Undercut: the defender scores {bonus} + the difference (no bonus on a tie).",
                        bonus=self.undercut_bonus,
                    )
                )
        if self.stock_out == "lower":
            lines.append(
                Said(
                    "At 2 stock cards the lower deadwood scores the difference (equal: a drawn hand, "
                    "the same dealer deals again)."
                )
            )
        else:
            lines.append(Said("A drawn hand (2 cards left in the stock) scores nothing; the same dealer deals again."))
        bonuses = {"game": self.game_bonus, "line": self.line_bonus}
        if self.length == "hands":
            lines.append(
                Counted(
                    "The match is {count} deal; the higher hand points win it (game bonus {game}, {line} per hand "
                    "won); a tie plays on, a deal at a time.",
                    "The match is {count} deals; the higher hand points win it (game bonus {game}, {line} per hand "
                    "won); a tie plays on, a deal at a time.",
                    self.hand_count,
                    count=self.hand_count,
                    **bonuses,
                )
            )
        elif self.length == "series":
            lines.append(
                Said(
                    "A series: games to {target} (hand points only) are added up to {series_target}, "
                    "{game_bonus} per game won, {series_bonus} to the series winner and "
                    "{shutout_bonus} more if the loser won no game.",
                    target=self.target,
                    series_target=self.series_target,
                    game_bonus=self.series_game_bonus,
                    series_bonus=self.series_bonus,
                    shutout_bonus=self.series_shutout_bonus,
                )
            )
        elif self.hollywood:
            lines.append(
                Said(
                    "Three games at once (Hollywood); each ends at {target}: game bonus {game}, {line} per hand won.",
                    target=self.target,
                    **bonuses,
                )
            )
        else:
            lines.append(
                Said(
                    "The match ends at {target}: game bonus {game}, {line} per hand won.", target=self.target, **bonuses
                )
            )
        if self.length != "series":
            lines.append(Said(_SHUTOUT_TEXT[self.shutout], bonus=self.shutout_bonus, game=2 * self.game_bonus))
        return lines

    def for_players(self, seats: int) -> list[Said]:
        """The summary plus the lines of a three- or four-player table."""
        lines = self.summary()
        if seats == 3:
            lines.append(Said("Three players: the dealer sits out; the loser of a hand deals the next and sits out."))
        elif seats == 4:
            if self.teams == "separate":
                lines.append(
                    Said(
                        "Partners 0+2 against 1+3, two games a hand: each team keeps what its players won; "
                        "teams play to {target}.",
                        target=self.target,
                    )
                )
            else:
                lines.append(
                    Said(
                        "Partners 0+2 against 1+3, two games a hand: one team winning both games scores the sum; "
                        "a split scores the difference; teams play to {target}.",
                        target=self.target,
                    )
                )
        return lines


_SHUTOUT_TEXT = {
    "double": N_("Shutout: if the loser won no hand, the winner's hand points are doubled before the bonuses."),
    "total": N_("Shutout: if the loser won no hand, the winner's whole total is doubled."),
    "game200": N_("Shutout: if the loser won no hand, the game bonus is {game}."),
    "plus100": N_("Shutout: if the loser won no hand, the winner gets {bonus} more."),
    "none": N_("No shutout bonus."),
}


_FIELDS = fields(Ruleset)

PRESETS: dict[str, Ruleset] = {
    "standard": Ruleset(),
    "oklahoma": Ruleset(name="oklahoma", knock_limit=OKLAHOMA),
    "straight": Ruleset(name="straight", straight=True),
    "hollywood": Ruleset(name="hollywood", hollywood=True),
    # Sequence Gin plays by the source's Oklahoma rules (docs/rules.md#sequence-gin): the upcard's value
    # (an ace: 1) is the knock limit, no spade double, gin 20, a knock scores the whole deadwood,
    # an under-knock 20 + the difference.
    "sequence": Ruleset(
        name="sequence",
        sequence=True,
        knock_limit=OKLAHOMA,
        oklahoma_ace=1,
        oklahoma_spade_double=False,
        gin_bonus=20,
        knock_scoring="whole",
        undercut_bonus=20,
    ),
}


def preset(name: str, **overrides: Any) -> Ruleset:
    """A named preset, optionally changed (e.g. ``preset('standard', target=250)``).

    Names combine with '+', since Hollywood is scoring only: ``oklahoma+hollywood``.
    """
    parts = [p.strip().lower() for p in name.split("+") if p.strip()]
    if not parts or any(p not in PRESETS for p in parts):
        raise OptionError(
            "unknown variant {variant}; choose from {variants}", variant=repr(name), variants=", ".join(PRESETS)
        )
    rules = PRESETS[parts[0]]
    for extra in parts[1:]:
        other = PRESETS[extra]
        changed = {
            f.name: getattr(other, f.name)
            for f in fields(Ruleset)
            if f.name != "name" and getattr(other, f.name) != getattr(PRESETS["standard"], f.name)
        }
        rules = replace(rules, **changed)
    return replace(rules, name="+".join(parts), **overrides)
