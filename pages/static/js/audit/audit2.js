// The `planilla-audit/2` export, verified as `planilla audit verify` verifies it (domain/game/attested.py
// `verify_attested`): the lines and the chain as version 1 (audit1.js), then every player's key signature
// against the key registered for that seat at that time (ECDSA P-256, WebCrypto), the officials' keys and
// their entries (officials.js), the service's signatures
// of each closing head and of the round seal (Ed25519, WebCrypto), and, given a seal file, the game's
// inclusion in it. The same checks in the same order, the same first bad place and the same reasons.
//
// verify(bytes, digest, {serviceKey, seal, subtle}): serviceKey the service's public key (32 raw bytes,
// base64) as `--service-key` gives it; seal a planilla-seal/1 document read with loads() (`--seal`).
import { finding, readLine, splitLines, verifyChain } from './audit1.js';
import { canonical, pyEqual, pyRepr, pyStr, pyPlusOne } from './pyjson.js';
import { sha256Hex } from './sha256.js';
import { head as first16, shown } from './hands.js';
import { KEYS as OFFICIAL_KEYS, checkOfficials } from './officials.js';

export const FORMAT = 'planilla-audit/2';
const SEAL_FORMAT = 'planilla-seal/1';
const HEADER_KEYS = ['format', 'game', 'events', 'head_hash', 'attestations', 'service_key'];
const RECORD_KEYS = ['game', 'type', 'version', 'previous_hash', 'hash', 'actor', 'device', 'at', 'payload'];
const HEAD_KEYS = ['attestation', 'version', 'head_hash', 'fingerprint', 'signature', 'at'];
const SEAL_KEYS = ['attestation', 'event', 'round', 'games', 'root', 'leaf', 'proof', 'signature', 'sealed_at', 'fingerprint'];
const LOG_ONLY = new Set(['DeviceBound', 'DeviceReported', 'DeviceRevoked', 'KeyRegistered']);
const SIGNED = { SheetSigned: 'sign', PlayAccepted: 'accept', TilesPlaced: 'place_tiles',
  TilesExchanged: 'exchange_tiles', TurnPassed: 'pass_turn', SheetEntryWritten: 'write_sheet_entry' };
const WHAT = { sign: ['sheet signature', 'FILE 43'], accept: ['acceptance', 'FILE 37'], place_tiles: ['play', 'FILE 32'],
  exchange_tiles: ['exchange', 'FILE 25'], pass_turn: ['pass', 'FILE 26'], write_sheet_entry: ['sheet line', 'FILE 32'] };
// Signed when a key signature is there; without one, an official's or from before it was signed.
const OPTIONAL = new Set(['PlayAccepted', 'TilesPlaced', 'TilesExchanged', 'TurnPassed', 'SheetEntryWritten']);

const bad = (line, version, type, reason, records = []) => finding({ line, version, type, reason, records });
const encoder = new TextEncoder();
const isInt = (v) => typeof v === 'bigint';
const get = (map, key) => (map instanceof Map && map.has(key) ? map.get(key) : null);
const short = (text) => shown(first16(text));

// ---- bytes, base64, hashes -----------------------------------------------------------------------
/** Python's base64.b64decode(validate=True): standard alphabet, padded; null where Python raises. */
function strictBase64(text) {
  if (typeof text !== 'string' || text.length % 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try { return Uint8Array.from(atob(text), (c) => c.charCodeAt(0)); } catch { return null; }
}

/** service/keys.py `b64decode`: standard or URL-safe, padding optional. */
function looseBase64(text) {
  if (typeof text !== 'string' || !text || text.length > 512) return null;
  const clean = text.trim().replace(/-/g, '+').replace(/_/g, '/');
  return strictBase64(clean + '='.repeat((4 - (clean.length % 4)) % 4));
}

const hexOf = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** attested.py `fingerprint`: SHA-256 (hex) of a key's bytes given in base64 ('' when it is not base64). */
export function fingerprint(publicKey) {
  const bytes = strictBase64(publicKey);
  return bytes ? sha256Hex(bytes) : '';
}

function fromHex(text) {
  if (typeof text !== 'string' || text.length % 2 || !/^[0-9a-fA-F]*$/.test(text)) throw new TypeError(`non-hexadecimal number found in fromhex() arg`);
  return Uint8Array.from(text.match(/../g) || [], (h) => parseInt(h, 16));
}

const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};

