"""Placement rules and scoring, as pure functions of a board and a play.

Placement (FILE 2, 6, 8–9, 20–24; FISC I.6): all new tiles in one row or column, forming one
unbroken word with the tiles already there; the first play has two tiles or more and covers H8;
every later play touches the tiles on the board.

Score (FILE 12–19, FISC I.6): letter premiums first, then word premiums (two word premiums in one
word multiply: ×4, ×9); premiums count only on squares covered in this play; every new word
counts, and a new tile shared by two words counts in each with its premium; 7 tiles: +50; a blank
scores 0. A first play that missed H8 and was accepted (FILE 20.2) is scored as it lies: it is not
doubled, and H8 keeps its premium for whoever covers it later.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from domain.board import CENTRE, LETTER_MULT, WORD_MULT, Board, Placement
from domain.errors import PlacementError, msg
from domain.lay import BINGO_BONUS, BINGO_TILES, CENTRE_INDEX, whole_line
from domain.move import SIZE, Coordinate, square_name
from domain.notation import WordTile
from domain.tiles import Tile, TileSet


class WordScore(NamedTuple):
    """A word formed by a play: its tiles, where it starts, which way it runs, and what it scored."""

    tiles: tuple[Tile, ...]
    row: int
    col: int
    horizontal: bool
    score: int


class PlayResult(NamedTuple):
    """A scored play: the new tiles, the words formed (main word first), the total and the bingo flag."""

    placements: tuple[Placement, ...]
    words: tuple[WordScore, ...]
    score: int
    bingo: bool


def _err(code: str, article: str, message: str, position: int | None = None) -> PlacementError:
    return PlacementError(message, code=code, article=article, field="word", position=position)


def resolve_word(board: Board, coord: Coordinate, word: Sequence[WordTile]) -> tuple[Placement, ...]:
    """Turn a written main word into the new tiles it places; check it against the board.

    Squares already covered may be written as ``.``, in parentheses, or repeated; each must agree
    with the board. The word must be the whole word on its line (FILE 8: "una palabra completa").
    """
    cells = board.cells
    r, c, horizontal = coord
    dr, dc = (0, 1) if horizontal else (1, 0)
    n = len(word)
    if r + dr * (n - 1) >= SIZE or c + dc * (n - 1) >= SIZE:
        raise _err(
            "off_board",
            "FILE 8",
            msg("notation.squares_from_run_off", n=n, federation=coord.federation()),
            position=(SIZE - (c if horizontal else r)),
        )
    placements = []
    step = dc + dr * SIZE
    idx = r * SIZE + c
    for i, (tile, marked) in enumerate(word):
        on = cells[idx]
        if on is None:
            if marked or tile is None:
                rr, cc = divmod(idx, SIZE)
                raise _err(
                    "through_on_empty",
                    "FILE 9",
                    msg("notation.square_letter_written_as", square_name=square_name(rr, cc), i=i + 1),
                    position=i,
                )
            placements.append(Placement(r + dr * i, c + dc * i, tile))
        elif tile is not None and tile.letter != on.letter:
            rr, cc = divmod(idx, SIZE)
            raise _err(
                "board_mismatch",
                "FILE 9",
                msg("notation.square_letter_holds_not", square_name=square_name(rr, cc), i=i + 1, letter=on.letter,
                    letter2=tile.letter),
                position=i,
            )
        idx += step
    if not placements:
        raise _err("no_new_tile", "FILE 8", msg("notation.play_puts_no_new"))
    before = (r - dr, c - dc)
    after = (r + dr * n, c + dc * n)
    for (rr, cc), where in ((before, msg("notation.where_starts_before")), (after, msg("notation.where_goes_on_after"))):
        if 0 <= rr < SIZE and 0 <= cc < SIZE and cells[rr * SIZE + cc] is not None:
            raise _err(
                "word_incomplete",
                "FILE 8",
                msg("notation.word_on_board_what", where=where, square_name=square_name(rr, cc)),
            )
    return tuple(placements)


def check_shape(board: Board, placements: Sequence[Placement]) -> bool:
    """Check squares given one by one: on the board, empty, one line, no gap (FILE 8, 21). Returns horizontal."""
    if not placements:
        raise _err("no_new_tile", "FILE 8", msg("notation.play_puts_no_new"))
    seen = set()
    for r, c, _ in placements:
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            raise _err("off_board", "FILE 8", msg("notation.square_off_board", r=r, c=c))
        if (r, c) in seen:
            raise _err("duplicate_square", "FILE 8", msg("notation.square_used_twice", square_name=square_name(r, c)))
        seen.add((r, c))
        if board.at(r, c) is not None:
            raise _err("square_occupied", "FILE 8", msg("notation.square_already_holds_tile",
                                                        square_name=square_name(r, c)))
    rows = {r for r, _, _ in placements}
    cols = {c for _, c, _ in placements}
    if len(rows) > 1 and len(cols) > 1:
        raise _err("not_in_line", "FILE 21.2", msg("notation.all_tiles_play_go"))
    horizontal = len(rows) == 1 and len(placements) > 1
    fixed, line = (rows.pop(), sorted(cols)) if horizontal else (cols.pop(), sorted(rows))
    for k in range(line[0], line[-1] + 1):
        r, c = (fixed, k) if horizontal else (k, fixed)
        if (r, c) not in seen and board.at(r, c) is None:
            raise _err("gap", "FILE 8", msg("notation.square_left_empty_inside", square_name=square_name(r, c)))
    return horizontal


def check_connection(board: Board, placements: Sequence[Placement], *, centre_required: bool = True) -> None:
    """First play: two tiles or more over H8 (FILE 6, 20); later plays touch the board (FILE 2, 9; FISC I.6)."""
    if board.is_empty():
        if len(placements) < 2:
            raise _err("first_play_too_short", "FILE 6", msg("notation.first_play_uses_two"))
        if centre_required and not any((r, c) == CENTRE for r, c, _ in placements):
            raise _err(
                "first_play_off_centre",
                "FILE 20",
                msg("notation.first_play_must_cover"),
            )
        return
    cells = board.cells
    for r, c, _ in placements:
        if (
            (r > 0 and cells[(r - 1) * SIZE + c] is not None)
            or (r < SIZE - 1 and cells[(r + 1) * SIZE + c] is not None)
            or (c > 0 and cells[r * SIZE + c - 1] is not None)
            or (c < SIZE - 1 and cells[r * SIZE + c + 1] is not None)
        ):
            return
    raise _err("not_connected", "FILE 9", msg("notation.after_first_play_play"))


def _word(cells: list, new: dict, points: dict, r: int, c: int, horizontal: bool) -> WordScore | None:
    if horizontal:
        base = r * SIZE
        c0 = c
        while c0 > 0 and (cells[base + c0 - 1] is not None or base + c0 - 1 in new):
            c0 -= 1
        c1 = c
        while c1 < SIZE - 1 and (cells[base + c1 + 1] is not None or base + c1 + 1 in new):
            c1 += 1
        if c0 == c1:
            return None
        indices = range(base + c0, base + c1 + 1)
        start_r, start_c = r, c0
    else:
        r0 = r
        while r0 > 0 and (cells[(r0 - 1) * SIZE + c] is not None or (r0 - 1) * SIZE + c in new):
            r0 -= 1
        r1 = r
        while r1 < SIZE - 1 and (cells[(r1 + 1) * SIZE + c] is not None or (r1 + 1) * SIZE + c in new):
            r1 += 1
        if r0 == r1:
            return None
        indices = range(r0 * SIZE + c, r1 * SIZE + c + 1, SIZE)
        start_r, start_c = r0, c
    total = 0
    mult = 1
    tiles = []
    for idx in indices:
        t = new.get(idx)
        if t is not None:
            if not t.blank:
                total += points[t.letter] * LETTER_MULT[idx]
            mult *= WORD_MULT[idx]
        else:
            t = cells[idx]
            if not t.blank:
                total += points[t.letter]
        tiles.append(t)
    return WordScore(tuple(tiles), start_r, start_c, horizontal, total * mult)


def _cross(cells: list, points: dict, idx: int, tile: Tile, horizontal: bool) -> WordScore | None:
    """The word a new tile on ``idx`` makes across the play's line, from the tiles already there."""
    if horizontal:
        lo = idx
        while lo % SIZE and cells[lo - 1] is not None:
            lo -= 1
        hi = idx
        while hi % SIZE != SIZE - 1 and cells[hi + 1] is not None:
            hi += 1
        step = 1
    else:
        lo = idx
        while lo >= SIZE and cells[lo - SIZE] is not None:
            lo -= SIZE
        hi = idx
        while hi < SIZE * (SIZE - 1) and cells[hi + SIZE] is not None:
            hi += SIZE
        step = SIZE
    if lo == hi:
        return None
    total = 0
    tiles = []
    for j in range(lo, hi + 1, step):
        if j == idx:
            t = tile
            if not t.blank:
                total += points[t.letter] * LETTER_MULT[j]
        else:
            t = cells[j]
            if not t.blank:
                total += points[t.letter]
        tiles.append(t)
    r, c = divmod(lo, SIZE)
    return WordScore(tuple(tiles), r, c, horizontal, total * WORD_MULT[idx])


