"""A brute-force reference for the move generator, written from the rules and nothing else.

Every segment of every row and column that could hold a whole word (the squares just before and
after it empty or off the board: FILE 8), with one to seven empty squares; every word of the list
of that length that agrees with the tiles already in it; every way the rack can supply the rest
(each tile from the rack, or a blank standing for it); each candidate is then resolved, validated
and scored by the engine (``evaluate_play``: FILE 6, 8, 9, 12-20), and kept when every word it
forms is in the list. No DAWG, no anchors, no cross-checks.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from domain.board import Board, Placement
from domain.errors import PlacementError
from domain.move import SIZE, Coordinate
from domain.notation import WordTile
from domain.scoring import evaluate_play
from domain.tiles import BLANK, Tile, TileSet


def reference_plays(
    board: Board,
    rack: list[str],
    words: set[tuple[str, ...]],
    tileset: TileSet,
    *,
    blank_as_digraph: bool = True,
) -> dict[frozenset[Placement], int]:
    """Every legal play as {the set of tiles put down: its score}; words are tuples of tile letters."""
    have = Counter(rack)
    by_length: dict[int, list[tuple[str, ...]]] = {}
    for word in words:
        by_length.setdefault(len(word), []).append(word)
    found: dict[frozenset[Placement], int] = {}
    reach = _reach(board)
    for horizontal in (True, False):
        for r in range(SIZE):
            for c in range(SIZE):
                for length in range(2, SIZE + 1):
                    squares = Coordinate(r, c, horizontal).squares(length)
                    if squares[-1][0] >= SIZE or squares[-1][1] >= SIZE:
                        break
                    before = (r, c - 1) if horizontal else (r - 1, c)
                    after = (squares[-1][0], squares[-1][1] + 1) if horizontal else (squares[-1][0] + 1, squares[-1][1])
                    if any(0 <= a < SIZE and 0 <= b < SIZE and board.at(a, b) is not None for a, b in (before, after)):
                        continue
                    empty = [k for k, sq in enumerate(squares) if board.at(*sq) is None]
                    if not 1 <= len(empty) <= len(rack) or reach.isdisjoint(squares):
                        continue
                    fixed = [(k, board.at(*sq).letter) for k, sq in enumerate(squares) if board.at(*sq) is not None]
                    for word in by_length.get(length, ()):
                        if any(word[k] != letter for k, letter in fixed):
                            continue
                        for tiles in _supplies([word[k] for k in empty], have, blank_as_digraph):
                            _try(board, Coordinate(r, c, horizontal), squares, empty, tiles, words, tileset, found)
    return found


def _reach(board: Board) -> set[tuple[int, int]]:
    """Squares a play must include to be worth asking the engine about: H8 on an empty board, else any
    square holding a tile or next to one (FILE 6, 9). Only a shortcut: the engine still checks."""
    if board.is_empty():
        return {(SIZE // 2, SIZE // 2)}
    out = set()
    for r in range(SIZE):
        for c in range(SIZE):
            if board.at(r, c) is not None:
                out.update({(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)})
    return out


def _supplies(letters: list[str], have: Counter, blank_as_digraph: bool):
    """Every way the rack gives these letters: each as its own tile or as a blank (Tile.blank)."""
    options = []
    for letter in letters:
        ways = []
        if have[letter]:
            ways.append(Tile(letter))
        if have[BLANK] and (blank_as_digraph or len(letter) == 1):
            ways.append(Tile(letter, True))
        if not ways:
            return
        options.append(ways)
    for choice in product(*options):
        used = Counter(BLANK if t.blank else t.letter for t in choice)
        if all(have[k] >= n for k, n in used.items()):
            yield choice


def _try(board, coord, squares, empty, tiles, words, tileset, found) -> None:
    written = [WordTile(None, True)] * len(squares)
    for k, tile in zip(empty, tiles):
        written[k] = WordTile(tile, False)
    try:
        result = evaluate_play(board, coord, written, tileset)
    except PlacementError:
        return
    if all(tuple(t.letter for t in w.tiles) in words for w in result.words):
        found[frozenset(result.placements)] = result.score
