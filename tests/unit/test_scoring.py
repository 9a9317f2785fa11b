"""Scoring, hand-worked on paper against FILE 10, 12–20 and FISC I.6.

Squares are named the federations' way: row letter, column number (H8 is the centre star).
Premiums used below (TILES.md, GCG labels → same squares by symmetry): H8 double word (star),
D8/L8 double letter, A1/A8 triple word, E5/E11 double word, I9 double letter.
"""

from domain.board import Board
from domain.move import Coordinate
from domain.notation import parse_word
from domain.scoring import evaluate_play
from domain.tiles import CATALAN, SPANISH
from tests.positions import board_with


def play(board, coord, word, tileset=SPANISH, place=True, **kw):
    result = evaluate_play(board, Coordinate.parse_federation(coord), parse_word(word, tileset), tileset, **kw)
    if place:
        board.place(result.placements)
    return result


def test_first_word_doubled_by_the_centre_star_file_16():
    """FILE 16: CASA on H8–H11: C3 + A1 + S1 + A1 = 6, ×2 for the star = 12."""
    result = play(Board(), "H8", "CASA")
    assert result.score == 12
    assert [w.score for w in result.words] == [12]


def test_letter_premiums_before_word_premium_file_14():
    """FILE 14: ZAFIO on H4–H8; H4 is a double letter: Z 10×2 = 20.

    20 + A1 + F4 + I1 + O1 = 27, then ×2 for the star on H8 = 54.
    """
    assert play(Board(), "H4", "ZAFIO").score == 54


def test_two_double_words_multiply_by_four_file_15():
    """FILE 15: CANTARA on E5–E11 through a T on E8: E5 and E11 are both double word.

    C3 + A1 + N1 + T1 + A1 + R1 + A1 = 9, ×2×2 = 36; the T already on E8 counts at face value.
    """
    board = board_with(E8="T")
    result = play(board, "E5", "CANTARA")
    assert result.score == 36
    assert len(result.placements) == 6 and not result.bingo


def test_two_triple_words_multiply_by_nine_and_scrabble_bonus_file_15_19():
    """FILE 15, 19: ACERTARA on A1–A8 through an R on A4: A1 and A8 are triple word.

    A1 C3 E1 R1 T1 A1 R1 A1 = 10, ×3×3 = 90; seven new tiles: +50 = 140. The R sits on A4, a double
    letter covered earlier, so it counts 1 (FILE 17).
    """
    board = board_with(A4="R")
    result = play(board, "A1", "ACERTARA")
    assert result.score == 140
    assert result.bingo


def test_shared_new_tile_counts_in_each_word_with_its_premium_file_18():
    """FILE 18: after CASA (H8–H11), OS on I8–I9 forms OS, CO and AS.

    OS: O1 + S1×2 (I9 double letter) = 3; CO: C3 + O1 = 4; AS: A1 + S1×2 = 3. Total 10.
    """
    board = Board()
    play(board, "H8", "CASA")
    result = play(board, "I8", "OS")
    assert result.score == 10
    assert [w.score for w in result.words] == [3, 4, 3]


def test_premium_counts_only_the_first_time_file_17():
    """FILE 17: CASA then S on H12 (L8, a double letter) makes CASAS.

    C3 A1 S1 A1 at face value (H8's star was used by CASA) + S1×2 = 8, not doubled.
    """
    board = Board()
    play(board, "H8", "CASA")
    assert play(board, "H8", "CASAS").score == 8


def test_blank_scores_zero_but_the_word_premium_still_applies_file_10_1():
    """FILE 10.1: cASA vertical from 8H with a blank for C on the star: 0 + 1 + 1 + 1 = 3, ×2 = 6."""
    result = play(Board(), "8H", "cASA")
    assert result.score == 6
    assert result.placements[0].tile.blank


def test_scrabble_with_a_blank_earns_fifty_file_10_2_and_19():
    """FILE 10.2, 19: CASITaS on H8–H14, seven tiles, one blank (a).

    C3 A1 S1 I1 T1×2 (L8 double letter) a0 S1 = 9, ×2 (star) = 18, +50 = 68.
    """
    result = play(Board(), "H8", "CASITaS")
    assert result.score == 68 and result.bingo


def test_spanish_digraph_tile_scores_as_one_tile_file_11():
    """FILE 11: [LL]AVE on H8: LL is one tile worth 8. 8 + A1 + V4 + E1 = 14, ×2 = 28; 4 tiles."""
    result = play(Board(), "H8", "[LL]AVE")
    assert result.score == 28 and len(result.placements) == 4


def test_two_l_tiles_are_two_tiles_not_the_digraph_file_11():
    """FILE 11: a bare LL is two L tiles worth 1 each: LLAVE on H8–H12.

    L1 L1 A1 V4 E1×2 (E on L8, a double letter) = 9, ×2 (star) = 18; five tiles, not four.
    """
    result = play(Board(), "H8", "LLAVE")
    assert result.score == 18 and len(result.placements) == 5


def test_catalan_digraphs_and_cedilla_fisc_i6():
    """FISC I.6: PAL·LA on H5–H8 = P3 A1 L·L10 A1 = 15, ×2 (H8) = 30; CAÇA vertical from 8H = (2+1+10+1)×2 = 28."""
    assert play(Board(), "H5", "PAL·LA", CATALAN).score == 30
    assert play(Board(), "8H", "CAÇA", CATALAN).score == 28


def test_catalan_q_is_the_qu_tile_on_the_sheet_fisc_i6():
    """FISC I.6: the Q tile always means QU. QUE and QE are the same two tiles: (8 + 1) × 2 = 18."""
    a = play(Board(), "H8", "QUE", CATALAN)
    b = play(Board(), "H8", "QE", CATALAN)
    assert a.score == b.score == 18
    assert a.placements == b.placements


def test_accepted_off_centre_first_play_is_not_doubled_and_star_stays_live_file_20_2():
    """FILE 20.2: SOL on H9–H11 misses H8; accepted, it scores 1+1+1 = 3, not doubled.

    Later an A on H8 makes ASOL: the star is still a double word for whoever covers it:
    (1+1+1+1) × 2 = 8.
    """
    board = Board()
    first = play(board, "H9", "SOL", centre_required=False)
    assert first.score == 3
    assert play(board, "H8", "ASOL").score == 8


def test_main_word_comes_first_then_cross_words():
    """The words a challenge names: main word first, then one cross word per new tile that makes one."""
    board = Board()
    play(board, "H8", "CASA")
    result = play(board, "I8", "OS")
    texts = ["".join(t.letter for t in w.tiles) for w in result.words]
    assert texts == ["OS", "CO", "AS"]
    assert (result.words[0].row, result.words[0].col, result.words[0].horizontal) == (8, 7, True)


def test_through_tiles_written_as_dots_or_parentheses_give_the_same_play():
    """TILES.md: a tile already on the board may be written '.', in parentheses, or repeated.

    After CASA (H8–H11), MAS down column 9 from G9 through the A on H9: M on G9 (double letter)
    3×2 = 6, A 1 (old), S on I9 (double letter) 1×2 = 2: 9.
    """
    for written in ("M.S", "M(A)S", "MAS"):
        board = Board()
        play(board, "H8", "CASA")
        result = play(board, "9G", written)
        assert result.score == 9, written
        assert [(p.row, p.col) for p in result.placements] == [(6, 8), (8, 8)]
