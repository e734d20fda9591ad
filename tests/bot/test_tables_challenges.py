"""Challenge flows, guild settings and the refusals around them."""

from __future__ import annotations

import pytest

from bot.engine.knock import preset
from bot.tables import GuildSettings, Refusal, TableService
from tests.clock import T0, Clock
from tests.store.helpers import dump, query


@pytest.fixture
async def svc(gin_db):
    clock = Clock()
    service = await TableService.open(gin_db, clock=clock, seed_source=lambda: 42)
    service.test_clock = clock  # type: ignore[attr-defined]
    yield service
    await service.close()


async def _refused(svc, coro, match):
    before = dump(svc.store.db.path)
    with pytest.raises(Refusal, match=match):
        await coro
    assert dump(svc.store.db.path) == before


async def test_challenge_accept(svc):
    c = await svc.challenge(1, 10, 100, "Ann", 200, "Bob", variant="oklahoma", target=150)
    assert (c.status, c.challenger_id, c.challenger_name, c.opponent_id, c.match_id) == ("open", 100, "Ann", 200, None)
    assert c.rules == preset("oklahoma", target=150, team_target=150)  # a target given is the partnerships' too
    assert c.created_at == T0 and (c.expires_at - c.created_at).total_seconds() == 300
    await svc.set_challenge_message(c.id, 5555)
    assert (await svc.get_challenge(c.id)).message_id == 5555
    m = await svc.accept(c.id, 200, "Bobby")
    assert m.players == (100, 200) and m.names == ("Ann", "Bobby") and m.rules == c.rules
    assert m.ai_seat is None and m.status == "active" and m.version == 0 and m.started_at == T0
    assert m.turn_deadline == svc.test_clock.now.replace(minute=30)  # default 1800 s
    assert m.public.turn is not None and m.seat_of(200) == 1 and m.seat_of(3) is None
    got = await svc.get_challenge(c.id)
    assert (got.status, got.match_id) == ("accepted", m.id)
    assert (await svc.match_for_channel(10)).id == m.id
    assert query(svc.store.db.path, "SELECT user_id, name FROM players ORDER BY user_id") == [
        (100, "Ann"),
        (200, "Bobby"),
    ]
    assert query(svc.store.db.path, "SELECT seed FROM matches") == [(42,)]


async def test_challenge_refusals(svc):
    await _refused(svc, svc.challenge(1, 10, 100, "Ann", 100, "Ann"), "cannot challenge yourself")
    await _refused(svc, svc.challenge(1, 10, 100, "Ann", 200, variant="poker"), "Unknown variant")
    await _refused(svc, svc.challenge(1, 10, 100, "Ann", 200, target=5), "target")
    await svc.update_settings(1, allowed_channels=[11, 12])
    await _refused(svc, svc.challenge(1, 10, 100, "Ann", 200), "not played in this channel")
    c = await svc.challenge(1, 11, 100, "Ann", 200)
    await _refused(svc, svc.challenge(1, 11, 300, "Cy", 400), "already an open challenge")
    await svc.accept(c.id, 200, "Bob")
    await _refused(svc, svc.challenge(1, 11, 100, "Ann", 300), "You are already playing a match in this channel")
    await _refused(svc, svc.challenge(1, 11, 300, "Cy", 200), r"<@200> is already playing a match in this channel")
    await _refused(svc, svc.challenge(1, 11, 300, "Cy", 400), "already a match in this channel")
    assert (await svc.challenge(1, 12, 100, "Ann", 300)).status == "open"  # another channel is fine


async def test_accept_refusals(svc):
    c = await svc.challenge(1, 10, 100, "Ann", 200, "Bob")
    await _refused(svc, svc.accept(c.id, 300, "Cy"), r"^This challenge is for <@200>\.$")
    await _refused(svc, svc.accept(c.id, 100, "Ann"), "cannot accept your own challenge")
    await _refused(svc, svc.accept(999, 200, "Bob"), "no such challenge")
    await _refused(svc, svc.decline(c.id, 300), "Only the challenged player")
    await _refused(svc, svc.cancel(c.id, 200), "Only the challenger")
    declined = await svc.decline(c.id, 200)
    assert declined.status == "declined"
    await _refused(svc, svc.accept(c.id, 200, "Bob"), "no longer open: it was declined")
    await _refused(svc, svc.cancel(c.id, 100), "no longer open")
    c2 = await svc.challenge(1, 10, 100, "Ann", 200, "Bob")  # the channel is free again
    assert (await svc.cancel(c2.id, 100)).status == "cancelled"
    await _refused(svc, svc.accept(c2.id, 200, "Bob"), "no longer open: it was (withdrawn|closed)")
    assert await svc.match_for_channel(10) is None
    assert query(svc.store.db.path, "SELECT COUNT(*) FROM player_stats") == [(0,)]  # counts for nobody


