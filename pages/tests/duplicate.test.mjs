// The duplicate pages' logic (pages/static/js/duplicate/): the slip as the federations write it, the round's
// countdown, a refusal as the service gave it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { slip, slipWord, squaresOf } from '../static/js/duplicate/slip.js';
import { remaining, clock, skewOf, roundLeft, showLeft } from '../static/js/duplicate/timer.js';
import { refusalLine } from '../static/js/duplicate/refusal.js';
import { tileset } from '../static/js/tiles.js';

const es = tileset('spanish');
const ca = tileset('catalan');
const empty = () => Array.from({ length: 15 }, () => Array(15).fill(null));
const typed = (text) => [...text].map((c) => ({ letter: c.toUpperCase(), blank: c !== c.toUpperCase() }));

test('FISC II.2 / AJS 3.2.2: row letter first across (H4), column number first down (8H)', () => {
  const board = empty();
  assert.deepEqual(slip(board, { row: 7, col: 3 }, 'H', typed('CASAs'), es), { word: 'CASAs', coordinates: 'H4' });
  assert.deepEqual(slip(board, { row: 7, col: 7 }, 'V', typed('CASA'), es), { word: 'CASA', coordinates: '8H' });
});

test('the whole main word is written, the tiles on the board included; a blank in lower case', () => {
  const board = empty();
  board[6][7] = { letter: 'A', blank: false }; // G8
  const word = [{ letter: 'P' }, { letter: 'A' }, { letter: 'Z', blank: true }];
  assert.deepEqual(slip(board, { row: 6, col: 6 }, 'H', word, es), { word: 'PAz', coordinates: 'G7' });
  const squares = squaresOf(board, { row: 6, col: 6 }, 'H', word);
  assert.deepEqual(squares.map((s) => [s.onBoard, s.differs]), [[false, false], [true, false], [false, false]]);
  assert.equal(squaresOf(board, { row: 6, col: 6 }, 'H', [{ letter: 'P' }, { letter: 'E' }])[1].differs, true);
});

test('Spanish digraphs in brackets, a C and an H typed as two tiles too; Catalan digraphs bare', () => {
  assert.equal(slipWord([{ letter: 'CH' }, { letter: 'E' }], es), '[CH]E');
  assert.equal(slipWord([{ letter: 'LL', blank: true }, { letter: 'A' }], es), '[ll]A');
  assert.equal(slipWord([{ letter: 'C' }, { letter: 'H' }, { letter: 'E' }], es), '[C][H]E');
  assert.equal(slipWord([{ letter: 'QU' }, { letter: 'E' }, { letter: 'L·L' }], ca), 'QUEL·L');
});

test('nothing to send without a start square or tiles, nor a word running off the board', () => {
  assert.deepEqual(slip(empty(), null, 'H', typed('CASA'), es), { error: 'no_start' });
  assert.deepEqual(slip(empty(), { row: 0, col: 0 }, 'H', [], es), { error: 'no_tiles' });
  assert.deepEqual(slip(empty(), { row: 0, col: 12 }, 'H', typed('CASA'), es), { error: 'overflow' });
  assert.deepEqual(slip(empty(), { row: 12, col: 0 }, 'V', typed('CAS'), es), { word: 'CAS', coordinates: '1M' });
});

test('the countdown: 3 minutes from the round start on the service clock, never below 0', () => {
  const start = '2026-03-01T10:00:00Z';
  const t0 = Date.parse(start);
  assert.equal(remaining(start, 180, t0), 180);
  assert.equal(remaining(start, 180, t0 + 500), 180); // 179.5 s left shows as 3:00 until a whole second passed
  assert.equal(remaining(start, 180, t0 + 61_000), 119);
  assert.equal(remaining(start, 180, t0 + 200_000), 0);
  // The device is 30 s behind the service: the offset from the Date header puts it right (the header's whole
  // second was cut down: half a second is added back).
  const skew = skewOf(new Date(t0 + 90_000).toUTCString(), t0 + 60_000);
  assert.equal(skew, 30_500);
  assert.equal(remaining(start, 180, t0 + 60_000, skew), 90);
  assert.equal(skewOf(new Date(t0 + 90_999).toUTCString(), t0 + 90_999), 500 - 999); // 90.999 s reads as 90 s
  assert.equal(skewOf(undefined, 5), 0);
  assert.equal(remaining(null, 180, t0), 180);
  assert.deepEqual([clock(180), clock(9), clock(0), clock(-3)], ['3:00', '0:09', '0:00', '0:00']);
});

test('the countdown the slip and the judge show: the full time before the round, then what is left, low at 30 s', () => {
  const start = '2026-03-01T10:00:00Z';
  const t0 = Date.parse(start);
  const game = { round_seconds: 180 };
  assert.equal(roundLeft(game, null, 0, t0 + 61_000), 180); // no round started: the full time
  assert.equal(roundLeft(game, { started_at: start }, 0, t0 + 61_000), 119);
  assert.equal(roundLeft(game, { started_at: start }, 30_500, t0 + 60_000), 90);
  const shown = { textContent: '' };
  const low = new Set();
  let writes = 0;
  const el = {
    dataset: {},
    querySelector: (selector) => { assert.equal(selector, '.clock'); writes += 1; return shown; },
    classList: { toggle: (name, on) => (on ? low.add(name) : low.delete(name)) },
  };
  showLeft(el, 119);
  assert.deepEqual([shown.textContent, el.dataset.left, low.has('low'), writes], ['1:59', '119', false, 1]);
  showLeft(el, 119); // asked again within the same second: nothing is written
  assert.equal(writes, 1);
  showLeft(el, 30);
  assert.deepEqual([shown.textContent, low.has('low'), writes], ['0:30', true, 2]);
  showLeft(el, 31); // a corrected skew may move it back: no longer low
  assert.deepEqual([shown.textContent, low.has('low')], ['0:31', false]);
});

test('a refusal shown as given: message, field, rule and article', () => {
  assert.equal(refusalLine(422, { code: 'round_closed', message: 'round 2 is closed', field: 'round', article: 'AJS 3.2.8' }),
    '422: round 2 is closed (round · round_closed · AJS 3.2.8)');
  assert.equal(refusalLine(403, { code: 'forbidden', message: 'no', field: null, article: null }), '403: no (forbidden)');
});
