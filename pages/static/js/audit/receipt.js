// A player's receipt of a closed game, and an export checked against it, as `planilla audit verify --receipt`
// checks it (domain/game/receipt.py): event v of the export must have the receipt's hash (a bare code: some
// closing must have that code); a different hash is a rewrite, an export that goes on past v was reopened
// after the receipt (named, with who reopened and who consented), another game's receipt cannot answer.
import { codePoints, loads, PyJsonError, pyEqual } from './pyjson.js';
import { shown, head } from './hands.js';

export const FORMAT = 'planilla-receipt/1';
const CODE_LENGTH = 20;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const KEYS = ['format', 'game', 'version', 'head_hash', 'code', 'fingerprint', 'signature', 'at'];

/** receipt.py `short_code`: the first 20 base32 characters of the head hash (100 bits). */
export function shortCode(headHash) {
  let bits = '';
  for (let i = 0; i < 26; i += 2) bits += parseInt(headHash.slice(i, i + 2), 16).toString(2).padStart(8, '0');
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[parseInt(bits.slice(i * 5, i * 5 + 5), 2)];
  return code;
}

/** receipt.py `grouped`: four groups of five. */
export const grouped = (code) => code.match(/.{1,5}/g)?.join('-') ?? '';

/** receipt.py `read_code`: a code as typed back (any case, spaces, hyphens, 0/1/8 for O/I/B), or null. */
export function readCode(text) {
  const code = text.replace(/\s+/g, '').replaceAll('-', '').toUpperCase().replaceAll('0', 'O').replaceAll('1', 'I')
    .replaceAll('8', 'B');
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** receipt.py `read_receipt`: a planilla-receipt/1 document (a Map) or {code}; or why not (a string). */
export function readReceipt(text) {
  const stripped = text.trim();
  if (stripped.startsWith('{')) {
    let found;
    try {
      found = loads(codePoints(stripped));
    } catch (error) {
      if (error instanceof PyJsonError) return `the receipt is not JSON (${error.message})`;
      throw error;
    }
    if (!(found instanceof Map) || !pyEqual(found.get('format'), FORMAT) || !KEYS.every((k) => found.has(k))) {
      return `the receipt is not a ${FORMAT} document (format, game, version, head_hash, signature…)`;
    }
    if (typeof found.get('version') !== 'bigint' || typeof found.get('head_hash') !== 'string') {
      return "the receipt's version is not a number or its head hash not text";
    }
    return found;
  }
  const code = readCode(stripped);
  if (code === null) {
    return `the receipt is neither a ${FORMAT} file nor a short code (${CODE_LENGTH} characters A-Z and 2-7, as printed on the tablet and the results sheet)`;
  }
  return new Map([['code', code]]);
}

const codeOf = (hash) => (typeof hash === 'string' && hash.length === 64 && /^[0-9a-fA-F]+$/.test(hash) ? shortCode(hash) : null);

/** receipt.py `check_receipt`: {state, version, text, reopened}. `holds`: the receipt's service signature
 * verified (true/false), or null when not checked. */
export function checkReceipt(records, receipt, holds) {
  const game = records[0].get('game');
  const n = BigInt(records.length);
  let version;
  if (receipt.has('game')) {
    if (!pyEqual(receipt.get('game'), game)) {
      return { state: 'unanswerable', version: null, text: `the receipt is of game ${shown(receipt.get('game'))}, this export of game ${shown(game)}` };
    }
    if (holds === false) {
      return { state: 'unanswerable', version: null, text: "the receipt's service signature does not verify against the service key: it is not this service's receipt" };
    }
    version = receipt.get('version');
    if (version < 1n || version > n) {
      return { state: 'rewritten', version, text: `the receipt names event ${version}, the history ends at event ${n}: the history was rewritten after the receipt` };
    }
    const at = records[Number(version) - 1];
    if (!pyEqual(at.get('hash'), receipt.get('head_hash'))) {
      return { state: 'rewritten', version, text: `event ${version} has hash ${shown(head(at.get('hash')))}…, the receipt ${shown(head(receipt.get('head_hash')))}…: the history was rewritten after the receipt was given` };
    }
  } else {
    const matches = records.filter((r) => r.get('type') === 'GameClosed' && codeOf(r.get('hash')) === receipt.get('code'));
    if (!matches.length) {
      if (!records.some((r) => r.get('type') === 'GameClosed')) {
        return { state: 'unanswerable', version: null, text: "the export holds no closing of the game: a receipt's code names a closing head" };
      }
      return { state: 'rewritten', version: null, text: `no closing of this history has the code ${grouped(receipt.get('code'))}: the history was rewritten after the receipt was given (or the receipt is of another game)` };
    }
    version = matches[0].get('version');
  }
  const code = grouped(codeOf(records[Number(version) - 1].get('hash')) || '');
  if (version === n) {
    return { state: 'held', version, code, text: `the receipt holds: event ${version} is the closing head the player was given (code ${code})` };
  }
  const later = records.slice(Number(version));
  const reopen = later.find((r) => r.get('type') === 'GameReopened');
  const consents = later.filter((r) => r.get('type') === 'ReopenConsented').map((r) => ({ event: r.get('version'), by: r.get('actor') }));
  const what = reopen === undefined
    ? `${later.length} events follow it, the first event ${later[0].get('version')} (${shown(later[0].get('type'))}) by ${shown(later[0].get('actor'))}`
    : `event ${reopen.get('version')} by ${shown(reopen.get('actor'))}`;
  const first = reopen ?? later[0];
  const agreed = consents.length ? `; consents: ${consents.map((c) => `event ${c.event} ${shown(c.by)}`).join(', ')}` : '';
  return { state: 'reopened', version, code, reopened: { event: first.get('version'), by: first.get('actor'), consents },
    text: `reopened after your receipt (${what}${agreed}): event ${version} still has the receipt's closing head (code ${code}); not a rewrite` };
}
