"""Clicks per turn and public messages per turn, measured through the Discord stand-in.

    .venv/bin/python -m bench.discord_clicks [--seed N] [--grace 60]

Alice and Bob play a seeded match to 50 that lasts three hands (a seed is searched for with the
same policy offline), through the real bot and the stand-in, pressing only what their hand
messages offer and never Refresh: the player to move is the one whose hand the bot has redrawn.
Printed:

- physical clicks per ordinary turn (a draw, then a discard; a button press is one click, a menu
  choice two: open it, pick), median and max;
- public messages created per turn (boards, pings, results, the match end: what lands in the
  channel), board edits and board pictures per turn, turn pings and who they notified;
- how long after the opponent's move a hand showed its moves (no click), median and max.

Before the live hand (the previous version): 4 clicks per ordinary turn (Refresh, draw, open the
discard menu, pick a card) and 1 public message per turn (a turn ping each time). The bar: 2
clicks and at most 0.25 messages per turn.

The policy (deterministic, reads only the offered moves): pass the upcard, draw from the stock,
big gin / gin when offered; Alice knocks as soon as she can, with the last knock offered (the most
deadwood); otherwise discard the first card offered (the one leaving the least deadwood).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.client import GinBot
from bot.config import Settings
from bot.engine.gin import Match, SeatView, seat_view
from bot.engine.knock import Action, ActionKind, preset
from fakediscord import FakeDiscord, FakeUser, StoredMessage, running_bot

TARGET = 50
HANDS = 3


def policy(offered: Sequence[Action], seat: int) -> Action:
    """The driver's move among ``offered``, listed in the order the hand message shows them."""
    first: dict[ActionKind, Action] = {}
    for a in offered:
        first.setdefault(a.kind, a)
    for kind in (ActionKind.PASS, ActionKind.DRAW_STOCK, ActionKind.BIG_GIN, ActionKind.GIN):
        if kind in first:
            return first[kind]
    knocks = [a for a in offered if a.kind is ActionKind.KNOCK]
    if knocks and seat == 0:
        return knocks[-1]
    return first[ActionKind.DISCARD]


def offered_moves(sv: SeatView) -> list[Action]:
    """``sv.legal`` in the hand message's order: draws, discards best first, gin, big gin, knocks best first."""
    rank = {c: i for i, (c, _) in enumerate(sv.discard_options)}
    group = {ActionKind.DISCARD: 1, ActionKind.GIN: 2, ActionKind.BIG_GIN: 3, ActionKind.KNOCK: 4}
    return sorted(sv.legal, key=lambda a: (group.get(a.kind, 0), rank.get(a.card, 99) if a.card else -1))


def three_hand_seed(first: int) -> int:
    """The first seed from ``first`` on whose policy match to TARGET lasts exactly HANDS hands."""
    for seed in range(first, first + 1000):
        m = Match.new(preset("standard", target=TARGET), seed)
        while not m.finished:
            seat = m.turn
            assert seat is not None
            m.apply(seat, policy(offered_moves(seat_view(m, seat)), seat))
        if len(m.history) == HANDS:
            return seed
    raise SystemExit("no three-hand seed found")


@dataclass
class Turn:
    seat: int
    moves: list[Action] = field(default_factory=list)
    clicks: int = 0
    wait_s: float = 0.0

    @property
    def ordinary(self) -> bool:
        kinds = [a.kind for a in self.moves]
        return (
            len(kinds) == 2
            and kinds[0] in (ActionKind.DRAW_STOCK, ActionKind.DRAW_DISCARD)
            and kinds[1] is ActionKind.DISCARD
        )


class Player:
    def __init__(self, fd: FakeDiscord, user: FakeUser, seat: int) -> None:
        self.fd, self.user, self.seat = fd, user, seat
        self.hand: StoredMessage | None = None

    async def open_hand(self, board: StoredMessage) -> None:
        ix = await self.fd.click(self.user, board, board.component(label="My hand")["custom_id"])
        self.hand = await ix.final(10)

    def controls(self) -> list[dict[str, Any]]:
        assert self.hand is not None
        return [
            c
            for c in self.hand.all_components()
            if "custom_id" in c and c.get("type") in (2, 3) and not c["custom_id"].endswith((":hand", ":cancel"))
        ]

    @property
    def over(self) -> bool:
        return self.hand is not None and "match is over" in self.hand.content

    @property
    def hand_over(self) -> bool:
        return self.hand is not None and "Hand over" in self.hand.content

    async def press(self, cid: str, values: list[str] | None = None) -> int:
        """One control: its physical clicks (a menu choice is two: open, pick)."""
        assert self.hand is not None
        ix = await (
            self.fd.select(self.user, self.hand, cid, values)
            if values is not None
            else self.fd.click(self.user, self.hand, cid)
        )
        await ix.settled(10)
        if ix.followups:
            raise RuntimeError(f"refused: {ix.followups[0].content}")
        return 2 if values is not None else 1

    async def act(self, turn: Turn) -> None:
        offered: list[tuple[Action, str, list[str] | None]] = []
        for c in self.controls():
            if c["type"] == 2:
                text = c["custom_id"].split(":")[2].removeprefix("ask.").replace(".", " ")
                offered.append((Action.parse(text), c["custom_id"], None))
            else:
                offered += [(Action.parse(o["value"]), c["custom_id"], [o["value"]]) for o in c["options"]]
        action = policy([a for a, _, _ in offered], self.seat)
        cid, values = next((cid, v) for a, cid, v in offered if a == action)
        turn.clicks += await self.press(cid, values)
        assert self.hand is not None
        if self.hand.find_component(label="Cancel") is not None:  # the question of a move that asks first
            yes = next(c["custom_id"] for c in self.hand.buttons() if c.get("label") != "Cancel")
            turn.clicks += await self.press(yes)
        turn.moves.append(action)


