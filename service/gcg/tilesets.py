"""Which tile set reads a GCG file: ``#tile-distribution``, else ``#lexicon``, else English."""

from __future__ import annotations

from domain.tiles import TILESETS
from service.gcg.model import GcgGame

#: Lexicon name prefixes (upper case) and the tile set their games use.
LEXICON_PREFIXES = (("FILE", "spanish"), ("FISE", "spanish"), ("DISC", "catalan"))
#: Digraph tiles a ``#tile`` pragma may declare, and the set that has them.
DECLARED_TILES = {"CH": "spanish", "LL": "spanish", "RR": "spanish", "L·L": "catalan", "NY": "catalan", "QU": "catalan"}
TILESET_NAMES = tuple(TILESETS)  # spanish, catalan, english


def tileset_for_lexicon(lexicon: str | None) -> str:
    """FILE*/FISE* → spanish, DISC* → catalan, anything else → english."""
    name = (lexicon or "").strip().upper()
    for prefix, tiles in LEXICON_PREFIXES:
        if name.startswith(prefix):
            return tiles
    return "english"


def tileset_name(game: GcgGame) -> str:
    """The tile set a game is written in, from its pragmas (TILES.md)."""
    distribution = (game.pragma("tile-distribution") or "").strip().lower()
    for name in TILESET_NAMES:
        if distribution.startswith(name):
            return name
    if game.lexicon:
        return tileset_for_lexicon(game.lexicon)
    for pragma in game.pragmas:
        if pragma.name == "tile":
            for token in pragma.value.split():
                found = DECLARED_TILES.get(token.strip("[]").upper())
                if found:
                    return found
    return "english"
