// GameView (pages/static/js/state.js): the one place that reads the service's state, status and sheet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameView } from '../static/js/state.js';

const rows = ['.'.repeat(15), '.'.repeat(15), '.'.repeat(15), '.'.repeat(15), '.'.repeat(15), '.'.repeat(15),
  '.'.repeat(15), '.......[CH]Oza....', ...Array(7).fill('.'.repeat(15))];

function raw(extra = {}) {
  return {
    id: 'g', version: 9, status: 'in_progress', phase: 'playing', profile: 'file-2024', tileset: 'spanish',
    bag_mode: 'virtual', event: null, round: 2, table: 7, turn: 1, pending: { kind: 'acceptance', seat: 0 },
    bag_count: 79, turns_played: 1, board: rows, last_turn: { seat: 0, kind: 'play', word: '[CH]OZA', coordinates: 'H8', score: 14 },
    players: [{ seat: 0, name: 'Ana', score: 14, rack_count: 7, rack: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], signed: false },
      { seat: 1, name: 'Berta', score: 0, rack_count: 7, rack: null, signed: false }],
    clock_stop: null, settlement: null, ending: null,
    next_actions: [{ type: 'accept', seat: 1, role: 'player' }, { type: 'challenge', seat: 1, role: 'player' },
      { type: 'end_game', seat: null, role: 'director' }],
    ...extra,
  };
}

const sheet = {
  language: 'es',
  players: [{ seat: 0, name: 'Ana', total: 14, final_score: null, end: null, signature: null, rows: [
    { turn: 1, game_turn: 1, notation: null, word: '[CH]OZA', coordinates: 'H8', score: 14, total: 14, entered: 16,
      written: { 1: { score: 16, total: 16 } }, differs: true, state: 'accepted', kind: 'play' }] },
  { seat: 1, name: 'Berta', total: 0, final_score: null, end: null, signature: null, rows: [] }],
};

test("only the owner's rack, even were the service to send another seat's tiles", () => {
  const view = new GameView(raw(), null, sheet, 1);
  assert.equal(view.players[0].rack, null);
  assert.equal(new GameView(raw(), null, sheet, 0).players[0].rack.length, 7);
  assert.equal(new GameView(raw(), null, sheet, null).players.every((p) => p.rack === null), true);
});

test('the commands this seat may send are next_actions for its seat and role player only', () => {
  assert.deepEqual([...new GameView(raw(), null, sheet, 1).mine].sort(), ['accept', 'challenge']);
  assert.equal(new GameView(raw(), null, sheet, 0).mine.size, 0);
});

test('the board from the 15 text rows: a digraph tile is one square, a blank marked', () => {
  const board = new GameView(raw(), null, sheet, 1).board;
  assert.deepEqual(board[7].slice(7, 11), [{ letter: 'CH', blank: false }, { letter: 'O', blank: false },
    { letter: 'Z', blank: true }, { letter: 'A', blank: true }]);
  assert.equal(board[7].length, 15);
});

test('the board from `cells` once the contract has them', () => {
  const cells = Array.from({ length: 15 }, () => Array(15).fill(null));
  cells[7][7] = { tile: 'L·L', blank: false, letter: 'L·L' };
  const view = new GameView(raw({ tileset: 'catalan', cells }), null, sheet, 1);
  assert.deepEqual(view.board[7][7], { letter: 'L·L', blank: false });
});

test('a blank on the board reads as the letter it stands for, never as "?" (FILE 10)', () => {
  const cells = Array.from({ length: 15 }, () => Array(15).fill(null));
  cells[7][7] = { tile: '?', blank: true, letter: 'NY', points: 0 };
  const view = new GameView(raw({ tileset: 'catalan', cells }), null, sheet, 1);
  assert.deepEqual(view.board[7][7], { letter: 'NY', blank: true });
});

test('FILE 40: a discrepancy says the true value, what each sheet wrote and what was announced', () => {
  const found = new GameView(raw(), null, sheet, 1).discrepancies;
  assert.deepEqual(found.map((d) => [d.field, d.true, d.announced, d.sheets]),
    [['score', 14, 16, { 1: 16 }], ['total', 14, null, { 1: 16 }]]);
  assert.equal(found[0].turnIndex, 0); // write_sheet_entry's turn: the service's index from 0
});

test('the waiting state comes from the status read model, the language from the sheet', () => {
  const view = new GameView(raw(), { waiting_for: 'acceptance', waiting_seats: [1] }, sheet, 1);
  assert.deepEqual(view.waiting, { kind: 'acceptance', seats: [1] });
  assert.equal(view.language, 'es');
  assert.equal(new GameView(raw({ tileset: 'catalan' }), null, null, 1).language, 'ca');
});

test('the sheet catches up with the state even when a newer state comes while a sheet read is on its way', async () => {
  // The tablet once stayed a version behind for good: a state (v4) came while the sheet read for v3 was
  // pending; its answer (v3) was shown, and the read it would have asked for was refused as "already pending".
  const { GameFollower } = await import('../static/js/state.js');
  const realFetch = globalThis.fetch;
  const items = new Map();
  globalThis.localStorage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)) };
  let model = 3; // the sheet read model's version, catching up behind the state
  let reads = 0;
  globalThis.fetch = async () => {
    reads += 1;
    const body = { ...sheet, version: model };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  try {
    const follower = new GameFollower({ gameId: 'g', token: 't', seat: 1 });
    follower.show(raw({ version: 3 }), { ...sheet, version: 2 }); // starts a sheet read (300 ms)
    follower.fromStream(raw({ version: 4 })); // a newer state while that read is pending
    await new Promise((resolve) => setTimeout(resolve, 350));
    assert.equal(follower.view.sheet.version, 3); // the pending read's answer, still behind the state
    model = 4; // the read model catches up
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(follower.view.modelsVersion, 4);
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(reads, settled, 'no more reads once the sheet has caught up');
    follower.stop();
  } finally {
    globalThis.fetch = realFetch;
    delete globalThis.localStorage;
  }
});
