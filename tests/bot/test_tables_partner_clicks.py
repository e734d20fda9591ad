"""A partnership hand has two tables in play at once: a click offered before the OTHER table's move
is still the player's move (nothing of his changed); a click after his own move stays out of date."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.tables import STALE, Refusal, TableService

G, CH = 1, 10
PLAYERS = {100: "Ann", 200: "Bob", 300: "Cy", 400: "Di"}


async def _partnership(service: TableService) -> int:
    table = await service.open_table(G, CH, 100, "Ann", game="gin", seats=4)
    for user, name in list(PLAYERS.items())[1:]:
        table = await service.join(table.id, user, name)
    return (await service.start(table.id, 100, seed=7)).id


async def _first_card(service: TableService, match_id: int, user: int) -> str:
    """A move that keeps the seat to act: take the upcard (or draw), after which it must discard."""
    view = await service.seat_view(match_id, user)
    legal = [str(a) for a in view.legal]
    return next(a for a in ("take", "stock") if a in legal)


async def test_a_click_survives_the_other_tables_move_but_not_its_own(tmp_path: Path) -> None:
    service = await TableService.open(tmp_path / "t.sqlite3")
    try:
        match_id = await _partnership(service)
        info = await service.get_match(match_id)
        assert len(info.to_act) == 2  # one seat at each table
        first, second = (info.players[s] for s in info.to_act)
        offered = info.version  # both players' controls carry this version

        await service.act(match_id, first, await _first_card(service, match_id, first), offered)
        # The other table moved meanwhile: the second player's click is still his move.
        await service.act(match_id, second, await _first_card(service, match_id, second), offered)
        after = await service.get_match(match_id)
        assert after.version == offered + 2
        assert {after.players[s] for s in after.to_act} == {first, second}  # both must discard now

        for user in (first, second):  # a click from before his own move: out of date, nothing changes
            view = await service.seat_view(match_id, user)
            with pytest.raises(Refusal, match=STALE[:25]):
                await service.act(match_id, user, str(view.legal[0]), offered)
        assert (await service.get_match(match_id)).version == after.version
        with pytest.raises(Refusal, match=STALE[:25]):  # a version from the future is never taken
            view = await service.seat_view(match_id, first)
            await service.act(match_id, first, str(view.legal[0]), after.version + 5)
    finally:
        await service.close()
