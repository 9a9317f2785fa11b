// The tablet's key module (pages/static/js/keys.js) under node's WebCrypto: the pair, the SPKI and
// fingerprint the service names it by, the signed text (docs/reliability.md, "Players' keys"), signatures
// in r‖s that verify for their message and no other, and the keys kept per game and seat.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';

import {
  makeKeyPair, publicKeySpki, fingerprint, signedMessage, signHead, verifySignature, keepKey, seatKey, forgetKey,
  toBase64, fromBase64,
} from '../static/js/keys.js';
import { memoryStore } from '../static/js/store.js';

const GAME = '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const HEAD = '9c1e'.padEnd(64, '7');

test('the private key is not extractable; the public key exports as SPKI, its fingerprint SHA-256 of those bytes', async () => {
  const pair = await makeKeyPair();
  assert.equal(pair.privateKey.extractable, false);
  await assert.rejects(crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const spki = await publicKeySpki(pair.publicKey);
  const der = fromBase64(spki);
  assert.equal(der.length, 91); // an uncompressed P-256 point in SPKI
  assert.equal(createPublicKey({ key: Buffer.from(der), format: 'der', type: 'spki' }).asymmetricKeyDetails.namedCurve, 'prime256v1');
  assert.equal(await fingerprint(spki), createHash('sha256').update(der).digest('hex'));
});

test('the signed text is planilla-key/1|action|game|seat|head, and anything else is refused', () => {
  assert.equal(signedMessage('sign', GAME.toUpperCase(), 0, HEAD), `planilla-key/1|sign|${GAME}|0|${HEAD}`);
  assert.equal(signedMessage('accept', GAME, 1, HEAD), `planilla-key/1|accept|${GAME}|1|${HEAD}`);
  assert.throws(() => signedMessage('place', GAME, 0, HEAD));
  assert.throws(() => signedMessage('sign', GAME, 0, HEAD.toUpperCase()));
  assert.throws(() => signedMessage('sign', GAME, 0, HEAD.slice(1)));
  assert.throws(() => signedMessage('sign', GAME, '0', HEAD));
});

test('a signature is 64 bytes r‖s that verifies for its message only, here and by node\'s own ECDSA (P1363)', async () => {
  const pair = await makeKeyPair();
  const spki = await publicKeySpki(pair.publicKey);
  const signature = await signHead(pair.privateKey, { action: 'sign', game: GAME, seat: 0, head: HEAD });
  assert.equal(fromBase64(signature).length, 64);
  assert.equal(signature.length, 88);
  const message = signedMessage('sign', GAME, 0, HEAD);
  assert.equal(await verifySignature(spki, message, signature), true);
  const other = createPublicKey({ key: Buffer.from(fromBase64(spki)), format: 'der', type: 'spki' });
  assert.equal(nodeVerify('sha256', Buffer.from(message), { key: other, dsaEncoding: 'ieee-p1363' }, Buffer.from(fromBase64(signature))), true);
  // Another action, seat, head or game: no.
  for (const changed of [signedMessage('accept', GAME, 0, HEAD), signedMessage('sign', GAME, 1, HEAD),
    signedMessage('sign', GAME, 0, HEAD.replace('9', '8')), signedMessage('sign', GAME.replace('3', '4'), 0, HEAD)]) {
    assert.equal(await verifySignature(spki, changed, signature), false, changed);
  }
  // Another tablet's key: no. A DER signature or garbage: no (never a throw).
  const stranger = await publicKeySpki((await makeKeyPair()).publicKey);
  assert.equal(await verifySignature(stranger, message, signature), false);
  assert.equal(await verifySignature(spki, message, toBase64(new Uint8Array(70))), false);
  assert.equal(await verifySignature('not a key', message, signature), false);
});

test('base64 both ways, standard and URL-safe, padding optional', () => {
  const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
  const text = toBase64(bytes);
  assert.equal(text, Buffer.from(bytes).toString('base64'));
  assert.deepEqual(fromBase64(text), bytes);
  assert.deepEqual(fromBase64(Buffer.from(bytes).toString('base64url')), bytes);
});

test('keys are kept per game and seat (a shared tablet holds two); a re-binding replaces the seat\'s key', async () => {
  const store = memoryStore();
  assert.equal(await seatKey(store, GAME, 0), null);
  const first = await makeKeyPair();
  const second = await makeKeyPair();
  await keepKey(store, GAME, 0, first);
  await keepKey(store, GAME, 1, second);
  const zero = await seatKey(store, GAME, 0);
  const one = await seatKey(store, GAME, 1);
  assert.notEqual(zero.fingerprint, one.fingerprint);
  assert.equal(zero.privateKey.extractable, false);
  // The kept private key still signs, and the kept public key verifies it.
  const signature = await signHead(zero.privateKey, { action: 'accept', game: GAME, seat: 0, head: HEAD });
  assert.equal(await verifySignature(zero.spki, signedMessage('accept', GAME, 0, HEAD), signature), true);
  assert.equal(await verifySignature(one.spki, signedMessage('accept', GAME, 0, HEAD), signature), false);
  const again = await makeKeyPair();
  await keepKey(store, GAME, 0, again);
  assert.notEqual((await seatKey(store, GAME, 0)).fingerprint, zero.fingerprint);
  await forgetKey(store, GAME, 0);
  assert.equal(await seatKey(store, GAME, 0), null);
  assert.equal((await seatKey(store, GAME, 1)).fingerprint, one.fingerprint);
});
