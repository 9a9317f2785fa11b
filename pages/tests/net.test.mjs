// pages/static/js/net.js with a stand-in fetch and localStorage.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';

import { NetworkError, deviceId, request, uuid } from '../static/js/net.js';

const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; delete globalThis.localStorage; });

function storage() {
  const items = new Map();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)), items };
}

test('the device id is made once and kept in localStorage', () => {
  globalThis.localStorage = storage();
  const id = deviceId();
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(deviceId(), id);
  assert.equal(globalThis.localStorage.items.get('planilla.device'), id);
  assert.notEqual(uuid(), uuid());
});

test('where storage is refused the page keeps one device id, the one tablet.html\'s head script made', () => {
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, get() { throw new Error('refused'); } });
  try {
    globalThis.__pageDevice = '0c4a5b8e-2f1d-4c3b-9a7e-5d6f7a8b9c0d'; // the head's early binding sent this one
    assert.equal(deviceId(), '0c4a5b8e-2f1d-4c3b-9a7e-5d6f7a8b9c0d');
    delete globalThis.__pageDevice; // no head script (another page): made once, then the same
    const made = deviceId();
    assert.match(made, /^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    assert.equal(deviceId(), made);
  } finally {
    delete globalThis.localStorage;
    delete globalThis.__pageDevice;
  }
});

test('a request sends the token, the device and JSON, and an HTTP refusal is an answer, not an exception', async () => {
  globalThis.localStorage = storage();
  let seen;
  globalThis.fetch = async (path, init) => {
    seen = { path, ...init };
    return new Response(JSON.stringify({ code: 'version_conflict', current_version: 9 }),
      { status: 409, headers: { 'content-type': 'application/json' } });
  };
  const answer = await request('/v1/games/g/commands', { method: 'POST', body: { type: 'pass_turn' }, token: 'pl_x',
    headers: { 'Idempotency-Key': 'k1' } });
  assert.equal(answer.status, 409);
  assert.equal(answer.body.current_version, 9);
  assert.equal(answer.headers['content-type'], 'application/json');
  assert.equal(seen.headers.Authorization, 'Bearer pl_x');
  assert.equal(seen.headers['X-Device'], deviceId());
  assert.equal(seen.headers['Idempotency-Key'], 'k1');
  assert.equal(seen.headers['Content-Type'], 'application/json');
  assert.equal(seen.body, '{"type":"pass_turn"}');
});

test('an unreachable service, a cut-off answer or a hung request is a NetworkError', async () => {
  globalThis.fetch = async () => { throw new TypeError('Failed to fetch'); };
  await assert.rejects(request('/v1/games/g'), NetworkError);
  globalThis.fetch = async () => ({ status: 200, headers: new Headers(), text: async () => { throw new TypeError('reset'); } });
  await assert.rejects(request('/v1/games/g'), NetworkError);
  globalThis.fetch = (path, { signal }) => new Promise((_, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
  await assert.rejects(request('/v1/games/g', { timeout: 20 }), NetworkError);
});
