"""The state as JSON: every kind of result, removals and a config with every field survive the round trip."""

from __future__ import annotations

import json

import pytest

from bot.tournaments import (
    VERSION,
    Entrant,
    Format,
    LengthKind,
    MatchLength,
    TournamentConfig,
    award,
    forfeit,
    from_json,
    pair_next_round,
    record,
    remove,
    start,
    to_json,
)


def test_every_kind_of_result_survives_the_round_trip() -> None:
    c = TournamentConfig(
        "rummy",
        Format.SWISS,
        MatchLength(LengthKind.HANDS, 5),
        options="cards=7",
        rounds=3,
        turn_timeout_s=600,
        size_cap=10,
        rated=False,
    )
    t = start(c, [Entrant(10 + i, f"Zoë {i}", 1500 - i) for i in range(7)])
    t = pair_next_round(t)
    t = record(t, (1, 1), [10], scores=[100, 12])
    t = forfeit(t, (1, 2), [14])
    t = award(t, (1, 3), [15], "a no-show «disputed»")
    t = remove(t, 12)
    text = to_json(t)
    assert from_json(text) == t and to_json(from_json(text)) == text
    data = json.loads(text)
    assert data["version"] == VERSION and "Zoë 0" in text


def test_another_version_is_refused() -> None:
    t = start(
        TournamentConfig("gin", Format.SINGLE, MatchLength(LengthKind.TARGET, 100)),
        [Entrant(1, "a", 1), Entrant(2, "b", 2)],
    )
    data = json.loads(to_json(t))
    data["version"] = VERSION + 1
    with pytest.raises(ValueError, match="version"):
        from_json(json.dumps(data))
