// The outbox (pages/static/js/outbox.js) on the in-memory store, against a fake of the service's
// command endpoint that keeps idempotency records and versions as the service does.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { Outbox } from '../static/js/outbox.js';
import { memoryStore } from '../static/js/store.js';
import { NetworkError } from '../static/js/net.js';
import { FakeService, drained, next, offline } from './fake_service.mjs';

const opened = [];
function outbox(service, store, more = {}) {
  const box = new Outbox({ gameId: 'g1', token: 'pl_t', store, request: service.request,
    backoff: { first: 5, max: 40 }, ...more });
  opened.push(box);
  return box;
}
afterEach(() => { while (opened.length) opened.pop().close(); });

test('commands go in order, once each, with their expected_version, key and token', async () => {
  const service = new FakeService(5);
  const box = outbox(service, memoryStore());
  const answered = [];
  box.addEventListener('answered', (e) => answered.push(e.detail));
  await box.enqueue({ type: 'pass_turn', seat: 0, expected_version: 5 });
  await box.enqueue({ type: 'pass_turn', seat: 1, expected_version: 6 });
  await drained(box);
  assert.deepEqual(service.recorded.map((c) => [c.seat, c.expected_version, c.version]), [[0, 5, 6], [1, 6, 7]]);
  assert.deepEqual(answered.map((a) => a.body.version), [6, 7]);
  assert.equal(box.version, 7);
  const keys = service.calls.map((c) => c.key);
  assert.equal(new Set(keys).size, 2);
  assert.ok(keys.every((k) => /^[\x21-\x7e]{1,255}$/.test(k)), 'keys are what the service accepts');
  assert.ok(service.calls.every((c) => c.token === 'pl_t' && c.path === '/v1/games/g1/commands' && c.method === 'POST'));
});

test('a command chained after another is sent at the version the first one was answered with', async () => {
  const service = new FakeService(3);
  const store = memoryStore();
  const box = outbox(service, store);
  service.down = true; // offline: all three wait
  const a = await box.enqueue({ type: 'accept', seat: 1, expected_version: 3 });
  const b = await box.enqueue({ type: 'write_sheet_entry', sheet: 1, turn: 1, score: 12 }, { after: a });
  const c = await box.enqueue({ type: 'draw_tiles', seat: 1, after: b });
  await offline(box);
  assert.deepEqual(box.items.map((r) => [r.after, r.expected_version]), [[null, 3], [a, null], [b, null]]);
  service.down = false;
  box.flush();
  await drained(box);
  assert.deepEqual(service.recorded.map((r) => [r.type, r.expected_version]),
    [['accept', 3], ['write_sheet_entry', 4], ['draw_tiles', 5]]);
  assert.ok(!service.calls.some((call) => 'after' in call.body), 'after never reaches the service');
  // `after` may also name a command already answered: its version is remembered.
  await box.enqueue({ type: 'pass_turn', seat: 1 }, { after: c });
  await drained(box);
  assert.deepEqual(service.recorded.at(-1).expected_version, 6);
});

test('keys and chaining survive a reload: a new Outbox on the same store sends each command once', async () => {
  const service = new FakeService(8);
  const store = memoryStore();
  const first = outbox(service, store);
  service.down = true;
  const a = await first.enqueue({ type: 'accept', seat: 0, expected_version: 8 });
  await first.enqueue({ type: 'write_sheet_entry', sheet: 0, turn: 2, total: 40 }, { after: a });
  await offline(first);
  const before = first.items;
  first.close(); // the page is reloaded
  service.down = false;
  const again = outbox(service, store);
  await again.ready;
  assert.deepEqual(again.items.map((r) => r.key), before.map((r) => r.key));
  await drained(again);
  assert.deepEqual(service.recorded.map((r) => r.type), ['accept', 'write_sheet_entry']);
  const sent = service.calls.filter((call) => call.key === before[0].key);
  assert.ok(sent.length >= 2 && new Set(sent.map((s) => JSON.stringify(s.body))).size === 1,
    'every resend of a command is the same request under the same key');
  assert.equal((await store.all('g1')).length, 0);
});