/** domain/seal/merkle.py `leaf_hash`. */
export function leafHash(event, round, game, version, head) {
  const document = new Map([['event', event], ['round', round], ['game', pyStr(game)], ['version', version], ['head_hash', head]]);
  return sha256Hex(concat(Uint8Array.of(0), encoder.encode(canonical(document))));
}

/** merkle.py `root_from`: the root a leaf and its proof lead to. */
export function rootFrom(leaf, path) {
  let current = leaf;
  for (const step of path) {
    const hash = get(step, 'hash');
    const node = (l, r) => sha256Hex(concat(Uint8Array.of(1), fromHex(l), fromHex(r)));
    current = pyEqual(get(step, 'side'), 'left') ? node(hash, current) : node(current, hash);
  }
  return current;
}

// ---- the mathematics: WebCrypto -------------------------------------------------------------------
/** Players' keys: ECDSA P-256, SPKI base64, signature r‖s base64 (service/keys.py `verify_p256`). */
async function verifyP256(subtle, publicKey, message, signature) {
  const raw = looseBase64(signature);
  const der = looseBase64(publicKey);
  if (!raw || !der || raw.length !== 64) return false;
  try {
    const key = await subtle.importKey('spki', der, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    return await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw, encoder.encode(message));
  } catch {
    return false;
  }
}

/** The service's key: Ed25519, 32 raw bytes base64 (service/keys.py `verify_ed25519`). */
export async function verifyEd25519(subtle, publicKey, message, signature) {
  const raw = looseBase64(publicKey);
  const sig = looseBase64(signature);
  if (!raw || !sig || raw.length !== 32) return false;
  try {
    const key = await subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
    return await subtle.verify({ name: 'Ed25519' }, key, sig, encoder.encode(message));
  } catch (error) {
    if (error && error.name === 'NotSupportedError') {
      throw Object.assign(new Error('this browser cannot check Ed25519 signatures (WebCrypto has no Ed25519 here): use planilla audit verify'), { code: 'no_ed25519' });
    }
    return false;
  }
}

/** Whether this browser's WebCrypto checks Ed25519 (Chromium does since version 137). */
export async function ed25519Supported(subtle = globalThis.crypto?.subtle) {
  if (!subtle) return false;
  try {
    await subtle.importKey('raw', new Uint8Array(32).fill(1), { name: 'Ed25519' }, false, ['verify']);
    return true;
  } catch {
    return false;
  }
}

// ---- the file --------------------------------------------------------------------------------------
export async function verify(data, digest, { serviceKey = null, seal = null, subtle = globalThis.crypto?.subtle } = {}) {
  if (!subtle) return finding({ readable: false, reason: 'this page has no WebCrypto (open it over https, localhost or 127.0.0.1) to check signatures' });
  try {
    return await check(data, digest, serviceKey, seal, subtle);
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) {
      return bad(0, null, null, `a key, signature or seal field is not of the form this format gives it (${error.message})`);
    }
    throw error;
  }
}

