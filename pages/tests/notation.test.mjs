// Notation entry (pages/static/js/notation.js): start square + direction + typed tiles -> place_tiles fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entry, lay, coordinates, boardOf } from '../static/js/notation.js';
import { tileset, parseRow, premium, points, letters, label } from '../static/js/tiles.js';

const es = tileset('spanish');
const ca = tileset('catalan');
const empty = () => Array.from({ length: 15 }, () => Array(15).fill(null));
const t = (letter, blank = false) => ({ letter, blank });

test('coordinates: horizontal row letter first (H8), vertical column first (8H), FISC II.2', () => {
  assert.equal(coordinates(7, 7, 'H'), 'H8');
  assert.equal(coordinates(7, 7, 'V'), '8H');
  assert.equal(coordinates(0, 14, 'H'), 'A15');
  assert.equal(coordinates(14, 0, 'V'), '1O');
});

test('a first play across the centre: the typed tiles, digraph tiles in brackets', () => {
  const got = entry(empty(), { row: 7, col: 6 }, 'H', [t('CH'), t('O'), t('Z'), t('A')], es);
  assert.equal(got.coordinates, 'H7');
  assert.equal(got.word, '[CH]OZA');
});

test('a blank standing for a digraph is the lowercase tile in brackets ([ll])', () => {
  const got = entry(empty(), { row: 7, col: 7 }, 'V', [t('LL', true), t('A')], es);
  assert.deepEqual([got.coordinates, got.word], ['8H', '[ll]A']);
});

test('two single tiles that read as a digraph are bracketed one by one (FILE 11: [R][R], not RR)', () => {
  const got = entry(empty(), { row: 7, col: 5 }, 'H', [t('P'), t('E'), t('R'), t('R'), t('O')], es);
  assert.equal(got.word, 'PE[R][R]O');
  const tile = entry(empty(), { row: 7, col: 5 }, 'H', [t('P'), t('E'), t('RR'), t('O')], es);
  assert.equal(tile.word, 'PE[RR]O');
});

test('tiles already on the board are shown and skipped: written "." and the typed tiles go round them', () => {
  const board = boardOf(['.......'.padEnd(15, '.')].concat(Array(14).fill('.'.repeat(15))), es, parseRow);
  board[7][7] = t('A');
  board[7][8] = t('S');
  const got = entry(board, { row: 7, col: 6 }, 'H', [t('C'), t('O')], es);
  assert.equal(got.coordinates, 'H7');
  assert.equal(got.word, 'C..O');
  assert.deepEqual(got.squares.map((s) => s.onBoard), [false, true, true, false]);
});

test('a start square after a word on the board takes the word from its first tile', () => {
  const board = empty();
  board[7][7] = t('C'); board[7][8] = t('A'); board[7][9] = t('S'); board[7][10] = t('A');
  const got = entry(board, { row: 7, col: 11 }, 'H', [t('S')], es);
  assert.equal(got.coordinates, 'H8');
  assert.equal(got.word, '....S');
});

test('board tiles after the last typed tile belong to the word', () => {
  const board = empty();
  board[8][7] = t('A'); board[9][7] = t('R');
  const got = entry(board, { row: 7, col: 7 }, 'V', [t('M')], es);
  assert.deepEqual([got.coordinates, got.word], ['8H', 'M..']);
});

test('Catalan: L·L, NY and QU bare, blanks lowercase, Q is the QU tile', () => {
  const got = entry(empty(), { row: 7, col: 4 }, 'H', [t('QU'), t('I'), t('NY', true), t('L·L'), t('A')], ca);
  assert.equal(got.word, 'QUInyL·LA');
  assert.equal(label(ca, 'QU'), 'Q');
  assert.ok(letters(ca).includes('L·L') && letters(ca).includes('Ç') && !letters(ca).includes('Y'));
  assert.ok(letters(es).includes('Ñ') && letters(es).includes('RR') && !letters(es).includes('K'));
});

test('no start square, no tiles, or tiles past the edge: nothing to send, and why', () => {
  assert.equal(entry(empty(), null, 'H', [t('A')], es).error, 'no_start');
  assert.equal(entry(empty(), { row: 0, col: 0 }, 'H', [], es).error, 'no_tiles');
  assert.equal(entry(empty(), { row: 0, col: 13 }, 'H', [t('A'), t('B'), t('C')], es).error, 'overflow');
});

test('the cursor is the next empty square the keyboard fills, past board tiles', () => {
  const board = empty();
  board[7][8] = t('A');
  assert.deepEqual(lay(board, { row: 7, col: 7 }, 'H', [t('C')]).cursor, { row: 7, col: 9 });
  assert.equal(lay(board, { row: 7, col: 14 }, 'H', [t('C')]).cursor, null);
});

test('board rows read back: brackets, bare Catalan digraphs, blanks, dots', () => {
  assert.deepEqual(parseRow('.[ch]O[R][R]', es), [null, t('CH', true), t('O'), t('R'), t('R')]);
  assert.deepEqual(parseRow('L·Lnyqu.', ca), [t('L·L'), t('NY', true), t('QU', true), null]);
});

test('premium squares: the centre is a double word, corners triple word, TILES.md counts', () => {
  assert.equal(premium(7, 7), 'DW');
  assert.equal(premium(0, 0), 'TW');
  const counts = {};
  for (let r = 0; r < 15; r += 1) for (let c = 0; c < 15; c += 1) { const p = premium(r, c); if (p) counts[p] = (counts[p] || 0) + 1; }
  assert.deepEqual(counts, { TW: 8, DW: 17, TL: 12, DL: 24 });
  assert.equal(points(es, 'Z'), 10);
  assert.equal(points(ca, 'QU'), 8);
  assert.equal(points(ca, 'QU', true), 0);
});
