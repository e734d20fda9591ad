"""A tournament as JSON for the store, with a format version: ``from_json(to_json(t)) == t``."""

from __future__ import annotations

import json
from typing import Any, Final

from .config import Entrant, Format, LengthKind, MatchLength, TournamentConfig
from .state import Bracket, Node, Outcome, Pairing, Result, Round, Tournament

VERSION: Final = 1


def to_json(t: Tournament) -> str:
    c = t.config
    data = {
        "version": VERSION,
        "config": {
            "game": c.game,
            "format": c.format.value,
            "length": [c.length.kind.value, c.length.value],
            "options": c.options,
            "rounds": c.rounds,
            "seats": c.seats,
            "min_seats": c.min_seats,
            "turn_timeout_s": c.turn_timeout_s,
            "size_cap": c.size_cap,
            "rated": c.rated,
        },
        "entrants": [[e.user_id, e.name, e.rating] for e in t.entrants],
        "rounds": [[_pairing(p) for p in r.pairings] for r in t.rounds],
        "removed": list(t.removed),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def from_json(text: str) -> Tournament:
    """The tournament ``to_json`` wrote; ValueError for another format version."""
    data = json.loads(text)
    if data.get("version") != VERSION:
        raise ValueError(f"tournament state of version {data.get('version')!r}, this code reads {VERSION}")
    c = data["config"]
    kind, value = c["length"]
    config = TournamentConfig(
        game=c["game"],
        format=Format(c["format"]),
        length=MatchLength(LengthKind(kind), value),
        options=c["options"],
        rounds=c["rounds"],
        seats=c["seats"],
        min_seats=c["min_seats"],
        turn_timeout_s=c["turn_timeout_s"],
        size_cap=c["size_cap"],
        rated=c["rated"],
    )
    return Tournament(
        config,
        tuple(Entrant(u, name, rating) for u, name, rating in data["entrants"]),
        tuple(Round(i, tuple(_read_pairing(p) for p in r)) for i, r in enumerate(data["rounds"], 1)),
        tuple(data["removed"]),
    )


def _pairing(p: Pairing) -> dict[str, Any]:
    out: dict[str, Any] = {
        "key": list(p.key),
        "node": [p.node.bracket.value, p.node.round, p.node.index],
        "seats": list(p.seats),
    }
    if p.result is not None:
        r = p.result
        out["result"] = {
            "outcome": r.outcome.value,
            "order": list(r.order),
            "scores": list(r.scores),
            "forfeited": list(r.forfeited),
            "reason": r.reason,
        }
    return out


def _read_pairing(data: dict[str, Any]) -> Pairing:
    bracket, round_no, index = data["node"]
    r = data.get("result")
    result = (
        None
        if r is None
        else Result(Outcome(r["outcome"]), tuple(r["order"]), tuple(r["scores"]), tuple(r["forfeited"]), r["reason"])
    )
    key_round, key_table = data["key"]
    return Pairing((key_round, key_table), Node(Bracket(bracket), round_no, index), tuple(data["seats"]), result)


__all__ = ["VERSION", "from_json", "to_json"]