def score_play(board: Board, placements: Sequence[Placement], horizontal: bool, tileset: TileSet) -> PlayResult:
    """Score validated placements on ``board`` (before they are placed). ``horizontal`` matters for one tile."""
    cells = board.cells
    points = tileset.points
    new = {r * SIZE + c: t for r, c, t in placements}
    if len(placements) > 1:
        horizontal = placements[0].row == placements[1].row
    r0, c0, _ = placements[0]
    main = _word(cells, new, points, r0, c0, horizontal)
    words = [main] if main is not None else []
    if all((p.row == r0) if horizontal else (p.col == c0) for p in placements):
        # One line (as validated): a cross word is made of the new tile and tiles already on the board.
        across = not horizontal
        for r, c, t in placements:
            i = r * SIZE + c
            if across:
                if (c and cells[i - 1] is not None) or (c < SIZE - 1 and cells[i + 1] is not None):
                    words.append(_cross(cells, points, i, t, True))
            elif (r and cells[i - SIZE] is not None) or (r < SIZE - 1 and cells[i + SIZE] is not None):
                words.append(_cross(cells, points, i, t, False))
    else:
        for r, c, _ in placements:
            cross = _word(cells, new, points, r, c, not horizontal)
            if cross is not None:
                words.append(cross)
    if not words:  # a lone tile touching nothing: validation refuses it, but name it all the same
        t = placements[0].tile
        value = 0 if t.blank else points[t.letter] * LETTER_MULT[r0 * SIZE + c0]
        words.append(WordScore((t,), r0, c0, horizontal, value * WORD_MULT[r0 * SIZE + c0]))
    bingo = len(placements) == BINGO_TILES
    total = sum([w.score for w in words]) + (BINGO_BONUS if bingo else 0)
    return PlayResult(tuple(placements), tuple(words), total, bingo)


