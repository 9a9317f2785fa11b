"""Coordinates in both conventions, and a play as the squares it writes on.

Federations (FISC II.2, AJS 3.2.2): rows are letters A–O top to bottom, columns numbers 1–15;
a horizontal play is written row then column (``H8``), a vertical one column then row (``8H``).
GCG labels the other way round: rows numbered, columns lettered; ``8H`` is horizontal (row 8,
column H) and ``H8`` vertical (column H, row 8). Internally a square is (row, col), 0-based.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from domain.errors import NotationError, msg

SIZE = 15
LETTERS = "ABCDEFGHIJKLMNO"
_LETTER_FIRST = re.compile(r"^([A-Oa-o])(1[0-5]|[1-9])$")
_NUMBER_FIRST = re.compile(r"^(1[0-5]|[1-9])([A-Oa-o])$")


class Coordinate(NamedTuple):
    """Where a play's main word starts and which way it runs."""

    row: int
    col: int
    horizontal: bool

    @classmethod
    def parse_federation(cls, text: str, field: str = "coordinates") -> "Coordinate":
        """``H8`` horizontal (row H, column 8) or ``8H`` vertical (column 8, row H): FISC II.2, AJS 3.2.2."""
        letter, number, letter_first = _split(text, field)
        if letter_first:
            return cls(LETTERS.index(letter), number - 1, True)
        return cls(LETTERS.index(letter), number - 1, False)

    @classmethod
    def parse_gcg(cls, text: str, field: str = "position") -> "Coordinate":
        """``8H`` horizontal (row 8, column H) or ``H8`` vertical (column H, row 8), as GCG writes them."""
        known = _GCG.get(text) if cls is Coordinate else None
        if known is not None:
            return known
        letter, number, letter_first = _split(text, field)
        if letter_first:
            return cls(number - 1, LETTERS.index(letter), False)
        return cls(number - 1, LETTERS.index(letter), True)

    def federation(self) -> str:
        """This coordinate as the federations write it."""
        row, col = LETTERS[self.row], str(self.col + 1)
        return row + col if self.horizontal else col + row

    def gcg(self) -> str:
        """This coordinate as GCG writes it."""
        row, col = str(self.row + 1), LETTERS[self.col]
        return row + col if self.horizontal else col + row

    def transposed(self) -> "Coordinate":
        """The same play mirrored on the main diagonal."""
        return Coordinate(self.col, self.row, not self.horizontal)

    def squares(self, length: int) -> list[tuple[int, int]]:
        """The ``length`` squares from here along the direction (may run off the board)."""
        if self.horizontal:
            return [(self.row, self.col + i) for i in range(length)]
        return [(self.row + i, self.col) for i in range(length)]


def _split(text: str, field: str) -> tuple[str, int, bool]:
    raw = text.strip() if isinstance(text, str) else text
    if not isinstance(raw, str) or not raw:
        raise NotationError(msg("notation.empty_coordinate", field=field), code="bad_coordinate", field=field, position=0)
    m = _LETTER_FIRST.match(raw)
    if m:
        return m.group(1).upper(), int(m.group(2)), True
    m = _NUMBER_FIRST.match(raw)
    if m:
        return m.group(2).upper(), int(m.group(1)), False
    raise NotationError(
        msg("notation.not_square_write_letter", field=field, text=text),
        code="bad_coordinate",
        field=field,
        position=0,
    )


#: Every square in GCG's two spellings (``8H``, ``H8``; letters in either case), read once: a replay asks for
#: a coordinate on every play.
_GCG: dict[str, Coordinate] = {}
for _r in range(SIZE):
    for _c in range(SIZE):
        for _letter in (LETTERS[_c], LETTERS[_c].lower()):
            _GCG[f"{_r + 1}{_letter}"] = Coordinate(_r, _c, True)
            _GCG[f"{_letter}{_r + 1}"] = Coordinate(_r, _c, False)
#: The same squares for a reader that looks them up itself (``service.gcg.quick``); not to be changed.
GCG_SQUARES: dict[str, Coordinate] = _GCG


def square_name(row: int, col: int) -> str:
    """A square in the federations' labels: row letter then column number (``H8``)."""
    return f"{LETTERS[row]}{col + 1}"