test('an answer lost on the way back: the resend is answered from the idempotency record, recorded once', async () => {
  const service = new FakeService(1);
  const box = outbox(service, memoryStore());
  service.faults.push('lost');
  const answered = next(box, 'answered');
  await box.enqueue({ type: 'pass_turn', seat: 0, expected_version: 1 });
  const detail = await answered;
  assert.equal(detail.replayed, true);
  assert.equal(detail.body.version, 2);
  assert.equal(service.recorded.length, 1);
  assert.equal(service.calls.length, 2);
  assert.equal(service.calls[0].key, service.calls[1].key);
  // a follower chained after it learns the version from the replayed answer
  await box.enqueue({ type: 'pass_turn', seat: 1, expected_version: 2 });
  await drained(box);
  assert.deepEqual(service.recorded.map((r) => r.version), [2, 3]);
});

test('a conflict stops the queue: shown as refused, nothing after it sent, nothing merged', async () => {
  const service = new FakeService(4);
  const store = memoryStore();
  const box = outbox(service, store);
  service.down = true;
  const a = await box.enqueue({ type: 'accept', seat: 1, expected_version: 4 });
  const b = await box.enqueue({ type: 'write_sheet_entry', sheet: 1, turn: 1, score: 9 }, { after: a });
  const c = await box.enqueue({ type: 'pass_turn', seat: 1, expected_version: 9 });
  await offline(box);
  service.move(); // the opponent's tablet moved the game meanwhile
  service.down = false;
  const refused = next(box, 'refused');
  box.flush();
  const detail = await refused;
  assert.equal(detail.id, a);
  assert.equal(detail.status, 409);
  assert.equal(detail.body.code, 'version_conflict');
  assert.equal(box.blocked, true);
  await box.flush();
  assert.deepEqual(service.recorded.map((r) => r.type), ['elsewhere']);
  assert.equal(service.calls.filter((call) => call.body.type !== 'accept').length, 0, 'nothing behind it was sent');
  // the refusal survives a reload and is announced again
  box.close();
  const again = outbox(service, store, { autoFlush: true });
  const shown = await next(again, 'refused');
  assert.equal(shown.id, a);
  assert.equal(again.blocked, true);
  // discarding it drops what was chained after it, and the queue goes on
  assert.deepEqual(await again.discard(a), [a, b]);
  const last = await next(again, 'refused', (d) => d.id === c);
  assert.equal(last.status, 409);
  await again.retry(c, { expected_version: service.version });
  await drained(again);
  assert.deepEqual(service.recorded.map((r) => r.type), ['elsewhere', 'pass_turn']);
  const keysOfC = service.calls.filter((call) => call.body.type === 'pass_turn').map((call) => call.key);
  assert.notEqual(keysOfC[0], keysOfC.at(-1), 'a changed request gets a new key');
});

test('a rule refusal (422) and a locked game (423) are refused, never retried', async () => {
  for (const status of [422, 423, 403, 401]) {
    const service = new FakeService(2);
    service.refuse = () => status;
    const box = outbox(service, memoryStore());
    const refused = next(box, 'refused');
    await box.enqueue({ type: 'challenge', seat: 1, expected_version: 2 });
    assert.equal((await refused).status, status);
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(service.calls.length, 1, `${status} is sent once`);
    assert.equal(box.length, 1);
  }
});

test('a network failure keeps the command and retries with backoff; 5xx and 429 too', async () => {
  const service = new FakeService(1);
  const box = outbox(service, memoryStore());
  const states = [];
  box.addEventListener('change', (e) => states.push(e.detail.online));
  service.faults.push('down', 'down', 503, 429, 'down');
  const started = Date.now();
  const answered = next(box, 'answered');
  await box.enqueue({ type: 'pass_turn', seat: 0, expected_version: 1 });
  await answered;
  assert.equal(service.calls.length, 6);
  assert.equal(service.recorded.length, 1);
  assert.ok(states.includes(false) && states.at(-1) === true, 'offline, then online again');
  // five waits of 5, 10, 20, 40, 40 ms (+-25%): the backoff grows and is bounded
  assert.ok(Date.now() - started >= 0.75 * (5 + 10 + 20 + 40 + 40) - 5, `waited ${Date.now() - started} ms`);
});