async def test_open_challenge(svc):
    c = await svc.challenge(1, 10, 100, "Ann", None)
    assert c.opponent_id is None
    await _refused(svc, svc.decline(c.id, 200), "cannot be declined")
    m = await svc.accept(c.id, 300, "Cy")
    assert m.players == (100, 300)
    assert (await svc.get_challenge(c.id)).opponent_id == 300


async def test_expiry(svc):
    clock = svc.test_clock
    c = await svc.challenge(1, 10, 100, "Ann", 200, ttl_s=60)
    c2 = await svc.challenge(1, 11, 100, "Ann", 200, ttl_s=600)
    clock.advance(59)
    assert await svc.expire_challenges() == []
    clock.advance(1)
    expired = await svc.expire_challenges()
    assert [(e.id, e.status) for e in expired] == [(c.id, "expired")]
    assert await svc.expire_challenges() == []  # only the newly expired
    await _refused(svc, svc.accept(c.id, 200, "Bob"), "no longer open")
    # past its time but not yet swept: accepting marks it expired and refuses
    clock.advance(600)
    with pytest.raises(Refusal, match="has expired"):
        await svc.accept(c2.id, 200, "Bob")
    assert (await svc.get_challenge(c2.id)).status == "expired"
    # an old open challenge does not block a new one
    c3 = await svc.challenge(1, 12, 1, "A", 2, ttl_s=10)
    clock.advance(11)
    assert (await svc.challenge(1, 12, 3, "C", 4)).status == "open"
    assert (await svc.get_challenge(c3.id)).status == "expired"
    # both expired inside other calls; the sweep still reports them once, so their messages get updated
    swept = await svc.expire_challenges()
    assert sorted(e.id for e in swept) == sorted([c2.id, c3.id]) and all(e.status == "expired" for e in swept)
    assert await svc.expire_challenges() == []
    assert await svc.expire_challenges(now=clock.now.replace(year=2030)) != []


async def test_play_bot(svc):
    await _refused(svc, svc.play_bot(1, 10, 100, "Ann", 999, "Bot", level="godlike"), "Unknown level")
    await _refused(svc, svc.play_bot(1, 10, 999, "Bot", 999, "Bot"), "cannot play itself")
    c = await svc.challenge(1, 10, 100, "Ann", None)
    await _refused(svc, svc.play_bot(1, 10, 300, "Cy", 999, "Bot"), "open challenge in this channel")
    await svc.cancel(c.id, 100)
    m = await svc.play_bot(1, 10, 100, "Ann", 999, "Bot", level="easy", variant="straight")
    assert (m.players, m.ai_seat, m.ai_level, m.rules.name) == ((100, 999), 1, "easy", "straight")
    await _refused(svc, svc.play_bot(1, 10, 100, "Ann", 999, "Bot"), "already playing a match in this channel")
    await _refused(svc, svc.challenge(1, 10, 300, "Cy", 400), "already a match in this channel")


async def test_settings(svc):
    assert await svc.guild_settings(7) == GuildSettings(7)
    s = await svc.update_settings(
        7, default_variant="Hollywood", target=250, turn_timeout_s=600, allowed_channels=[3, 1, 3]
    )
    assert s == GuildSettings(7, "hollywood", 250, 600, (1, 3))
    await _refused(svc, svc.update_settings(7, default_variant="chess"), "Unknown variant")
    await _refused(svc, svc.update_settings(7, target=9), "target")
    await _refused(svc, svc.update_settings(7, target=True), "target")
    await _refused(svc, svc.update_settings(7, turn_timeout_s=10), "turn timeout")
    await _refused(svc, svc.update_settings(7, allowed_channels=["x"]), "allowed channels")
    with pytest.raises(TypeError):
        await svc.update_settings(7, colour="red")
    assert (await svc.update_settings(7, target=None)).target is None
    c = await svc.challenge(7, 1, 100, "Ann", 200)  # the guild default variant applies
    assert c.rules == preset("hollywood")
    await svc.close()
    again = await TableService.open(svc.store.db.path)
    assert await again.guild_settings(7) == GuildSettings(7, "hollywood", None, 600, (1, 3))
    await again.close()
