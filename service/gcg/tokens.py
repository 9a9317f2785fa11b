"""A GCG line's rack and word read quickly, for ``planilla gcg verify``: a pattern that accepts exactly the racks
``domain.notation.parse_rack`` reads, and ``read_word``, ``parse_word`` by a table for the common word. The parser
still reads everything else and gives every error.
"""

from __future__ import annotations

import re

from domain.notation import WordTile, parse_word
from domain.tiles import Tile, TileSet

_RACK_PATTERNS: dict[str, re.Pattern[str]] = {}


def _rack_pattern(tileset: TileSet) -> re.Pattern[str]:
    """A pattern that accepts only racks ``parse_rack`` reads (a fast path; the parser still gives the messages)."""
    pattern = _RACK_PATTERNS.get(tileset.name)
    if pattern is None:
        singles = [t for t in tileset.letters if len(t) == 1] + [a for a, _ in tileset.aliases if a.upper() == a]
        multi = sorted(tileset.bare_digraphs, key=len, reverse=True)
        brackets = "|".join(re.escape(t) for t in tileset.letters)
        alternatives = [rf"\[(?:{brackets})\]"] + [re.escape(t) for t in multi]
        alternatives.append("[" + "".join(re.escape(t) for t in singles) + r"?]")
        pattern = _RACK_PATTERNS[tileset.name] = re.compile("(?:" + "|".join(alternatives) + ")*")
    return pattern


def rack_characters(tileset: TileSet) -> frozenset[str]:
    """The characters that are each a whole tile of a rack by themselves (``_rack_pattern``'s last choice): a
    rack made only of these is read by ``parse_rack``, and a set says so faster than the pattern."""
    return frozenset([t for t in tileset.letters if len(t) == 1] + [a for a, _ in tileset.aliases if a.upper() == a]
                     + ["?"])


_PLAIN_SQUARES: dict[str, dict[str, WordTile]] = {}


def _plain_squares(tileset: TileSet) -> dict[str, WordTile]:
    """Each character that is a whole square by itself in ``parse_word``: a one-letter tile, its blank, ``.``."""
    table = _PLAIN_SQUARES.get(tileset.name)
    if table is None:
        table = {".": WordTile(None, True)}
        for letter in tileset.letters:
            if len(letter) == 1:
                table[letter] = WordTile(Tile(letter, False), False)
                table[letter.lower()] = WordTile(Tile(letter, True), False)
        _PLAIN_SQUARES[tileset.name] = table
    return table


def read_word(text: str, tileset: TileSet) -> tuple[WordTile, ...]:
    """``parse_word(text, tileset)``, quicker for the common word made only of one-letter tiles and dots.

    Such a word reads one character per square whatever the set (no bracket, alias, parenthesis or
    digraph can start in it: each of those needs a character outside the table); anything else goes
    to ``parse_word``, which also gives the errors.
    """
    table = _plain_squares(tileset)
    try:
        if text:
            return tuple(map(table.__getitem__, text))
    except KeyError:
        pass
    return parse_word(text, tileset)
