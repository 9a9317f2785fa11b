"""The 15×15 board: premium layout and the tiles on it.

The layout (TILES.md) is symmetric about both diagonals, so the federations' and GCG's labels
name the same premium on the same (row, col). ``T`` triple word, ``D`` double word (the centre
star is a double word: FILE 16), ``t`` triple letter, ``d`` double letter.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from domain.move import SIZE
from domain.tiles import Tile

LAYOUT = (
    "T..d...T...d..T",
    ".D...t...t...D.",
    "..D...d.d...D..",
    "d..D...d...D..d",
    "....D.....D....",
    ".t...t...t...t.",
    "..d...d.d...d..",
    "T..d...D...d..T",
    "..d...d.d...d..",
    ".t...t...t...t.",
    "....D.....D....",
    "d..D...d...D..d",
    "..D...d.d...D..",
    ".D...t...t...D.",
    "T..d...T...d..T",
)
CENTRE = (7, 7)

_LETTER = {"d": 2, "t": 3}
_WORD = {"D": 2, "T": 3}
LETTER_MULT = tuple(_LETTER.get(ch, 1) for row in LAYOUT for ch in row)
WORD_MULT = tuple(_WORD.get(ch, 1) for row in LAYOUT for ch in row)


class Placement(NamedTuple):
    """A new tile put on a square in a play."""

    row: int
    col: int
    tile: Tile


class Board:
    """The tiles on the board, one cell per square (None when empty), row-major."""

    __slots__ = ("cells", "count")

    def __init__(self, cells: Iterable[Tile | None] | None = None) -> None:
        if cells is None:
            self.cells: list[Tile | None] = [None] * (SIZE * SIZE)
            self.count = 0
        else:
            self.cells = list(cells)
            self.count = len(self.cells) - self.cells.count(None)

    def at(self, row: int, col: int) -> Tile | None:
        """The tile on (row, col), or None."""
        return self.cells[row * SIZE + col]

    def is_empty(self) -> bool:
        """True before the first tile is placed."""
        return self.count == 0

    def place(self, placements: Iterable[Placement]) -> None:
        """Put tiles on empty squares (the caller has validated the play)."""
        cells = self.cells
        n = 0
        for r, c, tile in placements:
            cells[r * SIZE + c] = tile
            n += 1
        self.count += n

    def remove(self, placements: Iterable[Placement]) -> None:
        """Take a withdrawn play's tiles back off the board (FILE 38)."""
        self.lift((r * SIZE + c, tile) for r, c, tile in placements)

    def lift(self, squares: Iterable[tuple[int, Tile]]) -> None:
        """Take tiles back off the board, each given by its square's index (as ``domain.lay.lay_if_legal`` gives a
        play's new tiles): a withdrawn play's (FILE 38)."""
        cells = self.cells
        for i, _ in squares:
            if cells[i] is not None:
                cells[i] = None
                self.count -= 1

    def copy(self) -> "Board":
        """An independent copy."""
        return Board(self.cells)

    def transposed(self) -> "Board":
        """The board mirrored on its main diagonal."""
        return Board(self.cells[c * SIZE + r] for r in range(SIZE) for c in range(SIZE))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells

    def __repr__(self) -> str:
        return f"Board({self.count} tiles)"
