"""Placement rules: each violation has its own code and the article it breaks (FILE 6, 8–9, 20–24; FISC I.6)."""

import pytest

from domain.board import Board, Placement
from domain.errors import PlacementError
from domain.move import Coordinate
from domain.notation import parse_word
from domain.scoring import check_connection, check_shape, evaluate_play
from domain.tiles import SPANISH, Tile


def attempt(board, coord, word, **kw):
    return evaluate_play(board, Coordinate.parse_federation(coord), parse_word(word, SPANISH), SPANISH, **kw)


def after_casa():
    board = Board()
    board.place(attempt(board, "H8", "CASA").placements)
    return board


def refused(code, article, fn, *args, **kw):
    with pytest.raises(PlacementError) as info:
        fn(*args, **kw)
    assert info.value.code == code
    assert info.value.article == article
    assert info.value.field == "word"
    return info.value


def test_first_play_must_cover_the_centre_file_6_and_20():
    """FILE 6: "una de las letras ... en la casilla central"; FILE 20 gives the opponent the choice."""
    err = refused("first_play_off_centre", "FILE 20", attempt, Board(), "H9", "SOL")
    assert "H8" in err.message


def test_first_play_needs_two_tiles_file_6():
    """FILE 6: the first player "combina dos o más de sus letras"."""
    refused("first_play_too_short", "FILE 6", check_connection, Board(), [Placement(7, 7, Tile("A"))])


def test_later_play_must_touch_the_board_file_9_fisc_i6():
    """FILE 2, 9 and FISC I.6: after the first play, every word joins tiles already there."""
    refused("not_connected", "FILE 9", attempt, after_casa(), "A1", "SOL")


def test_tiles_in_one_line_file_21_fisc_i6():
    """FILE 21.2: the second tile fixes row or column for the whole play (FISC I.6: not both at once)."""
    board = after_casa()
    tiles = [Placement(8, 7, Tile("O")), Placement(9, 8, Tile("S"))]
    refused("not_in_line", "FILE 21.2", check_shape, board, tiles)


def test_no_gap_inside_the_word_file_8():
    """FILE 8: the tiles of a play "tienen que formar una palabra completa"."""
    board = after_casa()
    tiles = [Placement(8, 7, Tile("O")), Placement(8, 9, Tile("S"))]
    refused("gap", "FILE 8", check_shape, board, tiles)


def test_gap_bridged_by_a_board_tile_is_fine_file_9_2():
    """FILE 9.2: a word may use a letter already on the board; the squares between are then covered."""
    board = after_casa()
    tiles = [Placement(6, 8, Tile("M")), Placement(8, 8, Tile("S"))]
    assert check_shape(board, tiles) is False  # vertical


def test_square_already_occupied_file_8():
    """FILE 8: a new tile goes on an empty square."""
    refused("square_occupied", "FILE 8", check_shape, after_casa(), [Placement(7, 7, Tile("O"))])


def test_written_letter_must_match_the_board_file_9():
    """FILE 9.2: the new word uses the letter that is on the board; a different letter there is refused."""
    err = refused("board_mismatch", "FILE 9", attempt, after_casa(), "9G", "MOS")
    assert err.position == 1 and "H9" in err.message


def test_dot_over_an_empty_square_file_9():
    """TILES.md: '.' marks a tile already on the board; over an empty square it is a shape error."""
    err = refused("through_on_empty", "FILE 9", attempt, after_casa(), "9G", "M..")
    assert err.position == 2


def test_word_off_the_board_file_8():
    """A word that runs past column 15 cannot be placed."""
    refused("off_board", "FILE 8", attempt, after_casa(), "O12", "CASAS")


def test_written_word_must_be_the_whole_word_file_8():
    """FILE 8: a word written short of the tiles around it is not "una palabra completa"."""
    board = after_casa()
    err = refused("word_incomplete", "FILE 8", attempt, board, "H10", "SAS")
    assert "H9" in err.message


def test_a_play_with_no_new_tile_file_8():
    """Writing only tiles already on the board places nothing."""
    refused("no_new_tile", "FILE 8", attempt, after_casa(), "H8", "CASA")


def test_off_centre_first_play_accepted_by_the_opponent_is_placed_file_20_2():
    """FILE 20.2: the opponent may accept a first play that missed H8; the engine then allows it."""
    result = attempt(Board(), "H9", "SOL", centre_required=False)
    assert [(p.row, p.col) for p in result.placements] == [(7, 8), (7, 9), (7, 10)]


def test_errors_serialise_with_code_article_field_and_position():
    """Every refusal can be sent to a client as a plain dict (code, article, field, position, message)."""
    with pytest.raises(PlacementError) as info:
        attempt(after_casa(), "9G", "MOS")
    assert info.value.to_dict() == {
        "code": "board_mismatch",
        "article": "FILE 9",
        "field": "word",
        "position": 1,
        "message": info.value.message,
    }
