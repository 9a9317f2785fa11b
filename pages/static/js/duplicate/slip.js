// A duplicate slip as the federations write it (FISC II.2, AJS 3.2.2): the whole main word (the tiles already
// on the board included), blanks in lower case, and the coordinates of its first square, row letter first when
// horizontal (H8), column number first when vertical (8H). Nothing here judges the slip: no score, no word
// check (a paper slip gets no answer before «¡Tiempo!»); the service reads it.

import { coordinates } from '../notation.js';

const SIZE = 15;

/** One tile in the service's notation: lower case for a blank, brackets where the set needs them (Spanish
 * [CH] [LL] [RR], and a C and an H typed as two tiles: [C][H]). */
function tileText(tile, set, before, after) {
  const text = tile.blank ? tile.letter.toLowerCase() : tile.letter;
  const pair = (a, b) => a && b && set.lookalikes.includes(a.letter + b.letter);
  return set.bracketed.includes(tile.letter) || pair(before, tile) || pair(tile, after) ? `[${text}]` : text;
}

/** The word as the slip writes it, from the tiles typed ({letter, blank} each). */
export function slipWord(typed, set) {
  return typed.map((tile, i) => tileText(tile, set, typed[i - 1], typed[i + 1])).join('');
}

/** The squares the word covers from `start` along `direction` ('H' or 'V'): {row, col, letter, blank, onBoard,
 * differs} each (`differs`: the board holds another tile there; shown, never judged). */
export function squaresOf(board, start, direction, typed) {
  const out = [];
  typed.forEach((tile, i) => {
    const row = start.row + (direction === 'V' ? i : 0);
    const col = start.col + (direction === 'H' ? i : 0);
    if (row >= SIZE || col >= SIZE) return;
    const cell = board[row][col];
    out.push({ row, col, letter: tile.letter, blank: Boolean(tile.blank), onBoard: Boolean(cell),
      differs: Boolean(cell) && (cell.letter !== tile.letter || Boolean(cell.blank) !== Boolean(tile.blank)) });
  });
  return out;
}

/** The slip to send: {word, coordinates}, or {error}: 'no_start' (no square chosen), 'no_tiles', 'overflow'
 * (the word runs off the board). */
export function slip(board, start, direction, typed, set) {
  if (!start || !direction) return { error: 'no_start' };
  if (!typed.length) return { error: 'no_tiles' };
  if (squaresOf(board, start, direction, typed).length < typed.length) return { error: 'overflow' };
  return { word: slipWord(typed, set), coordinates: coordinates(start.row, start.col, direction) };
}
