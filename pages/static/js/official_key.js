// An official's key on the console's device (issue 26; docs/reliability.md, "Official keys, re-binding rules and
// official entries"): an ECDSA P-256 pair made by WebCrypto here, the private key NOT extractable, kept in the
// page's store (IndexedDB) with the official it signs for (`role:label`, the actor their token records). Its public
// key is shown as a PEM `PUBLIC KEY` for `planilla official enrol --public-key` (or countersigned by an enrolled
// official's device: POST /v1/officials/keys). Once enrolled, the console signs each official entry it sends (a
// player's act: `ACTS`) over `planilla-official/1|<type>|<game>|<actor>|<head hash>`, and a seat's new key over
// `planilla-replace/1|<game>|<seat>|<fingerprint>` (`confirm_key_replacement`), as `official_key` and
// `official_signature`.

import { makeKeyPair, publicKeySpki, fingerprint, toBase64 } from './keys.js';
import { replacementMessage } from './replacing.js';

export const PROTOCOL = 'planilla-official/1';
/** The commands of a player's act an official may enter for them (domain/game/official.py `ACTS`). */
export const ACTS = ['place_tiles', 'challenge', 'exchange_tiles', 'pass_turn', 'accept', 'declare_end_rack',
  'write_sheet_entry', 'sign'];
const SLOT = 'planilla.official.key';
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' };

/** The exact text an official's key signs for an entry (domain/game/official.py `signed_message`). */
export function officialMessage(type, game, actor, head) {
  if (!ACTS.includes(type)) throw new TypeError(`an official entry is one of ${ACTS.join(', ')}, not ${type}`);
  if (!/^[0-9a-f]{64}$/.test(String(head))) throw new TypeError('the head hash is 64 lowercase hex digits');
  return `${PROTOCOL}|${type}|${String(game).toLowerCase()}|${actor}|${head}`;
}

/** The public key as a PEM block, for `planilla official enrol --public-key`. */
export function pemOf(spki) {
  const lines = String(spki).match(/.{1,64}/g) || [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/** This device's official key, or null: `{privateKey, spki, fingerprint, role, label, actor, made}`. */
export async function officialKey(store) {
  return (await store.getValue(SLOT)) ?? null;
}

/** Make this device's official key for `role:label` (replacing an earlier one: it must be enrolled again). */
export async function makeOfficialKey(store, { role, label }, subtle) {
  const pair = await makeKeyPair(subtle);
  const spki = await publicKeySpki(pair.publicKey, subtle);
  const kept = { privateKey: pair.privateKey, publicKey: pair.publicKey, spki, fingerprint: await fingerprint(spki, subtle),
    role, label, actor: `${role}:${label}`, made: new Date().toISOString() };
  await store.setValue(SLOT, kept);
  return kept;
}

/** This device's official key's signature over `text` (r‖s, base64, as WebCrypto makes it). */
export const signText = async (key, text, subtle = globalThis.crypto?.subtle) =>
  toBase64(await subtle.sign(SIGNING, key.privateKey, new TextEncoder().encode(text)));
const sign = signText;

/** The fields that sign a command the console sends, or {} when it signs nothing this key may sign. */
export async function officialFields(key, { type, game, head, body }, subtle) {
  if (!key) return {};
  let text = null;
  if (ACTS.includes(type)) text = officialMessage(type, game, key.actor, head);
  else if (type === 'confirm_key_replacement' && body && Number.isInteger(body.seat) && body.fingerprint) {
    text = replacementMessage(game, body.seat, body.fingerprint);
  }
  if (text === null) return {};
  return { official_key: key.fingerprint, official_signature: await sign(key, text, subtle) };
}
