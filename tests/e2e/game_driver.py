"""Drive the real GinBot through the Discord stand-in like two people would.

- ``gin_bot(fd, db)``: a GinBot (real service, real SQLite file, real renderer) connected to the
  stand-in, deals seeded so a test knows what will happen;
- ``Player``: one person's ephemeral hand message; ``act()`` presses the control a simple fixed
  policy picks, from the components the bot put on that message (so the test uses only what the
  bot offers);
- ``policy`` and ``find_full_match_seed``: the same policy run offline on the engine, to pick a
  deal seed whose match has a knock, an undercut and a gin and is short.

Policy (deterministic, reads only the offered controls): pass the upcard, draw from the stock,
big gin / gin when offered; seat 0 ("the knocker") knocks as soon as a knock is offered, with the
LAST knock option (the most deadwood: invites undercuts); otherwise discard the first option
(the one leaving the least deadwood).
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from bot.client import GinBot
from bot.config import Settings
from bot.engine import ActionKind, Match, preset
from bot.engine.actions import Action
from bot.engine.views import seat_view
from tests.e2e.fakediscord import FakeDiscord, FakeUser, InteractionRecord, StoredMessage, running_bot

FULL_MATCH_TARGET = 50


# -- the policy, offline ---------------------------------------------------------------------------

def policy(match: Match, seat: int) -> Action:
    """What ``Player.act`` will press, computed on the engine (the same order the bot shows)."""
    sv = seat_view(match, seat)
    legal = sv.legal
    by_kind = {a.kind: a for a in legal}
    for kind in (ActionKind.PASS, ActionKind.DRAW_STOCK, ActionKind.BIG_GIN):
        if kind in by_kind:
            return by_kind[kind]
    gins = [a for a in legal if a.kind is ActionKind.GIN]
    if gins:
        return gins[0]
    knocks = [a for a in legal if a.kind is ActionKind.KNOCK]
    if knocks and seat == 0:
        return knocks[-1]
    rank = {c: i for i, (c, _) in enumerate(sv.discard_options)}
    return min((a for a in legal if a.kind is ActionKind.DISCARD), key=lambda a: rank.get(a.card, 99))


def simulate(seed: int, target: int) -> Match:
    m = Match.new(preset("standard", target=target), seed)
    while not m.finished:
        m.apply(m.turn, policy(m, m.turn))
    return m


@functools.lru_cache(maxsize=None)
def find_full_match_seed(target: int = FULL_MATCH_TARGET, first: int = 95, tries: int = 400) -> tuple[int, list[str]]:
    """A deal seed whose policy match has a knock, an undercut and a gin (95 did when written)."""
    for seed in [first, *range(tries)]:
        outcomes = [h.outcome for h in simulate(seed, target).history]
        if {"knock", "undercut", "gin"} <= set(outcomes):
            return seed, outcomes
    raise AssertionError("no seed with knock, undercut and gin: did the engine change?")


def fixed_seeds(*seeds: int) -> Callable[[], int]:
    """A service seed_source that hands out these seeds, then a seeded random stream."""
    queue = list(seeds)
    rng = random.Random(1234)
    return lambda: queue.pop(0) if queue else rng.getrandbits(63)


# -- the bot ---------------------------------------------------------------------------------------

@contextlib.asynccontextmanager
async def gin_bot(fd: FakeDiscord, db: Path, *, seeds: Callable[[], int] | None = None, ai_delay_s: float = 0.0,
                  tick_s: float = 0.2, sync: bool = True, **kw: Any) -> AsyncIterator[GinBot]:
    """A real GinBot on ``db``, connected to the stand-in, commands synced to its guild."""
    settings = Settings(token="fake-token", db_path=db, dev_guild=fd.guild_id if sync else None, log_level="INFO")
    bot = GinBot(settings, seed_source=seeds, ai_delay_s=ai_delay_s, tick_s=tick_s, sync=sync, **kw)
    async with running_bot(fd, bot=bot) as running:
        yield running


# -- players ---------------------------------------------------------------------------------------

async def settled(fd: FakeDiscord, ix: InteractionRecord, message: StoredMessage | None = None, edits: int = 0,
                  timeout: float = 5.0) -> None:
    """Wait until the bot answered ``ix`` and (if given) ``message`` got past ``edits`` edits or a follow-up came."""
    await ix.response(timeout)
    if message is not None:
        await fd.wait_until(lambda: len(message.history) > edits or ix.followups or None, timeout=timeout,
                            what=f"edit of {message!r}")


class Player:
    """One person at the table, with the ephemeral hand message the bot gave them."""

    def __init__(self, fd: FakeDiscord, user: FakeUser, seat: int) -> None:
        self.fd, self.user, self.seat = fd, user, seat
        self.hand: StoredMessage | None = None
        self.match_id: int | None = None
        self.ended = False

    async def open_hand(self, board: StoredMessage) -> StoredMessage:
        """Press My hand on the board: a new ephemeral hand message."""
        cid = board.component(label="My hand")["custom_id"]
        self.match_id = int(cid.split(":")[1])
        ix = await self.fd.click(self.user, board, cid)
        answer = await ix.response()
        assert answer.ephemeral, "the hand must be ephemeral"
        self.hand = await ix.final()
        assert self.hand.ephemeral and self.hand.interaction_user == self.user
        return self.hand

    async def refresh(self) -> None:
        assert self.hand is not None
        edits = len(self.hand.history)
        ix = await self.fd.click(self.user, self.hand, f"gin:{self.match_id}:hand")
        await settled(self.fd, ix, self.hand, edits)
        if ix.followups and "match is over" in ix.followups[0].content:  # ended by the other side
            self.ended = True
            return
        assert not ix.followups, f"refresh refused: {[m.content for m in ix.followups]}"

    def controls(self) -> list[dict[str, Any]]:
        assert self.hand is not None
        return [c for c in self.hand.all_components()
                if "custom_id" in c and not c["custom_id"].endswith(":hand") and c.get("type") in (2, 3)]

    @property
    def version(self) -> int | None:
        for c in self.controls():
            return int(c["custom_id"].rsplit(":", 1)[1])
        return None

    def choice(self) -> tuple[str, list[str] | None]:
        """(custom_id, select values or None) the policy presses now."""
        by_id = {c["custom_id"].split(":")[2]: c for c in self.controls()}
        for action in ("pass", "stock", "big_gin"):
            if action in by_id:
                return by_id[action]["custom_id"], None
        gin = next((c for k, c in by_id.items() if k.startswith("gin.")), None)
        if gin is not None:
            return gin["custom_id"], None
        if "knock" in by_id and self.seat == 0:
            return by_id["knock"]["custom_id"], [by_id["knock"]["options"][-1]["value"]]
        select = by_id["discard"]
        return select["custom_id"], [select["options"][0]["value"]]

    async def act(self) -> InteractionRecord:
        """Press the policy's control and wait for the hand message to be redrawn."""
        assert self.hand is not None
        cid, values = self.choice()
        edits = len(self.hand.history)
        if values is None:
            ix = await self.fd.click(self.user, self.hand, cid)
        else:
            ix = await self.fd.select(self.user, self.hand, cid, values)
        await settled(self.fd, ix, self.hand, edits)
        assert not ix.followups, f"move refused: {[m.content for m in ix.followups]}"
        return ix

    @property
    def match_over(self) -> bool:
        return self.ended or (self.hand is not None and "match is over" in (self.hand.content or ""))


