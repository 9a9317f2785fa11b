"""``lay_if_legal``: a written play laid on the board when it breaks no rule, with its score, in one lean walk.

A record's check (``planilla gcg verify``) needs of each play only whether it is legal, what it scores and
which squares it covers; it does not need the words it formed. This is ``domain.scoring.evaluate_if_legal``'s
walk (the same rules: FILE 2, 6, 8–9, 12–24; FISC I.6) without the objects it builds for a scoresheet
(a ``Placement`` per tile, a ``WordScore`` per word, the ``PlayResult``), which were about 40% of that walk's time.
``tests/unit/test_lay.py`` holds the two to each other, play by play, legal or not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.board import CENTRE, LETTER_MULT, WORD_MULT, Board
from domain.move import SIZE

if TYPE_CHECKING:
    from collections.abc import Sequence

    from domain.move import Coordinate
    from domain.notation import WordTile
    from domain.tiles import Tile

BINGO_TILES = 7  # FILE 19: seven new tiles in one play score 50 more
BINGO_BONUS = 50
CENTRE_INDEX = CENTRE[0] * SIZE + CENTRE[1]
_LAST = SIZE * SIZE - 1


def whole_line(cells: list, r: int, c: int, horizontal: bool, n: int) -> tuple[int, int, int] | None:
    """Where a written word of ``n`` squares from (r, c) runs: (its first square's index, the step to the next along
    the line, the step across it); None when it is shorter than two squares, leaves the board, or is not the whole
    word on its line (FILE 8: the squares just before and after it are empty)."""
    first = r * SIZE + c
    if horizontal:
        if n < 2 or c + n > SIZE or (c and cells[first - 1] is not None) or (
                c + n < SIZE and cells[first + n] is not None):
            return None
        return first, 1, SIZE
    if n < 2 or r + n > SIZE or (r and cells[first - SIZE] is not None) or (
            r + n < SIZE and cells[first + n * SIZE] is not None):
        return None
    return first, SIZE, 1


def lay_if_legal(board: Board, coord: Coordinate, word: Sequence[WordTile], points: dict[str, int],
                 centre_required: bool = True) -> tuple[int, list[tuple[int, Tile]]] | None:
    """Lay a play of two squares or more that breaks no rule on ``board`` and return (its score, [(square's
    index, tile), ...] of its new tiles); else None, the board untouched.

    As in ``evaluate_if_legal``: the written word is the whole main word (FILE 8), a cross word is a new tile
    and tiles already on the board, and a later play touches the board exactly when its word goes through a
    tile or it makes a cross word (FILE 9). Letter premiums before word premiums, only under new tiles
    (FILE 12–18); a blank scores 0; seven new tiles score 50 more (FILE 19).
    """
    r, c, horizontal = coord
    cells = board.cells
    line = whole_line(cells, r, c, horizontal, len(word))
    if line is None:
        return None
    first, step, across = line
    pos = r if horizontal else c  # where the line lies across itself: the same for every tile
    letter_mult, word_mult = LETTER_MULT, WORD_MULT
    near_before, near_after = pos > 0, pos < SIZE - 1  # whether there is a line on either side of this one
    new: list = []
    lay = new.append
    total = crosses = 0
    mult = 1
    through = crossed = False
    idx = first
    for tile, marked in word:
        on = cells[idx]
        if on is None:
            if marked or tile is None:
                return None
            lay((idx, tile))
            value = 0 if tile[1] else points[tile[0]] * letter_mult[idx]
            total += value
            mult *= word_mult[idx]
            if (near_before and cells[idx - across] is not None) or (near_after and cells[idx + across] is not None):
                # A cross word: the new tile and the tiles next to it across the line, up to an empty square.
                if horizontal:  # the cross word runs down a column
                    lo_end, hi_end = 0, _LAST
                else:  # along a row
                    lo_end = idx - c
                    hi_end = lo_end + SIZE - 1
                cross = value
                j = idx - across
                while j >= lo_end and (t := cells[j]) is not None:
                    if not t[1]:
                        cross += points[t[0]]
                    j -= across
                j = idx + across
                while j <= hi_end and (t := cells[j]) is not None:
                    if not t[1]:
                        cross += points[t[0]]
                    j += across
                crosses += cross * word_mult[idx]
                crossed = True
        else:
            if tile is not None and tile[0] != on[0]:
                return None
            through = True
            if not on[1]:
                total += points[on[0]]
        idx += step
    if not new:
        return None
    if board.count == 0:  # FILE 6: two tiles or more, one on the centre (unless accepted off it, FILE 20)
        if len(new) < 2 or (centre_required and CENTRE_INDEX not in range(first, idx, step)):
            return None
    elif not through and not crossed:  # FILE 9: a later play touches the board
        return None
    for i, tile in new:
        cells[i] = tile
    board.count += len(new)
    return total * mult + crosses + (BINGO_BONUS if len(new) == BINGO_TILES else 0), new
