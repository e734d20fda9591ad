"""The throughput ladder: the bot in its own process against the Discord stand-in, offered a rising
interaction rate over many tables.

    .venv/bin/python -m bench.discord_latency --ladder [--tables 1000] [--rates 20,50,100,200,300]
        [--seconds 20] [--workers N] [--tree PATH]
    .venv/bin/python -m bench.discord_latency --quick      # a few seconds: 20 tables, two low steps

Set-up: the matches (Alice against Bob, one per channel) are written into a fresh database by the
table service in this process; then the real bot (``python -m bot``) starts in a subprocess on that
database, posts every board, and both players open their hands (My hand). Then each step offers
``rate`` interactions per second for ``seconds``: fixed pacing, round-robin over the tables; a
table whose previous interaction is still running skips its slot (so the achieved rate can stay
below the offered one). An interaction is the mover's next move pressed on his hand message
(the stock or the first-turn pass, then a random discard), or a refresh (My hand) when neither
hand shows a move yet.

Per step: achieved rate; answer (injection -> the bot's callback, as Discord's 3-second deadline
counts it) p50/p99/max; done (injection -> the mover's hand message edited: the move committed
and drawn) p50/p99; the share of interactions answered after 3 s or not at all; the CPU of the bot
(its process and its children: the picture workers, in cores) and of this process (the stand-in
and the players), and the bot's RSS (process and children, summed); the machine's load average
(on a shared machine, other work takes cores from the bot and the players).

``--workers`` sets the bot's picture processes (0: drawn in a thread of the bot's process);
``--tree PATH`` runs the bot of another checkout (e.g. the code before a change; its database is
written by that checkout's own code, in a subprocess).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.tables import TableService
from fakediscord import FakeChannel, FakeDiscord, FakeUser, StoredMessage
from fakediscord.runner import BotProcess

from .ladder_limits import LIMITS_HEADER, board_staleness, limits_row

DEADLINE_S = 3.0  # Discord's: an interaction not answered within it fails for the user
WAIT_S = 10.0  # the longest the players wait for anything
DEFAULT_RATES = (20, 50, 100, 200, 300)
QUICK_RATES = (10, 20)


@dataclass
class Step:
    """What one step of the ladder measured."""

    rate: float
    seconds: float = 0.0
    answers: list[float] = field(default_factory=list)
    dones: list[float] = field(default_factory=list)
    unanswered: int = 0
    skipped: int = 0
    bot_cpu: float = 0.0
    own_cpu: float = 0.0
    rss_mb: float = 0.0
    load: float = 0.0  # the machine's 1-minute load average at the step's end (others' work included)
    # With Discord's limits (--discord-limits): the bot's requests on the global limit, its 429s, and
    # how long a committed move took to reach its board.
    moved: list[tuple[int, float]] = field(default_factory=list)  # (channel id, when the move was answered)
    channel_requests: int = 0
    busiest_second: int = 0
    rate_limited: int = 0
    staleness: list[float] = field(default_factory=list)
    never_shown: int = 0
    settled_s: float = 0.0  # after the step: until the last board request
    kinds: Counter[str] = field(default_factory=Counter)  # the counted requests by route

    @property
    def count(self) -> int:
        return len(self.answers) + self.unanswered

    @property
    def misses(self) -> int:
        return self.unanswered + sum(1 for a in self.answers if a > DEADLINE_S)

    def row(self) -> str:
        ans = [a * 1000 for a in self.answers] or [0.0]
        done = [d * 1000 for d in self.dones] or [0.0]
        achieved = len(self.answers) / self.seconds if self.seconds else 0.0
        share = self.misses / self.count if self.count else 0.0
        return (
            f"{self.rate:>7.0f} {achieved:>8.1f} {statistics.median(ans):>8.1f} {pct(ans, 0.99):>8.1f} "
            f"{max(ans):>8.1f} {statistics.median(done):>9.1f} {pct(done, 0.99):>9.1f} {share:>7.1%} "
            f"{self.bot_cpu:>7.2f} {self.own_cpu:>7.2f} {self.rss_mb:>7.0f} {self.load:>5.1f}"
        )


HEADER = (
    f"{'offered':>7} {'achieved':>8} {'ans p50':>8} {'ans p99':>8} {'ans max':>8} {'done p50':>9} {'done p99':>9} "
    f"{'>3 s':>7} {'bot cpu':>7} {'own cpu':>7} {'rss MB':>7} {'load':>5}"
)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class ProcessTree:
    """CPU seconds and RSS of a process and all its descendants (the picture workers), from /proc."""

    TICK = os.sysconf("SC_CLK_TCK")
    PAGE = os.sysconf("SC_PAGE_SIZE")

    def __init__(self, pid: int) -> None:
        self.root = pid

    def pids(self) -> list[int]:
        out, todo = [], [self.root]
        while todo:
            pid = todo.pop()
            out.append(pid)
            with contextlib.suppress(OSError):
                for task in os.listdir(f"/proc/{pid}/task"):
                    with open(f"/proc/{pid}/task/{task}/children") as f:
                        todo.extend(int(c) for c in f.read().split())
        return out

    def cpu(self) -> float:
        total = 0
        for pid in self.pids():
            with contextlib.suppress(OSError), open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
        return total / self.TICK

    def rss_mb(self) -> float:
        total = 0
        for pid in self.pids():
            with contextlib.suppress(OSError), open(f"/proc/{pid}/statm") as f:
                total += int(f.read().split()[1]) * self.PAGE
        return total / 2**20


class ProcessTrees:
    """Several bot processes (sharded) measured as one."""

    def __init__(self, pids: list[int]) -> None:
        self.trees = [ProcessTree(pid) for pid in pids]

    def cpu(self) -> float:
        return sum(t.cpu() for t in self.trees)

    def rss_mb(self) -> float:
        return sum(t.rss_mb() for t in self.trees)


def own_cpu() -> float:
    """CPU seconds of this process (the stand-in and the players)."""
    t = os.times()
    return t.user + t.system


class Player:
    """One person's hand message at one table."""

    def __init__(self, user: FakeUser, match_id: int, rng: random.Random) -> None:
        self.user, self.match_id, self.rng = user, match_id, rng
        self.hand: StoredMessage | None = None

    def move(self) -> tuple[str, list[str] | None] | None:
        """(custom_id, select values or None) of this player's next move on his hand message, or
        None when it offers none: the stock (or the first turn's pass), else a random discard."""
        if self.hand is None:
            return None
        buttons: dict[str, str] = {}
        for c in self.hand.all_components():
            cid = c.get("custom_id", "")
            parts = cid.split(":")
            if c.get("type") == 2 and len(parts) == 4 and not parts[2].startswith(("ask.", "pick.")):
                buttons[parts[2].replace(".", " ")] = cid
            elif c.get("type") == 3:
                for o in c.get("options") or ():
                    buttons.setdefault(o["value"], f"select|{cid}")
        for wanted in ("pass", "stock"):
            if wanted in buttons:
                return self._press(buttons, wanted)
        discards = sorted(m for m in buttons if m.startswith("discard "))
        return self._press(buttons, self.rng.choice(discards)) if discards else None

    @staticmethod
    def _press(buttons: dict[str, str], move: str) -> tuple[str, list[str] | None]:
        cid = buttons[move]
        return (cid.removeprefix("select|"), [move]) if cid.startswith("select|") else (cid, None)


