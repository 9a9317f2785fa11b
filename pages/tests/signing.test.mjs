// signing.js (the tablet's key signatures) on a fake page: the Outbox is real (on the memory store the
// page falls back to without IndexedDB), the service a fake that records what it is sent.
import test from 'node:test';
import assert from 'node:assert/strict';

import { Signing, SIGNED } from '../static/js/signing.js';
import { Outbox } from '../static/js/outbox.js';
import { makeKeyPair, keepKey, signedMessage, verifySignature, seatKey } from '../static/js/keys.js';
import * as api from '../static/js/api.js';

const GAME = '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const head = (n) => String(n).padStart(64, 'a');

// A minimal page: what signing.js reads of the Tablet (its view, seat, session, outbox, own versions, send).
class Page {
  constructor({ seat = 1, version = 7, outbox }) {
    Object.assign(this, { seat, outbox, session: { game: GAME }, own: new Set(), refreshed: 0 });
    this.view = { version, raw: { head_hash: head(version) } };
    // As tablet.js: the versions this page's own commands produced (their answers), followed by the next command.
    outbox.addEventListener('answered', (e) => { if (e.detail.body && e.detail.body.version) this.own.add(e.detail.body.version); });
    this.follower = { refresh: async () => { this.refreshed += 1; return { version: this.view.version + 1, raw: { head_hash: head(this.view.version + 1) } }; } };
  }

  forActingSeat(view) { return view; }

  get commandToken() { return null; }

  ownEntryDue() { return null; }

  async send(command, options = {}) { // as tablet.js: a signed command through sendSigned; else after the last queued,
    // or at the version this page's own last answer gave
    if (SIGNED.has(command.type) && !options.after) {
      const id = await this.sendSigned(command);
      if (id) return id;
    }
    const queued = this.outbox.items;
    const after = options.after || (queued.length ? queued[queued.length - 1].id : null);
    if (after) return this.outbox.enqueue({ ...command, expected_version: null }, { after });
    let version = command.expected_version; // the previous command already answered: follow what it recorded
    while (version != null && this.own.has(version + 1)) version += 1;
    return this.outbox.enqueue({ ...command, expected_version: version });
  }
}
const Tablet = Signing(Page);

function service(answers = []) {
  const sent = [];
  let version = 7;
  const request = async (path, { body }) => {
    sent.push(body);
    const status = answers.shift() ?? 200;
    if (status !== 200) return { status, body: { code: 'conflict' } };
    version += 1;
    return { status: 200, body: { version } };
  };
  return { sent, request };
}

async function keyed(seat = 1) {
  const store = await api.pageStore(); // no IndexedDB under node: the page's memory store
  await keepKey(store, GAME, seat, await makeKeyPair());
  return seatKey(store, GAME, seat);
}

test('a seat with a key: accept is signed over the head shown, at that version, never chained after', async () => {
  const key = await keyed(1);
  const fake = service();
  const outbox = new Outbox({ gameId: GAME, token: 't', store: (await import('../static/js/store.js')).memoryStore(), request: fake.request, autoFlush: false });
  await outbox.ready;
  const page = new Tablet({ seat: 1, outbox });
  const line = { type: 'write_sheet_entry', expected_version: 7, sheet: 1, player: 0, line: 0, score: 10 };
  assert.equal(await page.acceptWithLine(line), true);
  await outbox.flush();
  assert.deepEqual(fake.sent.map((b) => b.type), ['accept', 'write_sheet_entry'], 'the signed acceptance first, the line after it');
  const [accept, written] = fake.sent;
  assert.equal(accept.expected_version, 7);
  assert.equal(written.expected_version, 8, 'the line follows the acceptance\'s answer');
  assert.equal(await verifySignature(key.spki, signedMessage('accept', GAME, 1, head(7)), accept.key_signature), true);
  assert.equal(await verifySignature(key.spki, signedMessage('accept', GAME, 1, head(8)), accept.key_signature), false);
  outbox.close();
});

