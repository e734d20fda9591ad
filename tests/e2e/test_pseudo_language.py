"""A whole match with everyone in the pseudo-language (every catalogue text accented, longer and in
⟦brackets⟧): any English word left in a payload the bot sent escaped the catalogue."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.i18n import PSEUDO
from fakediscord import FakeDiscord
from fakediscord.records import Payload
from tests.e2e.game_driver import fixed_seeds, gin_bot, play_out, service_of, start_match
from tests.pseudo_language import GAME_TITLES, english_left


def texts_of(payload: Payload) -> Iterator[str]:
    """Every text a player reads in a payload: content, embeds, buttons, menus, picture descriptions."""
    data = payload.message_data
    yield data.get("content") or ""
    for embed in data.get("embeds") or []:
        yield embed.get("title") or ""
        yield embed.get("description") or ""
        for field in embed.get("fields") or []:
            yield f"{field.get('name', '')} {field.get('value', '')}"
    yield from _component_texts(data.get("components") or [])
    for attachment in data.get("attachments") or []:
        yield attachment.get("description") or ""


def _component_texts(components: list[dict[str, Any]]) -> Iterator[str]:
    for c in components:
        yield c.get("label") or ""
        yield c.get("placeholder") or ""
        for option in c.get("options") or []:
            yield option.get("label") or ""
        yield from _component_texts(c.get("components") or [])


async def test_a_whole_match_in_the_pseudo_language_leaves_no_english(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(5), sync=False) as bot:
        alice, bob = await start_match(fd)
        service = service_of(bot)
        await service.update_settings(fd.guild_id, language=PSEUDO)
        for player in (alice, bob):
            await service.set_player_style(player.user.id, language=PSEUDO)
        first = len(fd.store.payloads)
        moves = await play_out([alice, bob])
        assert moves > 10
        # Names: the players', and the games' own (they stay as the rules texts name them: docs/i18n.md).
        names = {"Alice", "Bob", "alice", "bob", "GinBot", *GAME_TITLES}
        left = {
            word: (p.kind, text[:120])
            for p in fd.store.payloads[first:]
            if p.kind != "commands"
            for text in texts_of(p)
            for word in english_left(text, names)
        }
        assert left == {}, left