def ends_turn(choice: tuple[str, list[str] | None] | None) -> bool:
    """Whether a ladder move ends the mover's turn (a discard, a first-turn pass), not a draw."""
    if choice is None:
        return False
    cid, values = choice
    moves = values if values else [cid.split(":")[2].replace(".", " ")] if cid.count(":") >= 3 else []
    return any(m.startswith("discard") or m == "pass" for m in moves)


class Table:
    def __init__(self, fd: FakeDiscord, channel: FakeChannel, match_id: int, rng: random.Random) -> None:
        self.fd, self.channel, self.match_id = fd, channel, match_id
        self.players = [Player(fd.alice, match_id, rng), Player(fd.bob, match_id, rng)]
        self.busy = False
        self.refresh_next = 0

    async def open_hands(self) -> None:
        board = await self.fd.wait_for_message(
            lambda m: m.public and m.channel_id == self.channel.id and m.find_component(label="My hand") is not None,
            timeout=60,
        )
        for p in self.players:
            ix = await self.fd.click(p.user, board, board.component(label="My hand")["custom_id"])
            p.hand = await ix.final(30)

    async def step(self, step: Step) -> None:
        """One interaction: the mover's next move, or (no hand shows one) a refresh."""
        self.busy = True
        try:
            mover, choice = next(((p, c) for p in self.players if (c := p.move()) is not None), (None, None))
            t0 = time.perf_counter()
            if mover is None or choice is None:
                p = self.players[self.refresh_next]
                self.refresh_next ^= 1
                assert p.hand is not None
                # Refresh, or (the busy answer took the buttons away until the picture follows) /gin hand.
                ix = await self.fd.click(p.user, p.hand, f"gin:{self.match_id}:hand", force=True)
            else:
                assert mover.hand is not None
                cid, values = choice
                ix = await (
                    self.fd.select(mover.user, mover.hand, cid, values)
                    if values
                    else self.fd.click(mover.user, mover.hand, cid)
                )
            try:
                answer = await ix.response(WAIT_S)
            except TimeoutError:
                step.unanswered += 1
                return
            step.answers.append(answer.latency)
            answered = time.perf_counter()  # the move commits after its answer (Discord first)
            with contextlib.suppress(TimeoutError):
                await ix.settled(WAIT_S)  # the hand message redrawn (or a refusal sent)
                if mover is not None:
                    step.dones.append(time.perf_counter() - t0)
                    if ends_turn(choice):  # a draw is shown with the turn's end (the quiet channel)
                        step.moved.append((self.channel.id, answered))
        finally:
            self.busy = False


