"""The help texts drawn from the engine's own tables: how each game is played (its rules in short,
variants and table sizes) and its options with their values and defaults. Used by ``/gin help``
and the terminal's ``help``; the options are those ``GameType.options`` parses, so help can never
list an option the game would refuse."""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine import GameType, OptionEntry
from bot.i18n import current


def _seats(game: GameType) -> str:
    """'2, 3 or 4' as the language being written lists it."""
    counts = [str(n) for n in game.seat_counts]
    return counts[0] if len(counts) == 1 else current().join(counts, alternatives=True)


def games_line(games: Iterable[GameType]) -> list[str]:
    """One line per game: its title, name and table sizes."""
    t = current()
    return [t._("**{game}** (`{name}`): {counts} players", game=g.title, name=g.name, counts=_seats(g)) for g in games]


def option_line(entry: OptionEntry) -> str:
    """``gin=N``: what it sets, the values it takes, and its default."""
    o = entry.option
    t = current()
    default = t._("set by the table") if entry.default is None else entry.default
    return t._(
        "`{key}=`: {what}; {accepts} (default {default})",
        key=o.key,
        what=t._(o.what),
        accepts=t.said(o.accepts),
        default=default,
    )


def game_guide(game: GameType) -> list[str]:
    """How a game is played, its variants and its options, one line each (markdown)."""
    rules = game.make_rules(game.variants[0], None, "")
    t = current()
    lines = [
        t._("**{game}** for {counts} players (`game:{name}`)", game=game.title, counts=_seats(game), name=game.name)
    ]
    lines += [f"• {t.said(line)}" for line in rules.summary()]
    if len(game.variants) > 1:
        variants = ", ".join(f"`{v}`" for v in game.variants)
        lines.append(t._("Variants: {variants} (default `{default}`).", variants=variants, default=game.variants[0]))
    entries = game.options.describe(rules, rules)
    if entries:
        lines.append(t._("Options (the `options` field, e.g. `{example}`):", example=_example(entries)))
        lines += [f"• {option_line(e)}" for e in entries]
    else:
        lines.append(t._("This game takes no options."))
    return lines


def _example(entries: tuple[OptionEntry, ...]) -> str:
    """A valid options string of one or two fields, from the first options' own defaults."""
    fields = [f"{e.option.key}={e.default}" for e in entries if e.default is not None][:2]
    return " ".join(fields) or f"{entries[0].option.key}=…"


def option_suggestions(game: GameType, typed: str, limit: int = 25) -> list[str]:
    """Completions of an options string: the fields typed so far, then the next field with its values
    (a number's default). Each at most 100 characters (Discord's limit for a choice).

    >>> from bot.engine import game_type
    >>> option_suggestions(game_type("colonel"), "chal")
    ['challenge=yes', 'challenge=no']
    """
    head, _, last = typed.rpartition(" ")
    prefix = f"{head} " if head else ""
    key, eq, value = last.partition("=")
    defaults = game.make_rules(game.variants[0], None, "")
    known = game.options.get(key) if eq else None
    out: list[str] = []
    if known is not None:  # the key is written: its values
        values = known.values or tuple(v for v in (known.show(defaults),) if v)
        out = [f"{prefix}{known.key}={v}" for v in values if v.startswith(value.lower())]
    else:
        used = {f.partition("=")[0].lower() for f in head.split()}
        for option in game.options:
            if option.key.startswith(key.lower()) and option.key not in used:
                values = option.values or (option.show(defaults) or "",)
                out += [f"{prefix}{option.key}={v}" for v in values]
    return [text for text in out if len(text) <= 100][:limit]
