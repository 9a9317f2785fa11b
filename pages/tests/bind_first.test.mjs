// The binding screen drawn before the tablet's bundle (pages/static/js/bind_first.js, issue 28): its words are the
// catalogues' own, and its bind call is the one binding.js makes (the code, the device, the key's SPKI), refused
// the way api.bind refuses (status and body), with the game's reads begun for api.earlyReads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const stored = new Map();
globalThis.localStorage = { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => stored.set(k, String(v)) };
const { WORDS, KEYS, bindEarly } = await import('../static/js/bind_first.js');

test('the early binding screen says what the catalogues say, in es, ca and en', () => {
  for (const lang of ['es', 'ca', 'en']) {
    const catalogue = JSON.parse(readFileSync(new URL(`../static/i18n/${lang}.json`, import.meta.url)));
    for (const [word, key] of Object.entries(KEYS)) assert.equal(WORDS[lang][word], catalogue[key], `${lang} ${key}`);
  }
});

test('the early bind sends the code, the device and a P-256 public key, then reads the game', async () => {
  const calls = [];
  globalThis.fetch = async (path, init) => {
    calls.push({ path, init });
    const body = path === '/v1/bind' ? { token: 't0k', game_id: 'g1', seat: 1 } : { version: 3 };
    return { status: 200, json: async () => body };
  };
  globalThis.__early = null;
  const { bound, pair, spki } = await bindEarly('ABCD-EFGH', 'ca');
  assert.equal(bound.game_id, 'g1');
  const sent = JSON.parse(calls[0].init.body);
  assert.equal(sent.code, 'ABCD-EFGH');
  assert.equal(sent.device, stored.get('planilla.device'));
  assert.equal(sent.public_key, spki);
  assert.equal(pair.privateKey.extractable, false);
  assert.equal(calls[0].init.headers['Accept-Language'], 'ca');
  assert.deepEqual(calls.slice(1).map((c) => c.path), ['/v1/games/g1', '/v1/games/g1/scoresheet']);
  assert.equal(globalThis.__early.token, 't0k');
  assert.deepEqual((await globalThis.__early.state).body, { version: 3 });
});

test('a refused code rejects with the status and the service\'s words, as api.bind does', async () => {
  globalThis.fetch = async () => ({ status: 404, json: async () => ({ message: 'no existe el código' }) });
  await assert.rejects(bindEarly('ZZZZ-ZZZZ', 'es'), (e) => e.status === 404 && e.body.message === 'no existe el código');
});
