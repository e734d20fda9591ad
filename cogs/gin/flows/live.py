"""The live hand: each player's newest hand-message interaction, kept in memory, so the bot can
redraw that message itself when the table moves (the turn comes to him, the hand ends).

Discord facts kept:
- an app may edit an interaction's messages with the interaction's token for 15 minutes
  (``Interaction.edit_original_response``: the follow-up webhook); after that, or after a restart,
  there is no live hand and the turn is announced by a ping instead;
- for a click on a component, the interaction's original message is the clicked message (after a
  deferred update), so every click on the hand message renews its token; for My hand and /gin hand
  it is the new ephemeral message;
- a player may dismiss an ephemeral message: the edit then fails (Unknown Message) and the entry
  is dropped.

One entry per (match, player) with its own lock and the newest version drawn into the message:
edits never go back in time, whichever task (the player's own click, the opponent's move) gets
there first.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

import discord

log = logging.getLogger(__name__)

TOKEN_TTL_S = 14 * 60  # Discord: 15 minutes; a minute's margin for a slow edit
PRUNE_AT = 512  # entries held before expired ones are dropped (ended matches drop theirs at once)


@dataclass(eq=False)
class LiveHand:
    """One player's hand message in one match, as far as this process knows it."""

    match_id: int
    user_id: int
    interaction: discord.Interaction | None = None  # the newest one whose original message is the hand
    version: int = -1  # the newest match version drawn into the message
    queued: int = -1  # the newest version a push waits to draw: older pushes are skipped
    owe_picture: bool = False  # a skipped push would have drawn the picture: the next one draws it
    cards: object = None  # the seat's own cards as the message's picture shows them
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def token_age(self, now: datetime) -> float:
        if self.interaction is None:
            return float("inf")
        return (now - self.interaction.created_at).total_seconds()


class LiveHands:
    """Every live hand this process holds (in memory only: a restart starts with none)."""

    def __init__(self, ttl_s: float = TOKEN_TTL_S) -> None:
        self.ttl_s = ttl_s
        self._hands: dict[tuple[int, int], LiveHand] = {}

    def entry(self, match_id: int, user_id: int) -> LiveHand:
        """The entry of a player's hand message (its lock and version), created if needed."""
        key = (match_id, user_id)
        hand = self._hands.get(key)
        if hand is None:
            if len(self._hands) >= PRUNE_AT:
                self.prune()
            hand = self._hands[key] = LiveHand(match_id, user_id)
        return hand

    def drawn(self, hand: LiveHand, interaction: discord.Interaction, version: int) -> None:
        """The player's own interaction drew ``version`` into its original message: the live hand."""
        hand.interaction = interaction
        hand.version = max(hand.version, version)

    def alive(self, match_id: int, user_id: int) -> LiveHand | None:
        """The entry, if its token can still edit the message."""
        hand = self._hands.get((match_id, user_id))
        if hand is None or hand.interaction is None:
            return None
        if hand.token_age(discord.utils.utcnow()) >= self.ttl_s:
            return None
        return hand

    def lost(self, hand: LiveHand, why: str) -> None:
        """The message cannot be edited any more (dismissed, token refused): no live hand until the
        player opens one again."""
        if hand.interaction is not None:
            log.info("match %d: live hand of user %d lost (%s)", hand.match_id, hand.user_id, why)
        hand.interaction = None

    def of_user(self, user_id: int) -> Iterator[LiveHand]:
        now = discord.utils.utcnow()
        for hand in list(self._hands.values()):
            if hand.user_id == user_id and hand.interaction is not None and hand.token_age(now) < self.ttl_s:
                yield hand

    def forget_match(self, match_id: int) -> None:
        for key in [k for k in self._hands if k[0] == match_id]:
            del self._hands[key]

    def prune(self) -> None:
        """Drop entries whose token has expired and that nobody is drawing into."""
        now = discord.utils.utcnow()
        for key, hand in list(self._hands.items()):
            if hand.token_age(now) >= self.ttl_s and not hand.lock.locked():
                del self._hands[key]

    def __len__(self) -> int:
        return len(self._hands)