async def seed_matches(db: str, alice: int, bob: int, places: list[list[int]]) -> list[int]:
    """The matches, one per (guild, channel) of ``places``, written by the table service itself (as a
    bot that ran before would have)."""
    svc = await TableService.open(db)
    ids = []
    try:
        for guild, channel in places:
            c = await svc.challenge(guild, channel, alice, "Alice", bob, "Bob")
            ids.append((await svc.accept(c.id, bob, "Bob")).id)
    finally:
        await svc.close()
    return ids


_IN_TREE = """
import asyncio, importlib.util, json, sys
tree, path, func, args = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
sys.path.insert(0, tree)
spec = importlib.util.spec_from_file_location("seeding", path)
module = sys.modules["seeding"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
print(json.dumps(asyncio.run(getattr(module, func)(*args))))
"""


async def seed_with(tree: Path | None, module: str, func: str, *args: Any) -> Any:
    """``func(*args)`` of the bench file ``module``, run with the code of ``tree`` (another checkout,
    in a subprocess: its database is what that checkout's bot reads) or, without one, here."""
    if tree is None:
        return await getattr(sys.modules[module], func)(*args)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _IN_TREE,
        str(tree),
        str(sys.modules[module].__file__),
        func,
        json.dumps(args),
        stdout=asyncio.subprocess.PIPE,
        cwd=str(tree),
    )
    out, _ = await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"seeding with {tree} failed (exit {proc.returncode})")
    return json.loads(out.decode().strip().splitlines()[-1])