def evaluate_play(
    board: Board,
    coord: Coordinate,
    word: Sequence[WordTile],
    tileset: TileSet,
    *,
    centre_required: bool = True,
) -> PlayResult:
    """Resolve, validate and score a written play; raises ``PlacementError`` naming the rule.

    A play that passes every check is resolved, checked and scored in one walk along its line
    (``evaluate_if_legal``); anything else goes through ``resolve_word``, ``check_connection`` and
    ``score_play`` in turn, which raise the error. Both give the same result.
    """
    result = evaluate_if_legal(board, coord, word, tileset, centre_required)
    if result is not None:
        return result
    placements = resolve_word(board, coord, word)
    check_connection(board, placements, centre_required=centre_required)
    return score_play(board, placements, coord.horizontal, tileset)


_new = tuple.__new__  # builds the NamedTuples below without their Python-level __new__


def evaluate_if_legal(board: Board, coord: Coordinate, word: Sequence[WordTile], tileset: TileSet,
                      centre_required: bool = True) -> PlayResult | None:
    """``evaluate_play`` for a play of two squares or more that breaks no rule, else None.

    The written word is the whole main word (FILE 8: the squares before and after it are empty), so
    its score is summed while its squares are resolved; a cross word is made of a new tile and tiles
    already on the board; and a later play touches the board exactly when its word goes through a
    tile or it makes a cross word (FILE 9).
    """
    r, c, horizontal = coord
    cells = board.cells
    line = whole_line(cells, r, c, horizontal, len(word))
    if line is None:
        return None
    first, step, across = line
    points = tileset.points
    letter_mult, word_mult, new, placement = LETTER_MULT, WORD_MULT, _new, Placement
    placements: list = []
    tiles: list = []
    crosses: list = []
    add_tile = tiles.append
    total = 0
    mult = 1
    through = False
    idx = first
    row, col = r, c
    drow, dcol = (0, 1) if horizontal else (1, 0)
    pos = r if horizontal else c  # where the line lies across itself: the same for every tile
    near_before, near_after = pos > 0, pos < SIZE - 1
    for tile, marked in word:
        on = cells[idx]
        if on is None:
            if marked or tile is None:
                return None
            placements.append(new(placement, (row, col, tile)))
            value = 0 if tile[1] else points[tile[0]] * letter_mult[idx]
            total += value
            mult *= word_mult[idx]
            add_tile(tile)
            if (near_before and cells[idx - across] is not None) or (near_after and cells[idx + across] is not None):
                # A cross word: the new tile and the tiles already on the board next to it, across the line.
                if horizontal:
                    line_lo, line_hi = col, col + SIZE * (SIZE - 1)
                else:
                    line_lo = idx - col
                    line_hi = line_lo + SIZE - 1
                lo = idx
                while lo > line_lo and cells[lo - across] is not None:
                    lo -= across
                hi = idx
                while hi < line_hi and cells[hi + across] is not None:
                    hi += across
                cross_total = value
                cross_tiles = []
                for j in range(lo, hi + 1, across):
                    if j == idx:
                        cross_tiles.append(tile)
                    else:
                        t = cells[j]
                        if not t[1]:
                            cross_total += points[t[0]]
                        cross_tiles.append(t)
                lo_row, lo_col = divmod(lo, SIZE)
                crosses.append(new(WordScore, (tuple(cross_tiles), lo_row, lo_col, not horizontal,
                                               cross_total * word_mult[idx])))
        else:
            if tile is not None and tile[0] != on[0]:
                return None
            through = True
            if not on[1]:
                total += points[on[0]]
            add_tile(on)
        idx += step
        row += drow
        col += dcol
    if not placements:
        return None
    if board.count == 0:
        if len(placements) < 2 or (centre_required and CENTRE_INDEX not in range(first, idx, step)):
            return None
    elif not through and not crosses:
        return None
    main = _new(WordScore, (tuple(tiles), r, c, horizontal, total * mult))
    score = main[4]
    for w in crosses:
        score += w[4]
    bingo = len(placements) == BINGO_TILES
    if bingo:
        score += BINGO_BONUS
    return _new(PlayResult, (tuple(placements), (main, *crosses), score, bingo))

