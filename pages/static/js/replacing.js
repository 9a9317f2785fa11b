// A seat's tablet replaced during the game (issue 26; docs/reliability.md, "Re-binding rules"): the new tablet's
// key is only proposed (the state's `key_proposals`) until the opponent's tablet countersigns it, or an official
// with an enrolled key confirms it with a reason. The opponent's tablet shows "Berta's tablet is being replaced:
// confirm" with the new key's fingerprint (the players compare it with the one the new tablet shows) and, on the
// tap, signs `planilla-replace/1|<game>|<seat>|<fingerprint>` with its own key (`confirm_key_replacement`). Every
// tablet still following the game (the replaced one while it can, the opponent's, the new one) then shows "the key
// of seat N was replaced by X: reason", from the state's `keys` (a key that `replaces` another, with who vouched).

import { toBase64 } from './keys.js';

export const PROTOCOL = 'planilla-replace/1';
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' };

/** The exact text that vouches for a seat's new key (domain/game/replacement.py `replacement_message`). */
export function replacementMessage(game, seat, fingerprint) {
  if (!/^[0-9a-f]{64}$/.test(String(fingerprint))) throw new TypeError('the fingerprint is 64 lowercase hex digits');
  if (!Number.isInteger(seat)) throw new TypeError('the seat is a number');
  return `${PROTOCOL}|${String(game).toLowerCase()}|${seat}|${fingerprint}`;
}

/** The countersignature of a seat's new key by this tablet's own key: base64 of r‖s. */
export async function countersign(privateKey, { game, seat, fingerprint }, subtle = globalThis.crypto?.subtle) {
  const bytes = new TextEncoder().encode(replacementMessage(game, seat, fingerprint));
  return toBase64(await subtle.sign(SIGNING, privateKey, bytes));
}

/** Who vouched for a replacement, in words: the opponent's tablet by name, or the official's actor. */
export function voucher(countersignedBy, nameOf, t) {
  const [kind, ...rest] = String(countersignedBy || '').split(':');
  if (kind === 'seat') return t('key.by_tablet', { name: nameOf(Number(rest[0])) });
  if (kind === 'official') return rest.slice(0, 2).join(':');
  return t('key.by_unknown');
}

/** What the banner says about replaced and replacing keys, for the tablet acting for `seats` (a shared tablet
 * holds both): each line `{key, params}`, and `confirm: {seat, fingerprint}` where this tablet is the opponent
 * asked to countersign. */
export function replacementLines(raw, seats, nameOf, t) {
  const lines = [];
  for (const k of raw.keys || []) {
    if (!k.replaces || !k.countersigned_by) continue;
    lines.push({ key: 'key.replaced', params: { seat: k.seat + 1, name: nameOf(k.seat),
      by: voucher(k.countersigned_by, nameOf, t),
      // the opponent's confirmation is recorded with the service's own words; said here in the reader's language
      reason: String(k.countersigned_by).startsWith('seat:') ? t('key.confirmed_at_table') : k.reason || '' } });
  }
  for (const p of raw.key_proposals || []) {
    const short = p.fingerprint.slice(0, 16);
    if (seats.includes(p.seat)) lines.push({ key: 'key.waiting', params: { name: nameOf(p.seat), fingerprint: short } });
    else lines.push({ key: 'key.replacing', params: { name: nameOf(p.seat), fingerprint: short },
      confirm: { seat: p.seat, fingerprint: p.fingerprint } });
  }
  return lines;
}
