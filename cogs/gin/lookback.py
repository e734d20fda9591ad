"""/gin history, /gin replay and /gin last: looking back at finished matches and hands, privately
(the viewer's Review button, the coach: coaching.py).

A plain Cog adding its commands to the Gin cog's /gin group (like the stats and help cogs). The
replay viewer's buttons carry the match and the position in their custom_id, so they work after a
restart; what a viewer may see is decided by the table service (bot/tables/replay.py) from who
clicks, never from the id.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import game_type
from bot.i18n import current
from bot.tables import HeadToHead, Refusal, ReplayBook, ReplayFrame, reviewable
from render.games import renderer_for

from .answer import answers
from .coaching import ReviewButton, review_id
from .commands import Players
from .families import family, family_games
from .flows import Desk, desk_of, draw
from .joining import JoinsGin

# A step of the viewer: the position to show; the jumps to a hand's start and end add which button
# they are (``:s``, ``:e``), as Discord refuses two buttons of one message with the same id.
REPLAY_RE = r"gin:rp:(?P<match>[0-9]{1,19}):(?P<pos>[0-9]{1,9})(?::(?P<jump>[se]))?"
# A page's id: whose history, below which match; a filtered history adds its game and table size
# (older buttons, without them, keep working).
PAGE_RE = r"gin:hist:(?P<user>[0-9]{1,20}):(?P<before>[0-9]{1,19})(?::(?P<game>[a-z_]{0,20}):(?P<seats>[0-9]?))?"
OPEN_RE = r"gin:hopen"


def replay_id(match_id: int, position: int, jump: str = "") -> str:
    return f"gin:rp:{match_id}:{position}" + (f":{jump}" if jump else "")


def _book_title(book: ReplayBook) -> str:
    kind = game_type(book.match.game)
    return current()._(
        "{game} ({players} players), match #{number}", game=kind.title, players=book.match.seats, number=book.match.id
    )


def head_to_head(name: str, other: str, record: HeadToHead) -> str:
    """'Alice against Bob: 5 matches, 3 won, 2 lost · points 640–580 · last: W L W W L'."""
    t = current()
    if not record.matches:
        return t._("{player} and {other} have not finished a match together in this server.", player=name, other=other)
    won, lost = t._("W"), t._("L")  # one letter each: a won and a lost match in the list of the last ones
    last = " ".join(won if w else lost for w in record.last)
    return t.ngettext(
        "**{player} against {other}**: {n} match, {won} won, {lost} lost · points {points_for}–{points_against} · "
        "last (newest first): {last}",
        "**{player} against {other}**: {n} matches, {won} won, {lost} lost · points {points_for}–{points_against} · "
        "last (newest first): {last}",
        record.matches,
        player=name,
        other=other,
        n=record.matches,
        won=record.won,
        lost=record.lost,
        points_for=record.points_for,
        points_against=record.points_against,
        last=last,
    )


async def replay_message(
    desk: Desk, book: ReplayBook, frame: ReplayFrame
) -> tuple[str, list[discord.File], discord.ui.View]:
    """The viewer at one position: the board as it was, the hands this viewer may see, the move in
    words and the buttons to step (every edit sends it whole)."""
    match = book.match
    renderer = renderer_for(match.game)
    style = desk.board.style
    names = list(match.names)
    table = await draw(renderer.table, frame.public, names, style)
    files = [discord.File(table.file(), filename="replay-table.png", description=table.description)]
    for seen in frame.seats:
        hand = await draw(renderer.hand, seen, names, style)
        files.append(
            discord.File(hand.file(), filename=f"replay-hand-{seen.seat + 1}.png", description=hand.description)
        )
    words = renderer.describe(frame.public, names)
    t = current()
    text = t._(
        "**{title}**: hand {hand}, move {position} of {last}",
        title=_book_title(book),
        hand=frame.hand,
        position=frame.position,
        last=book.last,
    )
    text += f"\n{words}"
    if not (book.everything or book.viewer_seat is None):
        text += "\n" + t._("You see your own cards; the others' once the match is over.")
    start = book.hand_start(frame.hand)
    end = next((e for e in book.hand_ends if e > frame.position), book.last)
    buttons = discord.ui.View(timeout=None)
    for label, target, enabled, jump in (
        ("⏮ " + t._("Hand start"), start, frame.position > start, "s"),
        ("◀", frame.position - 1, frame.position > 0, ""),
        ("▶", frame.position + 1, frame.position < book.last, ""),
        ("⏭ " + t._("Hand end"), end, frame.position < end, "e"),
    ):
        buttons.add_item(
            ReplayButton(replay_id(match.id, max(0, min(target, book.last)), jump), label=label, disabled=not enabled)
        )
    if book.viewer_seat is not None and reviewable(match) and frame.hand <= len(book.hand_ends):
        # his own finished hand of two-player Gin: the coach may look at it (the service checks again)
        buttons.add_item(ReviewButton(review_id(match.id, frame.hand), label=t._("Review this hand")))
    return text[:2000], files, buttons


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_RE):
    """One step of the replay viewer: the position to show is in the id."""

    def __init__(self, custom_id: str, *, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or None, style=discord.ButtonStyle.secondary, custom_id=custom_id, disabled=disabled
            )
        )
        found = re.fullmatch(REPLAY_RE, custom_id)
        self.match_id = int(found["match"]) if found else 0
        self.position = int(found["pos"]) if found else 0

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(match.string, label=getattr(item, "label", None) or "")

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # Discord first: the replay reads the log and draws
        desk = desk_of(interaction.client)
        book = await desk.service.open_replay(self.match_id, interaction.user.id)
        frame = await desk.service.replay_frame(book, self.position)
        text, files, buttons = await replay_message(desk, book, frame)
        await interaction.edit_original_response(content=text, attachments=files, view=buttons)


def _history_lines(desk: Desk, past: list[Any], user_id: int) -> list[str]:
    lines = []
    for p in past:
        m = p.match
        others = ", ".join(name for seat, name in enumerate(m.names) if seat != p.seat)
        won = m.winner is not None and (
            m.teams[p.seat] == m.teams[m.winner] if m.teams is not None else m.winner == p.seat
        )
        totals = "–".join(str(total) for total in m.totals) if m.totals is not None else "?"
        t = current()
        how = t._("resigned") if m.status == "resigned" else t._("won") if won else t._("lost")
        change = "" if p.rating_change is None else f"{p.rating_change:+d}"
        rating = ", " + t._("rating {change}", change=change) if change else ""
        when = f"<t:{int((m.ended_at or m.started_at).timestamp())}:d>"
        against = t._("vs {players}", players=others)
        lines.append(f"#{m.id} · {when} · {game_type(m.game).title} ({m.seats}) {against} · {how} {totals}{rating}")
    return lines


async def history_message(
    desk: Desk,
    guild_id: int,
    user: discord.abc.User,
    before: int | None,
    game: str | None = None,
    seats: int | None = None,
) -> tuple[discord.Embed, discord.ui.View]:
    past = await desk.service.history(guild_id, user.id, before, game=game, seats=seats)
    if not past and before is None:
        raise Refusal("{player} has no finished match in this server yet.", player=user.display_name)
    embed = discord.Embed(
        title=current()._("{player}: finished matches", player=user.display_name),
        description="\n".join(_history_lines(desk, past, user.id)) or current()._("No older matches."),
    )
    buttons = discord.ui.View(timeout=None)
    if past:
        page = f"gin:hist:{user.id}:{past[-1].match.id}"
        if game is not None or seats is not None:
            page += f":{game or ''}:{seats or ''}"
        buttons.add_item(HistoryPage(page, label=current()._("Older ▶")))
        buttons.add_item(OpenReplay([p.match.id for p in past]))
    return embed, buttons


class HistoryPage(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_RE):
    """The next page of a player's history: whose, and below which match id, in the id."""

    def __init__(self, custom_id: str, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label or None, style=discord.ButtonStyle.secondary, custom_id=custom_id)
        )
        found = re.fullmatch(PAGE_RE, custom_id)
        self.user_id = int(found["user"]) if found else 0
        self.before = int(found["before"]) if found else 0
        self.game = (found["game"] or None) if found else None
        self.seats = int(found["seats"]) if found and found["seats"] else None

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistoryPage:
        return cls(match.string, label=getattr(item, "label", None) or "")

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        assert interaction.guild is not None
        member = interaction.guild.get_member(self.user_id) or await interaction.client.fetch_user(self.user_id)
        embed, buttons = await history_message(
            desk_of(interaction.client), interaction.guild.id, member, self.before, self.game, self.seats
        )
        await interaction.edit_original_response(embed=embed, view=buttons)


