// A tablet's first use, bound from tablet.html's head script before the bundle (issue 28): the binding screen's words
// are the catalogues' own; its bind call is the one binding.js makes (the code, the device, the key's SPKI) and asks
// for the game with it (`view=game`), refused the way api.bind refuses (status and body); the game's state and sheet
// come from the bind answer for api.earlyReads; the QR's address binds at once and fetches the game's catalogue; a
// typed code holds the bundle's start until it is sent. The script is run as the page runs it (vm, this realm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

const html = readFileSync(new URL('../static/tablet.html', import.meta.url), 'utf8');
const head = html.match(/<head>[\s\S]*?<script>([\s\S]*?)<\/script>/)[1];
const KEYS = { title: 'bind.title', help: 'bind.help', code: 'bind.code', submit: 'bind.submit', loading: 'loading',
  language: 'language' };

/** Run the head script for an address `hash` with `stored` in localStorage; every fetch answered by `answer`. */
function open({ hash = '', stored = {}, answer = () => ({ status: 200, body: {} }) } = {}) {
  const kept = new Map(Object.entries(stored));
  const calls = [];
  const listeners = [];
  for (const name of ['__early', '__earlyBind', '__earlyCatalogue', '__bindFirst', '__bindFirstKit', '__tabletStart',
    '__drawBind']) delete globalThis[name];
  Object.assign(globalThis, {
    window: globalThis,
    location: { hash },
    addEventListener: (type, listener) => listeners.push([type, listener]),
    localStorage: { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, String(v)) },
    fetch: async (path, init = {}) => {
      calls.push({ path, init });
      const { status, body } = answer(path, init);
      return { status, json: async () => body };
    },
  });
  Object.defineProperty(globalThis, 'navigator', { value: { language: 'en-GB' }, configurable: true });
  vm.runInThisContext(head);
  const fire = (type) => listeners.filter(([t]) => t === type).forEach(([, listener]) => listener());
  return { calls, kept, fire };
}

const BOUND = { token: 't0k', game_id: 'g1', seat: 1, language: 'ca', state: { version: 3 }, scoresheet: { sheets: [] } };
const binding = (path) => (path.startsWith('/v1/bind') ? { status: 200, body: BOUND } : { status: 200, body: {} });

test('the binding screen says what the catalogues say, in es, ca and en', () => {
  open();
  const { WORDS } = globalThis.__bindFirstKit;
  for (const lang of ['es', 'ca', 'en']) {
    const catalogue = JSON.parse(readFileSync(new URL(`../static/i18n/tablet/${lang}.json`, import.meta.url)));
    for (const [word, key] of Object.entries(KEYS)) assert.equal(WORDS[lang][word], catalogue[key], `${lang} ${key}`);
  }
});

test('a first use holds the bundle for a typed code, in the browser\'s language, its catalogue once the page is in', () => {
  const { calls, fire } = open();
  assert.equal(globalThis.__tabletStart, 'hold');
  assert.equal(globalThis.__bindFirst, 'en');
  assert.equal(typeof globalThis.__drawBind, 'function');
  assert.deepEqual(calls, []); // nothing beside the bundle and the styles
  fire('load');
  assert.deepEqual(calls.map((c) => c.path), ['/static/i18n/tablet/en.json', '/static/i18n/tablet/es.json', '/static/i18n/tablet/ca.json']);
  assert.equal(globalThis.__earlyCatalogue.lang, 'en');
});

test('the game\'s catalogue fetched while the code was typed is the one taken after the binding, not fetched again', async () => {
  const { calls, fire } = open({ answer: binding });
  fire('load');
  await globalThis.__bindFirstKit.bindEarly('ABCD-EFGH', 'en');
  assert.equal(globalThis.__earlyCatalogue.lang, 'ca'); // the binding's language
  assert.equal(calls.filter((c) => c.path === '/static/i18n/tablet/ca.json').length, 1);
});

test('a device that chose its language fetches only that catalogue while the code is typed', () => {
  const { calls, fire } = open({ stored: { 'planilla.lang': 'ca' } });
  fire('load');
  assert.deepEqual(calls.map((c) => c.path), ['/static/i18n/tablet/ca.json']);
});

