// A player's key on the tablet (issue 16; the wire format is docs/reliability.md, "Players' keys"):
// an ECDSA P-256 pair made by WebCrypto when the tablet binds to a seat, the private key NOT extractable,
// kept in the page's store (IndexedDB: a CryptoKey is stored as itself, never as bytes); the public key
// registered in the bind call as SPKI in base64. What it signs is the UTF-8 of
// `planilla-key/1|<action>|<game id>|<seat>|<head hash>` (action: `ACTIONS`, the command's type), the signature sent
// as `key_signature`: 64 bytes r‖s (IEEE P1363, what WebCrypto gives), base64.
//
//   const pair = await makeKeyPair();                        // at binding
//   const public_key = await publicKeySpki(pair.publicKey);  // in POST /v1/bind
//   await keepKey(store, game, seat, pair);                  // once the binding names the game
//   const key = await seatKey(store, game, seat);            // {privateKey, publicKey, fingerprint} or null
//   const key_signature = await signHead(key.privateKey, {action: 'accept', game, seat, head});

export const PROTOCOL = 'planilla-key/1';
/** What a player's key signs (the command's type): the sheet, an acceptance, and the player's own entries. */
export const ACTIONS = ['sign', 'accept', 'place_tiles', 'exchange_tiles', 'pass_turn', 'write_sheet_entry'];
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' };

const subtleOf = (subtle) => {
  const found = subtle || globalThis.crypto?.subtle;
  if (!found) throw new Error('WebCrypto is not available (the page needs https, localhost or 127.0.0.1)');
  return found;
};

export function toBase64(bytes) {
  let text = '';
  for (const b of new Uint8Array(bytes)) text += String.fromCharCode(b);
  return btoa(text);
}

export function fromBase64(text) {
  const standard = String(text).replace(/-/g, '+').replace(/_/g, '/');
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/** A binding's secret to ask for its answer again with (`resume` in POST /v1/bind): 16 random bytes, base64url.
 * `getRandomValues` works where WebCrypto's keys do not (plain http on the hall's network); null without it. */
export function resumeSecret() {
  try {
    return toBase64(globalThis.crypto.getRandomValues(new Uint8Array(16)))
      .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  } catch {
    return null;
  }
}

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A new key pair for one binding: the private key cannot be exported (not even by this page). */
export function makeKeyPair(subtle) {
  return subtleOf(subtle).generateKey(ALGORITHM, false, ['sign', 'verify']);
}

/** The public key as the bind call and `register_key` take it: SPKI (DER) in base64. */
export async function publicKeySpki(publicKey, subtle) {
  return toBase64(await subtleOf(subtle).exportKey('spki', publicKey));
}

/** The key's fingerprint as the service names it: SHA-256 of the SPKI bytes, hex. */
export async function fingerprint(spkiBase64, subtle) {
  return hex(await subtleOf(subtle).digest('SHA-256', fromBase64(spkiBase64)));
}

/** The exact text a player's key signs (domain/game/keys.py `signed_message`). */
export function signedMessage(action, game, seat, head) {
  if (!ACTIONS.includes(action)) throw new TypeError(`a player's key signs ${ACTIONS.join(', ')}, not ${action}`);
  if (!/^[0-9a-f]{64}$/.test(String(head))) throw new TypeError('the head hash is 64 lowercase hex digits');
  if (!Number.isInteger(seat)) throw new TypeError('the seat is a number');
  return `${PROTOCOL}|${action}|${String(game).toLowerCase()}|${seat}|${head}`;
}

/** The `key_signature` of `action` by `seat` over the head hash the player saw: base64 of r‖s. */
export async function signHead(privateKey, { action, game, seat, head }, subtle) {
  const bytes = new TextEncoder().encode(signedMessage(action, game, seat, head));
  return toBase64(await subtleOf(subtle).sign(SIGNING, privateKey, bytes));
}

/** Whether `signature` (base64 r‖s) by the SPKI key (base64) holds over `message` (a string or bytes). */
export async function verifySignature(spkiBase64, message, signature, subtle) {
  const s = subtleOf(subtle);
  let key;
  let sig;
  try {
    key = await s.importKey('spki', fromBase64(spkiBase64), ALGORITHM, false, ['verify']);
    sig = fromBase64(signature);
  } catch {
    return false;
  }
  if (sig.length !== 64) return false; // DER is not the wire format
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message;
  return s.verify(SIGNING, key, sig, bytes);
}

// ---- where the tablet keeps its keys: one per game and seat (a shared tablet holds both seats') ------
const slot = (game, seat) => `planilla.key.${game}.${seat}`;

/** Keep a binding's pair (replacing the seat's earlier one: a re-binding makes a new key). */
export async function keepKey(store, game, seat, pair, spki) {
  const publicKey = spki ?? await publicKeySpki(pair.publicKey);
  await store.setValue(slot(game, seat), { privateKey: pair.privateKey, publicKey: pair.publicKey,
    spki: publicKey, fingerprint: await fingerprint(publicKey), made: new Date().toISOString() });
}

/** The seat's key on this tablet, or null (bound with a token only, or the key was lost with the storage). */
export async function seatKey(store, game, seat) {
  return (await store.getValue(slot(game, seat))) ?? null;
}

/** Forget the seat's key (the tablet leaves game mode). */
export function forgetKey(store, game, seat) {
  return store.deleteValue(slot(game, seat));
}
