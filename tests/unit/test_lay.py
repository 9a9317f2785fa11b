"""``domain.lay.lay_if_legal``: the verifier's lean walk lays and scores what ``evaluate_if_legal`` does.

Hand-worked plays first (FILE 6, 8–9, 12–19, 20; the same squares as ``test_scoring.py``), then every
legal play of random Spanish and Catalan positions, written three ways, and random words written anywhere,
legal or not: the same score and the same new tiles, or None with the board untouched.
"""

import random
from pathlib import Path

import pytest

from domain.board import Board, Placement
from domain.lay import lay_if_legal
from domain.lexicon import compile_lexicon
from domain.move import SIZE, Coordinate
from domain.notation import WordTile, parse_word
from domain.scoring import evaluate_if_legal
from domain.tiles import CATALAN, SPANISH, Tile, full_bag

DATA = Path(__file__).resolve().parents[1] / "data" / "lexicon"


def lay(board, coord, word, tileset=SPANISH, **kw):
    return lay_if_legal(board, Coordinate.parse_federation(coord), parse_word(word, tileset), tileset.points, **kw)


def board_with(**squares):
    board = Board()
    for name, letter in squares.items():
        coord = Coordinate.parse_federation(name)
        board.place([Placement(coord.row, coord.col, parse_word(letter, SPANISH)[0].tile)])
    return board


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
    lexicon = compile_lexicon("t", (DATA / file).read_text(encoding="utf-8").splitlines(), tileset)
    rnd = random.Random(f"lay-{tileset.name}")
    legal = compared = 0
    for _ in range(8):
        board, bag = Board(), full_bag(tileset)
        rnd.shuffle(bag)
        for _ in range(10):
            rack = [bag.pop() for _ in range(min(7, len(bag)))]
            plays = lexicon.plays(board, rack)
            written = []
            for play in plays:
                new = {(p.row, p.col) for p in play.placements}
                squares = play.coordinate.squares(play.length)
                for style in (".", "repeat", "()"):
                    written.append((play.coordinate, [
                        WordTile(t, False) if sq in new else WordTile(None, True) if style == "." else
                        WordTile(t, style == "()") for t, sq in zip(play.word(board), squares)]))
            for _ in range(60):
                coord = Coordinate(rnd.randrange(15), rnd.randrange(15), rnd.random() < 0.5)
                written.append((coord, [WordTile(None, True) if rnd.random() < 0.2 else
                                        WordTile(Tile(rnd.choice(tileset.letters), rnd.random() < 0.1),
                                                 rnd.random() < 0.1) for _ in range(rnd.randrange(1, 9))]))
            for coord, word in written:
                for centre in (True, False):
                    legal += compare(board, coord, word, tileset, centre)
                    compared += 1
            if plays:
                board.place(rnd.choice(plays).placements)
    assert legal > 1000 and compared - legal > 1000  # both ways were taken, many times
