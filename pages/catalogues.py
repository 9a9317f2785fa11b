"""A page's own catalogues: the strings its bundle can ask for, not every page's (issue 28, the cold binding).

The catalogues (``static/i18n/{es,ca,en}.json``) hold every page's strings: 87 KB each, 25 KB gzipped, a third of a
second on a hall's slow Wi-Fi, fetched after a tablet's binding names the game's language. The tablet's own
(``static/i18n/tablet/<lang>.json``) keep every key of each *family* (the key's first part, ``sheet`` of
``sheet.total``) the tablet's bundle names: a key written out (``'sheet.total'``), a family's prefix (``'warn.'``), a
key built in a template (```premium.${kind}```), a key without a family written out (``'loading'``). Whole families,
so a key put together at run time from a family the bundle names is there too. Written by
``python -m pages.catalogues``; ``tests/pages/test_catalogues.py`` holds them equal to what this makes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pages import STATIC
from pages.bundle import bundle

#: The pages served their own catalogues, and each one's entry module.
OWN = {"tablet": "tablet.js"}
LANGUAGES = ("es", "ca", "en")
QUOTED = re.compile(r"""['"`]([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*\.?)['"`]""")
TEMPLATE = re.compile(r"`([a-z][a-z0-9_]*)\.[a-z0-9_.]*\$\{")


def families(text: str, keys: set[str]) -> tuple[set[str], set[str]]:
    """The families ``text`` names and the keys without a family it writes out."""
    named, single = set(), set()
    for found in QUOTED.findall(text):
        if "." in found.rstrip("."):
            if found in keys:
                named.add(found.split(".", 1)[0])
        elif found.endswith("."):
            named.add(found[:-1])
        elif found in keys:
            single.add(found)
    named.update(TEMPLATE.findall(text))
    return named, single


def subset(page: str, lang: str) -> dict[str, str]:
    """``page``'s catalogue in ``lang``: the full one's keys in the families its bundle names, in the same order."""
    full = json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    text = bundle(STATIC / "js" / OWN[page], STATIC / "js").text
    named, single = families(text, set(full))
    return {k: v for k, v in full.items() if k in single or ("." in k and k.split(".", 1)[0] in named)}


def path_of(page: str, lang: str) -> Path:
    return STATIC / "i18n" / page / f"{lang}.json"


def text_of(strings: dict[str, str]) -> str:
    """As the full catalogues are written: one key a line, sorted as they are, UTF-8."""
    return json.dumps(strings, ensure_ascii=False, indent=1) + "\n"


def write() -> list[Path]:
    written = []
    for page in OWN:
        for lang in LANGUAGES:
            path = path_of(page, lang)
            path.parent.mkdir(exist_ok=True)
            path.write_text(text_of(subset(page, lang)), encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    for path in write():
        print(f"wrote {path.relative_to(STATIC.parent.parent)}")
