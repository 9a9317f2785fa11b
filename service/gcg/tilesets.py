"""Which tile set reads a GCG file: ``#tile-distribution``, else ``#lexicon``, else English."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.tiles import TILESETS

if TYPE_CHECKING:
    from service.gcg.model import GcgGame

#: Lexicon name prefixes (upper case) and the tile set their games use.
LEXICON_PREFIXES = (("FILE", "spanish"), ("FISE", "spanish"), ("DISC", "catalan"))
#: Digraph tiles a ``#tile`` pragma may declare, and the set that has them.
DECLARED_TILES = {"CH": "spanish", "LL": "spanish", "RR": "spanish", "L·L": "catalan", "NY": "catalan", "QU": "catalan"}
TILESET_NAMES = tuple(TILESETS)  # spanish, catalan, english
#: Going-out bonus as a multiple of the opponent's rack: English doubles it, FILE 44 and FISC I.8 do not.
END_FACTORS = {"english": 2, "spanish": 1, "catalan": 1}


def tileset_for_lexicon(lexicon: str | None) -> str:
    """FILE*/FISE* → spanish, DISC* → catalan, anything else → english."""
    name = (lexicon or "").strip().upper()
    for prefix, tiles in LEXICON_PREFIXES:
        if name.startswith(prefix):
            return tiles
    return "english"


def tileset_name(game: GcgGame) -> str:
    """The tile set a game is written in, from its pragmas (TILES.md)."""
    return tileset_of_pragmas([(p.name, p.value) for p in game.pragmas])


def tileset_of_pragmas(pragmas: list[tuple[str, str]]) -> str:
    """The tile set named by a file's pragmas, ``(name, value)`` in file order: ``#tile-distribution``,
    else the first ``#lexicon``, else a digraph a ``#tile`` pragma declares, else English."""
    first: dict[str, str] = {}
    for name, value in pragmas:
        first.setdefault(name, value)
    distribution = (first.get("tile-distribution") or "").strip().lower()
    for name in TILESET_NAMES:
        if distribution.startswith(name):
            return name
    if first.get("lexicon"):
        return tileset_for_lexicon(first["lexicon"])
    for name, value in pragmas:
        if name == "tile":
            for token in value.split():
                found = DECLARED_TILES.get(token.strip("[]").upper())
                if found:
                    return found
    return "english"