async def play_out(players: list[Player], max_moves: int = 2000) -> int:
    """Both players take turns through their hand messages until the match ends; returns moves."""
    moves = 0
    current = 0
    while moves < max_moves:
        p = players[current]
        await p.refresh()
        if p.match_over:
            return moves
        while p.controls():
            await p.act()
            moves += 1
            if p.match_over:
                return moves
        current = 1 - current
    raise AssertionError("the match did not end")


async def slash(fd: FakeDiscord, who: FakeUser, sub: str, /, **options: Any) -> InteractionRecord:
    ix = await fd.slash(who, "gin", subcommand=sub, options=options)
    await ix.response()
    return ix


async def start_match(fd: FakeDiscord) -> tuple[Player, Player]:
    """Alice challenges Bob, Bob accepts; both open their hands from the first board."""
    ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob)
    msg = (await ix.response()).message or ix.original
    assert msg is not None
    await (await fd.click(fd.bob, msg, msg.component(label="Accept")["custom_id"])).response()
    board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
    alice, bob = Player(fd, fd.alice, 0), Player(fd, fd.bob, 1)
    await alice.open_hand(board)
    await bob.open_hand(board)
    return alice, bob


async def refusal_text(ix: InteractionRecord) -> str:
    """The ephemeral refusal of an interaction: the answer itself or the first follow-up."""
    answer = await ix.response()
    if answer.type == 4:
        assert answer.ephemeral, f"refusal not ephemeral: {answer.content!r}"
        return answer.content or ""
    if answer.type == 5:  # deferred 'thinking' (ephemeral): the refusal replaces it
        assert answer.ephemeral, "deferred refusal not ephemeral"
        return (await ix.final()).content
    msg = await ix.followup(0)
    assert msg.ephemeral, f"refusal follow-up not ephemeral: {msg.content!r}"
    return msg.content


def board_of(fd: FakeDiscord) -> StoredMessage:
    """The newest public message with a My hand button (the current board)."""
    boards = [m for m in fd.channel_messages() if m.find_component(label="My hand")]
    assert boards, "no board posted"
    return boards[-1]


def public_hand_leaks(fd: FakeDiscord) -> list[str]:
    """Every public payload that carries a hand picture or a hand's text alternative."""
    hand_pngs = {f.data for p in fd.all_payloads() if p.ephemeral for f in p.files if f.filename.startswith("hand-")}
    leaks = []
    for p in fd.all_payloads():
        if not p.public:
            continue
        for f in p.files:
            if f.filename.startswith("hand-") or f.data in hand_pngs:
                leaks.append(f"{p.kind} {p.path}: file {f.filename}")
        for text in p.texts():
            if "Your hand" in text:
                leaks.append(f"{p.kind} {p.path}: text {text[:80]!r}")
        for att in (p.message_data.get("attachments") or []):
            if "Your hand" in str(att.get("description", "")):
                leaks.append(f"{p.kind} {p.path}: attachment description")
    return leaks


__all__ = ["Player", "board_of", "find_full_match_seed", "fixed_seeds", "gin_bot", "play_out", "policy",
           "public_hand_leaks", "refusal_text", "simulate", "slash"]