async function check(data, digest, serviceKey, seal, subtle) {
  let lines = splitLines(data);
  if (lines.length < 3 || lines[0][0] !== 0x7B || lines[0][1] !== 0x22) {
    return finding({ readable: false, reason: `a ${FORMAT} export is a header line then one line per event, each a JSON object` });
  }
  if (lines[lines.length - 1].length !== 0) return bad(lines.length - 1, null, null, 'the file does not end with a newline after the last line');
  lines = lines.slice(0, -1);
  const [header, problem] = readLine(lines[0], HEADER_KEYS);
  if (header === null) return bad(0, null, null, `the header line: ${problem}`);
  if (!pyEqual(header.get('format'), FORMAT)) return bad(0, null, null, `the header names format ${pyRepr(header.get('format'))}, not ${FORMAT}`);
  const count = header.get('events');
  const extra = header.get('attestations');
  if (!isInt(count) || !isInt(extra) || count < 1n || extra < 0n) return bad(0, null, null, "the header's counts of events and attestations are not numbers");
  if (count + extra !== BigInt(lines.length - 1)) {
    return bad(0, null, null, `the header announces ${count} events and ${extra} attestations, the file holds ${lines.length - 1} lines after it`);
  }
  const n = Number(count);
  const records = [];
  for (let index = 1; index <= n; index += 1) {
    const [found, why] = readLine(lines[index], RECORD_KEYS);
    if (found === null) return bad(index, records.length ? pyPlusOne(records[records.length - 1].get('version')) : 1n, null, why, records);
    records.push(found);
  }
  const attestations = [];
  for (let index = 1 + n; index < lines.length; index += 1) {
    let [found, why] = readLine(lines[index], OFFICIAL_KEYS); // the last one tried names what is wrong
    if (found === null) [found, why] = readLine(lines[index], HEAD_KEYS);
    if (found === null) [found, why] = readLine(lines[index], SEAL_KEYS);
    if (found === null) return bad(index, null, null, `attestation: ${why}`, records);
    attestations.push(found);
  }
  const broken = await verifyChain(records, digest);
  if (broken !== null) return bad(broken.index + 1, broken.version, records[broken.index].get('type'), broken.reason, records);
  const first = records[0].get('game');
  if (!pyEqual(header.get('game'), first)) return bad(0, null, null, `the header names game ${shown(header.get('game'))}, the events ${shown(first)}`, records);
  const head = records[records.length - 1].get('hash');
  if (!pyEqual(header.get('head_hash'), head)) return bad(0, null, null, "the header's head hash is not the last event's hash", records);
  const notes = [];
  const math = { player: (...a) => verifyP256(subtle, ...a), service: (...a) => verifyEd25519(subtle, ...a) };
  let found = await players(records, math.player, notes);
  const tally = { entries: 0 };
  if (!found) found = await checkOfficials(records, attestations, 1 + n, math.player, notes, tally);
  if (found) return { ...found, records };
  const key = header.get('service_key');
  if (serviceKey !== null && key !== null && !pyEqual(key, serviceKey)) {
    return bad(0, null, null, `the export names service key ${fingerprint(key).slice(0, 16)}…, not the one given (${fingerprint(serviceKey).slice(0, 16)}…): the service signatures are not that service's`, records);
  }
  const trusted = serviceKey || key;
  found = await service(records, attestations, n, math.service, trusted, serviceKey !== null, notes);
  if (found) return { ...found, records };
  if (seal !== null) {
    found = await inSeal(records, seal, math.service, trusted, notes);
    if (found) return { ...found, records };
  }
  if (serviceKey === null && key !== null) {
    notes.push(`the service's signatures were checked against the export's own key (${fingerprint(key).slice(0, 16)}…): give --service-key (the fingerprint printed on the sheets) to check they are that service's`);
  }
  // What the pages say in the reader's language besides the command's lines (report.js).
  const keyed = records.filter((r) => Object.hasOwn(SIGNED, r.get('type')));
  const signatures = {
    keySigned: keyed.filter((r) => get(r.get('payload'), 'key') instanceof Map).length,
    unsignedByKey: keyed.filter((r) => r.get('type') === 'SheetSigned' && get(r.get('payload'), 'key') === null).length,
    service: attestations.some((a) => pyEqual(a.get('attestation'), 'head_signature')) ? fingerprint(trusted).slice(0, 16) : null,
    sealed: seal !== null || attestations.some((a) => pyEqual(a.get('attestation'), 'round_seal')),
    officialSigned: tally.entries,
    officialKeys: attestations.filter((a) => pyEqual(a.get('attestation'), 'official_key')).length,
    organiserKeys: attestations.filter((a) => pyEqual(a.get('attestation'), 'official_key') && a.get('countersigned_by') === null).length,
  };
  return finding({ ok: true, reason: 'intact', game: first, events: records.length, head_hash: head, records, notes,
    format: FORMAT, signatures });
}

