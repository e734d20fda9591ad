"""Games beyond two-player Gin through the stand-in: Knockout against the bot from /gin play to
the match end, every move pressed on the control the bot offers; every drawn game is offered for
new tables (Colonel, Skarney Gin and Rummy too: tests/e2e/test_table_games.py plays them), and a
game held back would be refused with the reason."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.ai import chooser_for
from fakediscord import FakeDiscord, StoredMessage
from render.games import register_renderer, renderer_for
from tests.e2e.game_driver import fixed_seeds, gin_bot, public_hand_leaks, refusal_text


def moves_on(hand: StoredMessage) -> list[dict[str, Any]]:
    return [c for c in hand.all_components() if c.get("type") in (2, 3) and not c["custom_id"].endswith(":hand")]


async def test_knockout_against_the_bot_plays_to_the_end(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "g.sqlite3", seeds=fixed_seeds(3), ai_delay_s=0.0) as bot:
        assert bot.service is not None
        ix = await fd.slash(fd.alice, "gin", subcommand="play", options={"game": "knockout", "level": "easy"})
        assert (await ix.final(10)).ephemeral
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        assert board.content.startswith("**Knockout")
        cid = board.component(label="My hand")["custom_id"]
        match_id = int(cid.split(":")[1])
        hand = await (await fd.click(fd.alice, board, cid)).final(10)
        rng, pressed, seen = random.Random(1), 0, -1

        def fresh() -> bool | None:
            """The live hand shows newer controls than the last ones pressed, or the match is over."""
            versions = [int(c["custom_id"].rsplit(":", 1)[1]) for c in moves_on(hand)]
            over = any(m.find_component(label="Rematch") for m in fd.channel_messages())
            return (bool(versions) and max(versions) > seen) or over or None

        for _ in range(500):
            await fd.wait_until(fresh, timeout=10)  # no click: the bot's moves redraw this hand
            info = await bot.service.get_match(match_id)
            if info.status != "active":
                break
            view = await bot.service.seat_view(match_id, fd.alice.id)
            want = str(chooser_for("knockout")(view, "easy", rng)).replace(" ", ".")
            control = next(
                c for c in moves_on(hand) if c["type"] == 2 and c["custom_id"].split(":")[2] in (want, "ask." + want)
            )
            seen = int(control["custom_id"].rsplit(":", 1)[1])
            press = await fd.click(fd.alice, hand, control["custom_id"])
            await press.settled(10)
            if control["custom_id"].split(":")[2].startswith("ask."):  # a knock asks first
                ask = press.followups[-1] if press.followups else hand
                yes = next(
                    c
                    for c in ask.all_components()
                    if c.get("type") == 2 and not c["custom_id"].endswith((":cancel", ":hand"))
                )
                press = await fd.click(fd.alice, ask, yes["custom_id"])
                await press.settled(10)
            assert not press.followups, press.followups[-1].content
            pressed += 1
        info = await bot.service.get_match(match_id)
        assert info.status == "finished" and pressed > 10
        end = await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None)
        assert "vs the bot" in end.content
    assert public_hand_leaks(fd) == []


async def test_every_drawn_game_is_offered_and_a_held_back_one_is_refused(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "g.sqlite3") as bot:
        assert bot.service is not None
        ac = await fd.autocomplete(fd.alice, "gin", subcommand="challenge", focused="game", options={"game": ""})
        offered = {c["value"] for c in (await ac.response()).choices}
        assert {"gin", "knockout", "colonel", "skarney", "rummy"} <= offered
        # a game drawn but held back (none is today) is refused for new tables with the reason
        register_renderer("colonel", renderer_for("colonel"), offered=False)
        try:
            ix = await fd.slash(fd.alice, "gin", subcommand="play", options={"game": "colonel"})
            assert await refusal_text(ix) == "I can't show Colonel here yet."
            assert await bot.service.match_for_channel(fd.channel.id) is None
        finally:
            register_renderer("colonel", renderer_for("colonel"))
        ix = await fd.slash(fd.alice, "gin", subcommand="play", options={"game": "rummy", "level": "easy"})
        assert (await ix.final(10)).ephemeral
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        assert board.content.startswith("**Rummy")
