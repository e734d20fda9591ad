"""The replay viewer's *Review* button: the coach's look at one of the clicking player's finished hands
of two-player Gin (docs/coach.md), answered privately.

The button carries the match and the hand in its custom_id, so it works after a restart; whether the
clicking user may have that hand reviewed is decided by the table service (``review_hand``), from
who clicks, never from the id.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ai.gin import Advice
from bot.engine.knock import Action, ActionKind
from bot.i18n import N_, current
from bot.tables import HandReview

from .answer import answers
from .flows import desk_of

REVIEW_RE = r"gin:rv:(?P<match>[0-9]{1,19}):(?P<hand>[0-9]{1,4})"
MAX_LINES = 15  # the message stays well under Discord's 2,000 characters

# What the player did (said to him), and what the AI would have done instead.
_PLAYED = {
    ActionKind.TAKE_UPCARD: N_("you took the upcard, the {card}"),
    ActionKind.PASS: N_("you passed the upcard, the {card}"),
    ActionKind.DRAW_STOCK: N_("you drew from the stock, leaving the {card}"),
    ActionKind.DRAW_DISCARD: N_("you took the {card} from the pile"),
    ActionKind.DISCARD: N_("you discarded the {card}"),
    ActionKind.KNOCK: N_("you knocked, discarding the {card}"),
    ActionKind.GIN: N_("you went gin, discarding the {card}"),
    ActionKind.BIG_GIN: N_("you went big gin"),
}
_BETTER = {
    ActionKind.TAKE_UPCARD: N_("the AI would have taken it"),
    ActionKind.PASS: N_("the AI would have passed"),
    ActionKind.DRAW_STOCK: N_("the AI would have drawn from the stock"),
    ActionKind.DRAW_DISCARD: N_("the AI would have taken the {card} from the pile"),
    ActionKind.DISCARD: N_("the AI would have discarded the {card}"),
    ActionKind.KNOCK: N_("the AI would have knocked, discarding the {card}"),
    ActionKind.GIN: N_("the AI would have gone gin, discarding the {card}"),
    ActionKind.BIG_GIN: N_("the AI would have gone big gin"),
}


def review_id(match_id: int, hand: int) -> str:
    return f"gin:rv:{match_id}:{hand}"


def _said(words: dict[ActionKind, str], move: Action, top: str) -> str:
    """One move in words: its card, or for a draw the pile's top card (the one he saw)."""
    return current()._(words[move.kind], card=move.card.pretty if move.card is not None else top)


def advice_line(advice: Advice) -> str:
    """'Move 7: you discarded the 9♣; the AI would have discarded the K♠ (about 3 points better).'"""
    t = current()
    top = advice.view.discard_top.pretty if advice.view.discard_top is not None else "?"
    points = max(1, round(advice.cost))
    return t.ngettext(
        "Move {move}: {played}; {better} (about {points} point better).",
        "Move {move}: {played}; {better} (about {points} points better).",
        points,
        move=advice.position,
        played=_said(_PLAYED, advice.played, top),
        better=_said(_BETTER, advice.better, top),
        points=points,
    )


def review_text(review: HandReview) -> str:
    """The whole private answer: how many moves were looked at, then a line per costly decision."""
    t = current()
    head = t.ngettext(
        "**Hand {hand}**: the coach compared your {n} move with what the strongest AI would have done.",
        "**Hand {hand}**: the coach compared your {n} moves with what the strongest AI would have done.",
        review.decisions,
        hand=review.hand,
        n=review.decisions,
    )
    if not review.advice:
        return head + "\n" + t._("No move of yours cost you a point or more by its estimate. Well played.")
    lines = [advice_line(a) for a in review.advice[:MAX_LINES]]
    if len(review.advice) > MAX_LINES:
        more = len(review.advice) - MAX_LINES
        lines.append(t.ngettext("…and {n} more.", "…and {n} more.", more, n=more))
    lines.append(
        t._("Estimates from play-outs of the rest of the hand with the cards you could not see guessed: a guide.")
    )
    return "\n".join([head, *lines])[:2000]


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REVIEW_RE):
    """Review one finished hand of a replayed match: the match and the hand are in the id."""

    def __init__(self, custom_id: str, *, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or None, style=discord.ButtonStyle.primary, custom_id=custom_id))
        found = re.fullmatch(REVIEW_RE, custom_id)
        self.match_id = int(found["match"]) if found else 0
        self.hand = int(found["hand"]) if found else 0

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReviewButton:
        return cls(match.string, label=getattr(item, "label", None) or "")

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # Discord first: the coach takes a second
        review = await desk_of(interaction.client).service.review_hand(self.match_id, interaction.user.id, self.hand)
        await interaction.followup.send(review_text(review), ephemeral=True)