async function players(records, verifyPlayer, notes) {
  let keys = [];
  const game = records[0].get('game');
  for (let index = 0; index < records.length; index += 1) {
    const rec = records[index];
    const type = rec.get('type');
    const p = rec.get('payload');
    if (type === 'KeyRegistered') {
      if (fingerprint(get(p, 'public_key') ?? '') !== get(p, 'fingerprint')) {
        return bad(index + 1, rec.get('version'), type, "the registered key's fingerprint is not the SHA-256 of its SPKI bytes");
      }
      const seat = p.get('seat');
      keys = keys.map((k) => (pyEqual(k.seat, seat) ? { ...k, current: false } : k));
      keys.push({ seat, fingerprint: p.get('fingerprint'), public_key: p.get('public_key'), token_id: p.get('token_id'),
        current: true, revoked: false, version: rec.get('version'), device: rec.get('device') });
    } else if (type === 'DeviceRevoked' || type === 'SeatReleased') {
      const gone = type === 'DeviceRevoked' ? [p.get('token_id')] : [...(get(p, 'token_ids') || [])];
      keys = keys.map((k) => (gone.some((t) => pyEqual(t, k.token_id)) ? { ...k, revoked: true } : k));
    } else if (Object.hasOwn(SIGNED, type)) {
      const found = await signature(records, index, keys, game, verifyPlayer, notes);
      if (found) return found;
    }
  }
  return null;
}

function signer(rec) {
  const p = rec.get('payload');
  const type = rec.get('type');
  if (type === 'SheetSigned') return get(p, 'seat');
  if (type === 'SheetEntryWritten') return get(p, 'sheet');
  if (type !== 'PlayAccepted') return get(p, 'seat');
  const key = get(p, 'key');
  return key instanceof Map ? get(key, 'seat') : null;
}

async function signature(records, index, keys, game, verifyPlayer, notes) {
  const rec = records[index];
  const type = rec.get('type');
  const version = rec.get('version');
  const action = SIGNED[type];
  const [what, article] = WHAT[action];
  const seat = signer(rec);
  const key = get(rec.get('payload'), 'key');
  const live = keys.filter((k) => pyEqual(k.seat, seat) && k.current && !k.revoked);
  const where = `seat ${shown(seat)}'s ${what}`;
  if (key === null && OPTIONAL.has(type)) return null;
  if (key === null) {
    if (live.length) {
      return bad(index + 1, version, type, `${where} carries no key signature, but seat ${shown(seat)} had a registered key then (${short(live[0].fingerprint)}…, event ${shown(live[0].version)}) (${article})`);
    }
    if (type === 'SheetSigned') notes.push(`event ${shown(version)}: ${where} is unsigned by key (no tablet key registered for the seat: a paper or arbiter-entered signature)`);
    return null;
  }
  if (!(key instanceof Map) || !['fingerprint', 'signature', 'seen_head'].every((f) => key.has(f))) {
    return bad(index + 1, version, type, `${where}: the key signature lacks its fields`);
  }
  if (!live.length || !pyEqual(live[0].fingerprint, key.get('fingerprint'))) {
    const used = keys.filter((k) => pyEqual(k.fingerprint, key.get('fingerprint')));
    const why = !used.length ? 'a key never registered in this game'
      : !pyEqual(used[0].seat, seat) ? `seat ${shown(used[0].seat)}'s key, not seat ${shown(seat)}'s`
        : used[0].revoked ? "a revoked device's key" : 'a key superseded by a re-binding';
    return bad(index + 1, version, type, `${where} was made with ${why} (${article})`);
  }
  const seen = seenAt(records, index, key.get('seen_head'));
  if (seen === null) {
    return bad(index + 1, version, type, `${where} names a head the player saw that is not in this history (or more than log entries came after it)`);
  }
  const message = `planilla-key/1|${action}|${pyStr(game)}|${pyStr(seat)}|${pyStr(key.get('seen_head'))}`;
  const sig = key.get('signature');
  if (!(typeof sig === 'string' && await verifyPlayer(live[0].public_key, message, sig))) {
    return bad(index + 1, version, type, `${where} does not verify against seat ${shown(seat)}'s registered key (${short(key.get('fingerprint'))}…) over the head it names (event ${shown(seen)}): the history before it is not the one the player signed (${article})`);
  }
  notes.push(`event ${shown(version)}: ${where} verifies with the key registered at event ${shown(live[0].version)} (device ${shown(live[0].device)}, ${short(key.get('fingerprint'))}…)`);
  return null;
}

