"""``python -m bot.i18n extract``: collect every message id of the code into the template
(bot/i18n/locales/gin.pot) and merge it into each language's catalogue (new ids untranslated,
gone ids kept as obsolete); ``python -m bot.i18n stats``: how much of each catalogue is translated."""

from __future__ import annotations

import sys

from .extract import extract_template, merge_into_catalogues, translated_share


def main(argv: list[str]) -> int:
    if argv == ["extract"]:
        template = extract_template()
        for lang, added in merge_into_catalogues(template).items():
            print(f"{lang}: {added} new message ids")
        print(f"template: {len(template)} message ids")
        return 0
    if argv == ["stats"]:
        for lang, (done, total) in translated_share().items():
            print(f"{lang}: {done}/{total} translated")
        return 0
    print("usage: python -m bot.i18n extract|stats", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
