"""``evaluate_play``'s one walk (``evaluate_if_legal``) gives what resolve, check and score give in turn.

The walk relies on three facts of the rules: the written word is the whole main word (FILE 8: the
squares before and after it are empty), a cross word is the new tile and tiles already on the board,
and a later play touches the board exactly when its word goes through a tile or makes a cross word
(FILE 9). Checked on every legal play of random Spanish and Catalan positions, written three ways
(board tiles as ``.``, repeated, or in parentheses), and on random words written anywhere, legal or
not: the same result, or the same error.
"""

import pytest

from domain.errors import PlacementError
from domain.scoring import check_connection, evaluate_if_legal, evaluate_play, resolve_word, score_play
from domain.tiles import CATALAN, SPANISH
from tests.positions import cases


def step_by_step(board, coord, word, tileset, centre_required):
    """The three steps in turn: the result, or the error as (code, article, message, position)."""
    try:
        placements = resolve_word(board, coord, word)
        check_connection(board, placements, centre_required=centre_required)
        return score_play(board, placements, coord.horizontal, tileset)
    except PlacementError as e:
        return (e.code, e.article, e.message, e.position)


def one_walk(board, coord, word, tileset, centre_required):
    try:
        return evaluate_play(board, coord, word, tileset, centre_required=centre_required)
    except PlacementError as e:
        return (e.code, e.article, e.message, e.position)


@pytest.mark.parametrize("tileset, file", [(SPANISH, "es_small.txt"), (CATALAN, "ca_small.txt")])
def test_one_walk_agrees_with_the_three_steps(tileset, file):
    walked = compared = 0
    for board, coord, word, centre in cases(tileset, file, f"one-walk-{tileset.name}", games=12):
        expected = step_by_step(board, coord, word, tileset, centre)
        assert one_walk(board, coord, word, tileset, centre) == expected, (coord, word)
        walked += evaluate_if_legal(board, coord, word, tileset, centre) is not None
        compared += 1
    assert walked > 1000 and compared - walked > 1000  # both paths were taken, many times
