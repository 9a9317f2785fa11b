"""``domain.cells``: the board as 15 rows of 15 cells, worked by hand (FILE 10, 11; FISC I.6)."""

from __future__ import annotations

import pytest

from domain.cells import board_cells, cells_of_rows
from domain.tiles import CATALAN, SPANISH


def _board(row: int, start: int, squares: list[str]) -> list[str | None]:
    board: list[str | None] = [None] * 225
    for i, square in enumerate(squares):
        board[row * 15 + start + i] = square
    return board


def test_a_spanish_row_with_digraphs_and_a_blank_file_10_11():
    """BUÑO[CH]ASEROS is 12 tiles on 12 squares (FILE 11: CH one tile), whatever its 18 characters;
    a blank standing for CH reads as CH and scores 0 (FILE 10.1)."""
    squares = ["B", "U", "Ñ", "O", "CH", "A", "S", "E", "R", "O", "S", "ch"]
    cells = board_cells(_board(0, 0, squares), SPANISH)
    assert [c["tile"] for c in cells[0][:12]] == ["B", "U", "Ñ", "O", "CH", "A", "S", "E", "R", "O", "S", "?"]
    assert cells[0][4] == {"tile": "CH", "letter": "CH", "blank": False, "points": 5}
    assert cells[0][11] == {"tile": "?", "letter": "CH", "blank": True, "points": 0}
    assert cells[0][12:] == [None] * 3 and cells[1:] == [[None] * 15] * 14
    assert cells_of_rows(["BUÑO[CH]ASEROS[ch]..."] + ["." * 15] * 14, SPANISH) == cells


def test_two_rs_are_two_squares_and_rr_one_file_11():
    """FILE 11: two R tiles never make RR; the text writes them [R][R], the cells keep two R squares."""
    cells = cells_of_rows(["[R][R][RR]" + "." * 12] + ["." * 15] * 14, SPANISH)
    assert [c and c["tile"] for c in cells[0][:4]] == ["R", "R", "RR", None]
    assert cells[0][2]["points"] == 8


def test_catalan_digraphs_are_one_cell_each_fisc_i6():
    """FISC I.6: L·L, NY and QU are single tiles (10, 10 and 8 points); a blank may stand for one."""
    cells = board_cells(_board(7, 4, ["NY", "QU", "l·l"]), CATALAN)
    assert [c and c["tile"] for c in cells[7][4:8]] == ["NY", "QU", "?", None]
    assert [c and c["points"] for c in cells[7][4:7]] == [10, 8, 0]
    assert cells[7][6]["letter"] == "L·L"
    assert cells_of_rows(["." * 15] * 7 + ["....NYQUl·l........"] + ["." * 15] * 7, CATALAN) == cells


def test_a_row_that_is_not_15_squares_is_refused():
    with pytest.raises(ValueError, match="15 squares, not 14"):
        cells_of_rows(["." * 14] + ["." * 15] * 14, SPANISH)
