"""The board as 15 rows of 15 cells a client can index by square, beside the text rows.

The text form of a row (``domain.notation``) brackets Spanish digraphs, so ``BUÑO[CH]ASEROS....``
is 18 characters for 15 squares; a page drawing the board wants ``cells[row][col]`` instead. Row 0
is the federations' row A and column 0 their column 1 (rows A–O, columns 1–15, as ``H8`` is written:
``domain.move``), so square ``H8`` is ``cells[7][7]``. A cell is
``None`` for an empty square, else::

    {"tile": "CH", "letter": "CH", "blank": False, "points": 5}   # the CH tile
    {"tile": "?",  "letter": "CH", "blank": True,  "points": 0}   # a blank standing for CH

- ``tile``: the physical tile as a rack writes it: a letter or digraph token exactly as the game
  writes it (``"A"``, ``"Ñ"``, ``"CH"``, ``"L·L"``, ``"NY"``, ``"QU"``), ``"?"`` for a blank;
- ``letter``: the letter the square reads as (for a blank, the letter it stands for), uppercase;
- ``blank``: whether the tile is a blank (FILE 10);
- ``points``: the tile's face value, 0 for a blank (FILE 10.1), premiums not included.
"""

from __future__ import annotations

from typing import Any, Sequence

from domain.notation import parse_word
from domain.tiles import BLANK, Tile, TileSet

SIZE = 15


def cell(tile: Tile | None, tileset: TileSet) -> dict[str, Any] | None:
    """One square as a cell (None when empty)."""
    if tile is None:
        return None
    return {"tile": BLANK if tile.blank else tile.letter, "letter": tile.letter, "blank": tile.blank,
            "points": tileset.value(tile)}


def board_cells(board: Sequence[str | None], tileset: TileSet) -> list[list[dict[str, Any] | None]]:
    """The Game's 225 board strings (``"CH"``; a blank in lower case, ``"ch"``) as 15 rows of 15 cells."""
    out = []
    for r in range(SIZE):
        row = []
        for c in board[r * SIZE:(r + 1) * SIZE]:
            row.append(None if c is None else cell(Tile(c.upper(), True) if c.islower() else Tile(c, False), tileset))
        out.append(row)
    return out


def cells_of_rows(rows: Sequence[str], tileset: TileSet) -> list[list[dict[str, Any] | None]]:
    """The 15 text rows of the board (``domain.notation``, ``.`` an empty square) as 15 rows of 15 cells."""
    out = []
    for text in rows:
        squares = parse_word(text, tileset)
        if len(squares) != SIZE:
            raise ValueError(f"a board row holds {SIZE} squares, not {len(squares)}: {text!r}")
        out.append([cell(s.tile, tileset) for s in squares])
    return out
