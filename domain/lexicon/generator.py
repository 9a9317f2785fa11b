"""Every legal play for a rack on a board, scored, best first: the master move of a duplicate round.

The search is Appel and Jacobson's ("The world's fastest Scrabble program", CACM 31(5), 1988) over
the lexicon's DAWG, one board line at a time, for rows and then for columns (the board mirrored on
its diagonal, whose premiums are the same):

- an *anchor* is an empty square next to a tile (on an empty board, H8: FILE 6, FISC I.6); every
  play covers one, and is found from the leftmost anchor it covers, so it is found once;
- a *cross-check* is, for each empty square, the set of tiles that make a word with the tiles
  above and below it (all tiles where there are none);
- from each anchor, a left part from the rack on the free squares before it (or the tiles already
  there), then the rest through the anchor, tile by tile along the DAWG, over the tiles on the
  board, each new tile allowed by its square's cross-check; a play is kept when the main word ends
  on a word and a new tile has been put down.

Tiles are tokens (``spelling.Speller``): a digraph is one tile, and a blank can stand for any tile,
digraphs included, unless the profile says otherwise (``blank_as_digraph``). A play that puts down
one tile is a row play when that tile has a neighbour in its row, else a column play, and is
listed once.

Scores are the engine's rules (``domain.scoring``: letter premiums, then word premiums, only on the
squares covered now; each new word; a blank 0; seven tiles +50), added up along the search from
the engine's premium tables; ``Play.result`` scores a play with ``score_play`` itself, and the
tests check that both agree on every play and that the plays are those a brute-force search finds.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple, Sequence

from domain.board import CENTRE, LETTER_MULT, WORD_MULT, Board, Placement
from domain.lexicon.dawg import SHIFT, Dawg
from domain.lexicon.spelling import speller
from domain.move import SIZE, Coordinate
from domain.scoring import BINGO_BONUS, BINGO_TILES, PlayResult, score_play
from domain.tiles import BLANK, Tile, TileSet

EMPTY = -1


class Play(NamedTuple):
    """A play found: its score, where its main word starts and runs, its length, and the tiles put down.

    ``new`` holds ``(index, token, blank)`` for each tile put down, ``index`` counted along the line
    (the column of a row play, the row of a column play); ``letters`` names the tokens.
    """

    score: int
    row: int
    col: int
    horizontal: bool
    length: int
    new: tuple[tuple[int, int, bool], ...]
    letters: tuple[str, ...]

    @property
    def coordinate(self) -> Coordinate:
        """Where the main word starts and which way it runs."""
        return Coordinate(self.row, self.col, self.horizontal)

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The tiles put down, in order along the line."""
        letters = self.letters
        if self.horizontal:
            return tuple(Placement(self.row, i, Tile(letters[t], b)) for i, t, b in self.new)
        return tuple(Placement(i, self.col, Tile(letters[t], b)) for i, t, b in self.new)

    def word(self, board: Board) -> tuple[Tile, ...]:
        """The main word's tiles, those already on ``board`` included."""
        new = {(p.row, p.col): p.tile for p in self.placements}
        squares = self.coordinate.squares(self.length)
        return tuple(new.get(sq) or board.at(*sq) for sq in squares)

    def result(self, board: Board, tileset: TileSet) -> PlayResult:
        """The play scored by the engine (``score_play``): the words formed and the total."""
        return score_play(board, self.placements, self.horizontal, tileset)


def generate(
    board: Board,
    rack: Sequence[str],
    dawg: Dawg,
    tileset: TileSet,
    *,
    blank_as_digraph: bool = True,
    tops_only: bool = False,
) -> list[Play]:
    """Every legal play of ``rack`` (tile letters, ``?`` for a blank) on ``board``, best first.

    Plays of equal score keep the order they were found in (rows before columns, top to bottom).
    ``tops_only``: only the plays of the best score (the master's candidates), in that order: the same list as
    the full one's first plays, without making a play of everything below the best found so far.
    """
    abc = speller(tileset)
    n = len(abc.letters)
    counts = [0] * (n + 1)  # the last one counts blanks
    for letter in rack:
        counts[n if letter == BLANK else abc.index[letter]] += 1
    points = [tileset.points[letter] for letter in abc.letters]
    blank_mask = (1 << n) - 1
    if not blank_as_digraph:
        for i, letter in enumerate(abc.letters):
            if len(letter) > 1:
                blank_mask &= ~(1 << i)
    grid = [EMPTY] * (SIZE * SIZE)
    values = [0] * (SIZE * SIZE)
    for i, tile in enumerate(board.cells):
        if tile is not None:
            grid[i] = abc.index[tile.letter]
            values[i] = 0 if tile.blank else points[grid[i]]
    plays: list[Play] = []
    if board.is_empty():
        anchors = {CENTRE[0] * SIZE + CENTRE[1]}  # the first play covers H8 (FILE 6, FISC I.6)
    else:
        anchors = {i for i in range(SIZE * SIZE) if grid[i] == EMPTY and _touches(grid, i)}
    search = _Search(dawg, counts, points, blank_mask, abc.letters, plays, tops_only)
    search.run(grid, values, anchors, True)
    flip = [r * SIZE + c for c in range(SIZE) for r in range(SIZE)]  # flip[i]: the square mirrored
    search.run([grid[j] for j in flip], [values[j] for j in flip], {flip[i] for i in anchors}, False)
    plays.sort(key=itemgetter(0), reverse=True)  # the score; a stable sort keeps the order found
    return plays


