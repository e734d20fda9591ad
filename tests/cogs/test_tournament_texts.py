"""What tournaments say: the sign-up, each round, results, the final standings and /gin tournament
status (a bracket in words for the elimination formats), in English and in the pseudo-language (no
English word escapes the catalogue), and the status of a big tournament fits one Discord message."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from bot.i18n import LANGUAGES, PSEUDO, speaking
from bot.tables import TournamentEntry, TournamentRow, TournamentStatus
from bot.tournaments import Format, Tournament, award, champion, forfeit, standings, to_json
from cogs.gin.tournament import texts
from tests.pseudo_language import GAME_TITLES, english_left
from tests.tournaments.helpers import at_random, begin, higher_seed_wins, play_out

AT = datetime(2026, 1, 1, 12, tzinfo=UTC)


def row_of(t: Tournament, status: TournamentStatus = TournamentStatus.FINISHED) -> TournamentRow:
    return TournamentRow(
        1, 1, 500, 7, 99, "standard", to_json(Tournament(t.config, ())), to_json(t), status, 9, AT, AT, 0
    )


def names(t: Tournament) -> set[str]:
    return {e.name for e in t.entrants}


def test_a_double_elimination_status_shows_its_bracket_and_champion() -> None:
    t = play_out(begin(Format.DOUBLE, 4), higher_seed_wins)
    text = texts.status(row_of(t), t, [], standings(t))
    assert "__Winners' bracket__" in text and "__Losers' bracket__" in text and "__Grand final__" in text
    assert "**P1** – P4" in text and "The champion: **P1**!" in text
    assert text.splitlines()[0] == "**Double elimination** tournament of Gin Rummy · finished"


def test_results_say_how_a_pairing_was_decided() -> None:
    t = begin(Format.SWISS, 4, rounds=2)
    from bot.tournaments import pair_next_round

    t = pair_next_round(t)
    (a, b), (c, d) = (p.seats for p in t.rounds[0].pairings)
    t = forfeit(award(t, (1, 1), [a], "rain delay"), (1, 2), [d])
    assert (
        texts.result(t, (1, 1))
        == f"Round 1, table 1: the organiser awards the match to P{a} against P{b} (rain delay)."
    )
    assert texts.result(t, (1, 2)) == f"Round 1, table 2: P{c} wins by forfeit against P{d}."
    assert (
        texts.round_posted(t, 1)
        == f"**Round 1** of the tournament:\nTable 1: P{a} against P{b}\nTable 2: P{c} against P{d}"
    )


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
@pytest.mark.parametrize("fmt", [Format.SWISS, Format.DOUBLE])
def test_a_big_tournaments_status_fits_one_message(lang: str, fmt: Format) -> None:
    t = play_out(begin(fmt, 64, **({"rounds": 6} if fmt is Format.SWISS else {})), at_random(random.Random(3)))
    with speaking(lang):
        text = texts.status(row_of(t), t, [], standings(t))
        final = texts.final(t, standings(t), None)
    assert len(text) <= texts.CONTENT_MAX and len(final) <= texts.CONTENT_MAX


def test_no_english_escapes_the_catalogue() -> None:
    swiss = play_out(begin(Format.SWISS, 5, rounds=2), higher_seed_wins)
    double = play_out(begin(Format.DOUBLE, 5), higher_seed_wins)
    going = begin(Format.SINGLE, 3)
    entries = [TournamentEntry(1, "P1", None, AT)]
    with speaking(PSEUDO):
        said = [
            texts.signup(row_of(going, TournamentStatus.SIGNUP), going, entries),
            texts.checkin(going, AT),
            texts.status(row_of(going, TournamentStatus.SIGNUP), going, entries, None),
            texts.round_posted(swiss, 1),
            texts.result(swiss, (1, 1)),
            texts.status(row_of(swiss), swiss, [], standings(swiss)),
            texts.status(row_of(double), double, [], standings(double)),
            texts.final(double, standings(double), (champion(double) or going.entrants[0]).name),
            texts.cancelled("rain"),
            texts.cancelled(""),
            texts.thread_name((2, 3)),
        ]
    for text in said:
        left = english_left(text, {*names(swiss), *names(double), "rain", *GAME_TITLES})
        assert left == [], text
