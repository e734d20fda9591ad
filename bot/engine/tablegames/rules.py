"""Reading a table game's variant, target and options string (``'challenge=no'``, ``'length=hands:8 cards=7'``).

Every error is a ValueError whose message names the bad part, for the player setting up a table.
"""

from __future__ import annotations

TARGET_MIN, TARGET_MAX = 1, 10_000


def parse_options(text: str, known: tuple[str, ...], title: str) -> dict[str, str]:
    """``key=value`` words (spaces or commas between them) -> {key: value}, keys checked against ``known``."""
    out: dict[str, str] = {}
    for part in text.replace(",", " ").split():
        key, eq, value = part.partition("=")
        key, value = key.strip().lower(), value.strip().lower()
        if not known:
            raise ValueError(f"{title} takes no options (got {part!r})")
        if key not in known:
            raise ValueError(f"unknown option {key!r} for {title}; choose from {', '.join(known)}")
        if not eq or not value:
            raise ValueError(f"option {key!r} needs a value, e.g. '{key}=...'")
        if key in out:
            raise ValueError(f"option {key!r} is given twice")
        out[key] = value
    return out


def yes_no(key: str, value: str) -> bool:
    if value in ("yes", "on", "true", "1"):
        return True
    if value in ("no", "off", "false", "0"):
        return False
    raise ValueError(f"{key} must be yes or no, not {value!r}")


def whole(key: str, value: str, lo: int, hi: int) -> int:
    if not value.isdigit() or not lo <= int(value) <= hi:
        raise ValueError(f"{key} must be a whole number from {lo} to {hi}, not {value!r}")
    return int(value)


def check_target(target: object) -> None:
    if not isinstance(target, int) or isinstance(target, bool) or not TARGET_MIN <= target <= TARGET_MAX:
        raise ValueError(f"target must be a whole number from {TARGET_MIN} to {TARGET_MAX}, not {target!r}")


def check_variant(variant: str, variants: tuple[str, ...], title: str) -> str:
    name = variant.strip().lower()
    if name not in variants:
        raise ValueError(f"unknown variant {variant!r} for {title}; choose from {', '.join(variants)}")
    return name
