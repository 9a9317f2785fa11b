"""``evaluate_play``'s one walk (``evaluate_if_legal``) gives what resolve, check and score give in turn.

The walk relies on three facts of the rules: the written word is the whole main word (FILE 8: the
squares before and after it are empty), a cross word is the new tile and tiles already on the board,
and a later play touches the board exactly when its word goes through a tile or makes a cross word
(FILE 9). Checked on every legal play of random Spanish and Catalan positions, written three ways
(board tiles as ``.``, repeated, or in parentheses), and on random words written anywhere, legal or
not: the same result, or the same error.
"""

import random
from pathlib import Path

import pytest

from domain.board import Board
from domain.errors import PlacementError
from domain.lexicon import compile_lexicon
from domain.move import Coordinate
from domain.notation import WordTile
from domain.scoring import check_connection, evaluate_if_legal, evaluate_play, resolve_word, score_play
from domain.tiles import CATALAN, SPANISH, Tile, full_bag

DATA = Path(__file__).resolve().parents[1] / "data" / "lexicon"


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
    lexicon = compile_lexicon("t", (DATA / file).read_text(encoding="utf-8").splitlines(), tileset)
    rnd = random.Random(f"one-walk-{tileset.name}")
    walked = compared = 0
    for _ in range(12):
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
                    expected = step_by_step(board, coord, word, tileset, centre)
                    assert one_walk(board, coord, word, tileset, centre) == expected, (coord, word)
                    walked += evaluate_if_legal(board, coord, word, tileset, centre) is not None
                    compared += 1
            if plays:
                board.place(rnd.choice(plays).placements)
    assert walked > 1000 and compared - walked > 1000  # both paths were taken, many times
