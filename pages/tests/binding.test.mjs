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
  localStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
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
