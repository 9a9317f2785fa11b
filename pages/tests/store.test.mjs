// The in-memory twin of the IndexedDB store (pages/static/js/store.js); the IndexedDB one runs in
// Chromium in tests/browser/test_offline.py.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { memoryStore } from '../static/js/store.js';

test('records come back by game, oldest first, as copies; a write puts and removes together', async () => {
  const store = memoryStore();
  await store.write({ put: [{ id: 'b', gameId: 'g', seq: 2 }, { id: 'a', gameId: 'g', seq: 1 }, { id: 'x', gameId: 'h', seq: 1 }] });
  assert.deepEqual((await store.all('g')).map((r) => r.id), ['a', 'b']);
  const copy = await store.get('a');
  copy.seq = 99;
  assert.equal((await store.get('a')).seq, 1);
  await store.write({ put: [{ id: 'c', gameId: 'g', seq: 3 }], remove: ['a'] });
  assert.deepEqual((await store.all('g')).map((r) => r.id), ['b', 'c']);
  await assert.rejects(store.write({ put: [{ id: 'd', gameId: 'g', seq: 4, f: () => 1 }], remove: ['b'] }));
  assert.deepEqual((await store.all('g')).map((r) => r.id), ['b', 'c'], 'a write that cannot be stored changes nothing');
  await store.setValue('binding', { token: 't', game: 'g' });
  assert.deepEqual(await store.getValue('binding'), { token: 't', game: 'g' });
  await store.deleteValue('binding');
  assert.equal(await store.getValue('binding'), undefined);
});