async def quiet(fd: FakeDiscord, calm_s: float = 1.0, limit_s: float = 30.0) -> float:
    """Wait until the bot has sent nothing to the stand-in for ``calm_s`` (at most ``limit_s``);
    returns when (perf_counter) its last request came."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit_s
    seen = len(fd.store.requests)
    while loop.time() < end:
        await asyncio.sleep(calm_s)
        if len(fd.store.requests) == seen:
            break
        seen = len(fd.store.requests)
    return fd.store.timed_requests[-1][0] if fd.store.timed_requests else time.perf_counter()


async def run_step(tables: list[Table], rate: float, seconds: float, bot: ProcessTrees) -> Step:
    step = Step(rate)
    cpu0, own0 = bot.cpu(), own_cpu()
    period = 1.0 / rate
    start = time.perf_counter()
    slot = 0
    tasks: list[asyncio.Task[None]] = []
    while time.perf_counter() - start < seconds:
        delay = start + slot * period - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        table = tables[slot % len(tables)]
        slot += 1
        if table.busy:
            step.skipped += 1
            continue
        tasks.append(asyncio.create_task(table.step(step)))
    await asyncio.gather(*tasks)
    step.seconds = time.perf_counter() - start
    step.bot_cpu = (bot.cpu() - cpu0) / step.seconds
    step.own_cpu = (own_cpu() - own0) / step.seconds
    step.rss_mb = bot.rss_mb()
    step.load = os.getloadavg()[0]
    return step


async def ladder(
    tables: int,
    rates: tuple[float, ...],
    seconds: float,
    *,
    workers: int | None = None,
    seed: int = 1,
    tree: Path | None = None,
    discord_limits: bool = False,
    shards: int = 1,
) -> list[Step]:
    """Run the ladder and print one row per step (and return the steps). ``tree``: run the bot of
    another checkout (e.g. the code before a change) instead of this one. ``shards`` > 1: that many
    bot processes on one token, one shard each, the tables spread over guilds of every shard."""
    rng = random.Random(seed)
    async with FakeDiscord(rate_limits=discord_limits, shard_count=shards) as fd:
        if shards == 1:
            channels = [fd.channel] + [
                FakeChannel(fd.channel.id + 1000 + i, f"table-{i}", fd.guild_id, position=10 + i)
                for i in range(tables - 1)
            ]
            for ch in channels:
                fd.channels[ch.id] = ch
        else:  # two tables (channels) a guild, the guilds spread evenly over the shards
            channels = [c for i in range((tables + 1) // 2) for c in fd.add_guild(shard=i % shards).channels][:tables]
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "ladder.sqlite3"
            t0 = time.perf_counter()
            places = [[c.guild_id, c.id] for c in channels]
            ids = await seed_with(tree, __name__, "seed_matches", str(db), fd.alice.id, fd.bob.id, places)
            env = {"GIN_DB": str(db), "GIN_AI_DELAY": "0", "GIN_TICK": "2", "GIN_LOG_LEVEL": "WARNING"}
            if workers is not None:
                env["GIN_RENDER_WORKERS"] = str(workers)
            argvs = [[]] if shards == 1 else [["--shards", str(k), "--shard-count", str(shards)] for k in range(shards)]
            procs = [BotProcess(fd, argv, env=env, cwd=tree) for argv in argvs]
            for proc in procs:
                await proc.start(ready_timeout=120)
            try:
                assert all(p.pid is not None for p in procs)
                processes = ProcessTrees([p.pid for p in procs if p.pid is not None])
                all_tables = [Table(fd, ch, mid, rng) for ch, mid in zip(channels, ids, strict=True)]
                for i in range(0, len(all_tables), 20):
                    await asyncio.gather(*(t.open_hands() for t in all_tables[i : i + 20]))
                print(
                    f"set up {len(all_tables)} tables in {time.perf_counter() - t0:.1f} s (matches written, bot "
                    f"started, boards posted, both hands opened); bot RSS {processes.rss_mb():.0f} MB",
                    flush=True,
                )
                print(HEADER, flush=True)
                steps = []
                for rate in rates:
                    since = time.perf_counter()
                    limited = sum(fd.limits.stats.rate_limited.values())
                    step = await run_step(all_tables, rate, seconds, processes)
                    steps.append(step)
                    print(step.row(), flush=True)
                    ended = time.perf_counter()
                    last = await quiet(fd)  # the board edits and hand redraws of the step done
                    step.settled_s = max(0.0, last - ended)
                    board_staleness(fd, step, since)
                    step.rate_limited = sum(fd.limits.stats.rate_limited.values()) - limited
                if discord_limits:
                    print(f"with Discord's limits (global {fd.limits.global_per_second}/s, channel messages 5/5 s):")
                    print(LIMITS_HEADER)
                    for step in steps:
                        print(limits_row(step), flush=True)
                    for step in steps:
                        top = ", ".join(f"{kind} {n}" for kind, n in step.kinds.most_common(4))
                        print(f"  {step.rate:.0f}/s, requests by route: {top}")
                    print(
                        f"429s by scope: {dict(fd.limits.stats.rate_limited)}; invalid requests {fd.limits.stats.invalid}"
                    )
            finally:
                for proc in procs:
                    await proc.stop()
                    errors = [line for line in proc.lines if " ERROR " in line or line.startswith("Traceback")]
                    if errors:
                        log_path = Path(tempfile.gettempdir()) / f"ladder-bot-{proc.pid}.log"
                        log_path.write_text(proc.output)
                        print(f"bot log lines with errors: {len(errors)}, the first: {errors[0]!r}; log: {log_path}")
    return steps


def main_ladder(ns: Any) -> int:
    rates = QUICK_RATES if ns.quick else tuple(float(r) for r in ns.rates.split(","))
    tables = 20 if ns.quick else ns.tables
    seconds = 2.0 if ns.quick else ns.seconds
    asyncio.run(
        ladder(
            tables, rates, seconds, workers=ns.workers, tree=ns.tree, discord_limits=ns.discord_limits, shards=ns.shards
        )
    )
    return 0
