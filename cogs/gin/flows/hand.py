"""What one player sees privately: the hand message and the moves made from it, questions before
a move (a knock), resigning (after a confirmation), claiming an idle opponent's match, the rules.

The hand message is live (``live.LiveHands``): when the table moves, the bot redraws the
waiting player's message itself (``push``): his cards and controls when the turn comes to him,
the words of the opponent's move while it is still the opponent's turn, the result when a hand
ends. So an ordinary turn is two clicks (a draw, a discard) and no Refresh.

Under load: a redraw waiting behind a newer one for the same message is skipped (the newer one
draws, with the picture if either needed it); at most ``DRAWS_AT_ONCE`` hand messages are drawn
at once; and when the pictures queue up, the mover first reads that his move is saved and the
picture follows.

A player's cards only ever go into that player's ephemeral messages: a hand is drawn from the
seat's own view (``ActResult.views[seat]`` or ``TableService.seat_view``) into a message of
that player's own interactions (the clicked message if it is his ephemeral one, else a new
ephemeral answer). Every handler answers (defers) before it touches the database. Each player's
look (/gin style) is his own: four-colour deck, card size, or words instead of pictures.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from bot.engine import SeatViewLike
from bot.i18n import speaking
from bot.tables import STALE, ActResult, MatchInfo, MatchStatus, Refusal, TableService
from render import Control, Style, card_order, card_size, renderer_for

from .. import messages
from ..components import confirm_view, hand_view, ids, resign_confirm_view
from ..speech import reader_language
from .live import LiveHand, LiveHands
from .posting import draw, image_file, missing_permissions, own_ephemeral, pictures
from .reach import PostingRefused

log = logging.getLogger(__name__)

# The public side of a committed move; returns why the board could not show it (a missing permission).
ShowMove = Callable[[ActResult, int | None], Coroutine[Any, Any, PostingRefused | None]]
REDRAWS = 3  # draws of one hand message in a row while the table keeps moving (the newest wins)
# Hand messages drawn at once; more wait here (costing nothing), so that answering new clicks, the
# first thing every handler does, stays quick however many moves queue up behind them.
DRAWS_AT_ONCE = 16


def own_cards(view: SeatViewLike) -> tuple[object, ...]:
    """The seat's own cards in its view (what its hand picture shows)."""
    return tuple(view.hand)


def over_note(result: ActResult) -> str:
    return (
        messages.MATCH_OVER_NOTE
        if result.match_over
        else messages.HAND_OVER_NOTE
        if result.hand_over is not None
        else ""
    )