function seenAt(records, index, head) {
  for (let back = index - 1; back >= 0; back -= 1) {
    if (pyEqual(records[back].get('hash'), head)) return records[back].get('version');
    if (!LOG_ONLY.has(records[back].get('type'))) return null;
  }
  return null;
}

async function service(records, attestations, count, verifyService, key, required, notes) {
  const closings = new Map();
  for (const r of records) if (r.get('type') === 'GameClosed') closings.set(String(r.get('version')), r);
  const signed = new Set();
  for (let i = 0; i < attestations.length; i += 1) {
    const att = attestations[i];
    const offset = 1 + count + i;
    if (pyEqual(att.get('attestation'), 'official_key')) continue; // checked with the officials' entries
    if (pyEqual(att.get('attestation'), 'round_seal')) {
      const found = await sealAttestation(records, att, offset, verifyService, key, notes);
      if (found) return found;
      continue;
    }
    if (!pyEqual(att.get('attestation'), 'head_signature')) return bad(offset, null, null, `attestation ${pyRepr(att.get('attestation'))} is not one this format knows`);
    const v = att.get('version');
    const closing = isInt(v) ? closings.get(String(v)) : undefined;
    if (!closing || !pyEqual(closing.get('hash'), att.get('head_hash'))) {
      return bad(offset, null, null, `the service signed the head of event ${shown(v)} as ${short(att.get('head_hash'))}…, which is not a closing of this history`);
    }
    if (!pyEqual(att.get('at'), closing.get('at'))) return bad(offset, null, null, `the service's signature is dated ${shown(att.get('at'))}, the closing it signs ${shown(closing.get('at'))}`);
    if (key === null || !pyEqual(fingerprint(key), att.get('fingerprint'))) return bad(offset, null, null, "the service's signature names a key that is not the service key");
    const message = `planilla-head/1|${pyStr(closing.get('game'))}|${pyStr(closing.get('version'))}|${pyStr(closing.get('hash'))}`;
    const sig = att.get('signature');
    if (!(typeof sig === 'string' && await verifyService(key, message, sig))) {
      return bad(offset, null, null, `the service's signature of the closing head (event ${pyStr(closing.get('version'))}) does not verify against the service key`);
    }
    signed.add(String(closing.get('version')));
    notes.push(`event ${shown(closing.get('version'))}: the closing head is signed by the service (${short(att.get('fingerprint'))}…)`);
  }
  const unsigned = [...closings.keys()].filter((v) => !signed.has(v)).map(BigInt).sort((a, b) => (a < b ? -1 : 1));
  for (const version of unsigned) {
    if (required) return bad(Number(version), version, 'GameClosed', 'this closing carries no signature of the service key given');
    notes.push(`event ${version}: the closing head is not signed by the service`);
  }
  return null;
}