class OpenReplay(discord.ui.DynamicItem[discord.ui.Select[Any]], template=OPEN_RE):
    """Open one match of a history page in the replay viewer (the match ids are the options)."""

    def __init__(self, match_ids: list[int] | None = None) -> None:
        t = current()
        options = [
            discord.SelectOption(label=t._("Replay match #{number}", number=i), value=str(i))
            for i in (match_ids or [])[:25]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=OPEN_RE,
                placeholder=t._("Replay a match…"),
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OpenReplay:
        return cls()

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        chosen = self.item.values[0] if self.item.values else "0"
        match_id = int(chosen) if chosen.isdigit() else 0
        await _open(interaction, match_id, None)


async def _open(
    interaction: discord.Interaction, match_id: int, position: int | None, *, with_file: bool = False
) -> None:
    desk = desk_of(interaction.client)
    book = await desk.service.open_replay(match_id, interaction.user.id)
    frame = await desk.service.replay_frame(book, book.last if position is None else position)
    text, files, buttons = await replay_message(desk, book, frame)
    if with_file:
        saved = (await desk.service.replay_file(match_id)).to_json().encode("utf-8")
        files.append(discord.File(io.BytesIO(saved), filename=f"gin-match-{match_id}.json"))
    await interaction.followup.send(text, files=files, view=buttons, ephemeral=True)


@app_commands.describe(
    user="Whose matches (default: yours)",
    game="Only this game (default: every game)",
    players="Only this table size (default: every size)",
)
@app_commands.autocomplete(game=family_games)
@answers
async def history_command(
    interaction: discord.Interaction,
    user: discord.Member | None = None,
    game: str | None = None,
    players: Players | None = None,
) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    assert interaction.guild is not None
    if game is not None:
        game = family(game, players)[0].split(":", 1)[0]  # a known game (else the reason), as stored
    embed, buttons = await history_message(
        desk_of(interaction.client), interaction.guild.id, user or interaction.user, None, game, players
    )
    await interaction.followup.send(embed=embed, view=buttons, ephemeral=True)


@app_commands.describe(
    match="The match number (default: the last one in this channel)",
    file="Also attach the finished match as a file (for python -m bot replay)",
)
@answers
async def replay_command(
    interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None, file: bool = False
) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    desk = desk_of(interaction.client)
    if match is None:
        assert interaction.channel_id is not None
        found = await desk.service.last_scored_match(interaction.channel_id)
        if found is None:
            raise Refusal("No hand has finished in this channel yet: name a match.")
        match = found
    await _open(interaction, match, None, with_file=file)


@answers
async def last_command(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    desk = desk_of(interaction.client)
    assert interaction.channel_id is not None
    book, frame = await desk.service.last_hand(interaction.channel_id, interaction.user.id)
    renderer = renderer_for(book.match.game)
    names = list(book.match.names)
    image = await draw(renderer.result, frame.public, names, desk.board.style)
    line = renderer.hand_line(frame.public, names) or current()._("The hand is over.")
    files = (
        [] if image is None else [discord.File(image.file(), filename="last-hand.png", description=image.description)]
    )
    said = current()._("**{title}**, hand {hand}: {line}", title=_book_title(book), hand=frame.hand, line=line)
    await interaction.followup.send(said, files=files, ephemeral=True)


COMMANDS = (
    ("history", "Your finished matches in this server (or another player's), to replay", history_command),
    ("replay", "Step through a match move by move (privately)", replay_command),
    ("last", "The last finished hand of this channel: both hands, lay-offs and the score", last_command),
)


class Lookback(JoinsGin):
    """Adds /gin history, /gin replay and /gin last to the Gin cog's group, and the viewer's buttons."""

    COMMANDS = COMMANDS

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.add_dynamic_items(ReplayButton, HistoryPage, OpenReplay, ReviewButton)

    async def cog_unload(self) -> None:
        await super().cog_unload()
        self.bot.remove_dynamic_items(ReplayButton, HistoryPage, OpenReplay, ReviewButton)


async def setup(bot: commands.Bot) -> None:
    """Needs the Gin cog loaded first (cogs.gin.commands)."""
    await bot.add_cog(Lookback(bot))