class Hands:
    """Private answers: the hand (My hand, Refresh, /gin hand), moves, questions, resign, claim, rules;
    and the live hands redrawn after every move."""

    def __init__(self, service: TableService, style: Style, show_move: ShowMove, live: LiveHands | None = None) -> None:
        self.service = service
        self.style = style  # the server's look; each player's own choices override it for his hand
        self.show_move = show_move  # the public side of a committed move (Desk.after_move)
        self.live = live if live is not None else LiveHands()
        self.gate = asyncio.Semaphore(DRAWS_AT_ONCE)
        # Each player's Discord client language, from his latest interaction: his live hand is redrawn
        # without one (another's move), and is still written in his language.
        self.locales: dict[int, str] = {}

    def heard(self, interaction: discord.Interaction) -> None:
        """Remember the language of the clicking player's client."""
        self.locales[interaction.user.id] = str(interaction.locale)

    async def language(self, user_id: int) -> str:
        """The language of a player's private messages: his choice, else his client's (as last heard)."""
        return reader_language(await self.service.player_style(user_id), self.locales.get(user_id))

    async def _player_match(self, match_id: int, user_id: int) -> MatchInfo:
        """The match, if this user plays in it and it is still going (else a Refusal)."""
        match = await self.service.get_match(match_id)
        if match.seat_of(user_id) is None:
            raise Refusal(messages.NOT_PLAYING)
        if match.status is not MatchStatus.ACTIVE:
            raise Refusal(messages.MATCH_OVER)
        return match

    async def _defer(self, interaction: discord.Interaction) -> None:
        """Defer: an update of the clicked hand message if it is the user's own, else a new ephemeral one."""
        if interaction.response.is_done():
            return
        if own_ephemeral(interaction):
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    # -- the hand message ------------------------------------------------------------------------
    async def _look(self, user_id: int) -> tuple[Style, bool]:
        """The player's own look: (picture style with his card order and hints, words instead of pictures)."""
        pref = await self.service.player_style(user_id)
        try:
            style = Style(
                four_colour=pref.four_colour,
                size=card_size(pref.card_size),
                scale=self.style.scale,
                order=card_order(pref.card_order),
                hints=pref.hints,
            )
        except ValueError:  # a choice this renderer does not draw: the server's look
            style = self.style
        return style, pref.text_only

    async def _message(
        self, match: MatchInfo, view: Any, user_id: int, *, note: str = "", happened: bool = True, picture: bool = True
    ) -> dict[str, Any]:
        """The hand message: what just happened, whose move and until when, the picture (or its words)
        and, while the match goes on, the seat's controls. ``picture=False``: the words only (the
        picture and controls stay as they are), for a move that changed nothing of this seat's."""
        with speaking(await self.language(user_id)):  # his own message: his language, words and picture
            return await self._message_in_language(match, view, user_id, note=note, happened=happened, picture=picture)

    async def _message_in_language(
        self, match: MatchInfo, view: Any, user_id: int, *, note: str, happened: bool, picture: bool
    ) -> dict[str, Any]:
        renderer = renderer_for(match.game)
        note = messages.tr(note) if note else ""  # a marked note (over_note) in his language
        active = match.status is MatchStatus.ACTIVE
        style, text_only = await self._look(user_id)
        mine = active and view.seat in view.to_act
        said = renderer.describe(view, match.names) if happened else ""
        status = renderer.status_line(view, match.names)
        deadline = match.turn_deadline if mine else None
        hint = renderer.hint(view) if style.hints else ""
        if not picture and not text_only:
            return {"content": messages.hand_text(status, note, hint, said, deadline)}
        image = await draw(renderer.hand, view, match.names, style)
        content = messages.hand_text(status, note, hint, said, deadline, image.alt if text_only else "")
        controls = hand_view(match.id, view.moves, renderer.controls(view), style.hints) if active else None
        return {"content": content, "attachments": [] if text_only else [image_file(image)], "view": controls}

    async def _draw_own(
        self,
        interaction: discord.Interaction,
        match: MatchInfo,
        view: Any,
        *,
        note: str = "",
        happened: bool = True,
        moved: bool = False,
    ) -> None:
        """Draw the seat's view into this interaction's message: from now on the player's live hand.
        If a newer move was drawn there meanwhile (the opponent was quick), the newest state is drawn.
        When the pictures queue up (over capacity), the player first reads that his move (``moved``)
        is saved and the picture follows: an answer within moments, never a long 'thinking'."""
        user = interaction.user.id
        self.heard(interaction)
        hand = self.live.entry(match.id, user)
        if pictures().busy or self.gate.locked():
            await interaction.edit_original_response(
                content=messages.tr(messages.BUSY_MOVE if moved else messages.BUSY_HAND), attachments=[], view=None
            )
        async with self.gate, hand.lock:
            # Live from now on: a move committed while this draws is pushed here once the lock is free.
            hand.interaction = interaction
            for _ in range(REDRAWS):
                if view.moves < hand.version:
                    match = await self.service.get_match(match.id)
                    view = await self.service.seat_view(match.id, user)
                    note, happened = "", True
                await interaction.edit_original_response(
                    **await self._message(match, view, user, note=note, happened=happened)
                )
                self.live.drawn(hand, interaction, view.moves)
                hand.cards = own_cards(view)
                # A move committed before this message was live was pushed nowhere: draw it too.
                latest = await self.service.seat_view(match.id, user)
                if latest.moves <= view.moves:
                    break
                match, view, note, happened = await self.service.get_match(match.id), latest, "", True

    async def push(self, result: ActResult, drawn_seat: int | None = None) -> set[int]:
        """Redraw the live hands of the human seats after a committed move (not ``drawn_seat``'s: his
        own click draws it). Returns the seats whose hand message shows the move."""
        match = result.match
        seats = [s for s in range(len(match.players)) if not match.is_ai(s) and s != drawn_seat]
        done = await asyncio.gather(*(self._push_one(result, s) for s in seats))
        if result.match_over:
            self.live.forget_match(match.id)
        return {s for s, ok in zip(seats, done, strict=True) if ok}

    async def _push_one(self, result: ActResult, seat: int) -> bool:
        match = result.match
        hand = self.live.alive(match.id, match.players[seat])
        if hand is None:
            return False
        view = result.views[seat]
        # The turn came to him, or a hand or the match ended: everything. Else (the opponent drew
        # and still has to discard) the words of the move: his cards and controls are as they were.
        full = result.match_over or result.hand_over is not None or seat in (match.to_act or (match.public.turn,))
        hand.queued = max(hand.queued, view.moves)
        try:
            async with self.gate, hand.lock:
                if hand.version >= view.moves:
                    return True  # this move, or a newer one, is drawn already
                if hand.queued > view.moves:
                    # Coalesced: a newer move waits to be drawn here (with the picture if this one needed it).
                    hand.owe_picture = hand.owe_picture or full
                    return True
                interaction = hand.interaction
                if interaction is None:
                    return False
                # His own cards changed by another's move (Skarney: his offered card was taken): the picture too.
                full = full or hand.owe_picture or own_cards(view) != hand.cards
                payload = await self._message(match, view, hand.user_id, note=over_note(result), picture=full)
                await interaction.edit_original_response(**payload)
                hand.version = view.moves
                if full:
                    hand.cards = own_cards(view)
                hand.owe_picture = False
        except discord.HTTPException as error:
            self.live.lost(hand, f"HTTP {error.status}")
            return False
        return True

    async def redraw(self, user_id: int) -> int:
        """Redraw every live hand of this player (his look changed); returns how many."""
        count = 0
        for hand in list(self.live.of_user(user_id)):
            try:
                match = await self.service.get_match(hand.match_id)
                if match.status is not MatchStatus.ACTIVE:
                    continue
                view = await self.service.seat_view(hand.match_id, user_id)
                async with hand.lock:
                    if hand.interaction is None or hand.version > view.moves:
                        continue
                    await hand.interaction.edit_original_response(**await self._message(match, view, user_id))
                    hand.version = view.moves
                    hand.cards = own_cards(view)
                count += 1
            except discord.HTTPException as error:
                self.live.lost(hand, f"HTTP {error.status}")
            except Refusal:
                continue
        return count

    # -- answers ---------------------------------------------------------------------------------
    async def show(self, interaction: discord.Interaction, match_id: int) -> None:
        """My hand: a new ephemeral message (the board, /gin hand) or the same one redrawn (Refresh,
        Cancel of a question). Either way it becomes the player's live hand."""
        await self._defer(interaction)
        match = await self._player_match(match_id, interaction.user.id)
        view = await self.service.seat_view(match_id, interaction.user.id)
        await self._draw_own(interaction, match, view)

    async def move(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None:
        """A move button of the hand message (``action`` is the engine's action text): play it."""
        await self._defer(interaction)
        await self._act(interaction, match_id, action, version)

    async def _act(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None:
        """Act, then redraw this message and show the move publicly (and in the other live hands)."""
        result = await self.service.act(match_id, interaction.user.id, action, version)
        # The public side starts before anything else can await: a move the bot makes next must not
        # reach the board first (its newer version would hide this one).
        shown = asyncio.create_task(self.show_move(result, result.seat), name=f"gin-board-{match_id}")
        try:
            match = result.match
            log.info("match %d: seat %d played %s (version %d)", match.id, result.seat, ids.verb(action), match.version)
            ended = result.match_over or result.hand_over is not None
            await self._draw_own(
                interaction, match, result.views[result.seat], note=over_note(result), happened=ended, moved=True
            )
        finally:
            refused = await shown
        await self.tell_refused(interaction, refused)

    async def tell_refused(self, interaction: discord.Interaction, refused: PostingRefused | None) -> None:
        """The board could not show the player's saved move: tell him, privately, which of the bot's
        permissions in the channel is missing (nothing, if none is missing any more)."""
        missing = missing_permissions(interaction) if refused is not None else []
        if not missing:
            return
        with speaking(await self.language(interaction.user.id)):
            text = messages.cannot_post([messages.tr(name) for name in missing])
        await interaction.followup.send(text, ephemeral=True)

    def _control(self, match: MatchInfo, view: Any, action: str, version: int) -> Control:
        """The seat's control for ``action`` at ``version``: STALE if the table has moved on since."""
        if view.moves != version:
            raise Refusal(STALE)
        control = next((c for c in renderer_for(match.game).controls(view) if c.action == action), None)
        if control is None:
            raise Refusal(messages.INVALID_CONTROL)
        return control

    async def ask(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None:
        """A move that asks first (a knock): its question, the move's own button and Cancel, in place."""
        await self._defer(interaction)
        match = await self._player_match(match_id, interaction.user.id)
        view = await self.service.seat_view(match_id, interaction.user.id)
        control = self._control(match, view, action, version)
        if not control.confirm:
            await self._act(interaction, match_id, action, version)
            return
        await self._ask(interaction, match, version, control)

    async def choose(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None:
        """A choice in a move menu: asks first if its control does, else plays it."""
        await self._defer(interaction)
        match = await self._player_match(match_id, interaction.user.id)
        view = await self.service.seat_view(match_id, interaction.user.id)
        control = (
            next((c for c in renderer_for(match.game).controls(view) if c.action == action), None)
            if view.moves == version
            else None
        )
        if control is not None and control.confirm:
            await self._ask(interaction, match, version, control)
            return
        await self._act(interaction, match_id, action, version)  # the service refuses what is stale or illegal

    async def _ask(self, interaction: discord.Interaction, match: MatchInfo, version: int, control: Control) -> None:
        hand: LiveHand = self.live.entry(match.id, interaction.user.id)
        async with hand.lock:
            await interaction.edit_original_response(
                content=control.confirm, view=confirm_view(match.id, version, control)
            )
            self.live.drawn(hand, interaction, version)
        log.info("match %d: asked to confirm %s (version %d)", match.id, ids.verb(control.action), version)

    async def ask_resign(self, interaction: discord.Interaction, match_id: int) -> None:
        """Resign asks first (the board's button and /gin resign): nothing changes yet."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self._player_match(match_id, interaction.user.id)
        await interaction.edit_original_response(
            content=messages.tr(messages.RESIGN_ASK), view=resign_confirm_view(match_id)
        )

    async def resign(self, interaction: discord.Interaction, match_id: int) -> None:
        await interaction.response.defer()
        result = await self.service.resign(match_id, interaction.user.id)
        await interaction.edit_original_response(content=messages.tr(messages.RESIGNED), view=None)
        await self.tell_refused(interaction, await self.show_move(result, None))

    async def cancel(self, interaction: discord.Interaction, match_id: int) -> None:
        """Cancel of the resign question: nothing happened, and the question says so."""
        await interaction.response.edit_message(content=messages.tr(messages.RESIGN_CANCELLED), view=None)

    async def claim(self, interaction: discord.Interaction, match_id: int) -> None:
        """The waiting player takes the win from an opponent idle past the deadline."""
        await interaction.response.defer()
        result = await self.service.claim(match_id, interaction.user.id)
        await interaction.edit_original_response(content=messages.claimed(interaction.user.display_name), view=None)
        await self.tell_refused(interaction, await self.show_move(result, None))

    async def rules(self, interaction: discord.Interaction, match_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self.service.get_match(match_id)
        await interaction.followup.send(messages.rules_text(messages.title_of(match.game), match.rules), ephemeral=True)
