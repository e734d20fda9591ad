"""Plays moves through a TableService forever, printing each acknowledged move; the crash test SIGKILLs it.

Usage: python -m tests.store.crash_player DB_PATH_OR_URL SEED

Each line is printed (and flushed) only after act() returned, i.e. after the commit:
    <match_id> <version>
Finished matches are replaced by a new one in the same channel, so match ends, hand ends
and stats/rating writes are all exercised.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.ai import greedy_action
from bot.tables import TableService
from tests.store.helpers import gin_view, new_pvp, turn_of

CHANNELS = 4


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    svc = await TableService.open(path, seed_source=lambda: rng.randrange(1 << 40))
    out = sys.stdout
    tables = {}
    for ch in range(1, CHANNELS + 1):
        match = await svc.match_for_channel(ch)
        if match is None:
            # The last run may have been killed between a challenge and its acceptance.
            pending = await svc.store.open_challenge_in_channel(ch)
            if pending is not None:
                await svc.cancel(pending.id, pending.challenger_id)
            match = await new_pvp(svc, ch, a=10 * ch, b=10 * ch + 1, seed=rng.randrange(1 << 40))
        tables[ch] = match
    while True:
        ch = rng.randrange(1, CHANNELS + 1)
        info = tables[ch]
        if info.status != "active":
            info = tables[ch] = await new_pvp(svc, ch, a=10 * ch, b=10 * ch + 1, seed=rng.randrange(1 << 40))
        user = info.players[turn_of(info)]
        if rng.random() < 0.002:
            result = await svc.resign(info.id, user)
        else:
            result = await svc.act(
                info.id, user, greedy_action(gin_view(await svc.seat_view(info.id, user))), info.version
            )
        tables[ch] = result.match
        out.write(f"{result.match.id} {result.match.version}\n")
        out.flush()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