test('a refused signed command keeps its signature; "send again" signs the head shown now', async () => {
  const key = await keyed(1);
  const fake = service([409]);
  const outbox = new Outbox({ gameId: GAME, token: 't', store: (await import('../static/js/store.js')).memoryStore(), request: fake.request, autoFlush: false });
  await outbox.ready;
  const page = new Tablet({ seat: 1, outbox });
  const refused = new Promise((resolve) => outbox.addEventListener('refused', (e) => resolve(e.detail), { once: true }));
  await page.sendSigned({ type: 'sign', expected_version: 7, seat: 1, signature: 'Bea' });
  await outbox.flush();
  const detail = await refused;
  assert.equal(detail.status, 409);
  assert.equal(outbox.items[0].command.key_signature, fake.sent[0].key_signature, 'nothing signed again by itself');
  page.view = { version: 9, raw: { head_hash: head(9) } }; // the player looks at the game as it is now
  const changes = await page.resign(detail);
  assert.equal(changes.expected_version, 9);
  assert.notEqual(changes.key_signature, fake.sent[0].key_signature);
  assert.equal(await verifySignature(key.spki, signedMessage('sign', GAME, 1, head(9)), changes.key_signature), true);
  await outbox.retry(detail.id, changes);
  assert.equal(fake.sent[1].key_signature, changes.key_signature);
  assert.equal(fake.sent[1].expected_version, 9);
  outbox.close();
});

test('a seat without a key on this tablet sends as before (nothing signed)', async () => {
  const outbox = new Outbox({ gameId: GAME, token: 't', store: (await import('../static/js/store.js')).memoryStore(), request: service().request, autoFlush: false });
  await outbox.ready;
  const page = new Tablet({ seat: 0, outbox });
  page.session = { game: 'another-game' };
  assert.equal(await page.sendSigned({ type: 'accept', expected_version: 7 }), null);
  assert.equal(await page.acceptWithLine({ type: 'write_sheet_entry', expected_version: 7 }), false);
  assert.equal(outbox.length, 0);
  outbox.close();
});

test('the page\'s own answered commands not shown yet: the game is read again before signing', async () => {
  const key = await keyed(1);
  const fake = service();
  const outbox = new Outbox({ gameId: GAME, token: 't', store: (await import('../static/js/store.js')).memoryStore(), request: fake.request, autoFlush: false });
  await outbox.ready;
  const page = new Tablet({ seat: 1, outbox });
  page.own.add(8); // this tablet's last command recorded version 8; the page still shows 7
  await page.sendSigned({ type: 'accept', expected_version: 7 });
  await outbox.flush();
  assert.equal(page.refreshed, 1);
  assert.equal(fake.sent[0].expected_version, 8);
  assert.equal(await verifySignature(key.spki, signedMessage('accept', GAME, 1, head(8)), fake.sent[0].key_signature), true);
  outbox.close();
});

// ---- the player's own entries (issue 16): the play, the exchange, the pass, the lines of their own sheet ----
const memory = async () => (await import('../static/js/store.js')).memoryStore();

test('a play, an exchange and a pass are key-signed over the head shown, each at its version, none chained', async () => {
  const key = await keyed(1);
  const fake = service();
  const outbox = new Outbox({ gameId: GAME, token: 't', store: await memory(), request: fake.request, autoFlush: false });
  await outbox.ready;
  const page = new Tablet({ seat: 1, outbox });
  const commands = [api.commands.placeTiles(7, { coordinates: 'H8', word: 'CASA', announced: 12 }),
    api.commands.exchange(7, { tiles: ['A'] }), api.commands.pass(7)];
  for (const [n, command] of commands.entries()) {
    page.view = { version: 7 + n, raw: { head_hash: head(7 + n) } }; // what the page shows when the player taps
    await page.send(command);
    await outbox.flush();
  }
  assert.deepEqual(fake.sent.map((b) => [b.type, b.expected_version]), [['place_tiles', 7], ['exchange_tiles', 8], ['pass_turn', 9]]);
  for (const [n, body] of fake.sent.entries()) {
    assert.equal(await verifySignature(key.spki, signedMessage(body.type, GAME, 1, head(7 + n)), body.key_signature), true, body.type);
  }
  assert.equal(await verifySignature(key.spki, signedMessage('pass_turn', GAME, 1, head(7)), fake.sent[0].key_signature), false,
    'the action is part of what is signed');
  outbox.close();
});