@contextlib.asynccontextmanager
async def gin_bot(fd: FakeDiscord, db: Path, seed: int) -> AsyncIterator[GinBot]:
    settings = Settings(token="fake-token", db_path=db, dev_guild=fd.guild_id, log_level="WARNING")
    seeds = iter([seed])
    bot = GinBot(settings, seed_source=lambda: next(seeds), ai_delay_s=0.0, tick_s=5.0, sync=True)
    async with running_bot(fd, bot=bot) as running:
        yield running


async def play(seed: int, grace: int) -> None:
    async with FakeDiscord() as fd:
        with tempfile.TemporaryDirectory() as tmp:
            async with gin_bot(fd, Path(tmp) / "gin.sqlite3", seed):
                ix = await fd.slash(fd.dana, "gin", subcommand="settings", options={"ping_grace": grace})
                await ix.final(10)
                ix = await fd.slash(
                    fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob, "target": TARGET}
                )
                await ix.final(10)  # answered privately; the challenge is its own channel message
                challenge = await fd.wait_for_message(
                    lambda m: m.public and m.find_component(label="Accept") is not None, timeout=10
                )
                await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response(10)
                board = await fd.wait_for_message(
                    lambda m: m.public and m.find_component(label="My hand") is not None, timeout=10
                )
                players = [Player(fd, fd.alice, 0), Player(fd, fd.bob, 1)]
                for p in players:
                    await p.open_hand(board)
                payloads_before = len(fd.all_payloads())
                turns: list[Turn] = []
                last_click: float | None = None
                while True:
                    mover = await fd.wait_until(
                        lambda: (
                            next((p for p in players if p.over), None)
                            or next((p for p in players if p.controls()), None)
                        ),
                        timeout=10,
                    )
                    if mover.over:
                        break
                    assert mover.hand is not None
                    # the opponent's last click -> the edit that put the moves on this hand (no click of his)
                    shown = mover.hand.history[-1].at if mover.hand.history else time.perf_counter()
                    turn = Turn(mover.seat, wait_s=shown - last_click if last_click is not None else 0.0)
                    while mover.controls() and not mover.over:
                        await mover.act(turn)
                        if mover.hand_over:
                            break
                    turns.append(turn)
                    last_click = fd.clicks(mover.user)[-1].sent_at
                    if mover.over:
                        break
                await fd.wait_for_message(
                    lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=10
                )
                report(fd, board, turns, fd.all_payloads()[payloads_before:])


def report(fd: FakeDiscord, board: StoredMessage, turns: list[Turn], payloads: Sequence[Any]) -> None:
    ordinary = [t.clicks for t in turns if t.ordinary]
    created = [m for m in fd.channel_messages(include_deleted=True) if m.id > board.id]
    edits = [p for p in payloads if p.kind == "channel_edit"]
    pictures = sum(1 for p in payloads if p.public for f in p.files if f.filename.startswith("table-"))
    pings = [m for m in created if "your turn" in m.content]
    notified = [m for m in fd.notifications() if m.id > board.id]
    waits = [t.wait_s * 1000 for t in turns[1:]]
    n = len(turns)
    print(f"match: {HANDS} hands to {TARGET}, {n} turns ({len(ordinary)} ordinary: a draw and a discard)")
    print(
        f"clicks per ordinary turn   median {statistics.median(ordinary):.0f}   max {max(ordinary)}"
        f"   (before: 4; bar: 2)"
    )
    kinds: dict[str, int] = {}
    for m in created:
        first = m.history[0] if m.history else m
        kind = (
            "match end"
            if "match over" in first.content
            else "turn ping"
            if "your turn" in first.content
            else "board"
            if any(a.filename.startswith("table-") for a in first.attachments)
            else "other"
        )
        kinds[kind] = kinds.get(kind, 0) + 1
    print(
        f"public messages per turn   {len(created) / n:.3f}   ({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))}"
        f" after the first board)   (before: 1; bar: 0.25)"
    )
    print(f"board edits per turn       {len(edits) / n:.2f}   board pictures per turn {pictures / n:.2f}")
    print(
        f"turn pings                 {len(pings)}   messages that notified anyone after the first board: "
        f"{len(notified)}"
    )
    print(
        f"hand showed its moves      median {statistics.median(waits):.0f} ms   max {max(waits):.0f} ms "
        "after the opponent's last click (no click of his own)"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.discord_clicks", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=95, help="search for a three-hand deal seed from here")
    ap.add_argument("--grace", type=int, default=60, help="the server's ping grace period (seconds)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    seed = three_hand_seed(args.seed)
    print(f"deal seed {seed}, ping grace {args.grace} s")
    asyncio.run(play(seed, args.grace))


if __name__ == "__main__":
    main()
