// Officials' keys carried in a `planilla-audit/2` export, and the official signatures they check offline, as
// `planilla audit verify` checks them (domain/game/enrolments.py `check_officials`): each key line (its
// fingerprint, its enrolment's countersignature back to a key enrolled from the data folder), then each official
// entry whose key the file carries, then each replacement's countersignature. The same order, the same first
// bad place, the same notes, word for word.
import { finding } from './audit1.js';
import { pyEqual, pyStr } from './pyjson.js';
import { sha256Hex } from './sha256.js';
import { PLAYER_ACTS, head, shown } from './hands.js';

export const KIND = 'official_key';
export const KEYS = ['attestation', 'fingerprint', 'public_key', 'role', 'label', 'enrolled_by', 'countersigned_by',
  'countersignature', 'enrolled_at', 'revoked_at'];
const DATA_FOLDER = 'data-folder';
/** domain/game/official.py `ACTS`: the events of a player's act, and the command each is recorded by. */
const ACTS = { TilesPlaced: 'place_tiles', PlayChallenged: 'challenge', TilesExchanged: 'exchange_tiles',
  TurnPassed: 'pass_turn', PlayAccepted: 'accept', EndRackDeclared: 'declare_end_rack',
  SheetEntryWritten: 'write_sheet_entry', SheetSigned: 'sign' };
const ROLES = ['director', 'arbiter'];

const bad = (line, version, type, reason) => finding({ line, version, type, reason });
const get = (map, key) => (map instanceof Map && map.has(key) ? map.get(key) : null);
const short = (value) => shown(head(value));
const truthy = (v) => !(v === null || v === false || v === '' || v === 0n || v === 0
  || (Array.isArray(v) && !v.length) || (v instanceof Map && !v.size));

/** official.py `is_official_entry`. */
function isOfficialEntry(type, actor) {
  return typeof type === 'string' && Object.hasOwn(ACTS, type) && truthy(actor)
    && ROLES.includes(pyStr(actor).split(':')[0]);
}

function fingerprintOf(publicKey) {
  if (typeof publicKey !== 'string' || publicKey.length % 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(publicKey)) return '';
  try { return sha256Hex(Uint8Array.from(atob(publicKey), (c) => c.charCodeAt(0))); } catch { return ''; }
}

async function holds(verify, publicKey, message, signature) {
  try {
    return typeof signature === 'string' && await verify(publicKey, message, signature);
  } catch {
    return false;
  }
}

const who = (key) => `${shown(key.get('role'))}:${shown(key.get('label'))}`;
const actorOf = (key) => `${pyStr(key.get('role'))}:${pyStr(key.get('label'))}`;

/** enrolments.py `check_officials`: the first bad place, or null with a note for each thing checked or not. */
export async function checkOfficials(records, attestations, firstLine, verify, notes, tally = { entries: 0 }) {
  const keys = [];
  const lines = [];
  attestations.forEach((att, i) => {
    if (!pyEqual(att.get('attestation'), KIND)) return;
    if (!keys.some((k) => pyEqual(k.get('fingerprint'), att.get('fingerprint')))) keys.push(att);
    lines.push([firstLine + i, att]);
  });
  const keyOf = (fp) => keys.find((k) => pyEqual(k.get('fingerprint'), fp)) ?? null;
  for (const [offset, key] of lines) {
    const found = await enrolment(key, keyOf, offset, verify, notes);
    if (found) return found;
  }
  const game = records[0].get('game');
  for (let index = 0; index < records.length; index += 1) {
    const rec = records[index];
    let found = null;
    if (isOfficialEntry(rec.get('type'), rec.get('actor'))) found = await entry(rec, index, keyOf, game, verify, notes, tally);
    else if (rec.get('type') === 'KeyRegistered' && get(rec.get('payload'), 'countersigned_by') !== null) {
      found = await replacement(records, index, keyOf, game, verify, notes);
    }
    if (found) return found;
  }
  return null;
}

async function enrolment(key, keyOf, offset, verify, notes) {
  const fp = short(key.get('fingerprint'));
  if (!pyEqual(fingerprintOf(key.get('public_key')), key.get('fingerprint'))) {
    return bad(offset, null, null, `official key ${fp}…: its fingerprint is not the SHA-256 of its SPKI bytes`);
  }
  const voucherFp = key.get('countersigned_by');
  if (voucherFp === null) {
    if (!pyEqual(key.get('enrolled_by'), DATA_FOLDER)) {
      return bad(offset, null, null, `official key ${fp}… (${who(key)}) names no countersignature and was not enrolled from the data folder`);
    }
    notes.push(`official key ${fp}… (${who(key)}): enrolled from the hall's data folder (the organiser's hand)`);
    return null;
  }
  const voucher = keyOf(voucherFp);
  if (voucher === null) {
    return bad(offset, null, null, `official key ${fp}… (${who(key)}) was countersigned by ${short(voucherFp)}…, a key this export does not carry`);
  }
  const message = `planilla-enrol/1|${pyStr(key.get('fingerprint'))}|${pyStr(key.get('role'))}|${pyStr(key.get('label'))}`;
  if (!pyEqual(key.get('enrolled_by'), actorOf(voucher))
    || !await holds(verify, voucher.get('public_key'), message, key.get('countersignature'))) {
    return bad(offset, null, null, `official key ${fp}… (${who(key)}): its countersignature does not verify with ${who(voucher)}'s key (${short(voucherFp)}…) over 'planilla-enrol/1|<fingerprint>|<role>|<label>'`);
  }
  notes.push(`official key ${fp}… (${who(key)}): countersigned by ${who(voucher)} (${short(voucherFp)}…)`);
  return null;
}

