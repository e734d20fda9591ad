"""``python -m bot migrate-db``: a SQLite file with finished and live matches copied to PostgreSQL; the
leaderboards and live tables read the same through the service afterwards, and play goes on."""

from __future__ import annotations

import asyncio
import random

from bot.__main__ import main
from bot.ai import chooser_for
from bot.config import Settings
from bot.store import BOARDS
from bot.tables import TableService
from tests.clock import Clock
from tests.store.helpers import dump, first_legal, new_pvp, play_one, query

G = 1


async def _step(svc, info):
    """One move of whoever is to act, by the game's own AI (any number of seats)."""
    seat = info.to_act[0]
    view = await svc.seat_view(info.id, info.players[seat])
    action = chooser_for(info.game)(view, "easy", random.Random(info.version))
    return (await svc.act(info.id, info.players[seat], action, info.version)).match


async def _fill(path) -> None:
    """Finished matches (two-player and three-player), live ones, a match against the AI, an open
    table, settings and a style, an ended season: every table gets rows."""
    clock = Clock()
    svc = await TableService.open(path, clock=clock, chooser=first_legal)
    await svc.update_settings(G, turn_timeout_s=600, allowed_channels=[1, 2, 3, 4, 5, 6])
    await svc.set_seasons(G, length="weekly", channel_id=7, reset="soft")
    for channel, seed in ((1, 3), (2, 4)):
        info = await new_pvp(svc, channel, a=10 + channel, b=20 + channel, seed=seed)
        while info.status == "active":
            info = (await play_one(svc, info.id)).match
    t = await svc.open_table(G, 3, 31, "Ann", seats=3, variant="standard", target=30)
    t = await svc.join(t.id, 32, "Bob")
    t = await svc.join(t.id, 33, "Cy")
    three = await svc.start(t.id, 31, seed=2)
    while three.status == "active":
        three = await _step(svc, three)
    live = await new_pvp(svc, 4, a=41, b=42, seed=9)
    for _ in range(7):
        live = (await play_one(svc, live.id)).match
    bot = await svc.play_bot(G, 5, 51, "Dee", 99, "GinBot", seed=5)
    while bot.public.turn != bot.ai_seat:
        bot = (await play_one(svc, bot.id)).match
    await svc.open_table(G, 6, 61, "Eve", seats=4)  # still waiting for players
    await svc.mark_warned(live.id, live.version)
    clock.advance(days=4)
    assert await svc.roll_seasons()  # the week is over: its tables archived, its champions to announce
    await svc.close()


async def _snapshot(target) -> dict:
    """What players see: every leaderboard of every family, each player's stats, live tables and views."""
    svc = await TableService.open(target)
    try:
        out: dict = {}
        for family in ("gin:2", "gin:3"):
            for by in BOARDS:
                out[f"{family}/{by}"] = await svc.leaderboard(G, by=by, limit=50, family=family)
        live = await svc.active_matches()
        out["live"] = [(m.id, m.version, m.players, m.status, m.turn_deadline) for m in live]
        out["views"] = [await svc.seat_view(m.id, u) for m in live for u in m.players if u != 99]
        out["tables"] = [await svc.store.get_challenge(i) for i in range(1, 10)]
        out["settings"] = await svc.guild_settings(G)
        out["seasons"] = await svc.season_settings(G)
        out["last season"] = [
            await svc.season_leaderboard(G, "previous", by, 50, f) for by in BOARDS for f in ("gin:2", "gin:3")
        ]
        out["announcements"] = await svc.store.pending_season_ends(Clock().now, 10)
        out["ratings"] = [await svc.store.rating_history(G, "gin:2", u) for u in (11, 21, 12, 22)]
        out["history"] = [await svc.store.past_matches(G, u) for u in (11, 31)]
        return out
    finally:
        await svc.close()


def test_migrate_db_copies_everything_and_play_goes_on(tmp_path, pg_schema_url, capsys):
    source = tmp_path / "gin.sqlite3"
    asyncio.run(_fill(source))
    before = asyncio.run(_snapshot(source))
    assert before["gin:2/rating"] and before["gin:3/rating"] and len(before["live"]) == 2
    assert all(before["ratings"]) and all(before["history"])  # rating changes and histories are copied too
    assert sum(t is not None for t in before["tables"]) == 5  # four started, one open

    assert main(["migrate-db", "--from", str(source), "--to", pg_schema_url]) == 0
    assert "done:" in capsys.readouterr().out
    assert asyncio.run(_snapshot(pg_schema_url)) == before
    rows = dump(source)
    assert rows["player_counters"]  # the games' own counters (gins, undercuts) are copied too
    assert rows["seasons"] and rows["season_standings"] and before["last season"][0].rows  # and the seasons
    assert {t: len(r) for t, r in dump(pg_schema_url).items()} == {t: len(r) for t, r in rows.items()}
    assert query(pg_schema_url, "SELECT * FROM moves ORDER BY match_id, seq") == rows["moves"]
    # and back again, into a new SQLite file: every row as it was
    back = tmp_path / "back.sqlite3"
    assert main(["migrate-db", "--from", pg_schema_url, "--to", str(back)]) == 0
    assert dump(back) == rows

    async def go_on() -> None:
        svc = await TableService.open(pg_schema_url)
        live = before["live"][0]
        assert (await play_one(svc, live[0])).match.version == live[1] + 1
        new = await new_pvp(svc, 2, a=71, b=72)  # the ids continue after the copied ones
        assert new.id > max(m[0] for m in before["live"])
        await svc.close()

    asyncio.run(go_on())
    # a second copy into the same (now filled) database is refused and changes nothing
    moves = query(pg_schema_url, "SELECT COUNT(*) FROM moves")
    assert main(["migrate-db", "--from", str(source), "--to", pg_schema_url]) == 2
    assert "empty database" in capsys.readouterr().err
    assert query(pg_schema_url, "SELECT COUNT(*) FROM moves") == moves


def test_migrate_db_refuses_a_missing_source(tmp_path, capsys):
    assert main(["migrate-db", "--from", str(tmp_path / "none.sqlite3"), "--to", "postgresql://x/y"]) == 2
    assert "not a file" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()


def test_gin_db_keeps_a_postgres_url_as_it_is():
    url = "postgresql://gin@db:5432/gin"
    assert Settings.from_env({"GIN_DB": url}, env_file=None).db_path == url
    assert str(Settings.from_env({"GIN_DB": "data/gin.sqlite3"}, env_file=None).db_path) == "data/gin.sqlite3"
