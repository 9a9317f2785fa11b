"""Positions and written plays for the tests that hold two walks of the rules to each other.

``board_with`` puts single tiles on named squares; ``written_plays`` plays random Spanish or Catalan games with
a small word list and gives, position by position, every legal play written three ways (the board's tiles as
``.``, repeated, or in parentheses) and random words written anywhere, legal or not; ``cases`` gives each of
them on its board, with the centre required and not (FILE 6, 20).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from domain.board import Board, Placement
from domain.lexicon import compile_lexicon
from domain.move import Coordinate
from domain.notation import WordTile, parse_word
from domain.tiles import SPANISH, Tile, TileSet, full_bag

LEXICON_DATA = Path(__file__).resolve().parent / "data" / "lexicon"


def board_with(tileset: TileSet = SPANISH, **squares: str) -> Board:
    """A board with single tiles put directly on named squares, e.g. E8='T'."""
    board = Board()
    for name, letter in squares.items():
        coord = Coordinate.parse_federation(name)
        board.place([Placement(coord.row, coord.col, parse_word(letter, tileset)[0].tile)])
    return board


def written_plays(tileset: TileSet, word_list: str, seed: str, games: int,
                  moves: int = 10) -> Iterator[tuple[Board, list[tuple[Coordinate, list[WordTile]]]]]:
    """For ``games`` random games of ``moves`` positions each: (the board, the plays written on it); after each
    position one of its legal plays is put on the board."""
    lexicon = compile_lexicon("t", (LEXICON_DATA / word_list).read_text(encoding="utf-8").splitlines(), tileset)
    rnd = random.Random(seed)
    for _ in range(games):
        board, bag = Board(), full_bag(tileset)
        rnd.shuffle(bag)
        for _ in range(moves):
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
            yield board, written
            if plays:
                board.place(rnd.choice(plays).placements)


def cases(tileset: TileSet, word_list: str, seed: str, games: int) -> Iterator[tuple[Board, Coordinate, list[WordTile],
                                                                                     bool]]:
    """(board, coordinate, written word, whether the centre is required) for every play ``written_plays`` gives."""
    for board, written in written_plays(tileset, word_list, seed, games):
        for coord, word in written:
            for centre in (True, False):
                yield board, coord, word, centre
