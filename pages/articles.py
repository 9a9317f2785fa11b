"""The rulebooks' articles for the pages: every profile setting's article, as a person reads it on a form.

The officials' console shows, with each command's form, the article it applies under the game's profile
(``pages/static/js/command_articles.js`` names the setting behind each command). The articles come from the
profiles themselves (``domain/profiles/``), written to ``pages/static/profile_articles.json`` by
``python -m pages.articles``; a test fails when the file and the profiles differ. The profiles' notes on their
sources are left out of what a form shows («not in the text at hand», «named in AJS 2» as «AJS 2»), and a
setting the rulebook is silent on is ``null`` (the page says so in the reader's language).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from domain.profiles import PROFILES

PATH = Path(__file__).parent / "static" / "profile_articles.json"
#: The profiles' notes on their sources, as a form shows them (applied in order).
SHOWN = ((re.compile(r" \(not in the text at hand\)"), ""), (re.compile(r"\((?:named in|on) "), "("),
         (re.compile(r" \(sets aside [^)]*\)"), ""), (re.compile(r" \(paragraph after [^)]*\)"), ""),
         (re.compile(r" \((?:no|the) [^)]*\)"), ""))
SILENT = re.compile(r"\(silent\)")


def shown(article: str) -> str | None:
    """An article as a form shows it; None where the rulebook is silent."""
    if SILENT.search(article):
        return None
    for pattern, replacement in SHOWN:
        article = pattern.sub(replacement, article)
    return article


def articles() -> dict[str, dict[str, str | None]]:
    """profile id -> setting -> the article a form shows."""
    return {pid: {setting: shown(profile.article(setting)) for setting in profile.settings()}
            for pid, profile in sorted(PROFILES.items())}


def text() -> str:
    return json.dumps(articles(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> None:
    PATH.write_text(text(), encoding="utf-8")
    print(f"wrote {PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