def _touches(grid: list[int], i: int) -> bool:
    r, c = divmod(i, SIZE)
    return (
        (r > 0 and grid[i - SIZE] != EMPTY)
        or (r < SIZE - 1 and grid[i + SIZE] != EMPTY)
        or (c > 0 and grid[i - 1] != EMPTY)
        or (c < SIZE - 1 and grid[i + 1] != EMPTY)
    )


class _Search:
    """One generation: the rack as counts, and the lines searched in one direction at a time."""

    def __init__(self, dawg, counts, points, blank_mask, letters, plays, tops_only=False) -> None:
        self.dawg = dawg
        self.counts = counts
        self.blank = len(counts) - 1
        self.points = points
        self.blank_mask = blank_mask
        self.letters = letters
        self.plays = plays
        self.rack_size = sum(counts)
        #: With ``tops_only``, the best score found so far (rows, then columns); plays below it are not made.
        self.best = [-1 if tops_only else None]

    def cross_checks(self, grid, values):
        """For each empty square: the tiles allowed there, and the face value of its cross word (-1: none)."""
        dawg = self.dawg
        edges, final, masks = dawg.edges, dawg.final, dawg.masks
        every = (1 << len(self.points)) - 1
        allowed = [every] * (SIZE * SIZE)
        base = [-1] * (SIZE * SIZE)
        for i in range(SIZE * SIZE):
            if grid[i] != EMPTY:
                continue
            up = i - SIZE
            while up >= 0 and grid[up] != EMPTY:
                up -= SIZE
            down = i + SIZE
            while down < SIZE * SIZE and grid[down] != EMPTY:
                down += SIZE
            if up == i - SIZE and down == i + SIZE:
                continue
            above = range(up + SIZE, i, SIZE)
            below = range(i + SIZE, down, SIZE)
            base[i] = sum(values[j] for j in above) + sum(values[j] for j in below)
            node = dawg.walk(grid[j] for j in above)
            ok = 0
            if node >= 0:
                mask = masks[node]
                while mask:
                    low = mask & -mask
                    mask ^= low
                    t = low.bit_length() - 1
                    end = dawg.walk((grid[j] for j in below), edges[node << SHIFT | t])
                    if end >= 0 and final[end]:
                        ok |= low
            allowed[i] = ok
        return allowed, base

    def run(self, grid: list[int], values: list[int], anchors: set[int], horizontal: bool) -> None:
        """Find the plays along every row of ``grid`` (the board itself, or mirrored for columns)."""
        allowed, base = self.cross_checks(grid, values)
        dawg = self.dawg
        edges, final, masks, root = dawg.edges, dawg.final, dawg.masks, dawg.root
        counts, blank, points, blank_mask = self.counts, self.blank, self.points, self.blank_mask
        letters, plays = self.letters, self.plays
        letter_mult = [LETTER_MULT[i] for i in range(SIZE * SIZE)]
        word_mult = [WORD_MULT[i] for i in range(SIZE * SIZE)]
        if not horizontal:
            letter_mult = [LETTER_MULT[c * SIZE + r] for r in range(SIZE) for c in range(SIZE)]
            word_mult = [WORD_MULT[c * SIZE + r] for r in range(SIZE) for c in range(SIZE)]
        placed: list[tuple[int, int, bool]] = []
        rack_mask = 0
        for t in range(blank):
            if counts[t]:
                rack_mask |= 1 << t
        state = [rack_mask]
        row = start = anchor = 0
        new_play = tuple.__new__  # a Play without its Python-level __new__
        best = self.best
        lefts: list[tuple[int, bool]] = []  # the left part's tiles in word order: (token, blank)

        def extend(node: int, col: int, main: int, mult: int, cross: int) -> None:
            """Go on along the row from ``col``, the word so far read up to ``node``."""
            i = row + col
            while col < SIZE and grid[i] != EMPTY:  # tiles on the board: follow them
                node = edges.get(node << SHIFT | grid[i], -1)
                if node < 0:
                    return
                main += values[i]
                col += 1
                i += 1
            if col > anchor and final[node] and placed:
                n_new = len(placed)
                if horizontal or n_new > 1 or base[row + placed[0][0]] < 0:
                    score = main * mult + cross + (BINGO_BONUS if n_new == BINGO_TILES else 0)
                    top = best[0]
                    if top is None or score >= top:  # tops only: a play below the best so far is not made
                        if top is not None and score > top:
                            best[0] = score
                            plays.clear()
                        r = row // SIZE
                        if horizontal:
                            plays.append(new_play(Play, (score, r, start, True, col - start, tuple(placed), letters)))
                        else:
                            plays.append(new_play(Play, (score, start, r, False, col - start, tuple(placed), letters)))
            if col == SIZE:
                return
            rack_mask = state[0]
            mask = masks[node] & allowed[i]
            blanks = counts[blank]
            choices = mask & (rack_mask | (blank_mask if blanks else 0))
            if not choices:
                return
            lm, wm, cb = letter_mult[i], word_mult[i], base[i]
            while choices:
                low = choices & -choices
                choices ^= low
                t = low.bit_length() - 1
                child = edges[node << SHIFT | t]
                if low & rack_mask:
                    v = points[t] * lm
                    counts[t] -= 1
                    if not counts[t]:
                        state[0] = rack_mask & ~low
                    placed.append((col, t, False))
                    extend(child, col + 1, main + v, mult * wm, cross + ((cb + v) * wm if cb >= 0 else 0))
                    placed.pop()
                    counts[t] += 1
                    state[0] = rack_mask
                if blanks and low & blank_mask:
                    counts[blank] -= 1
                    placed.append((col, t, True))
                    extend(child, col + 1, main, mult * wm, cross + (cb * wm if cb >= 0 else 0))
                    placed.pop()
                    counts[blank] += 1

        def left(node: int, depth: int, limit: int) -> None:
            """Left parts from the rack on the ``limit`` free squares before the anchor, then extend each."""
            nonlocal start
            start = anchor - depth
            main, mult = 0, 1
            placed.clear()  # the left part on the squares before the anchor, from ``start``
            col = start
            for t, is_blank in lefts:
                i = row + col
                if not is_blank:
                    main += points[t] * letter_mult[i]
                mult *= word_mult[i]
                placed.append((col, t, is_blank))
                col += 1
            extend(node, anchor, main, mult, 0)
            if depth == limit:
                return
            rack_mask = state[0]
            blanks = counts[blank]
            choices = masks[node] & (rack_mask | (blank_mask if blanks else 0))
            while choices:
                low = choices & -choices
                choices ^= low
                t = low.bit_length() - 1
                child = edges[node << SHIFT | t]
                for use_blank in (False, True):
                    if use_blank:
                        if not (blanks and low & blank_mask):
                            continue
                        counts[blank] -= 1
                    else:
                        if not low & rack_mask:
                            continue
                        counts[t] -= 1
                        if not counts[t]:
                            state[0] = rack_mask & ~low
                    # The left part grows leftwards in position but rightwards in the word: the tiles are kept
                    # in word order and put on their squares by the call that extends them.
                    lefts.append((t, use_blank))
                    left(child, depth + 1, limit)
                    lefts.pop()
                    if use_blank:
                        counts[blank] += 1
                    else:
                        counts[t] += 1
                        state[0] = rack_mask

        for r in range(SIZE):
            row = r * SIZE
            for c in range(SIZE):
                if row + c not in anchors:
                    continue
                anchor = c
                if c > 0 and grid[row + c - 1] != EMPTY:
                    s = c - 1
                    while s > 0 and grid[row + s - 1] != EMPTY:
                        s -= 1
                    node = dawg.walk(grid[row + j] for j in range(s, c))
                    if node >= 0:
                        start = s
                        extend(node, c, sum(values[row + j] for j in range(s, c)), 1, 0)
                    continue
                limit = 0
                while limit < c and limit < self.rack_size - 1 and grid[row + c - limit - 1] == EMPTY \
                        and row + c - limit - 1 not in anchors:
                    limit += 1
                left(root, 0, limit)
                placed.clear()