async function entry(rec, index, keyOf, game, verify, notes, tally) {
  const p = rec.get('payload');
  const type = rec.get('type');
  const version = rec.get('version');
  const fingerprint = get(p, 'official_key');
  const signature = get(p, 'official_signature');
  const what = `the ${PLAYER_ACTS[type]} entered by ${shown(rec.get('actor'))}`;
  if (fingerprint === null && signature === null) return null;
  if (fingerprint === null || signature === null) {
    return bad(index + 1, version, type, `${what} carries half an official signature (a key without a signature, or the reverse)`);
  }
  const key = keyOf(fingerprint);
  if (key === null) {
    notes.push(`event ${shown(version)}: ${what} names official key ${short(fingerprint)}…, which this export does not carry: not checked`);
    return null;
  }
  if (!pyEqual(actorOf(key), rec.get('actor'))) return bad(index + 1, version, type, `${what} is signed with ${who(key)}'s key, not its official's`);
  if (key.get('revoked_at') !== null && pyStr(rec.get('at')) >= pyStr(key.get('revoked_at'))) {
    return bad(index + 1, version, type, `${what} is signed with a key revoked at ${shown(key.get('revoked_at'))}`);
  }
  const message = `planilla-official/1|${ACTS[type]}|${pyStr(game)}|${pyStr(rec.get('actor'))}|${pyStr(rec.get('previous_hash'))}`;
  if (!await holds(verify, key.get('public_key'), message, signature)) {
    return bad(index + 1, version, type, `${what} does not verify against ${who(key)}'s official key (${short(fingerprint)}…) over the head before it: the history before it is not the one the official signed`);
  }
  notes.push(`event ${shown(version)}: ${what} verifies with ${who(key)}'s official key (${short(fingerprint)}…)`);
  tally.entries += 1;
  return null;
}

async function replacement(records, index, keyOf, game, verify, notes) {
  const rec = records[index];
  const p = rec.get('payload');
  const version = rec.get('version');
  const type = rec.get('type');
  const voucher = pyStr(p.get('countersigned_by'));
  const signature = get(p, 'countersignature');
  const seat = get(p, 'seat');
  const where = `event ${shown(version)}: seat ${shown(seat)}'s new key`;
  const message = `planilla-replace/1|${pyStr(game)}|${pyStr(seat)}|${pyStr(get(p, 'fingerprint'))}`;
  const colon = voucher.indexOf(':');
  const kind = colon < 0 ? voucher : voucher.slice(0, colon);
  const rest = colon < 0 ? '' : voucher.slice(colon + 1);
  const fingerprint = rest.slice(rest.lastIndexOf(':') + 1);
  let publicKey; let whose;
  if (kind === 'official') {
    const key = keyOf(fingerprint);
    if (key === null) {
      notes.push(`${where} was confirmed with official key ${short(fingerprint)}…, which this export does not carry: not checked`);
      return null;
    }
    publicKey = key.get('public_key'); whose = `${who(key)}'s official key`;
    if (`official:${actorOf(key)}:${fingerprint}` !== voucher || !pyEqual(rec.get('actor'), actorOf(key))) {
      return bad(index + 1, version, type, `seat ${shown(seat)}'s new key is confirmed with ${whose}, not its confirming official's`);
    }
  } else {
    const registered = records.slice(0, index).filter((r) => r.get('type') === 'KeyRegistered'
      && pyEqual(get(r.get('payload'), 'fingerprint'), fingerprint)
      && `seat:${pyStr(get(r.get('payload'), 'seat'))}:${fingerprint}` === voucher);
    const last = registered.length ? registered[registered.length - 1].get('payload') : null;
    if (last === null || pyEqual(get(last, 'seat'), seat)) {
      return bad(index + 1, version, type, `seat ${shown(seat)}'s new key names a countersigning tablet key (${shown(head(fingerprint))}…) the opponent did not register before it`);
    }
    publicKey = get(last, 'public_key'); whose = `seat ${shown(get(last, 'seat'))}'s key`;
  }
  if (!await holds(verify, publicKey, message, signature)) {
    return bad(index + 1, version, type, `seat ${shown(seat)}'s new key: the countersignature does not verify with ${whose} (${shown(head(fingerprint))}…) over 'planilla-replace/1|<game>|<seat>|<fingerprint>'`);
  }
  notes.push(`${where}: the countersignature verifies with ${whose} (${shown(head(fingerprint))}…)`);
  return null;
}