test('the own line due after a signed command is signed over the head shown once that command is answered', async () => {
  const key = await keyed(1);
  const fake = service();
  const outbox = new Outbox({ gameId: GAME, token: 't', store: await memory(), request: fake.request, autoFlush: false });
  await outbox.ready;
  const page = new Tablet({ seat: 1, outbox });
  let due = api.commands.writeSheet(null, { sheet: 1, player: 1, line: 1, score: 12, total: 12 });
  page.ownEntryDue = () => { const line = due; due = null; return line; };
  await page.send(api.commands.pass(7));
  await outbox.flush();
  assert.deepEqual(fake.sent.map((b) => [b.type, b.expected_version]), [['pass_turn', 7], ['write_sheet_entry', 8]]);
  assert.equal(await verifySignature(key.spki, signedMessage('write_sheet_entry', GAME, 1, head(8)), fake.sent[1].key_signature), true);
  outbox.close();
});

test('offline, the own line goes unsigned after the signed command; the command keeps its signature', async () => {
  await keyed(1);
  const { NetworkError } = await import('../static/js/net.js');
  const sent = [];
  let up = false;
  const request = async (path, { body }) => {
    if (!up) throw new NetworkError('the hall\'s Wi-Fi is down');
    sent.push(body);
    return { status: 200, body: { version: 7 + sent.length } };
  };
  const outbox = new Outbox({ gameId: GAME, token: 't', store: await memory(), request, autoFlush: false });
  await outbox.ready;
  await outbox.flush(); // nothing queued: still online as far as the page knows
  const page = new Tablet({ seat: 1, outbox });
  let due = api.commands.writeSheet(null, { sheet: 1, player: 1, line: 1, score: 12 });
  page.ownEntryDue = () => { const line = due; due = null; return line; };
  await page.send(api.commands.pass(7));
  await outbox.flush().catch(() => {});
  const [pass, line] = outbox.items;
  assert.equal(outbox.online, false);
  assert.equal(line.after, pass.id, 'the line follows the pass it cannot see answered');
  assert.equal(line.command.key_signature, undefined, 'unsigned: a line is never required to be signed');
  assert.equal(pass.expected_version, 7);
  const signature = pass.command.key_signature;
  up = true;
  await outbox.flush();
  assert.deepEqual(sent.map((b) => [b.type, b.expected_version, b.key_signature]),
    [['pass_turn', 7, signature], ['write_sheet_entry', 8, undefined]]);
  outbox.close();
});

test('a shared tablet signs the own line with the seat that tapped, even once the page acts for the other', async () => {
  const ana = await keyed(0);
  await keyed(1);
  const fake = service();
  const outbox = new Outbox({ gameId: GAME, token: 't', store: await memory(), request: fake.request, autoFlush: false });
  await outbox.ready;
  const page = new Tablet({ seat: 0, outbox });
  let due = api.commands.writeSheet(null, { sheet: 0, player: 0, line: 1, score: 9 });
  page.ownEntryDue = () => { const line = due; due = null; return line; };
  outbox.addEventListener('answered', () => { page.seat = 1; }); // the game now waits on the other seat
  await page.send(api.commands.pass(7));
  await outbox.flush();
  assert.deepEqual(fake.sent.map((b) => b.type), ['pass_turn', 'write_sheet_entry']);
  assert.equal(await verifySignature(ana.spki, signedMessage('write_sheet_entry', GAME, 0, head(8)), fake.sent[1].key_signature), true);
  outbox.close();
});
