"""The tournament's picture: the bracket for the elimination formats, else the standings, in the language
spoken; a picture that fails to draw or to upload leaves the words to go alone, with the same nonce."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.i18n import speaking
from bot.tournaments import Format
from cogs.gin.flows.reach import UNKNOWN_CHANNEL
from cogs.gin.tournament import pictures
from render.kit.style import DEFAULT_STYLE
from tests.tournaments.helpers import begin


@dataclass
class Response:
    """What discord.HTTPException reads of an aiohttp response."""

    status: int
    reason: str = "refused"


@dataclass
class Channel:
    """Records each send; refuses a file with ``error`` when set."""

    error: Exception | None = None
    sent: list[dict[str, Any]] = field(default_factory=list)

    async def send(self, **fields: Any) -> str:
        self.sent.append(fields)
        if "file" in fields and self.error is not None:
            raise self.error
        return "message"


async def test_the_bracket_for_an_elimination_format_else_the_standings_in_the_language_spoken() -> None:
    with speaking("de"):
        bracket = await pictures.picture(begin(Format.DOUBLE, 6), DEFAULT_STYLE)
        table = await pictures.picture(begin(Format.SWISS, 6, rounds=3), DEFAULT_STYLE)
    assert bracket is not None and bracket.filename == "bracket.png"
    assert table is not None and table.filename == "standings.png" and table.alt.startswith("Tabelle")


async def test_a_picture_that_fails_to_draw_is_none(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("no font")

    monkeypatch.setattr(pictures, "render_standings", broken)
    assert await pictures.picture(begin(Format.ROUND_ROBIN, 4), DEFAULT_STYLE) is None


async def test_a_refused_upload_sends_the_words_alone_with_the_same_nonce() -> None:
    image = await pictures.picture(begin(Format.SINGLE, 4), DEFAULT_STYLE)
    too_large = discord.HTTPException(Response(413), {"code": 40005, "message": "Request entity too large"})
    for error in (too_large, discord.Forbidden(Response(403), {"code": 50013, "message": "Missing Permissions"})):
        where = Channel(error)
        assert await pictures.send_with_picture(where.send, image, content="words", nonce="gin-tn-7") == "message"
        assert [sorted(f) for f in where.sent] == [["content", "file", "nonce"], ["content", "nonce"]]
        assert where.sent[1] == {"content": "words", "nonce": "gin-tn-7"}
    where = Channel()
    await pictures.send_with_picture(where.send, image, content="words")
    assert len(where.sent) == 1 and where.sent[0]["file"].filename == "bracket.png"  # accepted: sent once
    where = Channel()
    await pictures.send_with_picture(where.send, None, content="words")
    assert where.sent == [{"content": "words"}]  # no picture: the words


async def test_a_lost_channel_is_not_tried_again_without_the_picture() -> None:
    image = await pictures.picture(begin(Format.SINGLE, 4), DEFAULT_STYLE)
    where = Channel(discord.NotFound(Response(404), {"code": UNKNOWN_CHANNEL, "message": "Unknown Channel"}))
    with pytest.raises(discord.NotFound):
        await pictures.send_with_picture(where.send, image, content="words")
    assert len(where.sent) == 1
