"""The result of a knock in Knockout Gin (docs/rules.md#knockout-gin): each player's cards laid out, the others'
lay-offs on the knocker's melds, and the penalty each adds. Re-exported by bot.engine.knockout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, cards_of, format_cards, mask_of, parse_card, parse_cards, sort_for_display
from ..game import IllegalAction
from ..knock.scoring import Outcome, _defender_best, _lay_off_chances, _ordered_melds
from ..melds import all_arrangements, mask_points


@dataclass(frozen=True, slots=True)
class Layout:
    """One player's cards laid out after a knock."""

    seat: int
    melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[tuple[Card, int], ...]  # (card, index into the knocker's melds)
    deadwood: tuple[Card, ...]
    penalty: int  # added to his penalty

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "melds": [format_cards(m) for m in self.melds],
            "layoffs": [[str(c), i] for c, i in self.layoffs],
            "deadwood": format_cards(self.deadwood),
            "penalty": self.penalty,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Layout:
        return cls(
            d["seat"],
            tuple(parse_cards(m) for m in d["melds"]),
            tuple((parse_card(c), i) for c, i in d["layoffs"]),
            parse_cards(d["deadwood"]),
            d["penalty"],
        )


@dataclass(frozen=True, slots=True)
class KnockoutResult:
    outcome: Outcome  # knock, gin or big gin
    knocker: int
    knock_limit: int
    layouts: tuple[Layout, ...]  # the knocker's first, then the others in turn from his left

    def penalty_of(self, seat: int) -> int:
        return next((lay.penalty for lay in self.layouts if lay.seat == seat), 0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome.value,
            "knocker": self.knocker,
            "knock_limit": self.knock_limit,
            "layouts": [lay.to_dict() for lay in self.layouts],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> KnockoutResult:
        return cls(
            Outcome(d["outcome"]), d["knocker"], d["knock_limit"], tuple(Layout.from_dict(x) for x in d["layouts"])
        )


def score_knockout(
    knocker: int, cards: tuple[Card, ...], others: list[tuple[int, list[Card]]], limit: int, *, big: bool = False
) -> KnockoutResult:
    """Lay out a knock: the knocker's least-deadwood melds (fewest lay-off chances among equals), then each
    other player in turn his own melds and lay-offs for the least deadwood, onto the melds as extended so far."""
    k = mask_of(cards)
    arrangements = all_arrangements(k)
    least = mask_points(arrangements[0][1])
    if least > limit:
        raise IllegalAction("Deadwood {deadwood} is over the knock limit {limit}.", deadwood=least, limit=limit)
    best = min((a for a in arrangements if mask_points(a[1]) == least), key=lambda a: (_lay_off_chances(a[0], k), a[0]))
    k_melds, k_dead = best
    ordered = _ordered_melds(k_melds)
    gin = least == 0
    outcome = (Outcome.BIG_GIN if big else Outcome.GIN) if gin else Outcome.KNOCK
    layouts = [
        Layout(
            knocker,
            tuple(sort_for_display(cards_of(m)) for m in ordered),
            (),
            sort_for_display(cards_of(k_dead)),
            least,
        )
    ]
    melds = list(ordered)
    for seat, hand in others:
        d_melds, laid, d_dead = _defender_best(mask_of(hand), tuple(melds), allow_layoffs=not gin)
        for bit, idx in laid:
            melds[idx] |= bit
        layouts.append(
            Layout(
                seat,
                tuple(sort_for_display(cards_of(m)) for m in _ordered_melds(d_melds)),
                tuple((cards_of(bit)[0], idx) for bit, idx in laid),
                sort_for_display(cards_of(d_dead)),
                mask_points(d_dead),
            )
        )
    return KnockoutResult(outcome, knocker, limit, tuple(layouts))
