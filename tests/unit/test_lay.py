"""``domain.lay.lay_if_legal``: the verifier's lean walk lays and scores what ``evaluate_if_legal`` does.

Hand-worked plays first (FILE 6, 8–9, 12–19, 20; the same squares as ``test_scoring.py``), then every
legal play of random Spanish and Catalan positions, written three ways, and random words written anywhere,
legal or not: the same score and the same new tiles, or None with the board untouched.
"""

import pytest

from domain.board import Board
from domain.lay import lay_if_legal
from domain.move import SIZE, Coordinate
from domain.notation import parse_word
from domain.scoring import evaluate_if_legal
from domain.tiles import CATALAN, SPANISH, Tile
from tests.positions import board_with, cases


def lay(board, coord, word, tileset=SPANISH, **kw):
    return lay_if_legal(board, Coordinate.parse_federation(coord), parse_word(word, tileset), tileset.points, **kw)


def test_first_word_doubled_by_the_star_and_laid_file_6_16():
    """FILE 6, 16: CASA on H8–H11 covers the star: (3 + 1 + 1 + 1) × 2 = 12; four tiles laid from H8."""
    board = Board()
    score, new = lay(board, "H8", "CASA")
    assert score == 12
    assert [i for i, _ in new] == [7 * SIZE + 7, 7 * SIZE + 8, 7 * SIZE + 9, 7 * SIZE + 10]
    assert board.count == 4 and board.at(7, 7) == Tile("C", False)


def test_first_play_off_the_star_refused_unless_accepted_file_6_20():
    """FILE 6: the first play covers H8; FILE 20: one that missed it and was accepted is scored as it lies
    (H4–H7, CASA: H4 double letter, C 3 × 2 + 3 = 9, not doubled)."""
    board = Board()
    assert lay(board, "H4", "CASA") is None and board.count == 0
    assert lay(board, "H4", "CASA", centre_required=False)[0] == 9


def test_two_triple_words_and_the_bingo_file_15_19():
    """FILE 15, 19: ACERTARA on A1–A8 through the R on A4: 10 × 3 × 3 = 90, seven new tiles + 50 = 140."""
    score, new = lay(board_with(A4="R"), "A1", "ACERTARA")
    assert score == 140 and len(new) == 7


def test_a_shared_new_tile_counts_in_each_word_file_18():
    """FILE 18: after CASA, OS on I8–I9 forms OS (3), CO (4) and AS (3): 10."""
    board = Board()
    lay(board, "H8", "CASA")
    assert lay(board, "I8", "OS")[0] == 10


def test_a_play_that_touches_nothing_or_disagrees_with_the_board_is_not_laid_file_8_9():
    """FILE 9: a later play touches the tiles on the board; FILE 8: the written word agrees with them and is
    the whole word on its line. None, and the board as it was."""
    board = Board()
    lay(board, "H8", "CASA")
    before = list(board.cells)
    assert lay(board, "A1", "OS") is None  # touches nothing
    assert lay(board, "8H", "SOL") is None  # H8 holds a C, not an S
    assert lay(board, "H12", "SO") is None  # CASASO: not the whole word on its line
    assert board.cells == before and board.count == 4


def test_cross_words_end_at_the_board_edge_file_18():
    """FILE 18, a cross word reaching the edge: after an S on H15, AS down column 14 from H14 makes AS (2) and,
    across row H, AS with the S on H15 (1 + 1 = 2; H14 and I14 are plain squares): 4. And after S on I1 and
    on H15 (the square before I1 in reading order), AS down column 2 from I2 makes AS (A 1 + S 1 × 3 on the
    triple letter J2 = 4) and SA on row I (1 + 1 = 2): 6; the S on H15 is on another row and counts nowhere."""
    assert lay(board_with(H15="S"), "14H", "AS")[0] == 4
    assert lay(board_with(I1="S", H15="S"), "2I", "AS")[0] == 6
    # On row A nothing lies above: an S on O1 (the last row) is no neighbour of A1. AS through the S on A2:
    # (1 + 1) × 3 on the triple word A1 = 6.
    assert lay(board_with(A2="S", O1="S"), "A1", "AS")[0] == 6


def test_the_whole_word_at_the_board_edge_file_8():
    """FILE 8: the written word is the whole word on its line, up to the board's last square. AS on H13-H14 joins the
    S on H15 (ASS): not laid, though its A makes a cross word with the S on G13; the same down column 13."""
    assert lay(board_with(G13="S", H15="S"), "H13", "AS") is None
    assert lay(board_with(M12="S", O13="S"), "13M", "AS") is None
    assert lay(board_with(G13="S"), "H13", "AS") is not None  # without the S after it: laid


def test_a_word_wholly_on_the_board_lays_nothing_file_8():
    """FILE 8 (``no_new_tile``): a play puts a new tile down. CASA written again over CASA, as letters or dots."""
    board = Board()
    lay(board, "H8", "CASA")
    assert lay(board, "H8", "CASA") is None and lay(board, "H8", "....") is None and board.count == 4


def test_lift_takes_back_what_was_laid_file_38():
    """FILE 38: a withdrawn play's tiles leave the board."""
    board = Board()
    lay(board, "H8", "CASA")
    _, new = lay(board, "I8", "OS")
    board.lift(new)
    assert board.count == 4 and board.at(8, 7) is None and board.at(8, 8) is None


def compare(board, coord, word, tileset, centre):
    """lay_if_legal on a copy agrees with evaluate_if_legal on the board; True when the play was legal."""
    expected = evaluate_if_legal(board, coord, word, tileset, centre)
    copy = board.copy()
    got = lay_if_legal(copy, coord, word, tileset.points, centre)
    if expected is None:
        assert got is None and copy == board, (coord, word)
        return False
    assert got is not None, (coord, word)
    assert got[0] == expected.score, (coord, word)
    assert got[1] == [(p.row * SIZE + p.col, p.tile) for p in expected.placements], (coord, word)
    laid = board.copy()
    laid.place(expected.placements)
    assert copy == laid and copy.count == laid.count
    return True


@pytest.mark.parametrize("tileset, file", [(SPANISH, "es_small.txt"), (CATALAN, "ca_small.txt")])
def test_lay_agrees_with_the_one_walk_on_random_positions(tileset, file):
    legal = compared = 0
    for board, coord, word, centre in cases(tileset, file, f"lay-{tileset.name}", games=8):
        legal += compare(board, coord, word, tileset, centre)
        compared += 1
    assert legal > 1000 and compared - legal > 1000  # both ways were taken, many times
