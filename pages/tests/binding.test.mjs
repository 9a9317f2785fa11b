// A QR's `#bind=CODE` begun by tablet.html's head (window.__earlyBind) and taken by the bundle (binding.js): once the
// service has answered, the code is spent, so nothing after it binds again. A failure keeping the seat's key then
// is said as itself; before, it was taken for an answer lost on the network and the spent code was sent again (410:
// the tablet left with neither its token nor a code).
import { test } from 'node:test';
import assert from 'node:assert/strict';

globalThis.HTMLElement = class {}; // the board's web components are defined on import; none is drawn here
globalThis.customElements = { define() {}, get() { return undefined; } };

const CODE = 'ABCD-EFGH';
const calls = [];
Object.assign(globalThis, {
  location: { hash: `#bind=${CODE}` },
  history: { replaceState: () => {} },
  localStorage: (() => { // a page's own, surviving a "reload" (a second instance of binding.js, below)
    const kept = new Map();
    return { getItem: (k) => (kept.has(k) ? kept.get(k) : null), setItem: (k, v) => { kept.set(k, String(v)); },
      removeItem: (k) => { kept.delete(k); } };
  })(),
  fetch: async (path) => {
    calls.push(String(path));
    return { status: 410, ok: false, headers: { get: () => null }, json: async () => ({ detail: 'code used' }),
      text: async () => '{"detail":"code used"}' };
  },
});

const bound = { token: 'pl_x', game_id: '0b7e1f9a-4c1d-4a57-9f2e-1a2b3c4d5e6f', seat: 1, player: 'Bea',
  language: 'es' };

test('a key that cannot be kept after the early binding answered fails as itself, and the spent code is not sent again',
  async () => {
    const { sessionFromAddress } = await import('../static/js/binding.js');
    const unkeepable = { privateKey: () => {}, publicKey: {} }; // a function cannot be stored (structured clone)
    globalThis.__earlyBind = { code: CODE, result: Promise.resolve({ bound, pair: unkeepable, spki: 'AAAA' }) };
    await assert.rejects(sessionFromAddress(), (error) => error.name === 'DataCloneError');
    assert.deepEqual(calls.filter((path) => path.includes('/v1/bind')), []);
  });

test('the early binding taken with its key kept gives the session, with no second binding', async () => {
  const { sessionFromAddress } = await import('../static/js/binding.js');
  const { makeKeyPair, publicKeySpki } = await import('../static/js/keys.js');
  const pair = await makeKeyPair();
  const spki = await publicKeySpki(pair.publicKey);
  globalThis.__earlyBind = { code: CODE, result: Promise.resolve({ bound, pair, spki }) };
  const before = calls.length;
  const session = await sessionFromAddress();
  assert.equal(session.token, 'pl_x');
  assert.equal(session.seat, 1);
  assert.deepEqual(calls.slice(before).filter((path) => path.includes('/v1/bind')), []);
});

test('a seat code in a refusal stays on one line (a phone broke ABCD-EFGH at its hyphen); nothing else is wrapped',
  async () => {
    const { whole } = await import('../static/js/binding.js');
    assert.equal(whole('No existe el código de asiento ABCD-EFGH: compruébelo'),
      'No existe el código de asiento <span class="code">ABCD-EFGH</span>: compruébelo');
    assert.equal(whole('AB12-CD34, WXYZ-2345'), '<span class="code">AB12-CD34</span>, <span class="code">WXYZ-2345</span>');
    assert.equal(whole('pida uno nuevo al director'), 'pida uno nuevo al director');
    assert.equal(whole('ABCDE-FGHIJ abcd-efgh'), 'ABCDE-FGHIJ abcd-efgh');
  });

// A binding whose answer the network lost (the service saved it; the hall's Wi-Fi dropped the answer) is sent again
// with the same key and the same secret (`resume`): the service then answers it again, where a new key met the spent
// code (410) and left the player with neither a token nor a code.
const answering = (sent, outcomes) => async (path, init) => {
  if (!String(path).includes('/v1/bind')) return { status: 404, ok: false, headers: { get: () => null }, text: async () => '' };
  sent.push(JSON.parse(init.body));
  const outcome = outcomes.shift();
  if (outcome === 'lost') throw new TypeError('Failed to fetch');
  return { status: 200, ok: true, headers: { get: () => 'application/json', entries: () => [['content-type', 'application/json']] },
    text: async () => JSON.stringify(bound) };
};

test('the early binding lost on the network is sent again by the bundle with the same key and secret', async () => {
  const { sessionFromAddress } = await import('../static/js/binding.js');
  const { makeKeyPair, publicKeySpki } = await import('../static/js/keys.js');
  const pair = await makeKeyPair();
  const made = Promise.resolve({ pair, spki: await publicKeySpki(pair.publicKey), resume: 'q6Yk3Vb0cR2hN8sT1wXz4A' });
  const sent = [];
  const saved = globalThis.fetch;
  globalThis.fetch = answering(sent, ['ok']);
  try {
    globalThis.__earlyBind = { code: CODE, result: Promise.reject(new TypeError('Failed to fetch')), made };
    const session = await sessionFromAddress();
    assert.equal(session.token, 'pl_x');
    assert.equal(sent.length, 1);
    assert.equal(sent[0].resume, 'q6Yk3Vb0cR2hN8sT1wXz4A');
    assert.equal(sent[0].public_key, (await made).spki);
  } finally {
    globalThis.fetch = saved;
  }
});

test('a binding lost on the network is sent again the same at the next try of the code, and a new one after', async () => {
  const { sessionFromAddress } = await import('../static/js/binding.js');
  const sent = [];
  const saved = globalThis.fetch;
  globalThis.fetch = answering(sent, ['lost', 'ok', 'ok']);
  try {
    globalThis.__earlyBind = null;
    await assert.rejects(sessionFromAddress(), (error) => !error.status); // the network: said as such, no answer
    const session = await sessionFromAddress(); // the player taps again
    assert.equal(session.token, 'pl_x');
    assert.equal(sent.length, 2);
    assert.match(sent[0].resume, /^[A-Za-z0-9_-]{22}$/); // 16 random bytes, base64url
    assert.equal(sent[1].resume, sent[0].resume);
    assert.equal(sent[1].public_key, sent[0].public_key);
    assert.ok(sent[0].public_key);
    await sessionFromAddress(); // answered: the next binding of a code is a new one
    assert.notEqual(sent[2].resume, sent[0].resume);
    assert.notEqual(sent[2].public_key, sent[0].public_key);
  } finally {
    globalThis.fetch = saved;
  }
});

test('a binding sent and not answered is sent the same after a reload, and forgotten once answered', async () => {
  const before = await import('../static/js/binding.js');
  const sent = [];
  const saved = globalThis.fetch;
  globalThis.fetch = answering(sent, ['lost', 'ok']);
  try {
    globalThis.__earlyBind = null;
    await assert.rejects(before.sessionFromAddress(), (error) => error.name === 'NetworkError');
    assert.equal(localStorage.getItem('planilla.bind.pending.ABCDEFGH'), '1'); // tablet.html's head leaves it be
    const after = await import('../static/js/binding.js?reloaded'); // the page loaded again: its memory gone
    const session = await after.sessionFromAddress();
    assert.equal(session.token, 'pl_x');
    assert.equal(sent[1].resume, sent[0].resume);
    assert.equal(sent[1].public_key, sent[0].public_key);
    assert.equal(localStorage.getItem('planilla.bind.pending.ABCDEFGH'), null);
  } finally {
    globalThis.fetch = saved;
  }
});
