"""A slip read and scored on the round's board: the engine's score and the causes that make it null.

A slip holds the main word and its coordinates as the federations write them (FISC II.2, AJS 3.2.2:
row letter first when horizontal, ``H8``; column number first when vertical, ``8H``), the blanks
marked (lower case: ``caSA``). It is scored by the engine (``domain.scoring.evaluate_play``) on the
board the round was played on. What the slip itself shows is decided here:

- coordinates missing, not a square, or a play that does not fit there (off the board, against the
  tiles already on it, not touching them): ``coordinates`` (FISC II.7, AJS 3.2.8);
- a word that cannot be read, or that the round's rack cannot make: ``word``;
- a tile the rack has only as a blank written as a plain letter: ``blank``.

Whether each word the play forms is valid is the judge's ruling (or the loaded lexicon's verdict),
recorded once for the game; ``words`` lists them in the ruling's spelling (``word_key``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple, Sequence

from domain.board import Board
from domain.duplicate.rules import NullCause
from domain.errors import NotationError, PlacementError
from domain.move import Coordinate
from domain.notation import format_word, parse_word
from domain.scoring import evaluate_play
from domain.tiles import BLANK, Tile, TileSet


class Reading(NamedTuple):
    """A slip as the engine reads it: score (0 when it cannot be placed), placements, words, causes."""

    score: int
    placements: list[list[Any]]  #: [row, col, letter, blank]
    words: list[str]  #: every word formed, main word first, in the ruling's spelling
    causes: list[str]
    detail: str
    bingo: bool


def word_key(tiles: Sequence[Tile], tileset: TileSet) -> str:
    """A word as the judge rules it: its tiles in upper case, blanks as the letter they stand for."""
    return format_word([Tile(t.letter, False) for t in tiles], tileset)


def board_of(cells: Sequence[Any]) -> Board:
    """The board from the aggregate's cells (``[letter, blank]`` or None)."""
    return Board(None if c is None else Tile(c[0], bool(c[1])) for c in cells)


def read_slip(cells: Sequence[Any], rack: Sequence[str], word: str | None, coordinates: str | None,
              tileset: TileSet) -> Reading:
    """Read, place and score a slip on the round's board (``cells``) with the round's ``rack``."""
    causes: list[str] = []
    details: list[str] = []
    coord = written = None
    if not coordinates or not coordinates.strip():
        causes.append(NullCause.COORDINATES)
        details.append("coordinates: missing")
    else:
        try:
            coord = Coordinate.parse_federation(coordinates)
        except NotationError as error:
            causes.append(NullCause.COORDINATES)
            details.append(error.message)
    if not word or not word.strip():
        causes.append(NullCause.WORD)
        details.append("word: missing")
    else:
        try:
            written = parse_word(word, tileset)
        except NotationError as error:
            causes.append(NullCause.WORD)
            details.append(f"word: {error.message}")
    if coord is None or written is None:
        return Reading(0, [], [], causes, "; ".join(details), False)
    board = board_of(cells)
    try:
        result = evaluate_play(board, coord, written, tileset)
    except PlacementError as error:
        return Reading(0, [], [], [*causes, NullCause.COORDINATES],
                       f"coordinates: the word does not fit at {coord.federation()}: {error.message}", False)
    left = Counter(rack)
    plain = Counter(p.tile.letter for p in result.placements if not p.tile.blank)
    marked = sum(1 for p in result.placements if p.tile.blank)
    short = sum((plain - left).values())  # letters the rack has not: a blank not marked stands for each
    blanks = left[BLANK] - marked  # blanks left once the marked ones are taken
    if blanks < 0:
        missing = short - blanks  # blanks marked that the rack has not, and every letter short
    else:
        missing = max(0, short - blanks)
    unmarked = 0 if missing else short
    if missing:
        causes.append(NullCause.WORD)
        details.append("word: the round's rack cannot make it")
    if unmarked:
        causes.append(NullCause.BLANK)
        details.append(f"blank: {unmarked} tile(s) played with a blank not marked (write the blank's letter in "
                       "lower case)")
    placements = [[p.row, p.col, p.tile.letter, p.tile.blank] for p in result.placements]
    words = [word_key(w.tiles, tileset) for w in result.words]
    return Reading(result.score, placements, words, causes, "; ".join(details), result.bingo)


def play_text(cells: Sequence[Any], placements: Sequence[Sequence[Any]], horizontal: bool,
              tileset: TileSet) -> tuple[str, str]:
    """The main word (blanks in lower case) and coordinates of a play given as placements."""
    board = board_of(cells)
    for r, c, letter, blank in placements:
        board.cells[r * 15 + c] = Tile(letter, bool(blank))
    r, c = placements[0][0], placements[0][1]
    dr, dc = (0, 1) if horizontal else (1, 0)
    while r - dr >= 0 and c - dc >= 0 and board.at(r - dr, c - dc) is not None:
        r, c = r - dr, c - dc
    tiles = []
    rr, cc = r, c
    while rr < 15 and cc < 15 and board.at(rr, cc) is not None:
        tiles.append(board.at(rr, cc))
        rr, cc = rr + dr, cc + dc
    return format_word(tiles, tileset), Coordinate(r, c, horizontal).federation()
