// replacing.js (issue 26, "Re-binding rules"): the text that vouches for a seat's new key is the service's
// (domain/game/replacement.py `replacement_message`, the same literal in tests/unit/test_rebinding_rules.py), the
// opponent's tablet countersigns it with its own non-extractable key (r‖s that node's crypto verifies), and the
// banner lines: the opponent asked to confirm, the new tablet told it waits, everyone told of a replacement.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, verify as nodeVerify } from 'node:crypto';

import { makeKeyPair, publicKeySpki, fromBase64 } from '../static/js/keys.js';
import { replacementMessage, countersign, replacementLines, voucher } from '../static/js/replacing.js';

const GAME = '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const FP = 'ab'.repeat(32);
const t = (key, params = {}) => `${key}${JSON.stringify(params)}`;
const names = ['Ana', 'Berta'];

test('the text vouching for a new key is planilla-replace/1|game|seat|fingerprint, and nothing else', () => {
  assert.equal(replacementMessage(GAME.toUpperCase(), 0, FP), `planilla-replace/1|${GAME}|0|${FP}`);
  assert.throws(() => replacementMessage(GAME, 0, 'AB'));
  assert.throws(() => replacementMessage(GAME, '0', FP));
});

test("the opponent's tablet countersigns with its own key: r‖s over the text, verified by node's crypto", async () => {
  const pair = await makeKeyPair();
  const signature = fromBase64(await countersign(pair.privateKey, { game: GAME, seat: 0, fingerprint: FP }));
  assert.equal(signature.length, 64);
  const key = createPublicKey({ key: Buffer.from(fromBase64(await publicKeySpki(pair.publicKey))), format: 'der', type: 'spki' });
  const holds = (text) => nodeVerify('sha256', Buffer.from(text), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature));
  assert.ok(holds(`planilla-replace/1|${GAME}|0|${FP}`));
  assert.ok(!holds(`planilla-replace/1|${GAME}|1|${FP}`));
});

test('the banner: Berta confirms, Ana waits, and both read who replaced the key and why', () => {
  const raw = {
    keys: [{ seat: 0, replaces: null, countersigned_by: null }, { seat: 1, replaces: null },
      { seat: 0, replaces: 'cd'.repeat(32), countersigned_by: `seat:1:${'ef'.repeat(32)}`, reason: 'tablet dropped' }],
    key_proposals: [{ seat: 0, fingerprint: FP }],
  };
  const nameOf = (s) => names[s];
  const berta = replacementLines(raw, [1], nameOf, t);
  assert.deepEqual(berta.map((l) => l.key), ['key.replaced', 'key.replacing']);
  assert.deepEqual(berta[0].params, { seat: 1, name: 'Ana', by: 'key.by_tablet{"name":"Berta"}', reason: 'key.confirmed_at_table{}' });
  assert.deepEqual(berta[1].confirm, { seat: 0, fingerprint: FP });
  const ana = replacementLines(raw, [0], nameOf, t);
  assert.deepEqual(ana.map((l) => l.key), ['key.replaced', 'key.waiting']);
  assert.equal(ana[1].confirm, undefined);
  assert.equal(voucher(`official:director:eva:${FP}`, nameOf, t), 'director:eva');
  assert.deepEqual(replacementLines({ keys: [], key_proposals: [] }, [0], nameOf, t), []);
});

test("an official's console key: not extractable, its PEM for `planilla official enrol`, its signature of an entry", async () => {
  const { makeOfficialKey, officialKey, officialFields, officialMessage, pemOf } = await import('../static/js/official_key.js');
  const { memoryStore } = await import('../static/js/store.js');
  const store = memoryStore();
  assert.equal(await officialKey(store), null);
  const key = await makeOfficialKey(store, { role: 'arbiter', label: 'luis' });
  assert.equal(key.privateKey.extractable, false);
  assert.equal((await officialKey(store)).fingerprint, key.fingerprint);
  const pem = pemOf(key.spki);
  assert.ok(pem.startsWith('-----BEGIN PUBLIC KEY-----\n') && createPublicKey(pem).asymmetricKeyDetails.namedCurve === 'prime256v1');
  const head = 'c0'.repeat(32);
  const fields = await officialFields(key, { type: 'sign', game: GAME, head });
  assert.equal(fields.official_key, key.fingerprint);
  const holds = (text) => nodeVerify('sha256', Buffer.from(text), { key: createPublicKey(pem), dsaEncoding: 'ieee-p1363' },
    Buffer.from(fromBase64(fields.official_signature)));
  assert.ok(holds(`planilla-official/1|sign|${GAME}|arbiter:luis|${head}`));
  assert.equal(officialMessage('pass_turn', GAME, 'arbiter:luis', head), `planilla-official/1|pass_turn|${GAME}|arbiter:luis|${head}`);
  assert.deepEqual(await officialFields(key, { type: 'end_game', game: GAME, head }), {}); // the official's own act
  const vouch = await officialFields(key, { type: 'confirm_key_replacement', game: GAME, head, body: { seat: 1, fingerprint: FP } });
  assert.ok(nodeVerify('sha256', Buffer.from(`planilla-replace/1|${GAME}|1|${FP}`), { key: createPublicKey(pem), dsaEncoding: 'ieee-p1363' },
    Buffer.from(fromBase64(vouch.official_signature))));
});
