// Notation entry: the start square, the direction and the tiles typed on the keyboard become the
// `coordinates` and `word` that `place_tiles` takes. Squares already covered are shown and skipped
// (written '.'); the word runs on over tiles already on the board before and after it.
// Nothing here judges the play: the service does (the page never scores or checks words).

import { ROWS } from './tiles.js';

const SIZE = 15;

/** Federation coordinates: horizontal row letter then column (H8), vertical column then row (8H). */
export function coordinates(row, col, direction) {
  return direction === 'H' ? `${ROWS[row]}${col + 1}` : `${col + 1}${ROWS[row]}`;
}

function step(row, col, direction, by) {
  return direction === 'H' ? [row, col + by] : [row + by, col];
}

function inside(row, col) {
  return row >= 0 && col >= 0 && row < SIZE && col < SIZE;
}

/**
 * Lay `typed` (new tiles, {letter, blank}) from (row, col) along `direction` over `board` (15x15 of
 * null or {letter, blank}). Returns the squares of the whole word, each {row, col, letter, blank,
 * onBoard}, the next empty square the keyboard would fill (`cursor`, null past the edge) and
 * `overflow` (tiles that did not fit).
 */
export function lay(board, start, direction, typed) {
  let [row, col] = [start.row, start.col];
  // The word starts at the first tile of the run the start square belongs to.
  for (;;) {
    const [r, c] = step(row, col, direction, -1);
    if (!inside(r, c) || !board[r][c]) break;
    [row, col] = [r, c];
  }
  const squares = [];
  let next = 0;
  let cursor = null;
  while (inside(row, col)) {
    const cell = board[row][col];
    if (cell) {
      squares.push({ row, col, letter: cell.letter, blank: cell.blank, onBoard: true });
    } else if (next < typed.length) {
      squares.push({ row, col, letter: typed[next].letter, blank: Boolean(typed[next].blank), onBoard: false });
      next += 1;
    } else {
      cursor = { row, col };
      break;
    }
    [row, col] = step(row, col, direction, 1);
  }
  return { squares, cursor, overflow: typed.length - next };
}

/** One tile in the service's notation (TILES.md): lowercase a blank, brackets where the set needs them. */
function tileText(square, set, neighbours) {
  let text = square.blank ? square.letter.toLowerCase() : square.letter;
  const pair = (a, b) => a && b && !a.onBoard && !b.onBoard && set.lookalikes.includes(a.letter + b.letter);
  if (set.bracketed.includes(square.letter) || pair(neighbours[0], square) || pair(square, neighbours[1])) {
    text = `[${text}]`;
  }
  return text;
}

/**
 * The `place_tiles` fields for a play typed from `start` along `direction`: {coordinates, word}, or
 * {error} ('no_start', 'no_tiles', 'overflow') when there is nothing the service could be asked.
 */
export function entry(board, start, direction, typed, set) {
  if (!start || !direction) return { error: 'no_start' };
  if (!typed.length) return { error: 'no_tiles' };
  const { squares, overflow } = lay(board, start, direction, typed);
  if (overflow > 0) return { error: 'overflow' };
  const word = squares.map((sq, i) => (sq.onBoard ? '.' : tileText(sq, set, [squares[i - 1], squares[i + 1]])))
    .join('');
  return { coordinates: coordinates(squares[0].row, squares[0].col, direction), word, squares };
}

/** Read the state's 15 board rows into a 15x15 array of null or {letter, blank}. */
export function boardOf(rows, set, parseRow) {
  return rows.map((text) => {
    const cells = parseRow(text, set);
    while (cells.length < SIZE) cells.push(null);
    return cells;
  });
}
