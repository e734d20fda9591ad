"""``python -m bot selfplay --trace``: an outside referee re-derives the hands and the points from it."""

from __future__ import annotations

import io
import json
from collections import Counter
from typing import Any

import pytest

from bot.engine import parse_cards
from bot.selfplay import main


def trace(*argv: str) -> list[dict[str, Any]]:
    out = io.StringIO()
    assert main([*argv, "--trace"], out=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def cards(text: str) -> Counter[str]:
    return Counter(c.code for c in parse_cards(text)) if text else Counter()


def follow(lines: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[int, Counter[str]]]]:
    """Each hand's record with every seat's cards as the trace says they were when it ended
    (the dealt cards, plus what each move took, minus what it gave; the ending move's card too)."""
    held: dict[int, Counter[str]] = {}
    ended: list[tuple[dict[str, Any], dict[int, Counter[str]]]] = []
    last_move: list[Any] = []
    for line in lines:
        if "deal" in line:
            held = {int(seat): cards(text) for seat, text in line["hands"].items()}
        elif "move" in line:
            seat, _ = last_move = line["move"]
            held[seat] = held[seat] + cards(line["took"]) - cards(line["gave"])
        elif "hand_end" in line:
            ended.append((line["hand_end"], {s: Counter(c) for s, c in held.items()}))
    assert last_move, "the trace has no moves"
    return ended


def test_the_first_line_is_the_rules_and_the_last_the_final_state() -> None:
    lines = trace("--game", "gin", "--players", "2", "--seed", "4")
    assert lines[0]["rules"]["gin_bonus"] == 25 and lines[0]["game"] == "gin" and lines[0]["seats"] == 2
    assert lines[1]["deal"] == 1 and sorted(lines[1]["hands"]) == ["0", "1"]
    assert all(len(cards(h)) == 10 for h in lines[1]["hands"].values())
    assert "final" in lines[-2] and lines[-1]["result"]["hands"] == sum("hand_end" in x for x in lines)


def test_a_referee_scores_every_two_player_gin_hand_from_the_trace_alone() -> None:
    lines = trace("--game", "gin", "--players", "2", "--seed", "6", "--target", "150")
    rules = lines[0]["rules"]
    checked = 0
    for record, held in follow(lines):
        result = record["result"]
        if result is None:  # a drawn hand
            continue
        knocker = record["knocker"]
        laid = cards(" ".join(result["knocker_melds"])) + cards(result["knocker_deadwood"])
        # the knocker laid out his hand (the card he put face down is the one his move gave)
        assert laid == held[knocker]
        defender = 1 - knocker
        shown = cards(" ".join(result["defender_melds"])) + cards(result["defender_deadwood"])
        shown += Counter(code for code, _ in result["defender_layoffs"])
        assert shown == held[defender]
        kp, dp = result["knocker_deadwood_points"], result["defender_deadwood_points"]
        if result["outcome"] == "gin":
            expected = rules["gin_bonus"] + dp
        elif result["outcome"] == "big_gin":
            expected = rules["big_gin_bonus"] + dp
        elif kp < dp:
            expected = dp - kp
        else:
            expected = rules["undercut_bonus"] + kp - dp
        assert record["points"] == expected * result["multiplier"], record
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("game", "players"), [("rummy", 4), ("colonel", 2), ("knockout", 3), ("gin", 3)])
def test_every_game_traces_its_deals_moves_and_hand_ends(game: str, players: int) -> None:
    lines = trace("--game", game, "--players", str(players), "--seed", "5")
    deals = [x for x in lines if "deal" in x]
    moves = [x for x in lines if "move" in x]
    ends = follow(lines)
    assert deals and len(moves) > 10 and ends
    if game == "rummy":  # what each seat was left holding is what the trace says it held
        for record, held in ends:
            for seat, left in enumerate(record["left"]):
                assert cards(left) == held[seat], (record, seat)


def test_without_trace_the_output_is_unchanged() -> None:
    out = io.StringIO()
    assert main(["--game", "gin", "--players", "2", "--seed", "4"], out=out) == 0
    assert all(
        set(json.loads(x)) <= {"hand", "outcome", "winner", "points", "scores", "result"}
        for x in out.getvalue().splitlines()
    )
