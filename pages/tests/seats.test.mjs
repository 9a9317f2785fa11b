// Who a tablet acts for (pages/static/js/seats.js): one seat, or both seats of a shared tablet.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { actingSeat, seatsToAct, sharedSession, readCodes } from '../static/js/seats.js';

const player = (type, seat) => ({ type, seat, role: 'player' });

test('a shared tablet acts for the seat the game waits on: the placer, then the opponent who accepts', () => {
  const held = [0, 1];
  const turn = [player('place_tiles', 1), player('exchange_tiles', 1), player('pass_turn', 1), player('call_arbiter', 0),
    player('call_arbiter', 1), player('report_device', 0)];
  assert.equal(actingSeat({ nextActions: turn, onTurn: 1, held }), 1);
  assert.equal(actingSeat({ nextActions: turn, onTurn: 1, held, chosen: 0 }), 1, 'a choice never hides the one to act');
  const answer = [player('accept', 0), player('challenge', 0), player('call_arbiter', 1), player('correct_score', 1)];
  assert.equal(actingSeat({ nextActions: answer, onTurn: 1, held }), 0);
});

test('where both players have something to do (signatures, FILE 43), the seat chosen on the tablet acts', () => {
  const both = [player('sign', 0), player('sign', 1)];
  assert.equal(actingSeat({ nextActions: both, onTurn: null, held: [0, 1] }), 0);
  assert.equal(actingSeat({ nextActions: both, onTurn: null, held: [0, 1], chosen: 1 }), 1);
  assert.deepEqual(seatsToAct(both, [1]), [1], 'a tablet holding one seat only counts that seat');
});

test('nothing to do: the seat chosen, else the seat on turn, else the first held', () => {
  const idle = [player('call_arbiter', 0), player('call_arbiter', 1)];
  assert.equal(actingSeat({ nextActions: idle, onTurn: 1, held: [0, 1] }), 1);
  assert.equal(actingSeat({ nextActions: idle, onTurn: 1, held: [0, 1], chosen: 0 }), 0);
  assert.equal(actingSeat({ nextActions: [], onTurn: null, held: [0, 1] }), 0);
});

test('two codes make a shared session only for both seats of one game', () => {
  const a = { token: 'pl_a', game_id: 'g', seat: 0, language: 'ca' };
  const b = { token: 'pl_b', game_id: 'g', seat: 1, language: 'ca' };
  assert.deepEqual(sharedSession([a, b]).session,
    { token: 'pl_a', game: 'g', seat: 0, language: 'ca', tokens: { 0: 'pl_a', 1: 'pl_b' } });
  assert.equal(sharedSession([a, { ...b, game_id: 'other' }]).error, 'bind.shared_mismatch');
  assert.equal(sharedSession([a, { ...b, seat: 0 }]).error, 'bind.shared_mismatch');
  assert.deepEqual(readCodes(' abcd-efgh,  IJKL-MNOP '), ['ABCD-EFGH', 'IJKL-MNOP']);
  assert.deepEqual(readCodes('ABCD-EFGH'), ['ABCD-EFGH']);
});
