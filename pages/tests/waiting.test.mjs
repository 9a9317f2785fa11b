// The waiting banner (pages/static/js/waiting.js) says what the service says the game waits for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitingLines } from '../static/js/waiting.js';

const names = ['Ana', 'Berta'];
const base = { seat: 0, closed: false, placer: null, clockStop: null, mayAppeal: false, name: (s) => names[s] };

test('FILE 37: the placer waits for the opponent to accept; the opponent is asked to', () => {
  assert.deepEqual(waitingLines({ ...base, kind: 'acceptance', seats: [1], placer: 0 }),
    [{ key: 'wait.acceptance', params: { names: ['Berta'], name: 'Ana' } }]);
  assert.deepEqual(waitingLines({ ...base, seat: 1, kind: 'acceptance', seats: [1], placer: 0 }),
    [{ key: 'wait.acceptance.you', params: { name: 'Ana' } }]);
});

test('FILE 39: a challenge waits for the arbiter, whoever looks; the clock stop is shown beside it', () => {
  const lines = waitingLines({ ...base, kind: 'ruling', seats: [], clockStop: { reason: 'challenge' } });
  assert.deepEqual(lines.map((l) => l.key), ['wait.ruling', 'wait.clock_stop']);
  assert.equal(lines[1].params.reason, 'challenge');
});

test('FILE 43: the sheet to sign, the end racks to declare, the lock once closed', () => {
  assert.equal(waitingLines({ ...base, kind: 'signatures', seats: [0, 1] })[0].key, 'wait.signatures.you');
  assert.deepEqual(waitingLines({ ...base, kind: 'signatures', seats: [1] })[0].params.names, ['Berta']);
  assert.equal(waitingLines({ ...base, kind: 'end_racks', seats: [1] })[0].key, 'wait.end_racks');
  assert.deepEqual(waitingLines({ ...base, closed: true, kind: null, seats: [] }), [{ key: 'wait.closed', params: {} }]);
});

test('an appeal still open to this seat is said; a wait the page does not know is shown as unknown, not guessed', () => {
  assert.deepEqual(waitingLines({ ...base, kind: 'play', seats: [1], mayAppeal: true }).map((l) => l.key),
    ['wait.play', 'wait.appeal_possible']);
  assert.deepEqual(waitingLines({ ...base, kind: 'new_thing', seats: [] }),
    [{ key: 'wait.unknown', params: { kind: 'new_thing' } }]);
});

test('a spectator (no seat) is never addressed as the one waited on', () => {
  assert.equal(waitingLines({ ...base, seat: null, kind: 'play', seats: [0] })[0].key, 'wait.play');
});

test('FILE 41.1: where the players rule, both are asked to look the words up; then the other confirms', () => {
  assert.equal(waitingLines({ ...base, kind: 'ruling', seats: [0, 1] })[0].key, 'wait.ruling.you');
  const proposed = { seat: 1, valid: true };
  assert.deepEqual(waitingLines({ ...base, kind: 'ruling', seats: [0], proposed })[0],
    { key: 'wait.ruling.confirm', params: { name: 'Berta', names: [] } });
  assert.deepEqual(waitingLines({ ...base, seat: 1, kind: 'ruling', seats: [0], proposed })[0],
    { key: 'wait.ruling.confirming', params: { name: 'Berta', names: ['Ana'] } });
  assert.equal(waitingLines({ ...base, kind: 'appeal_ruling', seats: [1] })[0].key, 'wait.ruling.players');
});

test('FILE 4.3: the players draw for the start, with the profile\'s article; FILE 32: the placer is told to draw', () => {
  assert.deepEqual(waitingLines({ ...base, kind: 'starter', seats: [], drawForStart: true, article: 'FILE 4.3' }),
    [{ key: 'wait.starter.draw', params: { article: 'FILE 4.3' } }]);
  assert.equal(waitingLines({ ...base, kind: 'starter', seats: [] })[0].key, 'wait.starter');
  assert.deepEqual(waitingLines({ ...base, kind: 'play', seats: [1], mayDraw: true }).map((l) => l.key),
    ['wait.draw.yours', 'wait.play']);
  assert.deepEqual(waitingLines({ ...base, kind: 'draw', seats: [0], mayDraw: true }).map((l) => l.key), ['wait.draw.you']);
});
