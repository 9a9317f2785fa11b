"""A GCG line's rack and word read quickly, for ``planilla gcg verify``: a pattern that accepts exactly the racks
``domain.notation.parse_rack`` reads, and ``read_word``, ``parse_word`` by a table for the common word. The parser
still reads everything else and gives every error.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from domain.notation import WordTile, parse_word
from domain.tiles import Tile, TileSet

_RACK_PATTERNS: dict[str, re.Pattern[str]] = {}


def _single_tiles(tileset: TileSet) -> list[str]:
    """The characters that are each a whole tile of a rack by themselves: the one-letter tiles and the upper-case
    aliases (``?`` besides, for the blank)."""
    return [t for t in tileset.letters if len(t) == 1] + [a for a, _ in tileset.aliases if a.upper() == a]


def _rack_pattern(tileset: TileSet) -> re.Pattern[str]:
    """A pattern that accepts only racks ``parse_rack`` reads (a fast path; the parser still gives the messages)."""
    pattern = _RACK_PATTERNS.get(tileset.name)
    if pattern is None:
        multi = sorted(tileset.bare_digraphs, key=len, reverse=True)
        brackets = "|".join(re.escape(t) for t in tileset.letters)
        alternatives = [rf"\[(?:{brackets})\]"] + [re.escape(t) for t in multi]
        alternatives.append("[" + "".join(re.escape(t) for t in _single_tiles(tileset)) + r"?]")
        pattern = _RACK_PATTERNS[tileset.name] = re.compile("(?:" + "|".join(alternatives) + ")*")
    return pattern


_RACK_CHARACTERS: dict[str, frozenset[str]] = {}


def rack_characters(tileset: TileSet) -> frozenset[str]:
    """``_single_tiles`` and ``?`` as a set (``_rack_pattern``'s last choice): a rack made only of these is read by
    ``parse_rack``, and a set says so faster than the pattern. Made once a set, like the pattern."""
    found = _RACK_CHARACTERS.get(tileset.name)
    if found is None:
        found = _RACK_CHARACTERS[tileset.name] = frozenset(_single_tiles(tileset) + ["?"])
    return found


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


_WORD_READERS: dict[str, Callable[[str], tuple[WordTile, ...]]] = {}


def word_reader(tileset: TileSet) -> Callable[[str], tuple[WordTile, ...]]:
    """``read_word`` for one tile set, its table looked up once: for a reader that reads many words of one set
    (``service.gcg.quick``, a file at a time)."""
    read = _WORD_READERS.get(tileset.name)
    if read is None:
        square = _plain_squares(tileset).__getitem__

        def read(text: str) -> tuple[WordTile, ...]:
            try:
                if text:
                    return tuple(map(square, text))
            except KeyError:
                pass
            return parse_word(text, tileset)

        _WORD_READERS[tileset.name] = read
    return read


def read_word(text: str, tileset: TileSet) -> tuple[WordTile, ...]:
    """``parse_word(text, tileset)``, quicker for the common word made only of one-letter tiles and dots.

    Such a word reads one character per square whatever the set (no bracket, alias, parenthesis or
    digraph can start in it: each of those needs a character outside the table); anything else goes
    to ``parse_word``, which also gives the errors.
    """
    return word_reader(tileset)(text)