async function sealAttestation(records, att, line, verifyService, key, notes) {
  const seal = new Map([['format', SEAL_FORMAT], ...['event', 'round', 'root', 'signature', 'sealed_at', 'fingerprint'].map((k) => [k, att.get(k)]),
    ['count', att.get('games')], ['games', [new Map([['leaf', att.get('leaf')], ['proof', att.get('proof')]])]]]);
  const problem = await inclusion(records, seal, verifyService, key);
  if (problem !== null) return bad(line, null, null, `round seal: ${problem}`);
  notes.push(`the game is in the service's seal of ${shown(att.get('event'))} round ${shown(att.get('round'))} (root ${short(att.get('root'))}…)`);
  return null;
}

async function inSeal(records, seal, verifyService, key, notes) {
  if (!pyEqual(get(seal, 'format'), SEAL_FORMAT)) return finding({ readable: false, reason: `the seal file is not ${SEAL_FORMAT}` });
  const problem = await inclusion(records, seal, verifyService, key);
  const last = records[records.length - 1];
  if (problem !== null) return bad(records.length, last.get('version'), last.get('type'), `round seal: ${problem}`);
  notes.push(`the game is in the seal of ${shown(seal.get('event'))} round ${shown(seal.get('round'))} (${shown(seal.get('count'))} games, root ${short(seal.get('root'))}…)`);
  return null;
}

async function inclusion(records, seal, verifyService, key) {
  try {
    return await included(records, seal, verifyService, key);
  } catch (error) {
    if (error instanceof TypeError) return `the seal or its proof cannot be read (${error.message})`;
    throw error;
  }
}

async function included(records, seal, verifyService, key) {
  const details = get(records[0].get('payload'), 'details') ?? new Map();
  const event = get(details, 'event');
  const round = get(details, 'round');
  if (!pyEqual(get(seal, 'event'), event) || pyStr(get(seal, 'round')) !== pyStr(round)) {
    return `the seal is of ${shown(get(seal, 'event'))} round ${shown(get(seal, 'round'))}; this game was created for ${shown(event)} round ${shown(round)}`;
  }
  const last = records[records.length - 1];
  const closings = records.filter((r) => r.get('type') === 'GameClosed');
  if (!closings.length || closings[closings.length - 1] !== last) return 'the game is not closed: only a closed game\'s head is sealed';
  const leaf = leafHash(event, round, records[0].get('game'), last.get('version'), last.get('hash'));
  const entries = (get(seal, 'games') || []).filter((g) => pyEqual(get(g, 'leaf'), leaf));
  if (!entries.length) return `this game's closed head is not among the seal's games: its history is not the one sealed on the day (leaf ${leaf.slice(0, 16)}…)`;
  const path = get(entries[0], 'proof') ?? [];
  const step = (x) => x instanceof Map && ['left', 'right'].some((side) => pyEqual(get(x, 'side'), side))
    && typeof get(x, 'hash') === 'string' && /^[0-9a-f]{64}$/.test(get(x, 'hash'));
  if (!Array.isArray(path) || !path.every(step)) return "the inclusion proof's steps are not each a side (left or right) and 64 lowercase hex digits";
  if (!pyEqual(rootFrom(leaf, path), get(seal, 'root'))) return 'the inclusion proof does not lead to the seal\'s root';
  if (key === null || !pyEqual(fingerprint(key), get(seal, 'fingerprint'))) return 'the seal names a key that is not the service key';
  const message = `planilla-seal/1|${get(seal, 'event') === null ? '' : pyStr(get(seal, 'event'))}|${pyStr(round)}|${pyStr(get(seal, 'count'))}|${pyStr(get(seal, 'root'))}|${pyStr(get(seal, 'sealed_at'))}`;
  const sig = get(seal, 'signature') ?? '';
  if (!(typeof sig === 'string' && await verifyService(key, message, sig))) return "the seal's signature does not verify against the service key";
  return null;
}