test('enqueue refuses a command that names no version, and an after that names nothing known', async () => {
  const box = outbox(new FakeService(1), memoryStore(), { autoFlush: false });
  await assert.rejects(box.enqueue({ type: 'pass_turn', seat: 0 }), TypeError);
  await assert.rejects(box.enqueue({ type: 'pass_turn', seat: 0 }, { after: 'nope' }), /no queued or answered/);
  assert.equal(box.length, 0);
});

test('outboxes of two games share a store and never see each other', async () => {
  const store = memoryStore();
  const one = new FakeService(1);
  const other = new FakeService(1);
  one.faults.push('down');
  const a = outbox(one, store);
  const b = new Outbox({ gameId: 'g2', token: 'pl_u', store, request: other.request });
  opened.push(b);
  await a.enqueue({ type: 'pass_turn', seat: 0, expected_version: 1 });
  await b.enqueue({ type: 'pass_turn', seat: 1, expected_version: 1 });
  await drained(b);
  assert.equal(other.calls.length, 1);
  assert.ok(other.calls.every((call) => call.path === '/v1/games/g2/commands'));
  await drained(a);
  assert.equal(one.recorded.length, 1);
});

test('a shared tablet queues both seats in one queue, in order, each command with its own seat\'s token', async () => {
  const service = new FakeService(2);
  const store = memoryStore();
  const box = outbox(service, store);
  service.down = true;
  const a = await box.enqueue({ type: 'place_tiles', seat: 0, expected_version: 2 }, { token: 'pl_seat0' });
  await box.enqueue({ type: 'accept', seat: 1 }, { after: a, token: 'pl_seat1' });
  await box.enqueue({ type: 'pass_turn', seat: 1, expected_version: 4 }); // no token of its own: the Outbox's
  await offline(box);
  box.close();
  const again = outbox(service, store); // a reload keeps each record's token
  await again.ready;
  assert.equal(again.length, 3);
  service.down = false;
  again.flush();
  await drained(again);
  assert.deepEqual(service.calls.slice(-3).map((c) => [c.body.type, c.token]),
    [['place_tiles', 'pl_seat0'], ['accept', 'pl_seat1'], ['pass_turn', 'pl_t']]);
  assert.ok(service.calls.filter((c) => c.body.type === 'place_tiles').every((c) => c.token === 'pl_seat0'));
});

test('a write to its own path (a duplicate slip) is sent as given, no version, and kept queued offline', async () => {
  const calls = [];
  let down = true;
  const request = async (path, { method, body, headers }) => {
    calls.push({ path, method, body: structuredClone(body), key: headers['Idempotency-Key'] });
    if (down) throw new NetworkError('offline');
    return { status: 200, body: { id: 'd1', version: 9, phase: 'closed', result: { causes: ['late'] } }, headers: {} };
  };
  const store = memoryStore();
  const box = outbox({ request }, store);
  const answered = [];
  box.addEventListener('answered', (e) => answered.push(e.detail));
  const path = '/v1/duplicates/d1/rounds/2/slips';
  await box.enqueue({ word: 'CASA', coordinates: 'H8' }, { path });
  await offline(box);
  assert.deepEqual(box.items.map((r) => [r.path, r.expected_version]), [[path, null]]);
  box.close();
  const again = outbox({ request }, store, { autoFlush: false }); // a reload while offline: still queued
  await again.ready;
  assert.equal(again.length, 1);
  down = false;
  again.addEventListener('answered', (e) => answered.push(e.detail));
  await again.flush();
  await drained(again);
  const sent = calls.filter((c) => c.path === path);
  assert.ok(sent.length >= 2 && sent.every((c) => c.key === sent[0].key), 'one key for every send');
  assert.deepEqual(sent.at(-1).body, { word: 'CASA', coordinates: 'H8' }, 'no expected_version in the body');
  assert.deepEqual(answered.at(-1).body.result.causes, ['late']);
});