test('the bind sends the code, the device and a P-256 public key, and asks for the game in the same answer', async () => {
  const { calls, kept } = open({ answer: binding });
  const { bound, pair, spki } = await globalThis.__bindFirstKit.bindEarly('ABCD-EFGH', 'ca');
  assert.equal(bound.game_id, 'g1');
  const sent = calls.find((c) => c.path.startsWith('/v1/bind'));
  assert.equal(sent.path, '/v1/bind?view=game');
  const body = JSON.parse(sent.init.body);
  assert.equal(body.code, 'ABCD-EFGH');
  assert.equal(body.device, kept.get('planilla.device'));
  assert.equal(body.public_key, spki);
  assert.equal(pair.privateKey.extractable, false);
  assert.equal(sent.init.headers['Accept-Language'], 'ca');
  assert.deepEqual(calls.filter((c) => c.path.startsWith('/v1/games')), []); // no read after the bind: it came with it
  assert.equal(globalThis.__early.token, 't0k');
  assert.deepEqual(await globalThis.__early.state, { status: 200, body: { version: 3 } });
  assert.deepEqual(await globalThis.__early.sheet, { status: 200, body: { sheets: [] } });
  assert.equal(globalThis.__earlyCatalogue.lang, 'ca'); // the game's language (the binding's), not the screen's
});

test('a bind answer without the game (an older service) reads it as before', async () => {
  const { calls } = open({ answer: (path) => (path.startsWith('/v1/bind')
    ? { status: 200, body: { ...BOUND, state: null, scoresheet: null } } : { status: 200, body: { version: 4 } }) });
  await globalThis.__bindFirstKit.bindEarly('ABCD-EFGH', 'es');
  assert.deepEqual((await globalThis.__early.state).body, { version: 4 });
  const reads = calls.filter((c) => c.path.startsWith('/v1/games')).map((c) => [c.path, c.init.headers.Authorization]);
  assert.deepEqual(reads, [['/v1/games/g1', 'Bearer t0k'], ['/v1/games/g1/scoresheet', 'Bearer t0k']]);
});

test('each binding takes its own key pair', async () => {
  open({ answer: binding });
  const first = await globalThis.__bindFirstKit.bindEarly('ABCD-EFGH', 'es');
  const second = await globalThis.__bindFirstKit.bindEarly('ABCD-EFGH', 'es');
  assert.notEqual(first.spki, second.spki);
});

test('a refused code rejects with the status and the service\'s words, as api.bind does', async () => {
  open({ answer: () => ({ status: 404, body: { message: 'no existe el código' } }) });
  await assert.rejects(globalThis.__bindFirstKit.bindEarly('ZZZZ-ZZZZ', 'es'),
    (e) => e.status === 404 && e.body.message === 'no existe el código');
});

test('the QR\'s address binds at once, holds nothing, and takes the game\'s catalogue fetched beside it', async () => {
  const { calls } = open({ hash: '#bind=abcd-efgh', answer: binding });
  assert.equal(globalThis.__tabletStart, undefined); // the bundle starts as soon as it has run
  assert.equal(globalThis.__drawBind, undefined);
  assert.equal(globalThis.__earlyBind.code, 'ABCD-EFGH');
  await globalThis.__earlyBind.result;
  assert.deepEqual(calls.map((c) => c.path), ['/static/i18n/tablet/es.json', '/static/i18n/tablet/ca.json',
    '/v1/bind?view=game']); // the profiles' catalogues beside the binding; the binding's (ca) taken, not fetched again
  assert.equal(globalThis.__earlyCatalogue.lang, 'ca');
});

test('the device\'s own language wins over the game\'s, as i18n.initial picks it', async () => {
  open({ hash: '#bind=ABCD-EFGH', stored: { 'planilla.lang': 'es' }, answer: binding });
  await globalThis.__earlyBind.result;
  assert.equal(globalThis.__earlyCatalogue.lang, 'es');
});

test('a tablet with a game reads its state and sheet at once, no binding screen', () => {
  const session = { token: 'pl_x', game: '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', seat: 0, language: 'es' };
  const { calls } = open({ stored: { 'planilla.session': JSON.stringify(session) } });
  assert.equal(globalThis.__tabletStart, undefined);
  assert.equal(globalThis.__drawBind, undefined);
  assert.deepEqual(calls.map((c) => c.path), [`/v1/games/${session.game}`, `/v1/games/${session.game}/scoresheet`,
    '/static/i18n/tablet/es.json']);
});
