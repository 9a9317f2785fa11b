"""Every message key, merged from the areas' catalogues, and the rendering of a key's text in a language.

An area's module holds ``MESSAGES = {key: (english, spanish, catalan)}``; a text is a ``str.format`` template whose
placeholders are the key's parameters (the same in all three languages: tests/unit/test_messages.py).
"""

from __future__ import annotations

import re
from string import Formatter
from typing import Any

from domain.messages import access, api, duplicate, game, placement, services, tournament, validation

#: The languages of the catalogues, in the order of an entry's texts; English is the one a message is raised in.
LANGUAGES = ("en", "es", "ca")
AREAS = (access, api, duplicate, game, placement, services, tournament, validation)


def _merged() -> dict[str, tuple[str, str, str]]:
    merged: dict[str, tuple[str, str, str]] = {}
    for area in AREAS:
        twice = set(merged) & set(area.MESSAGES)
        assert not twice, f"{area.__name__}: keys already in another area: {sorted(twice)}"
        merged.update(area.MESSAGES)
    return merged


CATALOGUE = _merged()


def placeholders(text: str) -> set[str]:
    """The parameters a template names (``{count}``, ``{tiles!r}``, ``{score:+d}`` name count, tiles, score)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(text) if name}


def render(key: str, params: dict[str, Any], lang: str = "en") -> str | None:
    """The key's text in ``lang`` with its parameters, or None when the key or a parameter is unknown."""
    entry = CATALOGUE.get(key)
    if entry is None:
        return None
    text = entry[LANGUAGES.index(lang) if lang in LANGUAGES else 0]
    if lang == "ca":
        text = _elided(text, params)
    try:
        return text.format_map(params)
    except (KeyError, IndexError, ValueError):
        return None


def _elided(text: str, params: dict[str, Any]) -> str:
    """Catalan's apostrophe before a parameter that starts with a vowel or h: «un token d'espectador», «d'Ana»."""
    def elide(found: re.Match[str]) -> str:
        value = str(params.get(found.group(1), ""))
        return f"d'{{{found.group(1)}" if value[:1].lower() in "aeiouàèéíïòóúüh" and value[:1] else found.group(0)
    return re.sub(r"\bde \{(\w+)", elide, text)
